import type { Queryable } from '../../db/index.js';
import { micros } from '../../db/sql.js';

export const statsRepository = {
  /**
   * Stores the owner's report on a published bot in one statement; a report without shardCount
   * keeps the last one. Returns the effective values and the row's new changed_at, or undefined
   * when no published bot has this id.
   */
  async report(
    db: Queryable,
    botId: string,
    serverCount: number,
    shardCount: number | null,
    now: Date,
  ): Promise<{ serverCount: number; shardCount: number; changedUs: number } | undefined> {
    const { rows } = await db.query<{ server_count: number; shard_count: number; changed_us: number }>(
      `UPDATE bots SET reported_server_count = $2,
              reported_shard_count = COALESCE($3, reported_shard_count),
              reported_at = $4
        WHERE id = $1 AND published
        RETURNING reported_server_count AS server_count,
                  COALESCE(reported_shard_count, platform_shard_count, 1) AS shard_count,
                  ${micros('changed_at')} AS changed_us`,
      [botId, serverCount, shardCount, now],
    );
    const row = rows[0];
    return row && { serverCount: row.server_count, shardCount: row.shard_count, changedUs: row.changed_us };
  },
};
