/**
 * A review's text as a user writes it: plain text (shown escaped, links as text, never markup),
 * its line breaks kept, 10 to 2,000 characters (code points: an emoji is one) once cleaned.
 * Cleaning drops what only hides or reorders text: direction overrides and isolates (U+202A–202E,
 * U+2066–2069, the direction marks), zero-width spaces, word joiners, byte-order marks, soft
 * hyphens and control characters; line breaks become `\n`, and more than one empty line in a row
 * becomes one. Zero-width joiners stay: emoji sequences and some scripts need them. A lone UTF-16
 * surrogate (which JSON can carry and PostgreSQL refuses) makes the text unusable, not a 500.
 */
export const MIN_REVIEW_BODY = 10;
export const MAX_REVIEW_BODY = 2000;
/** What a form or request may send at most before cleaning: line breaks arrive as two characters. */
export const MAX_RAW_REVIEW_BODY = 4000;

// Control characters are what this pattern is for.
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const LONE_SURROGATE = /\p{Cs}/u;

export type BodyProblem = 'length' | 'characters';

/** The text to store, or what is wrong with it. */
export function cleanReviewBody(raw: string): { text: string } | { problem: BodyProblem } {
  return cleanText(raw, MIN_REVIEW_BODY, MAX_REVIEW_BODY);
}

/** A developer's reply: cleaned the same way, 1 to 2,000 characters. */
export function cleanReplyBody(raw: string): { text: string } | { problem: BodyProblem } {
  return cleanText(raw, 1, MAX_REVIEW_BODY);
}

function cleanText(raw: string, min: number, max: number): { text: string } | { problem: BodyProblem } {
  if (LONE_SURROGATE.test(raw)) return { problem: 'characters' };
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(HIDDEN, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const length = [...text].length;
  if (length < min || length > max) return { problem: 'length' };
  return { text };
}
