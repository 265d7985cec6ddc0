import type { Queryable } from '../../db/index.js';
import { daysBetween } from '../../lib/clock.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { addMonths, dayOfMonth, monthOf } from '../../lib/months.js';
import type { HistorySource } from './schemas.js';

/** Elements of a month row's day arrays (bot_days, migration 039): day d of the month is element d. */
const MONTH_SLOTS = 31;
/**
 * Months before the window searched for the value carried into it, when the window's first month
 * has none before the window. Within ANALYTICS_RETENTION_DAYS (400 at least) only one such month
 * is kept for a year's window; the bound keeps a bot without a value from reading further.
 */
const LOOK_BACK_MONTHS = 12;

export interface HistoryFacts {
  /** The bot's current count (owner's report, else the platform's); null when it has neither. */
  current: number | null;
  source: HistorySource;
  /** The last collected value before the window, carried into it. */
  before: number | null;
  /** The collected days of the window, as days after its first day (ascending), and their counts. */
  offsets: number[];
  servers: number[];
}

export const historyRepository = {
  /**
   * undefined when no published bot has this ID. One round trip: the bot, and its bot_days rows
   * of the window's months (13 at most for a year) in the primary key's order, the server counts
   * only; the value carried into the window is looked for in earlier months only when the
   * window's first month has none before the window. The days are placed here (a month's first
   * day as days after `firstDay`): the database unnests and aggregates nothing, and no date is
   * printed by it or parsed here.
   */
  async facts(db: Queryable, botId: string, firstDay: string, lastDay: string): Promise<HistoryFacts | undefined> {
    if (!isSnowflakeId(botId)) return undefined;
    const firstMonth = monthOf(firstDay);
    const { rows } = await db.query<{
      current: number | null;
      self: boolean;
      earlier: number | null;
      start: number | null;
      length: number | null;
      servers: (number | null)[] | null;
    }>(
      `WITH b AS MATERIALIZED (
         SELECT b.id, COALESCE(b.reported_server_count, b.platform_server_count) AS current,
                b.reported_server_count IS NOT NULL AS self,
                CASE WHEN NOT EXISTS (
                       SELECT 1 FROM bot_days f
                        WHERE f.bot_id = b.id AND f.month = $3::date
                          AND cardinality(array_remove(f.servers[1:$4::integer], NULL)) > 0)
                     THEN (SELECT (array_remove(d.servers, NULL))[cardinality(array_remove(d.servers, NULL))]
                             FROM bot_days d
                            WHERE d.bot_id = b.id AND d.month < $3::date AND d.month >= $5::date
                              AND cardinality(array_remove(d.servers, NULL)) > 0
                            ORDER BY d.month DESC LIMIT 1)
                END AS earlier
           FROM bots b
          WHERE b.id = $1 AND b.published)
       SELECT b.current, b.self, b.earlier, d.month - $2::date AS start,
              (d.month + interval '1 month')::date - d.month AS length, d.servers
         FROM b
         LEFT JOIN bot_days d ON d.bot_id = b.id AND d.month >= $3::date AND d.month <= $6::date
        ORDER BY d.month`,
      [botId, firstDay, firstMonth, dayOfMonth(firstDay) - 1, addMonths(firstMonth, -LOOK_BACK_MONTHS), lastDay],
    );
    const bot = rows[0];
    if (!bot) return undefined;
    const last = daysBetween(firstDay, lastDay);
    let before: number | null = null;
    const offsets: number[] = [];
    const servers: number[] = [];
    for (const row of rows) {
      if (row.servers === null || row.start === null || row.length === null) continue;
      for (let i = 0; i < row.length; i++) {
        const value = row.servers[i];
        const offset = row.start + i;
        if (value === null || value === undefined || offset > last) continue;
        if (offset < 0) {
          before = value;
        } else {
          offsets.push(offset);
          servers.push(value);
        }
      }
    }
    return { current: bot.current, source: bot.self ? 'self' : 'platform', before: before ?? bot.earlier, offsets, servers };
  },

  /**
   * The day's count of every published bot that has one, in its month row; a day already
   * collected keeps its value (idempotent). Answers how many bots got the day. Bots in ID order,
   * so two runs at once lock rows in the same order.
   */
  async collect(tx: Queryable, day: string): Promise<number> {
    const result = await tx.query(
      `INSERT INTO bot_days (bot_id, month, servers)
       SELECT id, $1::date,
              array_fill(NULL::integer, ARRAY[$2::integer - 1]) || COALESCE(reported_server_count, platform_server_count)
              || array_fill(NULL::integer, ARRAY[$3::integer - $2::integer])
         FROM bots
        WHERE published AND COALESCE(reported_server_count, platform_server_count) IS NOT NULL
        ORDER BY id
       ON CONFLICT (bot_id, month) DO UPDATE SET servers[$2::integer] = EXCLUDED.servers[$2::integer]
        WHERE bot_days.servers[$2::integer] IS NULL`,
      [monthOf(day), dayOfMonth(day), MONTH_SLOTS],
    );
    return result.rowCount;
  },

  /** Demo data and imports: write (or overwrite) given days for one bot, a statement for all its months. */
  async upsertMany(tx: Queryable, botId: string, points: { day: string; servers: number }[]): Promise<void> {
    if (points.length === 0) return;
    const months = new Map<string, (number | null)[]>();
    for (const { day, servers } of points) {
      const month = monthOf(day);
      let slots = months.get(month);
      if (!slots) months.set(month, (slots = new Array<number | null>(MONTH_SLOTS).fill(null)));
      slots[dayOfMonth(day) - 1] = servers;
    }
    // One flat array, a month's 31 elements after the other: a slice of it is a month row.
    await tx.query(
      `INSERT INTO bot_days (bot_id, month, servers)
       SELECT $1, m.month, ($3::integer[])[(m.n - 1) * $4::integer + 1 : m.n * $4::integer]
         FROM unnest($2::date[]) WITH ORDINALITY AS m(month, n)
        ORDER BY m.month
       ON CONFLICT (bot_id, month) DO UPDATE
         SET servers = ARRAY(SELECT COALESCE(e.given, e.kept)
                               FROM unnest(EXCLUDED.servers, bot_days.servers) WITH ORDINALITY AS e(given, kept, d)
                              ORDER BY e.d)`,
      [botId, [...months.keys()], [...months.values()].flat(), MONTH_SLOTS],
    );
  },
};
