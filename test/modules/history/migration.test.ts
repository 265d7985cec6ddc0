/**
 * Migration 040 (bot_history into bot_days): the history endpoint answers the same bytes after it
 * as the read of bot_history answered before, for the demo data and for the cases the demo lacks
 * (a month without any value, an owner's count, history that starts in mid-month or in a leap
 * February).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../src/db/index.js';
import { loadMigrations, migrate } from '../../../src/db/migrate.js';
import { addDays } from '../../../src/lib/clock.js';
import type { HistoryFacts } from '../../../src/modules/history/repository.js';
import { series } from '../../../src/modules/history/service.js';
import { seed } from '../../../scripts/seed.js';
import { SAMPLE_FILE, putBot } from '../../fixtures.js';
import { backends, freshPostgresUrl, ManualClock, pgliteImage, testApp, type Backend, type TestApp } from '../../helpers.js';

const TODAY = '2028-03-10';
const WINDOWS = [7, 30, 90, 365];

/** A database with the migrations before 040 only. */
async function databaseAt039(backend: Backend): Promise<Database> {
  const before = loadMigrations().filter((m) => m.version < 40);
  if (backend === 'pglite') {
    const { openEmbedded } = await import('../../../src/db/embedded.js');
    const db = await openEmbedded(undefined, await pgliteImage('empty'));
    await migrate(db, before);
    return db;
  }
  const { url, drop } = await freshPostgresUrl();
  const { openPostgres } = await import('../../../src/db/postgres.js');
  const db = await openPostgres(url, 3);
  await migrate(db, before);
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await drop();
  };
  return db;
}

/** The history read before 040 (src/modules/history/repository.ts until then), on bot_history. */
async function factsBefore(db: Queryable, botId: string, firstDay: string, lastDay: string): Promise<HistoryFacts | undefined> {
  const { rows } = await db.query<{
    current: number | null;
    self: boolean;
    before: number | null;
    offsets: number[] | null;
    servers: number[] | null;
  }>(
    `SELECT COALESCE(b.reported_server_count, b.platform_server_count) AS current,
            b.reported_server_count IS NOT NULL AS self,
            (SELECT h.servers FROM bot_history h WHERE h.bot_id = b.id AND h.day < $2::date
              ORDER BY h.day DESC LIMIT 1) AS before,
            w.offsets, w.servers
       FROM bots b
       LEFT JOIN LATERAL (
         SELECT array_agg(h.day - $2::date ORDER BY h.day) AS offsets, array_agg(h.servers ORDER BY h.day) AS servers
           FROM bot_history h WHERE h.bot_id = b.id AND h.day BETWEEN $2::date AND $3::date) w ON true
      WHERE b.id = $1 AND b.published`,
    [botId, firstDay, lastDay],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    current: row.current,
    source: row.self ? 'self' : 'platform',
    before: row.before,
    offsets: row.offsets ?? [],
    servers: row.servers ?? [],
  };
}

describe.each(backends())('migration 040 on %s', (backend) => {
  const clock = new ManualClock(new Date(`${TODAY}T12:00:00.000Z`));
  let db: Database;
  let t: TestApp;
  const answers = new Map<string, string>();
  const sample: string[] = [];

  beforeAll(async () => {
    db = await databaseAt039(backend);
    t = await testApp(backend, { db, clock });
    await seed(t.app, SAMPLE_FILE);
    // The cases the demo has not: its points end yesterday, daily for 90 days, weekly before.
    const self = await putBot(t, { platformServerCount: 40 });
    await db.query('UPDATE bots SET reported_server_count = 55, reported_at = now() WHERE id = $1', [self.id]);
    const gap = await putBot(t, { platformServerCount: 900 });
    const leap = await putBot(t, { platformServerCount: 12 });
    const midMonth = await putBot(t, { platformServerCount: 3 });
    const none = await putBot(t, { platformServerCount: null });
    // Written as bot_history rows, the only store of history before 040.
    const write = (botId: string, days: string[], value: (i: number) => number) =>
      db.query(
        `INSERT INTO bot_history (bot_id, day, servers, source) SELECT $1, d, v, 'platform' FROM unnest($2::date[], $3::int[]) AS x(d, v)`,
        [botId, days, days.map((_, i) => value(i))],
      );
    const range = (from: string, to: string) => {
      const out: string[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
      return out;
    };
    await write(self.id, range('2027-01-01', '2028-03-09'), (i) => 10 + i);
    // Nothing from mid-December to mid-February: February's window carries a value from December.
    await write(gap.id, [...range('2027-02-01', '2027-12-14'), ...range('2028-02-16', '2028-03-09')], (i) => 500 + (i % 17));
    // From the leap day on, every other day (a month with gaps is put together day by day).
    await write(
      leap.id,
      range('2028-02-29', '2028-03-09').filter((_, i) => i % 2 === 0),
      (i) => i,
    );
    await write(midMonth.id, range('2027-07-31', '2027-08-03'), (i) => 1000 - i);
    // The seed wrote the demo's history into bot_days (its writer now): move it where 039 kept it.
    await db.query(
      `INSERT INTO bot_history (bot_id, day, servers, source)
       SELECT d.bot_id, d.month + (u.i::integer - 1), u.v, 'platform'
         FROM bot_days d CROSS JOIN LATERAL unnest(d.servers) WITH ORDINALITY AS u(v, i) WHERE u.v IS NOT NULL`,
    );
    await db.query('DELETE FROM bot_days');
    const { rows } = await db.query<{ id: string }>('SELECT id FROM bots WHERE published ORDER BY id');
    sample.push(...rows.map((row) => row.id));
    expect(sample).toEqual(expect.arrayContaining([self.id, gap.id, leap.id, midMonth.id, none.id]));
    for (const id of sample) {
      for (const days of WINDOWS) {
        const firstDay = addDays(TODAY, -(days - 1));
        const facts = await factsBefore(db, id, firstDay, TODAY);
        answers.set(`${id}:${days}`, JSON.stringify({ data: series(facts!, firstDay, TODAY), days, source: facts!.source }));
      }
    }
    // 040 runs first, then whatever later migrations there are.
    expect((await migrate(db))[0]).toBe('040_history_into_daily_series.sql');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
  });

  it('drops bot_history and keeps every collected day in bot_days, in 31-element arrays from 1', async () => {
    const { rows } = await db.query<{ present: string | null }>(`SELECT to_regclass('bot_history')::text AS present`);
    expect(rows[0]?.present).toBeNull();
    const shape = await db.query<{ lower: number; length: number; months: number }>(
      `SELECT array_lower(servers, 1) AS lower, array_length(servers, 1) AS length, count(*)::int AS months
         FROM bot_days GROUP BY 1, 2`,
    );
    expect(shape.rows).toEqual([{ lower: 1, length: 31, months: expect.any(Number) }]);
  });

  it('answers every published bot the same bytes for days 7, 30, 90 and 365', async () => {
    expect(sample.length).toBeGreaterThan(100);
    const differing: string[] = [];
    for (const id of sample) {
      for (const days of WINDOWS) {
        const response = await t.get(`/api/v1/bots/${id}/history?days=${days}`);
        expect(response.statusCode).toBe(200);
        if (response.body !== answers.get(`${id}:${days}`)) differing.push(`${id} days=${days}`);
      }
    }
    expect(differing).toEqual([]);
    // The sample is not all empty: most answers have a point a day.
    const full = [...answers.values()].filter((body) => JSON.parse(body).data.length === 365);
    expect(full.length).toBeGreaterThan(100);
  });
});
