/**
 * "Did you mean": for a query that finds nothing, the closest known word to each word the index
 * does not know. The search already allows each word its typo budget (typo.ts); a suggestion
 * looks one typo further, whole words only, and prefers the word more bots use.
 */
import { MAX_TYPO_CELLS } from './limits.js';
import { tokenize } from './normalize.js';
import { STOP_WORDS } from './synonym-dictionary.js';
import { fuzzyScan, MAX_TYPO_WORD_LENGTH, typoBudget } from './typo.js';
import type { Vocabulary } from './vocabulary.js';

/** Words of fewer letters get no suggestion: one letter away from them is most of the dictionary. */
const MIN_SUGGESTED_LENGTH = 3;

/** The query with each unknown word replaced by its closest known word; undefined when no word changes. */
export function suggestQuery(q: string, vocab: Vocabulary): string | undefined {
  const words = tokenize(q).map((token) => token.word.primary);
  let changed = false;
  const suggested = words.map((word) => {
    if (STOP_WORDS.has(word) || isLive(vocab, word)) return word;
    const closest = closestTerm(vocab, word);
    if (closest === undefined) return word;
    changed = true;
    return closest;
  });
  return changed ? suggested.join(' ') : undefined;
}

function isLive(vocab: Vocabulary, word: string): boolean {
  const id = vocab.id(word);
  return id !== undefined && vocab.docFreq[id]! > 0;
}

/** The live term nearest to `word` within its typo budget plus one: fewest typos, then most documents, then alphabetical. */
export function closestTerm(vocab: Vocabulary, word: string): string | undefined {
  const length = [...word].length;
  if (length < MIN_SUGGESTED_LENGTH || word.length > MAX_TYPO_WORD_LENGTH) return undefined;
  const budget = typoBudget(word) + 1;
  const { terms, ids, shared } = vocab.sorted();
  let best: { term: string; typos: number; docs: number } | undefined;
  const meter = { cells: 0, terms: 0, cellLimit: MAX_TYPO_CELLS };
  fuzzyScan(terms, shared, word, budget, false, 0, terms.length, meter, (i, typos) => {
    const docs = vocab.docFreq[ids[i]!]!;
    // A term shorter than three letters is a suggestion for nothing.
    if (terms[i]!.length >= MIN_SUGGESTED_LENGTH && (!best || typos < best.typos || (typos === best.typos && docs > best.docs))) {
      best = { term: terms[i]!, typos, docs };
    }
    return true;
  });
  return best?.term;
}
