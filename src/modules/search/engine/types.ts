/** Public data shapes of the search engine (re-exported by index.ts). */

/**
 * One published bot as the engine sees it: its searchable text and its popularity. The engine
 * keeps none of the text (the caller holds the bots; see SearchIndex.upsert).
 */
export interface SearchDoc {
  id: string;
  name: string;
  slugs: { de: string; en: string };
  shortDescription: { de: string; en: string };
  categories: readonly string[];
  tags: readonly string[];
  votesMonth: number;
  serverCount: number;
}

export type Lang = 'de' | 'en';

export interface SearchResult {
  /** Ids of the documents found, best first, at most `limit`. */
  ids: string[];
  /** Number of documents matching the query (see docs/search.md for the exact rule). */
  total: number;
  /** Integer milliseconds spent inside the engine for this query. */
  processingTimeMs: number;
}

/**
 * Operator synonyms in Meilisearch's two forms. Entries may be several words
 * ("san francisco"); matching is normalised exactly like the indexed text.
 *
 * - `oneWay`: a query for `input` also matches each of `synonyms`, not the reverse
 *   (`{ input: 'phone', synonyms: ['iphone'] }`: "phone" finds "iphone" only).
 * - `multiWay`: every entry of a group matches every other entry of that group.
 */
export interface OperatorSynonyms {
  oneWay: { input: string; synonyms: string[] }[];
  multiWay: string[][];
}

/** Counters of the work the last query did; bounded by the engine's hard caps. */
export interface QueryWork {
  /** Query words kept after deduplication and the word cap. */
  words: number;
  /** Dictionary terms examined while expanding words (prefix, typo, compound, synonym). */
  termsExamined: number;
  /** Edit-distance matrix cells computed by the typo search. */
  distanceCells: number;
  /** Posting entries read. */
  postingsRead: number;
  /** Candidate documents scored. */
  candidatesScored: number;
}
