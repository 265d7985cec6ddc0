/**
 * `npm run bench:scale:analytics`: analytics at scale. Fills the scale bench's data set (once) with
 * 90 days of counts for every published bot (views, visitors, invites, embeds, search; in the
 * month rows of bot_days the history already has) and, for the 10,000 bots with the most votes,
 * 90 days of top lists (referrers, search terms, embedding hosts), then prints the
 * `EXPLAIN (ANALYZE, BUFFERS)` of one bot's 90-day read by the repository itself (same SQL, same
 * parameters). `npm run bench:scale` then measures the owner's analytics read over HTTP on it.
 *
 *   npm run bench:scale:analytics -- --database bd_scale_daily
 *   npm run bench:scale:analytics -- --database bd_scale_daily --refill
 */
import { parseArgs } from 'node:util';
import type { Queryable, QueryResult } from '../../src/db/index.js';
import { addDays, consecutiveDays, utcDay } from '../../src/lib/clock.js';
import { analyticsReadRepository } from '../../src/modules/analytics/read-repository.js';
import { LIVE_VOTE_DAYS } from '../../src/modules/analytics/report-service.js';
import { dataSet } from './data-set.js';
import { DEFAULT_BOTS, DEFAULT_SEED, DEFAULT_VOTES, dataSetName, scaleParams } from './params.js';

const WINDOW_DAYS = 90;
/** Bots with top lists: the busiest, as on a real directory where most bots are rarely opened. */
const BUSY_BOTS = 10_000;

const { values } = parseArgs({
  options: { database: { type: 'string' }, refill: { type: 'boolean', default: false } },
  strict: true,
});
const set = dataSet(values.database ?? dataSetName(scaleParams(DEFAULT_BOTS, DEFAULT_VOTES, DEFAULT_SEED)), false);
const db = await set.open();
const today = utcDay(new Date());
const firstDay = addDays(today, -(WINDOW_DAYS - 1));
try {
  const filled = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bot_day_tops')).rows[0]!.n > 0;
  if (!filled || values.refill) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query('TRUNCATE bot_day_tops');
      await tx.query(
        `INSERT INTO bot_days (bot_id, month)
         SELECT b.id, m::date FROM bots b,
                generate_series(date_trunc('month', $1::date), date_trunc('month', $2::date), interval '1 month') m
          WHERE b.published
         ON CONFLICT DO NOTHING`,
        [firstDay, today],
      );
      // A day's figures shrink with the bot's rank by votes (row_number), as traffic does.
      const day = (scale: number) =>
        `(SELECT array_agg(CASE WHEN d.month + g - 1 BETWEEN $1::date AND $2::date
                                 AND extract(month FROM d.month + g - 1) = extract(month FROM d.month)
                                THEN (random() * ${scale} * 20000 / (r.rank + 200))::int ELSE 0 END ORDER BY g)
            FROM generate_series(1, 31) g WHERE r.rank > 0)`;
      await tx.query(
        `UPDATE bot_days d SET views = ${day(400)}, visitors = ${day(250)}, invites = ${day(40)}, widget_views = ${day(300)},
                card_views = ${day(100)}, badge_views = ${day(600)}, search_impressions = ${day(200)}, search_clicks = ${day(30)}
           FROM (SELECT id, row_number() OVER (ORDER BY votes_total DESC, id) AS rank FROM bots WHERE published) r
          WHERE d.bot_id = r.id AND d.month >= date_trunc('month', $1::date)`,
        [firstDay, today],
      );
      const top = (kind: string, entries: number) =>
        `(SELECT jsonb_object_agg('${kind}' || (random() * 400)::int, 1 + (random() * 200)::int)
            FROM generate_series(1, ${entries}) WHERE b.id IS NOT NULL AND d IS NOT NULL)`;
      await tx.query(
        `INSERT INTO bot_day_tops (bot_id, day, referrers, search_terms, embed_referrers)
         SELECT b.id, d::date, ${top('site', 20)}, ${top('term', 20)}, ${top('blog', 8)}
           FROM (SELECT id FROM bots WHERE published ORDER BY votes_total DESC, id LIMIT ${BUSY_BOTS}) b,
                generate_series($1::date, $2::date, interval '1 day') d
          ORDER BY b.id, d`,
        [firstDay, today],
      );
    });
    await db.query('VACUUM ANALYZE bot_days');
    await db.query('VACUUM ANALYZE bot_day_tops');
    console.log(`filled 90 days of analytics in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const busiest = (await db.query<{ id: string }>('SELECT id FROM bots WHERE published ORDER BY votes_total DESC, id LIMIT 1')).rows[0]!.id;
  const days = consecutiveDays(firstDay, WINDOW_DAYS);
  const explaining: Queryable = {
    async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
      return db.query<T>(sql, params);
    },
  };
  console.log(`\nThe 90-day read of the bot with the most votes (${busiest}) on ${set.where}:\n`);
  await analyticsReadRepository.window(
    explaining,
    busiest,
    { firstDay, lastDay: today, liveVotesFrom: addDays(today, -(LIVE_VOTE_DAYS - 1)) },
    days,
  );
} finally {
  await db.close();
}
