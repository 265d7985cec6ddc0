import type { Queryable } from '../../db/index.js';

/** Days of votes trending compares: the last 7 (today included) against the 7 before. */
export const TRENDING_DAYS = 7;

export interface RisingBot {
  botId: string;
  /** Votes of the last 7 UTC days, today included. */
  recent: number;
  /** Votes of the 7 days before those. */
  earlier: number;
}

export const trendingRepository = {
  /**
   * The bots whose votes rose most from the 7 days before to the last 7 (`today` the last),
   * largest rise first, at most `limit`: one range of bot_vote_days's primary key (14 days, at
   * most one row per bot and day), aggregated per bot. Never reads the votes.
   */
  async rising(db: Queryable, today: string, limit: number): Promise<RisingBot[]> {
    const { rows } = await db.query<{ bot_id: string; recent: number; earlier: number }>(
      `SELECT bot_id, recent, earlier FROM (
         SELECT bot_id,
                COALESCE(sum(votes) FILTER (WHERE day > $1::date - $2::int), 0)::int AS recent,
                COALESCE(sum(votes) FILTER (WHERE day <= $1::date - $2::int), 0)::int AS earlier
           FROM bot_vote_days
          WHERE day > $1::date - 2 * $2::int AND day <= $1::date
          GROUP BY bot_id) t
        WHERE recent > earlier
        ORDER BY recent - earlier DESC, recent DESC, bot_id
        LIMIT $3`,
      [today, TRENDING_DAYS, limit],
    );
    return rows.map((row) => ({ botId: row.bot_id, recent: row.recent, earlier: row.earlier }));
  },

  /** Removes the day counters trending no longer reads (before the 14 days ending `today`). */
  async prune(db: Queryable, today: string): Promise<number> {
    const { rowCount } = await db.query('DELETE FROM bot_vote_days WHERE day <= $1::date - 2 * $2::int', [today, TRENDING_DAYS]);
    return rowCount ?? 0;
  },
};
