import { describe, expect, it } from 'vitest';
import { dateTicks, dayNumber, valueAxis } from '../../../../src/modules/embeds/render/chart-scale.js';

describe('valueAxis', () => {
  it.each([
    [1_400_000, 1_466_000],
    [1_460_000, 1_461_500],
    [12_300, 12_450],
    [0, 7],
    [3, 3],
    [999_000, 1_001_000],
  ])('covers %d..%d with 3-7 distinct labels', (low, high) => {
    const axis = valueAxis(low, high);
    expect(axis.min).toBeLessThanOrEqual(low);
    expect(axis.max).toBeGreaterThanOrEqual(high);
    expect(axis.min).toBeGreaterThanOrEqual(0);
    expect(axis.ticks.length).toBeGreaterThanOrEqual(3);
    expect(axis.ticks.length).toBeLessThanOrEqual(7);
    const labels = axis.ticks.map(axis.format);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('formats like shortNumber', () => {
    const axis = valueAxis(1_400_000, 1_600_000);
    expect(axis.ticks.map(axis.format)).toEqual(['1.40M', '1.45M', '1.50M', '1.55M', '1.60M']);
  });
});

describe('dateTicks', () => {
  const last = dayNumber('2026-11-21')!;
  it('always labels the newest day', () => {
    for (const range of [7, 30, 90]) expect(dateTicks(last - range + 1, last, range).at(-1)?.label).toBe('Nov 21');
  });

  it('uses every second month start for a year', () => {
    expect(dateTicks(last - 364, last, 365).map((tick) => tick.label)).toEqual([
      "Jan '26",
      "Mar '26",
      "May '26",
      "Jul '26",
      "Sep '26",
      "Nov '26",
    ]);
  });
});

describe('dayNumber', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    for (const bad of ['2026-02-30', '2026-13-01', '21.11.2026', '2026-11-21T00:00:00Z', '']) expect(dayNumber(bad)).toBeNull();
  });
});
