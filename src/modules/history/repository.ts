import type { Queryable } from '../../db/index.js';
import { isBotId } from '../bots/repository.js';
import type { HistorySource } from './schemas.js';

export interface HistoryFacts {
  /** The bot's current count (owner's report, else the platform's); null when it has neither. */
  current: number | null;
  source: HistorySource;
  /** The last collected value before the window, carried into it. */
  before: number | null;
  rows: { day: string; servers: number }[];
}

export const historyRepository = {
  /** undefined when no published bot has this ID. */
  async facts(db: Queryable, botId: string, firstDay: string, lastDay: string): Promise<HistoryFacts | undefined> {
    if (!isBotId(botId)) return undefined;
    const bot = await db.query<{ current: number | null; self: boolean }>(
      `SELECT COALESCE(reported_server_count, platform_server_count) AS current,
              reported_server_count IS NOT NULL AS self
         FROM bots WHERE id = $1 AND published`,
      [botId],
    );
    const row = bot.rows[0];
    if (!row) return undefined;
    const before = await db.query<{ servers: number }>(
      'SELECT servers FROM bot_history WHERE bot_id = $1 AND day < $2::date ORDER BY day DESC LIMIT 1',
      [botId, firstDay],
    );
    const { rows } = await db.query<{ day: string; servers: number }>(
      `SELECT day::text AS day, servers FROM bot_history
        WHERE bot_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day`,
      [botId, firstDay, lastDay],
    );
    return { current: row.current, source: row.self ? 'self' : 'platform', before: before.rows[0]?.servers ?? null, rows };
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
  async upsertMany(
    tx: Queryable,
    botId: string,
    points: { day: string; servers: number; source: HistorySource }[],
  ): Promise<void> {
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
