/**
 * The raw facts of a generated directory, written in bulk SQL: bots (JSON batches through
 * jsonb_to_recordset), then votes, reviews and history with generate_series. Rows go in the order
 * a live directory writes them (votes and reviews by time, history a month after the other), so
 * a bot's rows are as scattered over the heap as they are in production.
 */
import type { Database, Queryable } from '../../src/db/index.js';
import { addDays } from '../../src/lib/clock.js';
import { addMonths, monthOf } from '../../src/lib/months.js';
import type { GeneratedBot } from './bots.js';
import { sqlRandom, sqlScatter, sqlUserId } from './ids.js';
import type { ScaleParams } from './params.js';
import { REPLIES, REVIEWS, sqlPick, USERNAMES } from './texts.js';

/** The generator's plan per bot; dropped when the data set is complete. */
export const PLAN_TABLE = 'bench_scale_plan';
const BATCH = 2_000;

const BOT_COLUMNS = `id text, name text, name_lower text, sort_name text, slugs jsonb, short_description jsonb,
  prefix text, pricing text, icon_url text, banner_url text, invite_url text, support_server_url text, website_url text,
  categories text[], tags text[], owners text[], is_verified boolean, published boolean, published_at timestamptz,
  platform_server_count integer, platform_shard_count integer, reported_server_count integer,
  reported_shard_count integer, reported_at timestamptz, created_at timestamptz, updated_at timestamptz`;
const BOT_NAMES = BOT_COLUMNS.split(',')
  .map((c) => c.trim().split(' ')[0])
  .join(', ');

export async function insertBots(db: Database, bots: GeneratedBot[]): Promise<void> {
  await db.query(`CREATE TABLE ${PLAN_TABLE} (ord integer PRIMARY KEY, bot_id text NOT NULL, votes integer NOT NULL,
    reviews integer NOT NULL, vote_user0 bigint NOT NULL, review_user0 bigint NOT NULL)`);
  for (let i = 0; i < bots.length; i += BATCH) {
    const batch = JSON.stringify(bots.slice(i, i + BATCH));
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO bots (${BOT_NAMES}) SELECT ${BOT_NAMES} FROM jsonb_to_recordset($1::jsonb) AS x(${BOT_COLUMNS})`, [
        batch,
      ]);
      await tx.query(
        `INSERT INTO ${PLAN_TABLE} SELECT ord, id, votes, reviews, vote_user0, review_user0
           FROM jsonb_to_recordset($1::jsonb) AS x(ord integer, id text, votes integer, reviews integer, vote_user0 bigint, review_user0 bigint)`,
        [batch],
      );
    });
  }
}

/** Statements that sort millions of rows get the memory to do it in one pass where possible. */
async function bigStatement(db: Database, sql: string, params: unknown[]): Promise<number> {
  return db.transaction(async (tx: Queryable) => {
    await tx.query(`SET LOCAL work_mem = '${db.kind === 'embedded' ? '256MB' : '1GB'}'`);
    return (await tx.query(sql, params)).rowCount;
  });
}

/** SQL: a voter's or reviewer's display name, the same for the same user everywhere. */
function username(u: string): string {
  return `${sqlPick(USERNAMES, `((${u}) % ${USERNAMES.length})::float8 / ${USERNAMES.length}`)} || ((${u}) % 10000)::text`;
}

/**
 * Every bot's planned votes, each from a different user (no user can vote twice for a bot within
 * 12 hours, so this never breaks the rule), spread over the last 365 days with more recent
 * votes than old ones (a growing directory), 3% flagged, inserted in time order.
 */
export async function loadVotes(db: Database, p: ScaleParams, now: Date): Promise<number> {
  const r = (salt: number) => sqlRandom('x.k', salt, p.seed);
  return bigStatement(
    db,
    `INSERT INTO votes (id, bot_id, user_id, username, flagged, voted_at)
     SELECT gen_random_uuid(), x.bot_id, ${sqlUserId('x.u', p.users, p.seed)}, ${username('x.u')}, ${r(2)} < 0.03,
            $1::timestamptz - (${r(3)} ^ 1.3) * interval '365 days' AS voted_at
       FROM ${PLAN_TABLE} pl
      CROSS JOIN LATERAL generate_series(0, pl.votes - 1) AS g(i)
      CROSS JOIN LATERAL (SELECT pl.bot_id, ${sqlScatter(`(pl.vote_user0 + g.i) % ${p.users}`, p.users)} AS u,
                                 pl.ord::int8 * 1000000000 + g.i AS k) AS x
      ORDER BY voted_at`,
    [now],
  );
}

/**
 * Every bot's planned reviews, one per reviewer: ratings leaning positive, texts that fit the
 * rating, a heavy-tailed helpful count, 95% published, 15% with the developer's reply.
 */
export async function loadReviews(db: Database, p: ScaleParams, now: Date): Promise<number> {
  const r = (salt: number) => sqlRandom('x.k', salt, p.seed);
  const body = (texts: string[]) => `${sqlPick(texts, r(12))} || CASE WHEN ${r(13)} < 0.4 THEN ' ' || ${sqlPick(texts, r(14))} ELSE '' END`;
  return bigStatement(
    db,
    `INSERT INTO reviews (id, bot_id, user_id, username, rating, body, helpful_count, published, status, reply_body,
                          replied_at, created_at, updated_at)
     SELECT gen_random_uuid(), x.bot_id, ${sqlUserId('x.u', p.users, p.seed, 1)}, ${username('x.u')}, y.rating,
            CASE WHEN y.rating >= 4 THEN ${body(REVIEWS.positive)}
                 WHEN y.rating = 3 THEN ${body(REVIEWS.mixed)}
                 ELSE ${body(REVIEWS.negative)} END,
            least(20000, floor(1 / (1 - ${r(15)}) ^ (1 / 1.1)) - 1)::int,
            y.published, CASE WHEN y.published THEN 'published' ELSE 'hidden' END,
            CASE WHEN y.replied THEN ${sqlPick(REPLIES, r(17))} END,
            CASE WHEN y.replied THEN least($1::timestamptz, y.created_at + ${r(18)} * interval '14 days') END,
            y.created_at, y.created_at
       FROM ${PLAN_TABLE} pl
      CROSS JOIN LATERAL generate_series(0, pl.reviews - 1) AS g(i)
      CROSS JOIN LATERAL (SELECT pl.bot_id, ${sqlScatter(`(pl.review_user0 + g.i) % ${p.users}`, p.users)} AS u,
                                 pl.ord::int8 * 1000000000 + g.i AS k) AS x
      CROSS JOIN LATERAL (SELECT CASE WHEN ${r(10)} < 0.45 THEN 5 WHEN ${r(10)} < 0.7 THEN 4 WHEN ${r(10)} < 0.82 THEN 3
                                      WHEN ${r(10)} < 0.9 THEN 2 ELSE 1 END AS rating,
                                 ${r(11)} < 0.15 AS replied, ${r(16)} < 0.95 AS published,
                                 $1::timestamptz - (${r(19)} ^ 1.2) * interval '365 days' AS created_at) AS y
      ORDER BY y.created_at`,
    [now],
  );
}

/**
 * A year of daily counts (the 365 days before today) for every bot that has a count: a gentle
 * rise to today's figure with ±1% noise, in bot_days's month rows (migration 039). Written a
 * month at a time, every bot's row of a month together, as the nightly collection creates them
 * (its first night of a month inserts the rows, the other nights fill them in): a bot's year lies
 * in as many places of the heap as it has months. The owner's or the platform's count is not
 * kept per day (the history's source is the bot's current one).
 */
export async function loadHistory(db: Database, p: ScaleParams, today: string, onMonth?: (left: number) => void): Promise<number> {
  await db.query(
    `CREATE TABLE bench_scale_counts AS
     SELECT pl.ord, b.id AS bot_id, COALESCE(b.reported_server_count, b.platform_server_count) AS current,
            0.55 + ${sqlRandom('pl.ord', 20, p.seed)} * 0.35 AS start
       FROM bots b JOIN ${PLAN_TABLE} pl ON pl.bot_id = b.id
      WHERE COALESCE(b.reported_server_count, b.platform_server_count) IS NOT NULL`,
  );
  const months: string[] = [];
  for (let month = monthOf(addDays(today, -365)); month <= monthOf(addDays(today, -1)); month = addMonths(month, 1)) months.push(month);
  let days = 0;
  for (const [i, month] of months.entries()) {
    // back: days before today; only days 1 to 365 back, and only days of this month, have a value.
    const result = await db.query<{ days: number }>(
      `WITH inserted AS (
         INSERT INTO bot_days (bot_id, month, servers)
         SELECT c.bot_id, $1::date, ARRAY(
                  SELECT CASE WHEN x.back BETWEEN 1 AND 365 AND x.day < ($1::date + interval '1 month')::date THEN
                           greatest(0, round(c.current * (c.start + (1 - c.start) * (1 - x.back::float8 / 365))
                                    * (1 + (${sqlRandom('c.ord::int8 * 1000 + x.back', 21, p.seed)} - 0.5) * 0.02)))::int END
                    FROM generate_series(1, 31) AS g(d)
                   CROSS JOIN LATERAL (SELECT $1::date + (g.d - 1) AS day, $2::date - ($1::date + (g.d - 1)) AS back) x
                   ORDER BY g.d)
           FROM bench_scale_counts c
          ORDER BY c.bot_id
         RETURNING servers)
       SELECT COALESCE(sum(cardinality(array_remove(servers, NULL))), 0)::int AS days FROM inserted`,
      [month, today],
    );
    days += result.rows[0]?.days ?? 0;
    onMonth?.(months.length - i - 1);
  }
  await db.query('DROP TABLE bench_scale_counts');
  return days;
}
