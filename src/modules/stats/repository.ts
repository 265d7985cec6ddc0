import type { Queryable } from '../../db/index.js';
import { micros } from '../../db/sql.js';
import type { ShardReport } from './schemas.js';

export interface StoredCounts {
  serverCount: number;
  shardCount: number;
  changedUs: number;
}

interface CountsRow {
  server_count: number;
  shard_count: number;
  changed_us: number;
}

function toCounts(rows: CountsRow[]): StoredCounts | undefined {
  const row = rows[0];
  return row && { serverCount: row.server_count, shardCount: row.shard_count, changedUs: row.changed_us };
}

/** What a report answers; `report_stats` (src/db/functions) answers the same for totals. */
const RETURNING = `RETURNING reported_server_count AS server_count,
                  COALESCE(reported_shard_count, platform_shard_count, 1) AS shard_count,
                  ${micros('changed_at')} AS changed_us`;

/** An owner's report of the bot's total (`shardCount` null: keep the last one). */
export interface TotalReport {
  botId: string;
  serverCount: number;
  shardCount: number | null;
  at: Date;
}

export const statsRepository = {
  /**
   * The latest report of a published bot's shards after `after`, by shard id (an index range of
   * bot_shards' primary key); undefined when no published bot has the id.
   */
  async shards(db: Queryable, botId: string, after: number, limit: number): Promise<ShardReport[] | undefined> {
    const { rows } = await db.query<{ shard_id: number | null; server_count: number; reported_at: Date }>(
      `SELECT s.shard_id, s.server_count, s.reported_at
         FROM bots b
         LEFT JOIN LATERAL (SELECT shard_id, server_count, reported_at FROM bot_shards
                             WHERE bot_id = b.id AND shard_id > $2 ORDER BY shard_id LIMIT $3) s ON true
        WHERE b.id = $1 AND b.published
        ORDER BY s.shard_id`,
      [botId, after, limit],
    );
    if (rows.length === 0) return undefined;
    return rows.flatMap((row) =>
      row.shard_id === null ? [] : [{ shardId: row.shard_id, serverCount: row.server_count, reportedAt: row.reported_at.toISOString() }],
    );
  },

  /**
   * Stores owners' totals on published bots, all in one call of `report_stats` (src/db/functions,
   * one statement in autocommit): a report without shardCount keeps the last one, and a total
   * replaces any per-shard reports (they would be summed again by the next shard report
   * otherwise). Answers, in the order given, the effective values and the row's new changed_at,
   * or undefined where no published bot has the id.
   */
  async reportMany(db: Queryable, reports: readonly TotalReport[]): Promise<(StoredCounts | undefined)[]> {
    const { rows } = await db.query<CountsRow & { place: number }>(
      'SELECT * FROM report_stats($1::text[], $2::integer[], $3::integer[], $4::timestamptz[])',
      [
        reports.map((r) => r.botId),
        reports.map((r) => r.serverCount),
        reports.map((r) => r.shardCount),
        reports.map((r) => r.at.toISOString()),
      ],
    );
    const stored = new Array<StoredCounts | undefined>(reports.length).fill(undefined);
    for (const row of rows) stored[row.place - 1] = toCounts([row]);
    return stored;
  },

  /**
   * One shard's count, in one statement: the shard's row is upserted and the bot's count becomes
   * this count plus the other shards (below shardCount) reported after `liveAfter`, read through
   * the primary key's range of this bot. bot_shard_sum reads with a fresh snapshot once the bot's
   * row is locked (src/db/functions), so concurrent reports of different shards all count.
   */
  async reportShard(
    db: Queryable,
    botId: string,
    shard: { shardId: number; shardCount: number; serverCount: number },
    now: Date,
    liveAfter: Date,
  ): Promise<StoredCounts | undefined> {
    const { rows } = await db.query<CountsRow>(
      `WITH b AS (SELECT id FROM bots WHERE id = $1 AND published),
       s AS (
         INSERT INTO bot_shards (bot_id, shard_id, server_count, reported_at) SELECT id, $2, $4, $5 FROM b
         ON CONFLICT (bot_id, shard_id) DO UPDATE SET server_count = EXCLUDED.server_count, reported_at = EXCLUDED.reported_at
         RETURNING bot_id
       )
       UPDATE bots SET reported_server_count = LEAST(bot_shard_sum($1, $6, $3, $2) + $4, 2147483647)::integer,
              reported_shard_count = $3, reported_at = $5
        WHERE id IN (SELECT bot_id FROM s)
        ${RETURNING}`,
      [botId, shard.shardId, shard.shardCount, shard.serverCount, now, liveAfter],
    );
    return toCounts(rows);
  },

  /** Every shard's count at once: the rows of shards 0..n-1 replaced, higher ones dropped, the sum stored. */
  async reportShards(db: Queryable, botId: string, counts: number[], now: Date): Promise<StoredCounts | undefined> {
    const total = Math.min(
      counts.reduce((sum, count) => sum + count, 0),
      2_147_483_647,
    );
    const { rows } = await db.query<CountsRow>(
      `WITH b AS (SELECT id FROM bots WHERE id = $1 AND published),
       dropped AS (DELETE FROM bot_shards WHERE bot_id IN (SELECT id FROM b) AND shard_id >= $3),
       s AS (
         INSERT INTO bot_shards (bot_id, shard_id, server_count, reported_at)
         SELECT b.id, (t.ord - 1)::integer, t.servers, $4 FROM b, unnest($2::integer[]) WITH ORDINALITY AS t(servers, ord)
         ON CONFLICT (bot_id, shard_id) DO UPDATE SET server_count = EXCLUDED.server_count, reported_at = EXCLUDED.reported_at
         RETURNING bot_id
       )
       UPDATE bots SET reported_server_count = $5, reported_shard_count = $3, reported_at = $4
        WHERE id IN (SELECT bot_id FROM s)
        ${RETURNING}`,
      [botId, counts, counts.length, now, total],
    );
    return toCounts(rows);
  },
};
