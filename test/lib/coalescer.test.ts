import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Coalescer } from '../../src/lib/coalescer.js';

/** A `run` whose calls are recorded and finished by the test. */
function controlled() {
  const calls: { items: number[]; finish: (results?: number[]) => void; fail: (error: unknown) => void }[] = [];
  const run = (items: readonly number[]) =>
    new Promise<number[]>((resolve, reject) => {
      calls.push({ items: [...items], finish: (results) => resolve(results ?? items.map((i) => i * 10)), fail: reject });
    });
  return { calls, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const unavailable = new Error('database away');

describe('Coalescer', () => {
  it('sends an item at once while fewer than inFlight calls are under way, and what waits meanwhile as one batch', async () => {
    const { calls, run } = controlled();
    const c = new Coalescer(run, { inFlight: 2, maxBatch: 10, failsAll: () => false });
    const answers = [1, 2, 3, 4, 5].map((i) => c.submit(i));
    expect(calls.map((call) => call.items)).toEqual([[1], [2]]);
    expect(c.waiting).toBe(3);
    calls[1]!.finish();
    await tick();
    expect(calls.map((call) => call.items)).toEqual([[1], [2], [3, 4, 5]]);
    calls[0]!.finish();
    calls[2]!.finish();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it('takes at most maxBatch items per call', async () => {
    const { calls, run } = controlled();
    const c = new Coalescer(run, { inFlight: 1, maxBatch: 2, failsAll: () => false });
    const answers = [1, 2, 3, 4, 5, 6].map((i) => c.submit(i));
    for (let i = 0; i < 4; i++) {
      calls[i]!.finish();
      await tick();
    }
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('tries the items of a failed batch again one by one: each gets its own answer or its own error', async () => {
    const bad = new Error('item 3 is bad');
    const sizes: number[] = [];
    const c = new Coalescer(
      async (items: readonly number[]) => {
        sizes.push(items.length);
        await tick();
        if (items.includes(3)) throw bad;
        return items.map((i) => i * 10);
      },
      { inFlight: 1, maxBatch: 10, failsAll: (error) => error === unavailable },
    );
    const answers = [1, 2, 3, 4].map((i) => c.submit(i).catch((error: unknown) => error));
    expect(await Promise.all(answers)).toEqual([10, 20, bad, 40]);
    // 1 alone, then 2-4 together (failed), then 2, 3 and 4 alone.
    expect(sizes).toEqual([1, 3, 1, 1, 1]);
  });

  it('fails every item of a batch when the failure says nothing about them (the database is away)', async () => {
    const { calls, run } = controlled();
    const c = new Coalescer(run, { inFlight: 1, maxBatch: 10, failsAll: (error) => error === unavailable });
    const answers = [1, 2, 3].map((i) => c.submit(i).catch((error: unknown) => error));
    calls[0]!.finish();
    await tick();
    calls[1]!.fail(unavailable);
    expect(await Promise.all(answers)).toEqual([10, unavailable, unavailable]);
    expect(calls).toHaveLength(2);
  });

  it('a batch answered with the wrong number of results is an error for its items, not a wrong answer', async () => {
    const c = new Coalescer(async (items: readonly number[]) => items.slice(1), { inFlight: 1, maxBatch: 10, failsAll: () => true });
    await expect(c.submit(1)).rejects.toThrow('a batch of 1 got 0 results');
  });

  it('answers every item with its own result, whatever the timing (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        async (delays, inFlight, maxBatch) => {
          let running = 0;
          let most = 0;
          const c = new Coalescer(
            async (items: readonly number[]) => {
              running++;
              most = Math.max(most, running);
              expect(items.length).toBeLessThanOrEqual(maxBatch);
              for (let i = 0; i < (delays[items[0]!] ?? 0); i++) await tick();
              running--;
              return items.map((i) => i * 2);
            },
            { inFlight, maxBatch, failsAll: () => false },
          );
          const answers: Promise<number>[] = [];
          for (const [i, delay] of delays.entries()) {
            answers.push(c.submit(i));
            if (delay === 0) await tick();
          }
          expect(await Promise.all(answers)).toEqual(delays.map((_, i) => i * 2));
          expect(most).toBeLessThanOrEqual(inFlight);
        },
      ),
      { numRuns: 100 },
    );
  });
});
