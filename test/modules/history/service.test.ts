import { describe, expect, it } from 'vitest';
import { series } from '../../../src/modules/history/service.js';

const facts = (over: Partial<Parameters<typeof series>[0]> = {}) => ({
  current: null,
  source: 'platform' as const,
  before: null,
  offsets: [],
  servers: [],
  ...over,
});

describe('series', () => {
  it('is empty when nothing is known', () => {
    expect(series(facts(), '2026-01-01', '2026-01-07')).toEqual([]);
  });

  it('shows only today (live) for a bot with a count but no collected days', () => {
    expect(series(facts({ current: 9 }), '2026-01-01', '2026-01-03')).toEqual([{ date: '2026-01-03', servers: 9 }]);
  });

  it('carries the value from before the window into it, and over missed days', () => {
    const points = series(facts({ before: 5, current: 8, offsets: [2], servers: [7] }), '2026-01-01', '2026-01-05');
    expect(points).toEqual([
      { date: '2026-01-01', servers: 5 },
      { date: '2026-01-02', servers: 5 },
      { date: '2026-01-03', servers: 7 },
      { date: '2026-01-04', servers: 7 },
      { date: '2026-01-05', servers: 8 },
    ]);
  });

  it("prefers today's collected value over the live count", () => {
    const points = series(facts({ current: 100, offsets: [1], servers: [90] }), '2026-01-01', '2026-01-02');
    expect(points).toEqual([{ date: '2026-01-02', servers: 90 }]);
  });

  it('keeps a collected 0 (not treated as missing)', () => {
    const points = series(facts({ before: 3, current: 4, offsets: [1], servers: [0] }), '2026-01-01', '2026-01-03');
    expect(points.map((p) => p.servers)).toEqual([3, 0, 4]);
  });

  it('takes every collected day at its place, the first and the last included', () => {
    const points = series(facts({ current: 50, offsets: [0, 1, 4, 6], servers: [10, 11, 14, 16] }), '2026-12-29', '2027-01-04');
    expect(points).toEqual([
      { date: '2026-12-29', servers: 10 },
      { date: '2026-12-30', servers: 11 },
      { date: '2026-12-31', servers: 11 },
      { date: '2027-01-01', servers: 11 },
      { date: '2027-01-02', servers: 14 },
      { date: '2027-01-03', servers: 14 },
      { date: '2027-01-04', servers: 16 },
    ]);
  });

  it('crosses month and leap-year boundaries one day at a time', () => {
    const points = series(facts({ before: 1, current: 1 }), '2028-02-27', '2028-03-02');
    expect(points.map((p) => p.date)).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01', '2028-03-02']);
  });
});
