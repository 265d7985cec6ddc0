import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../../../../src/modules/search/engine/index.js';
import { doc } from './helpers.js';

/** A full collection, available without starting Node with --expose-gc. */
function collect(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

function arrayMemory(): number {
  collect();
  return process.memoryUsage().arrayBuffers;
}

describe('memory of a bulk-loaded index', () => {
  it('keeps its postings and lets the load stream go', () => {
    const docs = Array.from({ length: 2_000 }, (_, i) =>
      doc({ name: `Bot ${i} Music`, shortDescription: { en: `plays radio number ${i}`, de: `spielt Radio ${i}` }, tags: ['music'] }),
    );
    const before = arrayMemory();
    const index = new SearchIndex();
    index.bulkLoad(docs);
    const held = arrayMemory() - before;
    // The stream starts at 4 MB (1 << 20 int32); this corpus's postings and tables take well under 1 MB.
    expect(held).toBeLessThan(1_500_000);
    expect(index.search('music', { lang: 'en', limit: 1 }).total).toBe(2_000);
  });
});
