import type { Queryable } from '../../db/index.js';
import { dayOfMonth, monthOf } from '../../lib/months.js';

/** Elements of a month row's day arrays (bot_days, migration 039). */
const MONTH_SLOTS = 31;

export const analyticsNightlyRepository = {
  /**
   * A finished UTC day's votes per bot, from its day counter (bot_vote_days, kept a few weeks)
   * into the bot's month row (bot_days.votes), where they stay for the retention period. Sets the
   * day's element, so running it again changes nothing. Bots deleted since are left out (their
   * day counters have no foreign key); bots in ID order, as every writer of bot_days locks them.
   * Answers how many bots got the day.
   */
  async copyVotes(tx: Queryable, day: string): Promise<number> {
    const result = await tx.query(
      `INSERT INTO bot_days (bot_id, month, votes)
       SELECT v.bot_id, $2::date,
              array_fill(0, ARRAY[$3::integer - 1]) || v.votes || array_fill(0, ARRAY[$4::integer - $3::integer])
         FROM bot_vote_days v
         JOIN bots b ON b.id = v.bot_id
        WHERE v.day = $1::date
        ORDER BY v.bot_id
       ON CONFLICT (bot_id, month) DO UPDATE SET votes[$3::integer] = EXCLUDED.votes[$3::integer]
        WHERE bot_days.votes[$3::integer] <> EXCLUDED.votes[$3::integer]`,
      [day, monthOf(day), dayOfMonth(day), MONTH_SLOTS],
    );
    return result.rowCount;
  },

  /**
   * Forgets what is past retention: month rows whose whole month is before `cutoff`, top lists of
   * days before it, and the visitor sketches and salts of days before `today` (a salt lives one
   * day, so that a visitor's hash cannot be linked across days). Answers the rows deleted per table.
   */
  async prune(tx: Queryable, cutoff: string, today: string): Promise<Record<string, number>> {
    const deleted = async (sql: string, day: string) => (await tx.query(sql, [day])).rowCount;
    return {
      bot_days: await deleted('DELETE FROM bot_days WHERE month < $1::date', monthOf(cutoff)),
      bot_day_tops: await deleted('DELETE FROM bot_day_tops WHERE day < $1::date', cutoff),
      bot_visitor_sketches: await deleted('DELETE FROM bot_visitor_sketches WHERE day < $1::date', today),
      analytics_salts: await deleted('DELETE FROM analytics_salts WHERE day < $1::date', today),
    };
  },
};
