/**
 * The pages' template: a tagged template literal that escapes every interpolated value unless it
 * is already `Html` (made by this tag or by `trusted`). So a bot name, a review or a URL can only
 * ever land in a page as text; markup has to be written in a template to exist.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(part: Part): string {
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === null || part === undefined || part === false) return '';
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < parts.length; i++) out += render(parts[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Markup this service wrote itself (never user or bot text). */
export function trusted(markup: string): Html {
  return new Html(markup);
}
