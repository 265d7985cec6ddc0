import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../scripts/random.js';
import { zipfCounts, zipfSampler } from '../../bench/scale/zipf.js';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('zipfCounts', () => {
  it('gives the issue-10 shape: 10M votes over 95,000 bots, top bot ~830k', () => {
    const counts = zipfCounts(10_000_000, 95_000, 1);
    expect(sum(counts)).toBe(10_000_000);
    expect(counts[0]).toBeGreaterThan(825_000);
    expect(counts[0]).toBeLessThan(835_000);
    // rank 2 gets half of rank 1, rank 10 a tenth
    expect(Math.abs((counts[1] as number) - (counts[0] as number) / 2)).toBeLessThanOrEqual(1);
    expect(Math.abs((counts[9] as number) - (counts[0] as number) / 10)).toBeLessThanOrEqual(1);
  });

  it('never increases with the rank and adds up exactly for awkward totals', () => {
    for (const [total, n, s] of [
      [7, 3, 1],
      [1_000_003, 9_500, 0.79],
      [0, 10, 1],
      [12, 12, 2],
    ] as const) {
      const counts = zipfCounts(total, n, s);
      expect(sum(counts)).toBe(total);
      for (let r = 1; r < n; r++) expect(counts[r]).toBeLessThanOrEqual(counts[r - 1] as number);
    }
  });

  it('respects the cap and hands the excess to the other ranks', () => {
    const counts = zipfCounts(1_000, 10, 1, 150);
    expect(Math.max(...counts)).toBe(150);
    expect(sum(counts)).toBe(1_000);
    expect(() => zipfCounts(1_000, 10, 1, 99)).toThrow(/does not fit/);
  });
});

describe('zipfSampler', () => {
  it('draws rank r about (r+1)^-s as often as rank 0', () => {
    const draw = zipfSampler(1_000, 1, seededRandom(42));
    const hits = new Map<number, number>();
    for (let i = 0; i < 200_000; i++) {
      const rank = draw();
      hits.set(rank, (hits.get(rank) ?? 0) + 1);
    }
    const ratio = (hits.get(1) as number) / (hits.get(0) as number);
    expect(ratio).toBeGreaterThan(0.45);
    expect(ratio).toBeLessThan(0.55);
    expect(Math.min(...hits.keys())).toBe(0);
    expect(Math.max(...hits.keys())).toBeLessThan(1_000);
    // the long tail is reached: a rank beyond 900 is drawn
    expect(Math.max(...hits.keys())).toBeGreaterThan(900);
  });
});
