/**
 * `npm run bench:scale:explain`: the plans of the queries a request or a write runs, on a
 * generated data set (`EXPLAIN (ANALYZE, BUFFERS)`). The queries are not copied here: the
 * repositories themselves run, through a Queryable that explains every statement it is given
 * before running it. Writes run inside a transaction that is rolled back.
 *
 *   npm run bench:scale:explain                              # 100,000 bots / 10,000,000 votes
 *   npm run bench:scale:explain -- --bots 10000 --votes 1000000
 *   npm run bench:scale:explain -- --database bd_scale_daily    # a copy (migrate-history.ts)
 *
 * Pending migrations are applied to the data set first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Queryable, QueryResult } from '../../src/db/index.js';
import { startOfUtcMonth, utcDay } from '../../src/lib/clock.js';
import { botRepository } from '../../src/modules/bots/repository.js';
import { historyRepository } from '../../src/modules/history/repository.js';
import { keyRepository } from '../../src/modules/keys/repository.js';
import { statsRepository } from '../../src/modules/stats/repository.js';
import { subscriptionRepository } from '../../src/modules/premium/subscriptions-repository.js';
import { trendingRepository } from '../../src/modules/votes/trending-repository.js';
import { voteRepository } from '../../src/modules/votes/repository.js';
import { migrate } from '../../src/db/migrate.js';
import { helpfulRepository } from '../../src/modules/reviews/helpful-repository.js';
import { reviewQueueRepository } from '../../src/modules/reviews/queue-repository.js';
import { reviewReportRepository } from '../../src/modules/reviews/report-repository.js';
import { reviewRepository } from '../../src/modules/reviews/repository.js';
import { uuidv7 } from '../../src/lib/uuid.js';
import { parseOptions } from './args.js';
import { dataSet, OUT_DIR } from './data-set.js';
import { dataSetName } from './params.js';

const ROLLBACK = new Error('rollback');

/** Explains each statement (same SQL, same parameters), keeps the plan, then runs it for the caller. */
class Explaining implements Queryable {
  readonly plans: string[] = [];
  constructor(private readonly inner: Queryable) {}

  async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    const explained = await this.inner.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    this.plans.push(explained.rows.map((row) => row['QUERY PLAN']).join('\n'));
    return this.inner.query<T>(sql, params);
  }
}

interface Case {
  name: string;
  run: (db: Queryable) => Promise<unknown>;
  write?: boolean;
}

async function pick(db: Database) {
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
    const row = (await db.query<T>(sql, params)).rows[0];
    if (!row) throw new Error(`no row for: ${sql}`);
    return row;
  };
  const top = await one<{ id: string }>('SELECT id FROM bots WHERE published ORDER BY votes_total DESC LIMIT 1');
  const mostReviewed = await one<{ id: string; rating_count: number }>(
    'SELECT id, rating_count FROM bots WHERE published ORDER BY rating_count DESC LIMIT 1',
  );
  const reviewer = await one<{ user_id: string }>('SELECT user_id FROM reviews WHERE bot_id = $1 LIMIT 1', [mostReviewed.id]);
  const pageReviews = await db.query<{ id: string }>(
    'SELECT id FROM reviews WHERE bot_id = $1 AND published ORDER BY helpful_count DESC, created_at DESC, id LIMIT 10',
    [mostReviewed.id],
  );
  const median = await one<{ id: string }>(
    `SELECT id FROM bots WHERE published AND platform_server_count IS NOT NULL ORDER BY id
      OFFSET (SELECT count(*) / 2 FROM bots WHERE published) LIMIT 1`,
  );
  const voter = await one<{ user_id: string }>('SELECT user_id FROM votes WHERE bot_id = $1 ORDER BY voted_at DESC LIMIT 1', [top.id]);
  const key = await one<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE revoked_at IS NULL LIMIT 1');
  const subscriber = await one<{ bot_id: string; user_id: string }>(
    'SELECT bot_id, user_id FROM subscriptions WHERE user_id IS NOT NULL AND guild_id IS NULL AND active LIMIT 1',
  );
  return {
    top: top.id,
    mostReviewed: mostReviewed.id,
    reviews: mostReviewed.rating_count,
    reviewer: reviewer.user_id,
    pageReviewIds: pageReviews.rows.map((row) => row.id),
    median: median.id,
    voter: voter.user_id,
    keyHash: key.key_hash,
    subscriber,
  };
}

function cases(p: Awaited<ReturnType<typeof pick>>, now: Date): Case[] {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const month = utcDay(startOfUtcMonth(now));
  return [
    { name: 'bot read-back (a changed bot, by id)', run: (db) => botRepository.findById(db, p.median, month, true) },
    { name: 'sweep: bots changed in the last 5 s', run: (db) => botRepository.changedSince(db, new Date(now.getTime() - 5_000)) },
    { name: 'history days=365, median bot', run: (db) => historyRepository.facts(db, p.median, day(-365), day(-1)) },
    { name: 'reviews page 1, most reviewed bot', run: (db) => reviewRepository.page(db, p.mostReviewed, 'helpful', undefined, 0, 50) },
    {
      name: 'reviews page 1 newest first, most reviewed bot',
      run: (db) => reviewRepository.page(db, p.mostReviewed, 'newest', undefined, 0, 50),
    },
    {
      name: "the author's own review (pinned on the bot page), most reviewed bot",
      run: (db) => reviewRepository.byAuthor(db, p.mostReviewed, p.reviewer),
    },
    {
      name: 'helpful marks of a page of 10 reviews by the signed-in user',
      run: (db) => helpfulRepository.markedBy(db, p.reviewer, p.pageReviewIds),
    },
    {
      name: "owner's reviews, newest first (21 rows), most reviewed bot",
      run: (db) => reviewQueueRepository.ofBot(db, p.mostReviewed, false, undefined, 21),
    },
    {
      name: "owner's unanswered reviews (21 rows), most reviewed bot",
      run: (db) => reviewQueueRepository.ofBot(db, p.mostReviewed, true, undefined, 21),
    },
    { name: 'moderation queue: held reviews, oldest first (26 rows)', run: (db) => reviewQueueRepository.held(db, undefined, 26) },
    {
      name: 'moderation queue: open reports of reviews, oldest first (26 rows)',
      run: (db) => reviewReportRepository.openQueue(db, undefined, 26),
    },
    {
      name: 'helpful mark write (insert, helpful_count + 1), most reviewed bot',
      write: true,
      run: (db) => helpfulRepository.mark(db, p.pageReviewIds[0]!, '999999999999999998', now),
    },
    {
      name: "review write's rating delta (one bot row), most reviewed bot",
      write: true,
      run: (db) => reviewRepository.adjustRating(db, p.mostReviewed, { sum: 4, count: 1 }),
    },
    { name: 'review anchors (one scan), most reviewed bot', run: (db) => reviewRepository.anchors(db, p.mostReviewed, 'helpful', 500) },
    {
      name: 'reviews: its last full page of 50 from its anchor, most reviewed bot',
      run: async (db) => {
        const anchors = await reviewRepository.anchors(db, p.mostReviewed, 'helpful', 500);
        // The deepest page that is full, whatever the data set's count (a page past the end reads nothing).
        const offset = Math.floor(p.reviews / 50 - 1) * 50;
        const index = Math.min(Math.floor(offset / 500), anchors.length - 1);
        return reviewRepository.page(db, p.mostReviewed, 'helpful', anchors[index], offset - index * 500, 50);
      },
    },
    { name: 'trending (the background refresh: 14 days of day counters)', run: (db) => trendingRepository.rising(db, day(0), 100) },
    { name: 'owner votes (last 1,000), top bot', run: (db) => voteRepository.list(db, p.top, 1000, undefined) },
    {
      name: 'owner check (12 h), top bot',
      run: (db) => voteRepository.latestSince(db, p.top, p.voter, new Date(now.getTime() - 12 * 3_600_000)),
    },
    {
      name: 'owner premium user',
      run: (db) => subscriptionRepository.current(db, p.subscriber.bot_id, { userId: p.subscriber.user_id }, now),
    },
    { name: 'key lookup by hash', run: (db) => keyRepository.findActiveByHash(db, p.keyHash) },
    {
      name: 'vote write (record_votes of one: lock, check, inserts, counters, event), top bot',
      write: true,
      run: (db) =>
        voteRepository.recordMany(db, [
          {
            vote: {
              id: uuidv7(now.getTime()),
              botId: p.top,
              user: '999999999999999999',
              username: 'explain',
              flagged: false,
              votedAt: now,
              month,
            },
            window: { from: new Date(now.getTime() - 12 * 3_600_000), to: new Date(now.getTime() + 12 * 3_600_000) },
            event: { id: uuidv7(now.getTime()), payload: { explain: true }, createdAt: now, reminderId: uuidv7(now.getTime()) },
          },
        ]),
    },
    {
      name: 'stats report (report_stats of one)',
      write: true,
      run: (db) => statsRepository.reportMany(db, [{ botId: p.median, serverCount: 1234, shardCount: 2, at: now }]),
    },
    { name: 'nightly collection (every published bot)', write: true, run: (db) => historyRepository.collect(db, day(0)) },
  ];
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2).filter((arg) => arg !== '--'));
  const set = dataSet(options.database ?? dataSetName(options), options.embedded);
  if (!(await set.exists())) throw new Error(`no data set ${set.name}: run npm run bench:scale first`);
  const db = await set.open();
  // A data set made before the latest migrations gets them first (issue 32's reviews columns and indexes).
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`migrated the data set: ${applied.join(', ')}`);
  const out: string[] = [`# EXPLAIN (ANALYZE, BUFFERS) on ${set.name}, ${new Date().toISOString()}`, ''];
  try {
    const now = new Date();
    const picked = await pick(db);
    for (const c of cases(picked, now)) {
      let plans: string[] = [];
      const t0 = performance.now();
      if (c.write) {
        await db
          .transaction(async (tx) => {
            const explaining = new Explaining(tx);
            await c.run(explaining);
            plans = explaining.plans;
            throw ROLLBACK;
          })
          .catch((error: unknown) => {
            if (error !== ROLLBACK) throw error;
          });
      } else {
        const explaining = new Explaining(db);
        await c.run(explaining);
        plans = explaining.plans;
      }
      const ms = performance.now() - t0;
      const times = plans.map((plan) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?').join(' + ');
      console.log(`${c.name}: execution ${times} ms (${ms.toFixed(0)} ms with the explain)`);
      out.push(`## ${c.name}`, '', ...plans.flatMap((plan) => ['```', plan, '```', '']));
    }
  } finally {
    await db.close();
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const file = join(OUT_DIR, `explain-${set.name}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, out.join('\n'));
  console.log(`plans: ${file}`);
}

await main();
