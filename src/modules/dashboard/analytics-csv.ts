/** A bot's analytics as a CSV file: a header row, then one row per day, oldest first (RFC 4180, CRLF). */
import type { AnalyticsDay, BotAnalytics } from '../analytics/schemas.js';

/** The columns, named as the owner API names the fields. */
export const CSV_COLUMNS = [
  'date',
  'views',
  'visitors',
  'invites',
  'votes',
  'widgetViews',
  'cardViews',
  'badgeViews',
  'searchImpressions',
  'searchClicks',
] as const satisfies readonly (keyof AnalyticsDay)[];

/** A cell a spreadsheet could read as a formula: one starting with = + - @, a tab or a carriage return. */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * One cell: a text a spreadsheet would run as a formula gets a leading apostrophe (OWASP's advice
 * against CSV injection), and a cell with a comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function analyticsCsv(analytics: BotAnalytics): string {
  return csvRow(CSV_COLUMNS) + analytics.daily.map((day) => csvRow(CSV_COLUMNS.map((column) => day[column]))).join('');
}
