import { describe, expect, it } from 'vitest';
import type { GradedQuery } from '../../bench/search/graded.js';
import { indexDistractors, judge } from '../../bench/search/judge.js';
import { dcg, junk, ndcg, precision } from '../../bench/search/metrics.js';

describe('graded relevance measures', () => {
  // Results graded 2, 0, 1; the query's labels are 2, 1, 1.
  const ranking = [2, 0, 1];
  const labels = [1, 2, 1];

  it('DCG sums (2^g − 1) / log2(rank + 1)', () => {
    expect(dcg(ranking, 10)).toBeCloseTo(3 / 1 + 0 + 1 / 2, 10);
    expect(dcg(ranking, 1)).toBe(3);
  });

  it('nDCG divides by the DCG of the labels sorted descending', () => {
    // Ideal 2, 1, 1: 3 + 1/log2(3) + 1/2 = 4.1309.
    expect(ndcg(ranking, labels, 10)).toBeCloseTo(3.5 / (3.5 + 1 / Math.log2(3)), 10);
    expect(ndcg(ranking, labels, 10)).toBeCloseTo(0.84727, 5);
    expect(ndcg(ranking, labels, 1)).toBe(1);
    expect(ndcg([1, 1, 2], labels, 10)).toBeLessThan(ndcg(ranking, labels, 10));
    expect(ndcg([2, 1, 1], labels, 10)).toBe(1);
  });

  it('cuts nDCG at k', () => {
    const late = [0, 0, 0, 0, 0, 2];
    expect(ndcg(late, [2], 5)).toBe(0);
    expect(ndcg(late, [2], 10)).toBeCloseTo(1 / Math.log2(7), 10);
  });

  it('P@3 counts grade ≥ 1 over 3 slots, empty slots missing', () => {
    expect(precision(ranking, 3)).toBeCloseTo(2 / 3, 10);
    expect(precision([1], 3)).toBeCloseTo(1 / 3, 10);
    expect(precision([], 3)).toBe(0);
  });

  it('junk@3 counts grade-0 results, not empty slots', () => {
    expect(junk(ranking, 3)).toBe(1);
    expect(junk([0, 0, 0, 2], 3)).toBe(3);
    expect(junk([0], 3)).toBe(1);
    expect(junk([], 3)).toBe(0);
  });
});

describe('judging distractors', () => {
  const distractors = indexDistractors([
    { id: 'd1', templateId: 'a' },
    { id: 'd2', templateId: 'b' },
    { id: 'd3', templateId: 'c' },
    { id: 'd4', templateId: 'a' },
  ]);
  const query = (kind: string): GradedQuery => ({ q: 'x', lang: 'en', kind, grades: { a: 2, b: 1 } });

  it("gives a copy its template's grade", () => {
    const j = judge(query('single'), distractors);
    expect(['a', 'b', 'c', 'd1', 'd2', 'd3', 'd4', 'unknown'].map((id) => j.grade(id))).toEqual([2, 1, 0, 2, 1, 0, 2, 0]);
    expect([...j.relevant].sort()).toEqual([1, 1, 2, 2, 2]);
  });

  it('gives copies grade 0 for a bot named by an exact query', () => {
    const j = judge(query('exact'), distractors);
    expect(['a', 'd1', 'd2'].map((id) => j.grade(id))).toEqual([2, 0, 0]);
    expect([...j.relevant].sort()).toEqual([1, 2]);
  });

  it('judges the sample alone from its labels', () => {
    const j = judge(query('single'));
    expect(['a', 'b', 'd1'].map((id) => j.grade(id))).toEqual([2, 1, 0]);
    expect([...j.relevant].sort()).toEqual([1, 2]);
  });
});
