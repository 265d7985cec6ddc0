/**
 * What an owner or a donor types as an amount ("4.99", "4,99", "5") made into minor units with
 * the currency's exponent, by string arithmetic: no floating point touches money. Either `.` or `,`
 * is the decimal mark; thousands separators are refused rather than guessed ("1.000" is no amount
 * in euros: three decimals), so a typed amount is never read as another one.
 */
import { CURRENCIES } from './currencies.js';

/** Amounts a form takes: at most this many digits before the decimal mark. */
const MAX_WHOLE_DIGITS = 9;

/** The minor units of `text` in `currency`, or undefined for no amount, too many decimals, or not above zero. */
export function parseAmount(text: string, currency: string): number | undefined {
  const exponent = CURRENCIES.get(currency);
  if (exponent === undefined) return undefined;
  const match = /^(\d+)(?:[.,](\d+))?$/u.exec(text.trim());
  if (!match) return undefined;
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/u, '');
  const fraction = match[2] ?? '';
  if (fraction.length > exponent || whole.length > MAX_WHOLE_DIGITS) return undefined;
  const minor = Number(`${whole}${fraction.padEnd(exponent, '0')}`);
  return Number.isSafeInteger(minor) && minor > 0 ? minor : undefined;
}

/** Minor units as a form shows them again ("4.99", "500" for JPY): the owner's edit starts from it. */
export function amountInput(minor: number, currency: string): string {
  const exponent = CURRENCIES.get(currency) ?? 2;
  if (exponent === 0) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
