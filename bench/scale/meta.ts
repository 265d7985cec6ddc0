/**
 * The completion mark of a generated data set, kept in the data set itself: what was generated
 * (parameters, generator version, the migrations applied) and when it was finished. A data set
 * without a finished mark, or made for other parameters, or with a migration this checkout does not
 * have, is generated again; one that lacks only newer migrations is upgraded (`upgrade`).
 */
import type { Database } from '../../src/db/index.js';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { grantAnalyticsRead } from './owner-facts.js';
import { GENERATOR_VERSION, type ScaleParams } from './params.js';

export interface Meta {
  params: ScaleParams;
  generator: number;
  migrations: string[];
  completedAt: string | null;
  loadSeconds: Record<string, number>;
}

export async function readMeta(db: Database): Promise<Meta | undefined> {
  const { rows } = await db.query<{ present: string | null }>(`SELECT to_regclass('bench_scale_meta')::text AS present`);
  if (!rows[0]?.present) return undefined;
  const meta = await db.query<{ value: Meta }>('SELECT value FROM bench_scale_meta WHERE id = 1');
  return meta.rows[0]?.value;
}

export async function writeMeta(db: Database, meta: Meta): Promise<void> {
  await db.query('CREATE TABLE IF NOT EXISTS bench_scale_meta (id smallint PRIMARY KEY CHECK (id = 1), value jsonb NOT NULL)');
  await db.query('INSERT INTO bench_scale_meta (id, value) VALUES (1, $1::jsonb) ON CONFLICT (id) DO UPDATE SET value = EXCLUDED.value', [
    JSON.stringify(meta),
  ]);
}

export function currentMigrations(): string[] {
  return loadMigrations().map((m) => m.name);
}

/** Why a data set cannot be reused, or undefined when it can. */
export function staleReason(meta: Meta | undefined, params: ScaleParams): string | undefined {
  if (!meta) return 'it has no completion mark';
  if (!meta.completedAt) return 'its generation did not finish';
  if (meta.generator !== GENERATOR_VERSION) return `it was made by generator version ${meta.generator}, this is ${GENERATOR_VERSION}`;
  // Field by field: jsonb does not keep the order of an object's keys.
  const differs = (Object.keys(params) as (keyof ScaleParams)[]).filter((k) => meta.params[k] !== params[k]);
  if (differs.length > 0) return `it was made with other parameters (${differs.join(', ')})`;
  const now = currentMigrations();
  // Migrations added since are applied to it (upgrade), as an operator's database gets them.
  if (meta.migrations.some((name) => !now.includes(name))) {
    return `its migrations (${meta.migrations.at(-1) ?? 'none'}) differ from this checkout's (${now.at(-1) ?? 'none'})`;
  }
  return undefined;
}

/** Applies the migrations added since the data set was made, then vacuums what they rewrote. */
export async function upgrade(db: Database, meta: Meta, log: (line: string) => void): Promise<Meta> {
  await grantAnalyticsRead(db);
  const missing = currentMigrations().filter((name) => !meta.migrations.includes(name));
  if (missing.length === 0) return meta;
  const t0 = Date.now();
  await migrate(db);
  await db.query('VACUUM ANALYZE');
  log(`  upgraded with ${missing.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const upgraded = { ...meta, migrations: currentMigrations() };
  await writeMeta(db, upgraded);
  return upgraded;
}
