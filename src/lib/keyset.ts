/**
 * The position in a list read by keyset (a time, then an id to break ties), as an opaque text a
 * client passes back as `after`: the list goes on after the row it names, from the index, in its
 * order (no OFFSET, no count).
 */
import { AppError } from './errors.js';

export interface KeysetPosition {
  at: Date;
  id: string;
}

/** Longest `after` a list takes (a position is far shorter). */
export const MAX_CURSOR_LENGTH = 100;

export function encodePosition(position: KeysetPosition): string {
  return Buffer.from(`${position.at.getTime()}:${position.id}`).toString('base64url');
}

/** The position `text` names; 422 beside `after` for anything else. `id` checks the id's shape. */
export function decodePosition(text: string, id: RegExp): KeysetPosition {
  const match = /^(\d{1,15}):(.{1,64})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || !id.test(match[2]!)) {
    throw AppError.validation([{ field: 'after', message: 'is not a position in the list (pass the `next` of a page)' }]);
  }
  return { at: new Date(Number(match[1])), id: match[2]! };
}

/** `rows` (one more than a page, when there is more) as a page with the position after its last row. */
export function keysetPage<R, T>(
  rows: R[],
  limit: number,
  positionOf: (row: R) => KeysetPosition,
  toItem: (row: R) => T,
): { data: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { data: page.map(toItem), next: rows.length > limit && last !== undefined ? encodePosition(positionOf(last)) : null };
}

/** A UUID as PostgreSQL reads one (Ajv's `uuid` format also takes a `urn:uuid:` prefix, which PostgreSQL refuses). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
