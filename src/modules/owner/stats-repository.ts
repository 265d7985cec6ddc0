import type { Queryable } from '../../db/index.js';

export const statsRepository = {
  /** Stores the owner's report; a report without shardCount keeps the last one. Returns the effective values. */
  async report(
    tx: Queryable,
    botId: string,
    serverCount: number,
    shardCount: number | null,
    now: Date,
  ): Promise<{ serverCount: number; shardCount: number }> {
    const { rows } = await tx.query<{ server_count: number; shard_count: number }>(
      `UPDATE bots SET reported_server_count = $2,
              reported_shard_count = COALESCE($3, reported_shard_count),
              reported_at = $4
        WHERE id = $1
        RETURNING reported_server_count AS server_count,
                  COALESCE(reported_shard_count, platform_shard_count, 1) AS shard_count`,
      [botId, serverCount, shardCount, now],
    );
    const row = rows[0];
    return { serverCount: row?.server_count ?? serverCount, shardCount: row?.shard_count ?? shardCount ?? 1 };
  },
};
