/**
 * What the browsing pages read from their address (`page`, `sort`, `q` …), checked by hand: a
 * value the page cannot use is a 4xx page in the visitor's language (the error handler's
 * `validation_failed`), never a 500 and never a value passed on unchecked. A parameter given twice
 * (`?page=1&page=2`) is not a value either.
 */
import { AppError } from '../../lib/errors.js';

/** The highest page number a list accepts: far beyond any list's end, and a number that stays small. */
const MAX_PAGE = 100_000;

export type Query = Record<string, unknown>;

function invalid(field: string, message: string): AppError {
  return AppError.validation([{ field, message }]);
}

/** `page`: absent means 1; else a whole number from 1 to MAX_PAGE written plainly (no sign, no leading zero). */
export function pageNumber(query: Query, field = 'page'): number {
  const value = query[field];
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^[1-9]\d{0,5}$/.test(value) || Number(value) > MAX_PAGE) {
    throw invalid(field, `must be a whole number from 1 to ${MAX_PAGE}`);
  }
  return Number(value);
}

/** A parameter that takes one of `allowed`; absent means `fallback`. */
export function oneOf<T extends string>(query: Query, field: string, allowed: readonly T[], fallback: T): T {
  const value = query[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(field, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** `q`: the text a person typed, trimmed; at most `maxLength` characters after trimming; '' when absent or blank. */
export function searchText(query: Query, maxLength: number, field = 'q'): string {
  const value = query[field];
  if (value === undefined) return '';
  if (typeof value !== 'string') throw invalid(field, 'must be given once');
  const text = value.trim();
  if ([...text].length > maxLength) throw invalid(field, `must be at most ${maxLength} characters`);
  return text;
}

/** A page past the last of a list is a page that does not exist (page 1 of an empty list does). */
export function assertPageExists(page: number, pages: number): void {
  if (page > Math.max(1, pages)) throw AppError.notFound('No such page');
}
