/**
 * Hard caps on the work one query may do, so that no input, however hostile, blocks
 * the event loop for long. Each cap is far above what a real query needs; hitting one
 * makes a result approximate (fewer expansions), never wrong in order.
 */

/** Query words considered (Meilisearch uses the same number). */
export const MAX_QUERY_WORDS = 10;
/** Last-word prefixes shorter than this only match names and slugs. */
export const TITLE_ONLY_PREFIX_BELOW = 3;
/** Completions of one prefix; beyond it the most frequent completions are kept. */
export const MAX_PREFIX_TERMS = 1_000;
/** Dictionary terms accepted as typo variants of one word. */
export const MAX_TYPO_TERMS = 200;
/** Edit-distance cells one word's typo search may compute. */
export const MAX_TYPO_CELLS = 400_000;
/** Inflected forms (same stem) taken for one word. */
export const MAX_FAMILY_TERMS = 50;
/** Compounds containing one word that are taken. */
export const MAX_COMPOUND_TERMS = 200;
/** Dictionary entries scanned while looking for compounds of one word. */
export const MAX_COMPOUND_SCAN = 5_000;
/** Posting entries one query may read (about a dozen full scans of a 100k corpus). */
export const MAX_POSTINGS_READ = 8_000_000;
/** Shortest compound part ("bot", "tag"); shorter splits are mostly noise. */
export const MIN_COMPOUND_PART = 3;
/** Cached word expansions (per language, prefix flag and word). */
export const EXPANSION_CACHE_SIZE = 4_096;
