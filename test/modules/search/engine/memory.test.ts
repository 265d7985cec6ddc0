import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Indexer } from '../../../../src/modules/search/engine/indexer.js';
import { Vocabulary } from '../../../../src/modules/search/engine/vocabulary.js';
import { doc } from './helpers.js';

/** A full collection, available without starting Node with --expose-gc. */
function collect(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('memory of the indexer', () => {
  it('lets go of a sink once the walk that used it ends (the bulk load hands it its whole posting stream)', async () => {
    const indexer = new Indexer(new Vocabulary());
    const postings: number[] = [];
    // Made in a function of its own, so that nothing but the WeakRef refers to the sink afterwards.
    const sink = ((): WeakRef<object> => {
      const collecting = (list: number, posting: number): void => void postings.push(list, posting);
      indexer.add(0, doc({ name: 'Music Radio', tags: ['music'] }), collecting);
      return new WeakRef(collecting);
    })();
    expect(postings.length).toBeGreaterThan(0);
    // A WeakRef's target is kept alive until the job that made it ends.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(sink.deref()).toBeUndefined();
  });
});
