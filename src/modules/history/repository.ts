import type { Queryable } from '../../db/index.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import type { HistorySource } from './schemas.js';

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
   * undefined when no published bot has this ID. One round trip; the history rows come from the
   * primary key's index alone (it carries `servers`). Days come as integers (days after
   * `firstDay`): no date is printed by the database or parsed here.
   */
  async facts(db: Queryable, botId: string, firstDay: string, lastDay: string): Promise<HistoryFacts | undefined> {
    if (!isSnowflakeId(botId)) return undefined;
    const { rows } = await db.query<{
      current: number | null;
      self: boolean;
      before: number | null;
      offsets: number[] | null;
      servers: number[] | null;
    }>(
      `SELECT COALESCE(b.reported_server_count, b.platform_server_count) AS current,
              b.reported_server_count IS NOT NULL AS self,
              (SELECT h.servers FROM bot_history h WHERE h.bot_id = b.id AND h.day < $2::date
                ORDER BY h.day DESC LIMIT 1) AS before,
              w.offsets, w.servers
         FROM bots b
         LEFT JOIN LATERAL (
           SELECT array_agg(h.day - $2::date ORDER BY h.day) AS offsets, array_agg(h.servers ORDER BY h.day) AS servers
             FROM bot_history h WHERE h.bot_id = b.id AND h.day BETWEEN $2::date AND $3::date) w ON true
        WHERE b.id = $1 AND b.published`,
      [botId, firstDay, lastDay],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      current: row.current,
      source: row.self ? 'self' : 'platform',
      before: row.before,
      offsets: row.offsets ?? [],
      servers: row.servers ?? [],
    };
  },

  /** One row per published bot with a count for that day; rows already there stay (idempotent). */
  async collect(tx: Queryable, day: string): Promise<number> {
    const result = await tx.query(
      `INSERT INTO bot_history (bot_id, day, servers, source)
       SELECT id, $1::date, COALESCE(reported_server_count, platform_server_count),
              CASE WHEN reported_server_count IS NOT NULL THEN 'self' ELSE 'platform' END
         FROM bots
        WHERE published AND COALESCE(reported_server_count, platform_server_count) IS NOT NULL
       ON CONFLICT (bot_id, day) DO NOTHING`,
      [day],
    );
    return result.rowCount;
  },

  /** Demo data and imports: write (or overwrite) given days for one bot. */
  async upsertMany(tx: Queryable, botId: string, points: { day: string; servers: number; source: HistorySource }[]): Promise<void> {
    if (points.length === 0) return;
    await tx.query(
      `INSERT INTO bot_history (bot_id, day, servers, source)
       SELECT $1, p.day, p.servers, p.source
         FROM unnest($2::date[], $3::int[], $4::text[]) AS p(day, servers, source)
       ON CONFLICT (bot_id, day) DO UPDATE SET servers = EXCLUDED.servers, source = EXCLUDED.source`,
      [botId, points.map((p) => p.day), points.map((p) => p.servers), points.map((p) => p.source)],
    );
  },
};
