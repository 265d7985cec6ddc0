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

/** FNV-1a over UTF-16 code units: the term dictionary's hash (vocabulary.ts). */
export function hashRange(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

export function hashString(text: string): number {
  return hashRange(text, 0, text.length);
}

/**
 * Folded words, the most recently folded kept (the oldest go first). Bounded low enough that a
 * flood of distinct query words fills it and no more; a directory's common words stay in it.
 */
const foldCache = new Map<string, FoldedWord>();
const FOLD_CACHE_LIMIT = 20_000;

function stripMarks(s: string): string {
  if (ASCII_WORD_RE.test(s)) return s;
  return s
    .normalize('NFD')
    .replace(COMBINING_RE, '')
    .replace(SPECIAL_RE, (c) => SPECIAL_FOLDS[c] ?? c);
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
  if (foldCache.size >= FOLD_CACHE_LIMIT) foldCache.delete(foldCache.keys().next().value!);
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

// eslint-disable-next-line no-control-regex -- ASCII starts at U+0000
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
 * The word scanWords is at. Plain ASCII words are not copied out of the text: the
 * word is text[start, end) and `hash` its hash, so the dictionary can look it up
 * without allocating a string. Other words come folded. The object is reused: read
 * it inside the callback only.
 */
export interface ScannedWord {
  text: string;
  start: number;
  end: number;
  hash: number;
  /** undefined: the word is text[start, end) as it stands. */
  folded: FoldedWord | undefined;
  pos: number;
  joinedToPrevious: boolean;
}

/** The word as strings (allocates; for query-side and rare index-side uses). */
export function foldedOf(word: ScannedWord): FoldedWord {
  return word.folded ?? { primary: word.text.slice(word.start, word.end), alt: undefined };
}

/**
 * Calls `onWord` for each word of `text` in order. A hand-written scanner rather than
 * a regex: indexing calls this for every field of every document, and ASCII words
 * (most of them) are neither copied nor folded.
 */
export function scanWords(text: string, startPos: number, onWord: (word: ScannedWord) => void): void {
  const ascii = ASCII_RE.test(text);
  const lowered = ascii ? text.toLowerCase() : text.normalize('NFKC').toLowerCase();
  const word: ScannedWord = { text: lowered, start: 0, end: 0, hash: 0, folded: undefined, pos: startPos, joinedToPrevious: false };
  const n = lowered.length;
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
    let hash = 0x811c9dc5;
    while (i < n) {
      let c = lowered.charCodeAt(i);
      if (c < 128) {
        if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) break;
        if (i - start < MAX_TOKEN_LENGTH) hash = Math.imul(hash ^ c, 0x01000193);
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
    if (plain) {
      word.start = start;
      word.end = Math.min(i, start + MAX_TOKEN_LENGTH);
      word.hash = hash | 0;
      word.folded = undefined;
    } else {
      const folded = foldToken(lowered.slice(start, i));
      if (folded.primary.length === 0) continue;
      word.folded = folded;
      word.hash = hashString(folded.primary);
    }
    word.joinedToPrevious = !sawSpace;
    onWord(word);
    word.pos++;
    sawSpace = false;
  }
}

/** Splits text into folded words, remembering which ones were joined by punctuation. */
export function tokenize(text: string, startPos = 0): Token[] {
  const tokens: Token[] = [];
  scanWords(text, startPos, (word) => {
    const previous = tokens[tokens.length - 1];
    if (previous) previous.joinedToNext = word.joinedToPrevious;
    tokens.push({ word: foldedOf(word), pos: word.pos, joinedToNext: false });
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
  /** Text range of a plain word whose string is not made yet (start -1: made). */
  private readonly pending: number[] = [];
  private readonly pendingEnd: number[] = [];
  /** Words of the current run held in `words` (a fixed window, no array resizing). */
  private size = 0;

  /** Starts a new text. */
  reset(): void {
    this.size = 0;
  }

  push(word: ScannedWord, emit: (primary: string, alt: string | undefined, pos: number) => void): void {
    if (!word.joinedToPrevious) this.size = 0;
    if (this.size === MAX_JOINED_PARTS) {
      for (let i = 1; i < MAX_JOINED_PARTS; i++) {
        this.words[i - 1] = this.words[i]!;
        this.positions[i - 1] = this.positions[i]!;
        this.pending[i - 1] = this.pending[i]!;
        this.pendingEnd[i - 1] = this.pendingEnd[i]!;
      }
      this.size--;
    }
    // Most words stand alone; a string is only made for one that follows punctuation
    // or may be followed by a joined word, hence lazily via `pending`.
    this.words[this.size] = word.folded ?? PENDING;
    this.pending[this.size] = word.folded ? -1 : word.start;
    this.pendingEnd[this.size] = word.end;
    this.positions[this.size] = word.pos;
    this.size++;
    if (this.size < 2) return;
    for (let i = 0; i < this.size; i++) {
      if (this.words[i] === PENDING) this.words[i] = { primary: word.text.slice(this.pending[i], this.pendingEnd[i]), alt: undefined };
    }
    const last = this.words[this.size - 1]!;
    let primary = last.primary;
    let alt = last.alt ?? last.primary;
    let hasAlt = last.alt !== undefined;
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

/** Placeholder for a plain word of the run whose string was not made yet. */
const PENDING: FoldedWord = { primary: '', alt: undefined };

/** The key under which a full name is matched exactly: its words run together. */
export function nameKeys(name: string): string[] {
  const tokens = tokenize(name);
  if (tokens.length === 0) return [];
  const primary = tokens.map((t) => t.word.primary).join('');
  const alt = tokens.map((t) => t.word.alt ?? t.word.primary).join('');
  return alt === primary ? [primary] : [primary, alt];
}
