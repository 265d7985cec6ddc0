import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/postgres.js';
import { backends } from '../helpers.js';
import { emptyDatabase, MIGRATING } from './empty-database.js';

describe('loadMigrations', () => {
  it('lists the numbered SQL files in order', () => {
    const migrations = loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations[0]).toMatchObject({ version: 1, name: '001_directory.sql' });
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('ignores files that are not numbered migrations', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '002_second.sql'), 'SELECT 2;');
    writeFileSync(join(dir, '001_first.sql'), 'SELECT 1;');
    writeFileSync(join(dir, 'README.md'), '# not a migration');
    writeFileSync(join(dir, '3_bad_name.sql'), 'SELECT 3;');
    expect(loadMigrations(`${dir}/`).map((m) => m.name)).toEqual(['001_first.sql', '002_second.sql']);
  });
});

describe.each(backends())('migrate on %s', MIGRATING, (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('applies every migration once; a second run applies nothing', async () => {
    const { db, drop } = await emptyDatabase(backend);
    cleanups.push(drop);
    const all = loadMigrations().map((m) => m.name);
    expect(await migrate(db)).toEqual(all);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.name)).toEqual(all);
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['bot_days', 'bot_vote_months', 'bots', 'reviews', 'schema_migrations', 'votes']),
    );
  });

  it('applies only the migrations added since the last run, and nothing of a failing one', async () => {
    const { db, drop } = await emptyDatabase(backend);
    cleanups.push(drop);
    const base = loadMigrations();
    await migrate(db, base);
    const next = Math.max(...base.map((m) => m.version)) + 1;
    const added = {
      version: next,
      name: `${String(next).padStart(3, '0')}_extra.sql`,
      sql: 'CREATE TABLE extra (id int);\nINSERT INTO extra VALUES (1);',
    };
    expect(await migrate(db, [...base, added])).toEqual([added.name]);
    const broken = { version: next + 1, name: 'broken.sql', sql: 'CREATE TABLE half (id int);\nSELECT * FROM no_such_table;' };
    await expect(migrate(db, [...base, added, broken])).rejects.toThrow();
    const half = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half'`);
    expect(half.rows).toHaveLength(0);
    const recorded = await db.query<{ version: number }>('SELECT version FROM schema_migrations WHERE version = $1', [next + 1]);
    expect(recorded.rows).toHaveLength(0);
  });

  it('two processes migrating one fresh database at the same moment: both succeed, each migration once', async () => {
    const { db, url, drop } = await emptyDatabase(backend);
    cleanups.push(drop);
    // On PostgreSQL a second, independent pool on the same database stands for a second process;
    // PGlite lives in one process, so there two concurrent calls share it.
    let other = db;
    if (url) {
      const pool = await openPostgres(url, 2);
      cleanups.unshift(() => pool.close());
      other = pool;
    }
    const results = await Promise.all([migrate(db), migrate(other)]);
    const all = loadMigrations().map((m) => m.name);
    // One of them applied everything, the other found nothing left to do.
    expect(results.map((r) => r.length).sort()).toEqual([0, all.length]);
    expect(results.flat()).toEqual(all);
    const { rows } = await db.query<{ version: number; n: number }>(
      'SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version ORDER BY version',
    );
    expect(rows).toEqual(loadMigrations().map((m) => ({ version: m.version, n: 1 })));
  });
});
