import { createHash } from 'node:crypto';

/**
 * Deterministic element id for one rendering, e.g. `bdg-3f9a0c2e71`. Derived from
 * everything that changes the markup, so two different assets inlined in one HTML page
 * never share ids (their `<clipPath>`/gradients and scoped CSS classes would clash),
 * while the same asset always gets the same id (stable output, stable ETag).
 */
export function uniqueId(prefix: string, parts: ReadonlyArray<string | number | boolean | undefined>): string {
  const key = JSON.stringify(parts.map((part) => (part === undefined ? null : part)));
  return `${prefix}-${createHash('sha256').update(key).digest('hex').slice(0, 10)}`;
}
