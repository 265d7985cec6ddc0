import type { Lang } from './types.js';

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/**
 * 999 → "999", 1000 → "1k", 12_345 → "12.3k", 123_456 → "123k", 999_999 → "999k",
 * 4_500_000 → "4.5M".
 *
 * Digits are truncated, never rounded up: a badge must not claim 1M servers for a bot
 * that has 999,999, and truncation also avoids the "1000k" edge case. One decimal is
 * shown only below 100 of a unit, so the text stays at most four characters plus unit.
 * `lang: 'de'` uses a decimal comma ("12,3k") for the German widget.
 */
export function shortNumber(n: number, lang: Lang = 'en'): string {
  if (!Number.isFinite(n)) return '–';
  const sign = n < 0 ? '-' : '';
  const abs = Math.trunc(Math.abs(n));
  for (const [size, suffix] of UNITS) {
    if (abs < size) continue;
    // Integer arithmetic first: (abs * 10) / size is exact where abs / size * 10 may not be.
    const tenths = Math.trunc((abs * 10) / size);
    const text = tenths < 1000 ? (tenths / 10).toString() : Math.trunc(tenths / 10).toString();
    return sign + localiseDecimal(text, lang) + suffix;
  }
  return sign + abs.toString();
}

/** Full number with grouping, for tooltips and screen readers: 12,345 / 12.345. */
export function fullNumber(n: number, lang: Lang = 'en'): string {
  return GROUPED[lang].format(n);
}

// Built once: constructing an Intl.NumberFormat costs more than rendering a whole badge.
const GROUPED: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US'),
  de: new Intl.NumberFormat('de-DE'),
};

/** Rating average with exactly one decimal (4.7 / 4,7). */
export function ratingAverage(average: number, lang: Lang = 'en'): string {
  const clamped = Number.isFinite(average) ? Math.min(5, Math.max(0, average)) : 0;
  return localiseDecimal(clamped.toFixed(1), lang);
}

/** A number written with a decimal point, as `lang` writes it: 1.25 stays, 1,25 in German. */
export function localiseDecimal(text: string, lang: Lang): string {
  return lang === 'de' ? text.replace('.', ',') : text;
}
