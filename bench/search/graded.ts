/**
 * The graded relevance queries (format: ../shared/data/search-graded.README.md): the public
 * development set by default, or another file of the same format (the hidden set).
 */
import { readFileSync } from 'node:fs';
import { sampleDataFile } from '../../scripts/sample-data.js';
import type { Lang } from '../../src/modules/search/engine/index.js';

export interface GradedQuery {
  q: string;
  lang: Lang;
  /** single, intent, german, compound, typo, synonym, cross-language or exact (a bot's name). */
  kind: string;
  /** Bot id → grade (2 squarely relevant, 1 partly); every published bot not listed has grade 0. */
  grades: Record<string, number>;
}

export function loadGradedQueries(file = sampleDataFile('search-graded.public.json')): GradedQuery[] {
  const queries = JSON.parse(readFileSync(file, 'utf8')) as GradedQuery[];
  // nDCG of a query without a relevant bot is undefined; the format promises there is none such.
  const empty = queries.filter((query) => !Object.values(query.grades).some((g) => g >= 1));
  if (empty.length > 0) throw new Error(`${file}: no relevant bot for ${empty.map((query) => `"${query.q}"`).join(', ')}`);
  return queries;
}
