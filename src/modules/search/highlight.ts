import { foldToken } from './engine/normalize.js';

/** A piece of a text: a word the query matched (`matched`), or anything else as it stands. */
export interface TextPart {
  text: string;
  matched: boolean;
}

const WORD_RE = /[\p{L}\p{N}]+/gu;

/**
 * `text` cut into the words a search matched and the rest, for a results page to mark: a word is
 * matched when it folds (as the index folds text: case, diacritics, umlauts) to one of `terms`
 * (SearchPage.terms). The parts joined give `text` back unchanged.
 */
export function highlightParts(text: string, terms: ReadonlySet<string>): TextPart[] {
  const parts: TextPart[] = [];
  let plain = 0;
  for (const match of text.matchAll(WORD_RE)) {
    const { primary, alt } = foldToken(match[0].normalize('NFKC').toLowerCase());
    if (!terms.has(primary) && !(alt !== undefined && terms.has(alt))) continue;
    if (match.index > plain) parts.push({ text: text.slice(plain, match.index), matched: false });
    parts.push({ text: match[0], matched: true });
    plain = match.index + match[0].length;
  }
  if (plain < text.length) parts.push({ text: text.slice(plain), matched: false });
  return parts;
}
