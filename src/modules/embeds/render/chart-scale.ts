/**
 * Axis arithmetic for the server-count chart: a "nice" value axis and date ticks. Dates
 * are handled as whole UTC days so that no time zone can shift a label by one day.
 */
import type { Lang } from './types.js';

const DAY_MS = 86_400_000;

const utc = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
// Built once: an Intl formatter costs more to make than all of a chart's labels.
const EN_MONTH = utc('en-US', { month: 'short' });
const DE_MONTH = utc('de-DE', { month: 'short', year: '2-digit' });
const DE_FULL = utc('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

/**
 * How each language writes the chart's dates (Intl, in UTC): a tick's day ("Oct 29", "29. Okt."),
 * a month tick ("Oct '24", "Okt. 24") and the newest count's full date (ISO in English, as the
 * API writes dates; "29.10.2024" in German).
 */
const DATES: Record<Lang, { day: Intl.DateTimeFormat; month: (date: Date) => string; full: (date: Date) => string }> = {
  en: {
    day: utc('en-US', { month: 'short', day: 'numeric' }),
    month: (date) => `${EN_MONTH.format(date)} '${String(date.getUTCFullYear() % 100).padStart(2, '0')}`,
    full: (date) => date.toISOString().slice(0, 10),
  },
  de: {
    day: utc('de-DE', { month: 'short', day: 'numeric' }),
    month: (date) => DE_MONTH.format(date),
    full: (date) => DE_FULL.format(date),
  },
};

/** Days since 1970-01-01 for a `YYYY-MM-DD` string, or null when it is not a real date. */
export function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/**
 * `scale=auto`: the value axis spans at least this share of its top value. A change of x % of
 * the count then fills at most x / 0.2 = 5x % of the plot's height: 625 → 640 servers (2.4 %)
 * rises over an eighth of it, where an axis fitted to the data would draw a climb over the whole
 * height. Big bots still show their curve, which an axis from zero would flatten to a line.
 */
export const MIN_RELATIVE_SPAN = 0.2;

/**
 * The value range the axis must cover for data from `lowest` to `highest`: from zero for
 * `zero`; for `auto` the data's range, widened downwards (never below zero) to at least
 * MIN_RELATIVE_SPAN of `highest`.
 */
export function axisRange(lowest: number, highest: number, scale: 'auto' | 'zero'): [number, number] {
  if (scale === 'zero') return [0, highest];
  return [Math.max(0, Math.min(lowest, highest - MIN_RELATIVE_SPAN * highest)), highest];
}

export interface ValueAxis {
  min: number;
  max: number;
  ticks: number[];
  format: (value: number) => string;
}

/**
 * About four intervals with steps of 1, 2, 2.5 or 5 × 10ⁿ, covering `lowest`..`highest` (the
 * chart passes the range of `axisRange`).
 */
export function valueAxis(lowest: number, highest: number): ValueAxis {
  let low = lowest;
  let high = highest;
  if (low === high) {
    const pad = Math.max(1, Math.abs(high) * 0.1);
    low = Math.max(0, low - pad);
    high += pad;
  }
  const step = niceStep((high - low) / 4);
  const min = Math.max(0, Math.floor(low / step) * step);
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let value = min; value <= max + step / 2; value += step) ticks.push(Math.round(value));
  return { min, max, ticks, format: tickFormatter(max, step) };
}

function niceStep(rough: number): number {
  if (rough <= 1) return 1; // server counts are integers
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  // 2.5 only from 25 upwards: a step of 2.5 servers would need fractional ticks.
  const factors = magnitude >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  const factor = factors.find((candidate) => rough / magnitude <= candidate) ?? 10;
  return Math.round(factor * magnitude);
}

/**
 * Tick labels in the style of shortNumber ("1.25M", "980k"), with as many decimals as the
 * step needs so that neighbouring ticks never read the same. The unit is chosen so that
 * two decimals always suffice: a step of 1,000 around 1.46M reads "1461k", "1462k"
 * rather than "1.461M".
 */
function tickFormatter(max: number, step: number): (value: number) => string {
  const units: ReadonlyArray<readonly [number, string]> = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  const [size, suffix] = units.find(([unit]) => max >= unit && step >= unit / 100) ?? [1, ''];
  let decimals = 0;
  while (decimals < 2 && !isWhole((step / size) * 10 ** decimals)) decimals++;
  return (value) => (value === 0 ? '0' : (value / size).toFixed(decimals) + suffix);
}

function isWhole(value: number): boolean {
  return Math.abs(value - Math.round(value)) < 1e-9;
}

export interface DateTick {
  day: number;
  label: string;
}

/**
 * Date ticks, always including the newest day: daily for 7 days, weekly for 30, every
 * two weeks for 90, and the first of every second month for 365 days.
 */
export function dateTicks(firstDay: number, lastDay: number, rangeDays: number, lang: Lang = 'en'): DateTick[] {
  if (rangeDays > 90) return monthTicks(firstDay, lastDay, lang);
  const step = rangeDays <= 7 ? 1 : rangeDays <= 30 ? 7 : 14;
  const ticks: DateTick[] = [];
  for (let day = lastDay; day >= firstDay; day -= step) ticks.unshift({ day, label: DATES[lang].day.format(new Date(day * DAY_MS)) });
  return ticks;
}

function monthTicks(firstDay: number, lastDay: number, lang: Lang): DateTick[] {
  const ticks: DateTick[] = [];
  const last = new Date(lastDay * DAY_MS);
  // Walk back from the newest month in steps of two months.
  for (let monthIndex = last.getUTCFullYear() * 12 + last.getUTCMonth(); ; monthIndex -= 2) {
    const year = Math.floor(monthIndex / 12);
    const month = monthIndex % 12;
    const day = Date.UTC(year, month, 1) / DAY_MS;
    if (day < firstDay) break;
    ticks.unshift({ day, label: DATES[lang].month(new Date(day * DAY_MS)) });
  }
  return ticks;
}

/** A day as the chart's header and accessible name write it: `2024-10-29`, `29.10.2024`. */
export function fullDate(day: number, lang: Lang = 'en'): string {
  return DATES[lang].full(new Date(day * DAY_MS));
}
