/**
 * UTC months of YYYY-MM-DD days, for stores that keep one row per month and an element per day
 * (bot_days): a day's month (its first day) and its place in that month (1 to 31).
 */

/** The first day of the day's month. */
export function monthOf(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** The day's number in its month, 1 to 31: its element in a month row's day array. */
export function dayOfMonth(day: string): number {
  return Number(day.slice(8, 10));
}

/** The first day of the month `months` after (negative: before) the month of `day`. */
export function addMonths(day: string, months: number): string {
  const date = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + months, 1));
  return date.toISOString().slice(0, 10);
}
