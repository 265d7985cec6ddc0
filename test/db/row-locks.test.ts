/**
 * Writes to a bot and inserts that reference it do not wait for each other (PostgreSQL). A vote
 * batch locks several bots; the nightly collection inserts a history row for every published bot
 * and holds the key-share lock of each reference until it commits. When a vote's lock conflicted
 * with those (FOR UPDATE), each could wait for the other and PostgreSQL ended the collection with
 * "deadlock detected" (seen at 100,000 bots under the scale bench's writer).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/index.js';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/postgres.js';
import { freshPostgresUrl, testApp, type TestApp } from '../helpers.js';
import { createBot, USER } from '../support/owner.js';

describe.runIf(process.env.TEST_DATABASE_URL)('row locks of votes, reviews and the nightly collection (PostgreSQL)', () => {
  let db: Database;
  let t: TestApp;
  /** Holds a transaction open while the app writes, on a connection of its own. */
  let other: pg.Client;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await freshPostgresUrl();
    drop = created.drop;
    db = await openPostgres(created.url, 3, { connectMs: 60_000, statementMs: 60_000 }, 2);
    await migrate(db);
    t = await testApp('postgres', { db });
    other = new pg.Client({ connectionString: created.url });
    await other.connect();
  }, 60_000);

  afterAll(async () => {
    await other?.end();
    await t?.close();
    await db?.close();
    await drop?.();
  });

  /**
   * The work's result, or a failure as soon as any session of this database waits for a lock.
   * A write that conflicts with the open transaction waits until it ends, so the watcher sees it
   * whatever the timing; one that does not conflict finishes and the watcher stops.
   */
  async function withoutWaiting<T>(work: Promise<T>): Promise<T> {
    let done = false;
    const watch = async (): Promise<never> => {
      while (!done) {
        const { rows } = await other.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        if (rows[0]!.n > 0) throw new Error('a write waits for a lock held by the open transaction');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return new Promise<never>(() => {});
    };
    try {
      return await Promise.race([work, watch()]);
    } finally {
      done = true;
    }
  }

  it('a vote and a review go through while a transaction holds inserts that reference the bot (the collection under way)', async () => {
    const botId = await createBot(t);
    await other.query('BEGIN');
    try {
      await other.query(`INSERT INTO bot_days (bot_id, month) VALUES ($1, '2026-01-01')`, [botId]);
      const vote = await withoutWaiting(t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: USER, username: 'lena' }));
      expect(vote.statusCode).toBe(201);
      const review = await withoutWaiting(
        t.admin('POST', `/admin/v1/bots/${botId}/reviews`, { user: USER, username: 'lena', rating: 4, body: 'Works.' }),
      );
      expect(review.statusCode).toBe(201);
    } finally {
      await other.query('ROLLBACK');
    }
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data.votesTotal).toBe(1);
  });

  it('the nightly collection goes through while a vote holds its bot', async () => {
    const [voted, quiet] = [await createBot(t), await createBot(t)];
    await other.query('BEGIN');
    try {
      // What a vote batch holds between locking its bot and its commit.
      const { rows } = await other.query<{ status: string }>(
        `SELECT status FROM record_vote(gen_random_uuid(), $1, $2, 'lena', false, now(), now() - interval '12 hours',
           now() + interval '12 hours', date_trunc('month', now())::date, gen_random_uuid(), '{}'::jsonb, now(), gen_random_uuid())`,
        [voted, USER],
      );
      expect(rows[0]!.status).toBe('stored');
      const collected = await withoutWaiting(t.admin('POST', '/admin/v1/history/collect', { date: '2026-02-01' }));
      expect(collected.statusCode).toBe(200);
    } finally {
      await other.query('ROLLBACK');
    }
    const { rows } = await db.query<{ bot_id: string }>(
      `SELECT bot_id FROM bot_days WHERE month = '2026-02-01' AND servers[1] IS NOT NULL ORDER BY bot_id`,
    );
    expect(rows.map((r) => r.bot_id)).toEqual(expect.arrayContaining([voted, quiet]));
  });
});
