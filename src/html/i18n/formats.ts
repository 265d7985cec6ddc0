/**
 * Number and date formatters by locale, each built once: building an Intl formatter (which
 * `toLocaleString` does on every call) costs more than the bot card it writes a figure into.
 */
interface Formats {
  count: Intl.NumberFormat;
  rating: Intl.NumberFormat;
  /** A share as a percentage with at most one decimal (4.2 %, 4,2 %). */
  percent: Intl.NumberFormat;
  time: Intl.DateTimeFormat;
}

const byLocale = new Map<string, Formats>();

export function formatsOf(locale: string): Formats {
  let formats = byLocale.get(locale);
  if (!formats) {
    formats = {
      count: new Intl.NumberFormat(locale),
      rating: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
      percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
      time: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
    };
    byLocale.set(locale, formats);
  }
  return formats;
}
