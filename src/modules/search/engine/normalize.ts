/**
 * Text normalisation and tokenisation shared by indexing and querying, so that
 * both sides agree on what a "word" is.
 *
 * - NFKC first (full-width letters, ligatures such as "ﬁ", superscripts), then lower case.
 * - German umlauts fold to their base vowel ("ä" -> "a"); the "ae/oe/ue" spelling is
 *   produced as an alternative form at index time so both spellings match exactly.
 * - Other diacritics are stripped (NFD + drop combining marks); "ß" -> "ss".
 * - Anything that is not a letter or a digit separates words. Words joined only by
 *   punctuation ("R2-Radio", "Quiz.io") also yield their concatenation ("r2radio").
 */

/** Longer tokens are cut: nothing real is longer, and it bounds per-word work. */
export const MAX_TOKEN_LENGTH = 64;
/** Punctuation-joined runs longer than this are not concatenated (URLs, noise). */
const MAX_JOINED_PARTS = 4;

const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPECIAL_RE = /[ßẞæœøłđðþı]/g;
const UMLAUT_RE = /[äöü]/;
const UMLAUT_BASE: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u' };
const UMLAUT_E: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };
const COMBINING_RE = /\p{M}+/gu;
const ASCII_WORD_RE = /^[a-z0-9]+$/;

/** Folded spellings of one token: `primary` always, `alt` only for umlaut words. */
export interface FoldedWord {
  primary: string;
  alt: string | undefined;
}

const foldCache = new Map<string, FoldedWord>();
const FOLD_CACHE_LIMIT = 200_000;

function stripMarks(s: string): string {
  if (ASCII_WORD_RE.test(s)) return s;
  return s.normalize('NFD').replace(COMBINING_RE, '').replace(SPECIAL_RE, (c) => SPECIAL_FOLDS[c] ?? c);
}

/**
 * Folds one already lower-cased NFKC token. Memoised because real vocabularies are
 * small compared with the number of tokens indexed.
 */
export function foldToken(token: string): FoldedWord {
  const cached = foldCache.get(token);
  if (cached) return cached;
  const word = token.length > MAX_TOKEN_LENGTH ? token.slice(0, MAX_TOKEN_LENGTH) : token;
  let result: FoldedWord;
  if (UMLAUT_RE.test(word)) {
    const primary = stripMarks(word.replace(/[äöü]/g, (c) => UMLAUT_BASE[c] ?? c));
    const alt = stripMarks(word.replace(/[äöü]/g, (c) => UMLAUT_E[c] ?? c));
    result = { primary, alt: alt !== primary ? alt : undefined };
  } else {
    result = { primary: stripMarks(word), alt: undefined };
  }
  if (foldCache.size >= FOLD_CACHE_LIMIT) foldCache.clear();
  foldCache.set(token, result);
  return result;
}

/** A word of a text with its position (word index within the field). */
export interface Token {
  word: FoldedWord;
  pos: number;
  /** True when the next word follows after punctuation only (no whitespace). */
  joinedToNext: boolean;
}

const WORD_RE = /[\p{L}\p{N}]+/gu;
const WHITESPACE_RE = /\s/u;

/** Splits text into folded words, remembering which ones were joined by punctuation. */
export function tokenize(text: string, startPos = 0): Token[] {
  const lowered = text.normalize('NFKC').toLowerCase();
  const tokens: Token[] = [];
  let prevEnd = -1;
  let pos = startPos;
  for (const match of lowered.matchAll(WORD_RE)) {
    const start = match.index;
    const raw = match[0];
    const folded = foldToken(raw);
    if (folded.primary.length === 0) continue;
    const previous = tokens[tokens.length - 1];
    if (previous && prevEnd >= 0) {
      previous.joinedToNext = !WHITESPACE_RE.test(lowered.slice(prevEnd, start));
    }
    tokens.push({ word: folded, pos, joinedToNext: false });
    pos++;
    prevEnd = start + raw.length;
  }
  return tokens;
}

/** A concatenation of punctuation-joined words ("r2" "-" "radio" -> "r2radio"). */
export interface JoinedForm {
  primary: string;
  alt: string | undefined;
  pos: number;
}

/** All concatenations of 2..MAX_JOINED_PARTS consecutive punctuation-joined tokens. */
export function joinedForms(tokens: readonly Token[]): JoinedForm[] {
  const out: JoinedForm[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let primary = tokens[i]!.word.primary;
    let alt = tokens[i]!.word.alt ?? primary;
    let hasAlt = tokens[i]!.word.alt !== undefined;
    for (let j = i; j < tokens.length - 1 && j - i + 2 <= MAX_JOINED_PARTS; j++) {
      if (!tokens[j]!.joinedToNext) break;
      const next = tokens[j + 1]!.word;
      primary += next.primary;
      alt += next.alt ?? next.primary;
      hasAlt ||= next.alt !== undefined;
      if (primary.length > MAX_TOKEN_LENGTH) break;
      out.push({ primary, alt: hasAlt ? alt : undefined, pos: tokens[i]!.pos });
    }
  }
  return out;
}

/** The key under which a full name is matched exactly: its words run together. */
export function nameKeys(name: string): string[] {
  const tokens = tokenize(name);
  if (tokens.length === 0) return [];
  const primary = tokens.map((t) => t.word.primary).join('');
  const alt = tokens.map((t) => t.word.alt ?? t.word.primary).join('');
  return alt === primary ? [primary] : [primary, alt];
}
