import { describe, expect, it } from 'vitest';
import { loadLabelledQueries, loadSampleBots, passes, publishedSampleDocs } from '../../../../bench/search/sample.js';
import { SearchIndex } from '../../../../src/modules/search/engine/index.js';

describe('labelled public queries over the sample corpus', () => {
  it('passes at least 95% of them', () => {
    const index = new SearchIndex();
    index.bulkLoad(publishedSampleDocs());
    const unpublished = new Set(
      loadSampleBots()
        .filter((b) => !b.published)
        .map((b) => b.id),
    );
    const queries = loadLabelledQueries();
    const failures: string[] = [];
    for (const query of queries) {
      const hits = index.search(query.q, { lang: query.lang, limit: Math.max(query.k, 20) }).ids;
      expect(hits.some((id) => unpublished.has(id))).toBe(false);
      if (!passes(query, hits))
        failures.push(`${query.kind} "${query.q}" (${query.lang}, k=${query.k}): got ${hits.slice(0, query.k).join(', ')}`);
    }
    const rate = (queries.length - failures.length) / queries.length;
    console.log(`labelled hit rate: ${queries.length - failures.length}/${queries.length} (${(rate * 100).toFixed(1)}%)`);
    for (const failure of failures) console.log(`  FAIL ${failure}`);
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });
});
