/**
 * Snowball stemmers for German and English (package `snowball-stemmers`), memoised:
 * the same few thousand words are stemmed over and over at index and query time.
 */
import snowball from 'snowball-stemmers';

const german = snowball.newStemmer('german');
const english = snowball.newStemmer('english');

/** Stems kept per language, the oldest going first (as the fold cache: a flood of query words fills it and no more). */
const CACHE_LIMIT = 20_000;
const deCache = new Map<string, string>();
const enCache = new Map<string, string>();

function memo(cache: Map<string, string>, word: string, stem: (w: string) => string): string {
  let value = cache.get(word);
  if (value === undefined) {
    value = stem(word);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(word, value);
  }
  return value;
}

/** Stemming only makes sense for alphabetic words of some length. */
const STEMMABLE_RE = /^\p{L}{3,}$/u;

export function stemDe(word: string): string {
  return STEMMABLE_RE.test(word) ? memo(deCache, word, (w) => german.stem(w)) : word;
}

export function stemEn(word: string): string {
  return STEMMABLE_RE.test(word) ? memo(enCache, word, (w) => english.stem(w)) : word;
}
