/**
 * `npm run bench:analytics:explain`: the plan and time of a bot's analytics read
 * (src/modules/analytics/read-repository.ts) among many bots' rows, on a PostgreSQL server.
 * A scratch database gets `--bots` bots' rows of the daily series store (four months of
 * bot_days, 31 days of bot_day_tops, 14 days of bot_vote_days), then the repository's own
 * statement is explained (`EXPLAIN (ANALYZE, BUFFERS)`) for a 30-day window. The filler has no
 * rows in `bots` (foreign keys are not checked for it): the read's join of `bots` is given the
 * bot's id instead, the store's three reads are as they run.
 *
 *   npm run bench:analytics:explain                                   # 10,000 bots
 *   npm run bench:analytics:explain -- --bots 100000 --url postgres://postgres@127.0.0.1:5432/postgres
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres.js';
import type { Queryable } from '../src/db/index.js';
import { consecutiveDays } from '../src/lib/clock.js';
import { analyticsReadRepository } from '../src/modules/analytics/read-repository.js';

const { values } = parseArgs({
  options: { bots: { type: 'string', default: '10000' }, url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' } },
});
const bots = Number(values.bots);
const name = `bench_analytics_${process.pid}`;
const admin = new pg.Client({ connectionString: values.url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(values.url);
url.pathname = `/${name}`;
const db = await openPostgres(url.toString(), 2);
try {
  await migrate(db);
  const started = performance.now();
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(
      `INSERT INTO bot_days (bot_id, month, views, visitors, invites, votes)
       SELECT (300000000000000000 + b)::text, m::date, a, a, a, a
         FROM generate_series(1, $1::int) b,
              generate_series('2025-12-01'::date, '2026-03-01'::date, interval '1 month') m,
              (SELECT array_agg((random() * 1000)::int) AS a FROM generate_series(1, 31)) r`,
      [bots],
    );
    await tx.query(
      `INSERT INTO bot_day_tops (bot_id, day, referrers, search_terms)
       SELECT (300000000000000000 + b)::text, d::date, '{"reddit.com": 12, "google.com": 7, "x.example": 3}', '{"music": 4, "radio": 2}'
         FROM generate_series(1, $1::int) b, generate_series('2026-01-31'::date, '2026-03-02'::date, interval '1 day') d`,
      [bots],
    );
    await tx.query(
      `INSERT INTO bot_vote_days (day, bot_id, votes)
       SELECT d::date, (300000000000000000 + b)::text, 3
         FROM generate_series(1, $1::int) b, generate_series('2026-02-17'::date, '2026-03-02'::date, interval '1 day') d`,
      [bots],
    );
  });
  await db.query('ANALYZE');
  const { rows } = await db.query<Record<string, string>>(
    'SELECT (SELECT count(*) FROM bot_days) AS bot_days, (SELECT count(*) FROM bot_day_tops) AS bot_day_tops, (SELECT count(*) FROM bot_vote_days) AS bot_vote_days',
  );
  console.log(`filled in ${Math.round(performance.now() - started)} ms:`, rows[0]);
  const days = consecutiveDays('2026-02-01', 30);
  const explaining: Queryable = {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const given = sql.replace('FROM bots b', 'FROM (SELECT $1::text AS id) b').replace('WHERE b.id = $1 AND b.published', '');
      const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${given}`, params);
      console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
      return { rows: [] as T[], rowCount: 0 };
    },
  };
  const botId = String(300000000000000000n + BigInt(Math.ceil(bots / 2)));
  await analyticsReadRepository.window(explaining, botId, { firstDay: days[0]!, lastDay: days.at(-1)!, liveVotesFrom: days.at(-7)! }, days);
} finally {
  await db.close();
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
}
