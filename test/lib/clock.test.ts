import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, consecutiveDays, daysBetween } from '../../src/lib/clock.js';

describe('consecutiveDays', () => {
  it('crosses month ends, year ends and leap days', () => {
    expect(consecutiveDays('2028-02-27', 5)).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01', '2028-03-02']);
    expect(consecutiveDays('2027-02-28', 2)).toEqual(['2027-02-28', '2027-03-01']);
    expect(consecutiveDays('2100-02-28', 2)).toEqual(['2100-02-28', '2100-03-01']);
    expect(consecutiveDays('2026-12-30', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(consecutiveDays('2026-04-30', 1)).toEqual(['2026-04-30']);
    expect(consecutiveDays('2026-04-30', 0)).toEqual([]);
  });

  it('is addDays applied day after day, from any day, for up to two years', () => {
    const day = fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 731 }), (first, count) => {
        const expected = Array.from({ length: count }, (_, i) => addDays(first, i));
        expect(consecutiveDays(first, count)).toEqual(expected);
        if (count > 0) expect(daysBetween(first, expected[count - 1]!)).toBe(count - 1);
      }),
      { numRuns: 300 },
    );
  });
});
