/** Money in minor units: decimals made from digits (no floating point), zero-decimal currencies, fees in integers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, feeMinor, formatMoney, isCurrency, majorAmount, majorAmountText } from '../../../src/modules/payments/currencies.js';

describe('currencies', () => {
  it("knows Stripe's zero- and two-decimal currencies and leaves three-decimal ones out", () => {
    expect(CURRENCIES.get('eur')).toBe(2);
    expect(CURRENCIES.get('usd')).toBe(2);
    expect(CURRENCIES.get('jpy')).toBe(0);
    expect(CURRENCIES.get('krw')).toBe(0);
    for (const code of ['bhd', 'jod', 'kwd', 'omr', 'tnd', 'isk', 'EUR', 'xxx']) expect(isCurrency(code)).toBe(false);
    for (const code of CURRENCIES.keys()) expect(code).toMatch(/^[a-z]{3}$/);
  });

  it('makes the decimal from the digits', () => {
    expect(majorAmountText(1234, 'eur')).toBe('12.34');
    expect(majorAmountText(5, 'eur')).toBe('0.05');
    expect(majorAmountText(100, 'EUR')).toBe('1.00');
    expect(majorAmountText(500, 'jpy')).toBe('500');
    expect(majorAmountText(-250, 'usd')).toBe('-2.50');
    expect(majorAmount(1999, 'eur')).toBe(19.99);
    expect(majorAmount(10, 'usd')).toBe(0.1);
    expect(majorAmount(30, 'usd')).toBe(0.3);
    expect(majorAmount(500, 'jpy')).toBe(500);
    expect(() => majorAmount(1.5, 'eur')).toThrow(RangeError);
    expect(() => majorAmount(100, 'bhd')).toThrow(RangeError);
  });

  it('majorAmount is the number nearest to the exact decimal, for every integer amount and currency', () => {
    const codes = [...CURRENCIES.keys()];
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...codes), (minor, currency) => {
        const exponent = CURRENCIES.get(currency)!;
        const text = majorAmountText(minor, currency);
        // The text holds exactly the minor units' digits: no rounding happened anywhere.
        expect(text).toMatch(exponent === 0 ? /^-?\d+$/ : /^-?\d+\.\d{2}$/);
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(minor));
        // And the number is what JavaScript reads from that exact decimal (correctly rounded once).
        expect(majorAmount(minor, currency)).toBe(Number(`${minor}e-${exponent}`));
      }),
      { numRuns: 2000 },
    );
  });

  it('formats for people in their language', () => {
    expect(formatMoney(1234, 'eur', 'de')).toMatch(/^12,34\s€$/);
    expect(formatMoney(1234, 'eur', 'en')).toBe('€12.34');
    expect(formatMoney(500, 'jpy', 'en')).toBe('¥500');
    expect(formatMoney(123456789012345, 'usd', 'en')).toBe('$1,234,567,890,123.45');
  });

  it('takes the fee in integers, rounded down', () => {
    expect(feeMinor(1000, 0)).toBe(0);
    expect(feeMinor(1000, 250)).toBe(25);
    expect(feeMinor(999, 250)).toBe(24);
    expect(feeMinor(100_000, 10_000)).toBe(100_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 0, max: 10_000 }), (amount, bp) => {
        const fee = feeMinor(amount, bp);
        expect(Number.isInteger(fee)).toBe(true);
        expect(BigInt(fee) * 10_000n <= BigInt(amount) * BigInt(bp)).toBe(true);
        expect(BigInt(fee + 1) * 10_000n > BigInt(amount) * BigInt(bp)).toBe(true);
      }),
    );
  });
});
