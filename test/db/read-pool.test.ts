/**
 * Reads on a pool of their own (issue 10): public and owner reads answer while every connection
 * of the write pool is taken, and closing the database closes both pools.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, PoolUse } from '../../src/db/index.js';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/postgres.js';
import { freshDatabase, freshPostgresUrl, testApp, type TestApp } from '../helpers.js';
import { bearer, createBot, createKey, USER } from '../support/owner.js';

const WRITES = 3;
const READS = 2;
/** The advisory lock the held transactions wait for; released by the test, never by a clock. */
const GATE = 710_010;
/** Bounds a wait for a state the test brings about (a connection taken, a pool drained), not a latency. */
const SETTLE = { timeout: 20_000, interval: 20 };

function poolOf(db: Database, name: PoolUse['name']): PoolUse {
  const pool = db.health.pools().find((p) => p.name === name);
  if (!pool) throw new Error(`no ${name} pool`);
  return pool;
}

describe.runIf(process.env.TEST_DATABASE_URL)('reads while every connection of the write pool is held (PostgreSQL)', () => {
  let db: Database;
  let t: TestApp;
  let gate: pg.Client;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await freshPostgresUrl();
    drop = created.drop;
    // A write waits for a connection as long as the test holds them (no 503 while the reads run).
    db = await openPostgres(created.url, WRITES, { connectMs: 60_000, statementMs: 60_000 }, READS);
    await migrate(db);
    t = await testApp('postgres', { db });
    gate = new pg.Client({ connectionString: created.url });
    await gate.connect();
  }, 60_000);

  afterAll(async () => {
    await gate?.end();
    await t?.close();
    await db?.close();
    await drop?.();
  });

  /** Transactions of the write pool that wait on the gate's lock. */
  async function waitingOnGate(): Promise<number> {
    const { rows } = await gate.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted AND objid = $1
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [GATE],
    );
    return rows[0]!.n;
  }

  it('answers reviews, history, embeds and owner reads; the queued write lands once the connections are released', async () => {
    const botId = await createBot(t);
    const review = await t.admin('POST', `/admin/v1/bots/${botId}/reviews`, {
      user: USER,
      username: 'lena',
      rating: 5,
      body: 'Great bot.',
    });
    expect(review.statusCode).toBe(201);
    // First used while the write pool is held: its lookup is not cached.
    const { key } = await createKey(t, botId, ['votes:read', 'premium:read']);

    await gate.query('SELECT pg_advisory_lock($1)', [GATE]);
    const held = Array.from({ length: WRITES }, () => db.transaction((tx) => tx.query('SELECT pg_advisory_xact_lock($1)', [GATE])));
    await vi.waitFor(async () => expect(await waitingOnGate()).toBe(WRITES), SETTLE);
    let voted = false;
    const vote = t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: USER, username: 'lena' }).finally(() => {
      voted = true;
    });
    await vi.waitFor(() => expect(poolOf(db, 'writes').waiting).toBeGreaterThan(0), SETTLE);

    // None of these was asked before: each is read from the database, on the read pool.
    const reads = {
      bot: `/api/v1/bots/${botId}`,
      reviews: `/api/v1/bots/${botId}/reviews`,
      history: `/api/v1/bots/${botId}/history?days=30`,
      badge: `/api/badge/${botId}`,
      chart: `/api/chart/${botId}`,
      widget: `/api/widget/${botId}`,
    };
    for (const [name, url] of Object.entries(reads)) expect((await t.get(url)).statusCode, name).toBe(200);
    const owner = {
      votes: `/api/v1/bots/${botId}/votes`,
      check: `/api/v1/bots/${botId}/check/${USER}`,
      premium: `/api/v1/bots/${botId}/premium/${USER}`,
    };
    for (const [name, url] of Object.entries(owner)) expect((await t.get(url, bearer(key))).statusCode, name).toBe(200);
    expect((await t.get(`/api/v1/bots/${botId}/reviews`)).json().data).toHaveLength(1);
    expect((await t.get(`/api/v1/bots/${botId}/votes`, bearer(key))).json().data).toEqual([]);

    const metrics = (await t.get('/metrics')).body;
    expect(metrics).toContain(`botdir_db_pool_connections{pool="writes",state="total"} ${WRITES}`);
    expect(metrics).toContain('botdir_db_pool_connections{pool="writes",state="idle"} 0');
    expect(metrics).toMatch(/botdir_db_pool_connections\{pool="writes",state="waiting"\} [1-9]/);
    expect(metrics).toMatch(/botdir_db_pool_connections\{pool="reads",state="total"\} [1-9]/);
    // The write still waits for a connection: nothing above took one from the write pool.
    expect(voted).toBe(false);
    expect(poolOf(db, 'writes').waiting).toBeGreaterThan(0);

    await gate.query('SELECT pg_advisory_unlock($1)', [GATE]);
    await Promise.all(held);
    expect((await vote).statusCode).toBe(201);
    await vi.waitFor(() => {
      for (const pool of db.health.pools()) expect(pool, pool.name).toMatchObject({ waiting: 0, idle: pool.total });
    }, SETTLE);
    const votes = (await t.get(`/api/v1/bots/${botId}/votes`, bearer(key))).json().data;
    expect(votes).toMatchObject([{ user: USER }]);
    expect((await t.get(`/api/v1/bots/${botId}/check/${USER}`, bearer(key))).json().data.voted).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the pools of a PostgreSQL database', () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ url, drop } = await freshPostgresUrl());
  });
  afterAll(async () => drop?.());

  it('reads run on connections of their own; closing the database closes both pools', async () => {
    const db = await openPostgres(url, 2, undefined, 2);
    const pid = 'SELECT pg_backend_pid() AS pid';
    const [write, read] = await Promise.all([db.query<{ pid: number }>(pid), db.reads.query<{ pid: number }>(pid)]);
    expect(read.rows[0]!.pid).not.toBe(write.rows[0]!.pid);
    expect(db.health.pools()).toEqual([
      { name: 'writes', total: 1, idle: 1, waiting: 0 },
      { name: 'reads', total: 1, idle: 1, waiting: 0 },
    ]);

    await db.close();
    expect(db.health.pools().map((pool) => pool.total)).toEqual([0, 0]);
    await expect(db.query('SELECT 1')).rejects.toThrow(/after calling end/);
    await expect(db.reads.query('SELECT 1')).rejects.toThrow(/after calling end/);
  });

  it('without a read pool size, reads share the write pool', async () => {
    const db = await openPostgres(url, 2);
    try {
      expect((await db.reads.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(db.health.pools().map((pool) => pool.name)).toEqual(['writes']);
    } finally {
      await db.close();
    }
  });
});

describe('the database on PGlite', () => {
  it('reads through the database itself and has no pools; closed, it answers nothing', async () => {
    const db = await freshDatabase('pglite');
    expect(db.reads).toBe(db);
    expect(db.health.pools()).toEqual([]);
    await db.close();
    await expect(db.reads.query('SELECT 1')).rejects.toThrow();
  });
});
