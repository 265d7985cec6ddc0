/**
 * The SQL functions of src/db/functions: one file each, applied by every migrate after the
 * migrations, equal in the database to their files; the rule of which vote events are stored in
 * one function that record_vote and the outbox both call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/db/index.js';
import { loadFunctions, loadMigrations, migrate } from '../../src/db/migrate.js';
import { recordEvents } from '../../src/modules/webhooks/delivery/outbox.js';
import { backends } from '../helpers.js';
import { emptyDatabase, MIGRATING } from './empty-database.js';

const functions = loadFunctions();
const allMigrations = loadMigrations().map((m) => m.name);
const CREATED = /CREATE (?:OR REPLACE )?FUNCTION (\w+)/g;

/** The lines of a file's function body (between the `$$`), without comments and blank lines. */
function bodyLines(sql: string): string[] {
  const body = sql.split('$$')[1] ?? '';
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('--'));
}

/** Our functions in the database (none of an extension): name, signature, and oid (kept by a replace). */
async function signatures(db: Queryable): Promise<{ name: string; signature: string; oid: string }[]> {
  const { rows } = await db.query<{ name: string; signature: string; oid: string }>(
    `SELECT p.proname AS name, p.oid::text AS oid,
            format('%s(%s) %s %s %s', p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid), l.lanname, p.provolatile) AS signature
       FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
      WHERE p.pronamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY p.proname, p.oid`,
  );
  return rows;
}

async function definitions(db: Queryable, name: string): Promise<string[]> {
  const { rows } = await db.query<{ def: string }>(
    `SELECT pg_get_functiondef(oid) AS def FROM pg_proc WHERE proname = $1 AND pronamespace = 'public'::regnamespace`,
    [name],
  );
  return rows.map((row) => row.def);
}

/** Every file's function exists once (no older overload beside it) with the file's body. */
async function expectCurrentFunctions(db: Queryable): Promise<void> {
  for (const fn of functions) {
    const defs = await definitions(db, fn.name);
    expect(defs, fn.name).toHaveLength(1);
    for (const line of bodyLines(fn.sql)) expect(defs[0], `${fn.name}: ${line}`).toContain(line);
  }
  expect((await signatures(db)).map((f) => f.name).sort()).toEqual(functions.map((f) => f.name).sort());
}

describe('loadFunctions', () => {
  it('one file per function, named after it, callees before their callers', () => {
    expect(functions.map((f) => f.name)).toEqual([
      'bots_touch',
      'bot_shard_sum',
      'endpoint_subscribed',
      'record_vote',
      'record_votes',
      'report_stats',
      'merge_top',
      'payment_totals_add',
      'donations_to_totals',
      'subscription_payments_to_totals',
    ]);
    for (const fn of functions) {
      expect(
        [...fn.sql.matchAll(CREATED)].map((m) => m[1]),
        fn.name,
      ).toEqual([fn.name]);
      expect(fn.sql).toContain(`CREATE OR REPLACE FUNCTION ${fn.name}(`);
    }
  });
});

/** A published bot's row, with nothing else: its id. */
async function insertBot(db: Queryable): Promise<string> {
  const botId = `bot_${randomUUID()}`;
  await db.query(
    `INSERT INTO bots (id, name, name_lower, sort_name, slugs, short_description, prefix, pricing, icon_url, invite_url,
                       support_server_url, website_url, categories, tags, owners, is_verified, published, created_at, updated_at)
     VALUES ($1, 'Bot', 'bot', 'bot', '{}', '{}', '!', 'free', '', '', '', '', '{}', '{}', '{}', false, true, now(), now())`,
    [botId],
  );
  return botId;
}

describe.each(backends())('SQL functions on %s', MIGRATING, (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function empty(): Promise<Database> {
    const { db, drop } = await emptyDatabase(backend);
    cleanups.push(drop);
    return db;
  }

  it('a fresh database gets every function from its file; migrating again, twice, changes nothing', async () => {
    const db = await empty();
    expect(await migrate(db)).toEqual(allMigrations);
    await expectCurrentFunctions(db);
    const first = await signatures(db);
    expect(await migrate(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
    await expectCurrentFunctions(db);
    expect(await signatures(db)).toEqual(first);
  });

  it('a database migrated before the functions had files gets the current ones, with the signatures it had', async () => {
    const db = await empty();
    expect(await migrate(db, loadMigrations(), [])).toEqual(allMigrations);
    const before = await signatures(db);
    // Every function the migrations left has its file.
    expect(functions.map((f) => f.name)).toEqual(expect.arrayContaining(before.map((f) => f.name)));
    // Functions no migration made: their files create them.
    expect(await definitions(db, 'endpoint_subscribed')).toEqual([]);
    expect(await definitions(db, 'merge_top')).toEqual([]);
    expect((await definitions(db, 'record_vote'))[0]).not.toContain('endpoint_subscribed');
    expect(await migrate(db)).toEqual([]);
    await expectCurrentFunctions(db);
    // Replaced in place: same parameters, results, language, volatility and oid (the trigger's reference).
    expect((await signatures(db)).filter((f) => f.name !== 'endpoint_subscribed' && f.name !== 'merge_top')).toEqual(before);
  });

  it('a function that fails to apply rolls back the migrations of the same run', async () => {
    const db = await empty();
    const base = loadMigrations();
    await migrate(db, base);
    const next = Math.max(...base.map((m) => m.version)) + 1;
    const added = { version: next, name: `${next}_extra.sql`, sql: 'CREATE TABLE extra (id int);' };
    const broken = {
      name: 'broken',
      sql: 'CREATE OR REPLACE FUNCTION broken() RETURNS integer LANGUAGE sql AS $$ SELECT id FROM no_such_table $$;',
    };
    await expect(migrate(db, [...base, added], [...functions, broken])).rejects.toThrow();
    expect((await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'extra'`)).rows).toEqual([]);
    expect((await db.query('SELECT 1 FROM schema_migrations WHERE version = $1', [next])).rows).toEqual([]);
  });

  it('bots_touch moves changed_at forward on every update of a row, also within one tick of the clock (PGlite ticks by the millisecond)', async () => {
    const db = await empty();
    await migrate(db);
    const botId = await insertBot(db);
    const changed: bigint[] = [];
    for (let i = 0; i < 20; i++) {
      const { rows } = await db.query<{ us: string }>(
        `UPDATE bots SET reported_server_count = $2 WHERE id = $1
         RETURNING (extract(epoch FROM changed_at) * 1000000)::bigint::text AS us`,
        [botId, i],
      );
      changed.push(BigInt(rows[0]!.us));
    }
    for (let i = 1; i < changed.length; i++) expect(changed[i]! > changed[i - 1]!, `update ${i}`).toBe(true);
  });

  describe('which vote events are stored: an enabled endpoint of the bot subscribed to the type', () => {
    /** Endpoints of a bot: the events of each, and whether it is enabled. */
    const cases: { endpoints: { events: string[]; enabled: boolean }[]; routing: boolean; stored: string[] }[] = [
      { endpoints: [], routing: false, stored: [] },
      { endpoints: [{ events: ['vote', 'premium', 'donation', 'test'], enabled: true }], routing: true, stored: ['vote'] },
      { endpoints: [{ events: ['vote.reminder'], enabled: true }], routing: false, stored: ['vote.reminder'] },
      { endpoints: [{ events: ['vote', 'vote.reminder'], enabled: true }], routing: true, stored: ['vote', 'vote.reminder'] },
      { endpoints: [{ events: ['vote', 'vote.reminder'], enabled: false }], routing: false, stored: [] },
      {
        endpoints: [
          { events: ['vote'], enabled: false },
          { events: ['vote.reminder'], enabled: true },
        ],
        routing: false,
        stored: ['vote.reminder'],
      },
      {
        endpoints: [
          { events: ['vote'], enabled: true },
          { events: ['vote.reminder'], enabled: true },
        ],
        routing: true,
        stored: ['vote', 'vote.reminder'],
      },
      { endpoints: [{ events: ['premium', 'review'], enabled: true }], routing: false, stored: [] },
    ];

    async function botWith(db: Queryable, endpoints: { events: string[]; enabled: boolean }[]): Promise<string> {
      const botId = await insertBot(db);
      for (const [n, endpoint] of endpoints.entries()) {
        await db.query(
          `INSERT INTO webhooks (id, bot_id, url, secret_box, enabled, active_since, created_at, updated_at, is_default, events)
           VALUES (gen_random_uuid(), $1, 'http://127.0.0.1:9/', 'box', $2, now(), now(), now(), $3, $4::text[])`,
          [botId, endpoint.enabled, n === 0, endpoint.events],
        );
      }
      return botId;
    }

    /** A vote through record_vote: its `routing`, and the types of the events it stored. */
    async function vote(db: Queryable, botId: string): Promise<{ status: string; routing: boolean; stored: string[] }> {
      const { rows } = await db.query<{ status: string; routing: boolean }>(
        `SELECT status, routing FROM record_vote(gen_random_uuid(), $1, '123456789012345678', 'lena', false, now(),
                now() - interval '12 hours', now() + interval '12 hours', date_trunc('month', now())::date,
                gen_random_uuid(), '{"expiresAt": "later"}'::jsonb, now(), gen_random_uuid())`,
        [botId],
      );
      const events = await db.query<{ type: string }>('SELECT type FROM events WHERE bot_id = $1 ORDER BY type', [botId]);
      return { status: rows[0]!.status, routing: rows[0]!.routing, stored: events.rows.map((r) => r.type) };
    }

    it('record_vote stores and routes as the migrations’ record_vote did', async () => {
      const old = await empty();
      await migrate(old, loadMigrations(), []);
      const current = await empty();
      await migrate(current);
      for (const { endpoints, routing, stored } of cases) {
        const expected = { status: 'stored', routing, stored };
        expect(await vote(old, await botWith(old, endpoints)), JSON.stringify(endpoints)).toEqual(expected);
        expect(await vote(current, await botWith(current, endpoints)), JSON.stringify(endpoints)).toEqual(expected);
      }
    });

    it('recordEvents stores a vote.reminder under the same rule, every other event always', async () => {
      const db = await empty();
      await migrate(db);
      for (const { endpoints, stored } of cases) {
        const botId = await botWith(db, endpoints);
        const now = new Date();
        await db.transaction((tx) =>
          recordEvents(
            tx,
            [
              { botId, type: 'vote.reminder', payload: {}, createdAt: now, dueAt: new Date(now.getTime() + 60_000) },
              { botId, type: 'premium', payload: {}, createdAt: now },
            ],
            { wake: false },
          ),
        );
        const { rows } = await db.query<{ type: string }>('SELECT type FROM events WHERE bot_id = $1 ORDER BY type', [botId]);
        const expected = stored.includes('vote.reminder') ? ['premium', 'vote.reminder'] : ['premium'];
        expect(
          rows.map((r) => r.type),
          JSON.stringify(endpoints),
        ).toEqual(expected);
      }
    });
  });
});
