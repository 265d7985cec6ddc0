import { describe, expect, it } from 'vitest';
import { fullNumber, ratingAverage, shortNumber } from '../../../../src/modules/embeds/render/short-number.js';

describe('shortNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1k'],
    [1_099, '1k'],
    [1_999, '1.9k'],
    [12_345, '12.3k'],
    [99_999, '99.9k'],
    [123_456, '123k'],
    [999_999, '999k'],
    [1_000_000, '1M'],
    [4_500_000, '4.5M'],
    [1_462_144, '1.4M'],
    [2_500_000_000, '2.5B'],
  ])('%d → %s', (input, expected) => {
    expect(shortNumber(input)).toBe(expected);
  });

  it('truncates rather than rounds, so a count is never overstated', () => {
    expect(shortNumber(999_999)).not.toBe('1M');
    expect(shortNumber(4_599)).toBe('4.5k');
  });

  it('uses a decimal comma for German', () => {
    expect(shortNumber(12_345, 'de')).toBe('12,3k');
    expect(shortNumber(4_500_000, 'de')).toBe('4,5M');
  });

  it('handles negative and non-finite input without throwing', () => {
    expect(shortNumber(-12_345)).toBe('-12.3k');
    expect(shortNumber(Number.NaN)).toBe('–');
  });
});

describe('fullNumber and ratingAverage', () => {
  it('groups digits per language', () => {
    expect(fullNumber(1_462_144)).toBe('1,462,144');
    expect(fullNumber(1_462_144, 'de')).toBe('1.462.144');
  });

  it('shows the average with exactly one decimal, clamped to 0..5', () => {
    expect(ratingAverage(4.66)).toBe('4.7');
    expect(ratingAverage(4)).toBe('4.0');
    expect(ratingAverage(4.66, 'de')).toBe('4,7');
    expect(ratingAverage(7)).toBe('5.0');
    expect(ratingAverage(Number.NaN)).toBe('0.0');
  });
});
