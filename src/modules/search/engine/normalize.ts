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

const ASCII_RE = /^[\x00-\x7f]*$/;
const WORD_CHAR_RE = /^[\p{L}\p{N}]$/u;
const SPACE_CHAR_RE = /^\s$/u;
/** Classification of non-ASCII code points: 1 word character, 2 space, 0 other. */
const charClassCache = new Map<number, number>();

function classify(codePoint: number): number {
  let cls = charClassCache.get(codePoint);
  if (cls === undefined) {
    const ch = String.fromCodePoint(codePoint);
    cls = WORD_CHAR_RE.test(ch) ? 1 : SPACE_CHAR_RE.test(ch) ? 2 : 0;
    charClassCache.set(codePoint, cls);
  }
  return cls;
}

/**
 * Calls `onWord` for each word of `text` in order. A hand-written scanner rather than
 * a regex: indexing calls this for every field of every document, and ASCII words
 * (most of them) skip folding entirely.
 */
export function scanWords(
  text: string,
  startPos: number,
  onWord: (word: FoldedWord, pos: number, joinedToPrevious: boolean) => void,
): void {
  const ascii = ASCII_RE.test(text);
  const lowered = ascii ? text.toLowerCase() : text.normalize('NFKC').toLowerCase();
  const n = lowered.length;
  let pos = startPos;
  let i = 0;
  let sawSpace = true;
  while (i < n) {
    let code = lowered.charCodeAt(i);
    let width = 1;
    let cls: number;
    if (code < 128) {
      cls = (code >= 97 && code <= 122) || (code >= 48 && code <= 57) ? 1 : code <= 32 ? 2 : 0;
    } else {
      if (code >= 0xd800 && code <= 0xdbff) {
        code = lowered.codePointAt(i)!;
        width = 2;
      }
      cls = classify(code);
    }
    if (cls !== 1) {
      if (cls === 2) sawSpace = true;
      i += width;
      continue;
    }
    const start = i;
    let plain = true;
    while (i < n) {
      let c = lowered.charCodeAt(i);
      if (c < 128) {
        if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) break;
        i++;
        continue;
      }
      let w = 1;
      if (c >= 0xd800 && c <= 0xdbff) {
        c = lowered.codePointAt(i)!;
        w = 2;
      }
      if (classify(c) !== 1) break;
      plain = false;
      i += w;
    }
    const raw = lowered.slice(start, i);
    const word = plain ? plainWord(raw) : foldToken(raw);
    if (word.primary.length > 0) {
      onWord(word, pos, !sawSpace);
      pos++;
      sawSpace = false;
    }
  }
}

function plainWord(raw: string): FoldedWord {
  return { primary: raw.length > MAX_TOKEN_LENGTH ? raw.slice(0, MAX_TOKEN_LENGTH) : raw, alt: undefined };
}

/** Splits text into folded words, remembering which ones were joined by punctuation. */
export function tokenize(text: string, startPos = 0): Token[] {
  const tokens: Token[] = [];
  scanWords(text, startPos, (word, pos, joinedToPrevious) => {
    const previous = tokens[tokens.length - 1];
    if (previous) previous.joinedToNext = joinedToPrevious;
    tokens.push({ word, pos, joinedToNext: false });
  });
  return tokens;
}

/**
 * Tracks the current run of punctuation-joined words ("r2-radio", "quiz.io") and
 * yields every concatenation of 2..MAX_JOINED_PARTS consecutive words ending with
 * the word just added, at the position of its first word.
 */
export class JoinedRun {
  private readonly words: FoldedWord[] = [];
  private readonly positions: number[] = [];
  /** Words of the current run held in `words` (a fixed window, no array resizing). */
  private size = 0;

  push(
    word: FoldedWord,
    pos: number,
    joinedToPrevious: boolean,
    emit: (primary: string, alt: string | undefined, pos: number) => void,
  ): void {
    if (!joinedToPrevious) this.size = 0;
    if (this.size === MAX_JOINED_PARTS) {
      for (let i = 1; i < MAX_JOINED_PARTS; i++) {
        this.words[i - 1] = this.words[i]!;
        this.positions[i - 1] = this.positions[i]!;
      }
      this.size--;
    }
    this.words[this.size] = word;
    this.positions[this.size] = pos;
    this.size++;
    let primary = word.primary;
    let alt = word.alt ?? word.primary;
    let hasAlt = word.alt !== undefined;
    for (let i = this.size - 2; i >= 0; i--) {
      const part = this.words[i]!;
      primary = part.primary + primary;
      alt = (part.alt ?? part.primary) + alt;
      hasAlt ||= part.alt !== undefined;
      if (primary.length > MAX_TOKEN_LENGTH) return;
      emit(primary, hasAlt ? alt : undefined, this.positions[i]!);
    }
  }
}

/** The key under which a full name is matched exactly: its words run together. */
export function nameKeys(name: string): string[] {
  const tokens = tokenize(name);
  if (tokens.length === 0) return [];
  const primary = tokens.map((t) => t.word.primary).join('');
  const alt = tokens.map((t) => t.word.alt ?? t.word.primary).join('');
  return alt === primary ? [primary] : [primary, alt];
}
