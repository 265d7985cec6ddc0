/**
 * Provisional (pages branch): the documented functions of the payments module's currency list, so
 * the pages compile before the backend's module is merged; the backend's file replaces this one.
 */
import type { Lang } from '../../lib/langs.js';

/** Stripe's currencies the directory takes, lower-case ISO code → exponent (digits after the point). */
export const CURRENCIES: Record<string, number> = {
  eur: 2,
  usd: 2,
  gbp: 2,
  chf: 2,
  jpy: 0,
};

export function isCurrency(code: string): boolean {
  return Object.hasOwn(CURRENCIES, code);
}

/** An amount in minor units as the page's language writes it with its currency ("4,99 €"). */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  const exponent = CURRENCIES[currency] ?? 2;
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const major = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(`${minor < 0 ? '-' : ''}${major}` as unknown as number);
}
