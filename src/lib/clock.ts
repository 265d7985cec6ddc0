/** Time as the service sees it; tests inject a fixed or movable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function startOfUtcMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

export function startOfNextUtcMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** YYYY-MM-DD of the UTC day. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));

/**
 * `count` consecutive YYYY-MM-DD days from `first`, in one pass. A year of days is made on every
 * uncached history read and chart: `addDays` per day would parse and print a Date each time.
 */
export function consecutiveDays(first: string, count: number): string[] {
  const days = new Array<string>(count);
  let [year, month, day] = [Number(first.slice(0, 4)), Number(first.slice(5, 7)), Number(first.slice(8, 10))];
  let prefix = first.slice(0, 8);
  let monthLength = new Date(Date.UTC(year, month, 0)).getUTCDate();
  for (let i = 0; i < count; i++) {
    days[i] = prefix + TWO_DIGITS[day];
    if (++day <= monthLength) continue;
    day = 1;
    if (++month > 12) [month, year] = [1, year + 1];
    prefix = `${String(year).padStart(4, '0')}-${TWO_DIGITS[month]}-`;
    monthLength = new Date(Date.UTC(year, month, 0)).getUTCDate();
  }
  return days;
}

/** Whole days from `from` to `to` (YYYY-MM-DD each). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return utcDay(date);
}
