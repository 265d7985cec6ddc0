/** What `SearchIndex.explain` tells an operator about a ranking (GET /admin/v1/search/explain). */
import { Field } from './fields.js';
import type { RankCriteria } from './ranking.js';
import { Exactness } from './word-expansion.js';

export interface ExplainedMatch {
  /** The indexed word that matched; null when several words matched together (a compound, a phrase synonym). */
  term: string | null;
  typos: number;
  field: string;
  /** The field's rank for the query's language (0 = name, the best). */
  fieldRank: number;
  /** Word position inside the field. */
  position: number;
  exactness: string;
}

export interface SearchExplanation {
  /** The query words, each with its weight in the quorum. */
  words: { word: string; stopWord: boolean; weight: number }[];
  /** The query weight a document had to cover to be returned. */
  quorum: number;
  /**
   * The id of the best result, whose categories a document that has the query only in its
   * descriptions had to share to be returned; null when the best result has no category.
   */
  topicFrom: string | null;
  /** Documents returned. */
  total: number;
  results: {
    id: string;
    rank: number;
    criteria: RankCriteria;
    /** The query weight the document covers. */
    covered: number;
    words: { word: string; stopWord: boolean; match: ExplainedMatch | null }[];
  }[];
}

const invert = (codes: Record<string, number>): string[] =>
  Object.entries(codes)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);

export const FIELD_NAMES = invert(Field);
export const EXACTNESS_NAMES = invert(Exactness);
