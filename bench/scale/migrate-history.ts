/**
 * npm run bench:scale:migrate-history -- [--bots N] [--votes N] [--seed N] [--database NAME]
 *
 * Measures migration 040 (bot_history into bot_days, issue 33) at scale: copies a complete data
 * set still at migration 039 (CREATE DATABASE … TEMPLATE, so the source is never changed; nobody
 * may be connected to it meanwhile) into NAME (default bd_scale_daily), applies the pending
 * migrations there as a starting server does (migrate(): one transaction, under the migration
 * lock), vacuums, and marks the copy complete so `npm run bench:scale -- --database NAME` and
 * `npm run bench:scale:explain -- --database NAME` measure it. PostgreSQL only.
 */
import pg from 'pg';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { parseOptions } from './args.js';
import { ADMIN_URL, dataSet } from './data-set.js';
import { formatBytes } from './generate.js';
import { currentMigrations, readMeta, writeMeta } from './meta.js';
import { dataSetName, scaleParams } from './params.js';

const HISTORY_MIGRATION = 40;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function timed<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const value = await fn();
  say(`  ${what.padEnd(44)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s`);
  return value;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2).filter((arg) => arg !== '--'));
  const source = dataSet(dataSetName(scaleParams(options.bots, options.votes, options.seed)), false);
  const target = dataSet(options.database ?? 'bd_scale_daily', false);
  const sourceDb = await source.open();
  try {
    const meta = await readMeta(sourceDb);
    if (!meta?.completedAt) throw new Error(`${source.name} is not a complete data set: run npm run bench:scale first`);
    const { rows } = await sourceDb.query<{ version: number }>('SELECT max(version) AS version FROM schema_migrations');
    if ((rows[0]?.version ?? 0) >= HISTORY_MIGRATION)
      throw new Error(
        `${source.name} has migration 040 already: nothing to measure (a data set at 039 comes from the generator before 040, commit f7954b3)`,
      );
  } finally {
    await sourceDb.close();
  }
  say(`Migration 040 on a copy of ${source.name} (${formatBytes(await source.sizeBytes())}), named ${target.name}`);
  await target.drop();
  await timed('copy (CREATE DATABASE … TEMPLATE)', () =>
    admin(
      async (c) => void (await c.query(`CREATE DATABASE ${pg.escapeIdentifier(target.name)} TEMPLATE ${pg.escapeIdentifier(source.name)}`)),
    ),
  );
  const db = await target.open();
  try {
    const history = await db.query<{ rows: string; bytes: string }>(
      `SELECT count(*) AS rows, pg_total_relation_size('bot_history') AS bytes FROM bot_history`,
    );
    say(`  bot_history: ${Number(history.rows[0]?.rows).toLocaleString('en')} rows, ${formatBytes(Number(history.rows[0]?.bytes))}`);
    const pending = loadMigrations().filter((m) => m.version <= HISTORY_MIGRATION);
    const applied = await timed('migrate() up to 040 (as a starting server)', () => migrate(db, pending));
    say(`    applied: ${applied.join(', ')}`);
    const later = await timed('migrate() the rest', () => migrate(db));
    if (later.length > 0) say(`    applied: ${later.join(', ')}`);
    await timed('VACUUM ANALYZE bot_days', async () => void (await db.query('VACUUM ANALYZE bot_days')));
    const days = await db.query<{ rows: string; bytes: string }>(
      `SELECT count(*) AS rows, pg_total_relation_size('bot_days') AS bytes FROM bot_days`,
    );
    say(`  bot_days: ${Number(days.rows[0]?.rows).toLocaleString('en')} rows, ${formatBytes(Number(days.rows[0]?.bytes))}`);
    const meta = await readMeta(db);
    if (meta) await writeMeta(db, { ...meta, migrations: currentMigrations() });
  } finally {
    await db.close();
  }
  say(`Done: npm run bench:scale -- --database ${target.name} (and bench:scale:explain -- --database ${target.name})`);
}

await main();
