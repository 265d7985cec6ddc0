import { XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

/** Asserts that `svg` is well-formed XML, with the parser's message on failure. */
export function expectWellFormedXml(svg: string): void {
  const result = XMLValidator.validate(svg);
  expect(result === true ? true : result.err, svg.slice(0, 200)).toBe(true);
}

export function idsIn(markup: string): string[] {
  return [...markup.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
}
