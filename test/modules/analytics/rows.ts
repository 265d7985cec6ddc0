/**
 * Rows of the daily series store written directly, as the flush and the nightly vote copy would
 * (those are built and tested elsewhere): the reads are tested against what the store holds.
 */
import type { Queryable } from '../../../src/db/index.js';
import { DAILY_COUNTS, type DailyCount, type TopList } from '../../../src/modules/analytics/metrics.js';

/** Sets the counts of one bot and UTC day (YYYY-MM-DD) in bot_days, making the month's row when it is missing. */
export async function writeDay(db: Queryable, botId: string, day: string, counts: Partial<Record<DailyCount, number>>): Promise<void> {
  const month = `${day.slice(0, 8)}01`;
  const n = Number(day.slice(8, 10));
  await db.query('INSERT INTO bot_days (bot_id, month) VALUES ($1, $2::date) ON CONFLICT DO NOTHING', [botId, month]);
  const names = Object.keys(counts).filter((name): name is DailyCount => (DAILY_COUNTS as readonly string[]).includes(name));
  if (names.length === 0) return;
  const sets = names.map((name, i) => `${name}[$3] = $${i + 4}::int`).join(', ');
  await db.query(`UPDATE bot_days SET ${sets} WHERE bot_id = $1 AND month = $2::date`, [
    botId,
    month,
    n,
    ...names.map((name) => counts[name]),
  ]);
}

/** Sets the top lists of one bot and day in bot_day_tops. */
export async function writeTops(
  db: Queryable,
  botId: string,
  day: string,
  tops: Partial<Record<TopList, Record<string, number>>>,
): Promise<void> {
  await db.query(
    `INSERT INTO bot_day_tops (bot_id, day, referrers, search_terms, embed_referrers) VALUES ($1, $2::date, $3::jsonb, $4::jsonb, $5::jsonb)
     ON CONFLICT (bot_id, day) DO UPDATE SET referrers = EXCLUDED.referrers, search_terms = EXCLUDED.search_terms, embed_referrers = EXCLUDED.embed_referrers`,
    [botId, day, JSON.stringify(tops.referrers ?? {}), JSON.stringify(tops.search_terms ?? {}), JSON.stringify(tops.embed_referrers ?? {})],
  );
}

/** Sets a day's live vote counter (bot_vote_days, which record_vote keeps). */
export async function writeLiveVotes(db: Queryable, botId: string, day: string, votes: number): Promise<void> {
  await db.query(
    `INSERT INTO bot_vote_days (day, bot_id, votes) VALUES ($1::date, $2, $3) ON CONFLICT (day, bot_id) DO UPDATE SET votes = EXCLUDED.votes`,
    [day, botId, votes],
  );
}
