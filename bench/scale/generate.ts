/**
 * Generates the issue-10 directory (100,000 bots, 10,000,000 votes by default) into a fresh
 * PostgreSQL database, or a PGlite directory with --embedded, or reuses a complete one.
 *
 *   npx tsx bench/scale/generate.ts [--bots N] [--votes N] [--seed N] [--embedded] [--regenerate]
 *
 * Order: the project's migrations, raw facts in bulk (indexes dropped meanwhile), the derived
 * counters in one step (derived.ts), VACUUM ANALYZE, the completion mark, the side file.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../../src/db/migrate.js';
import { parseOptions } from './args.js';
import { generateBotRows } from './bots.js';
import { dropIndexes, restoreIndexes } from './bulk-load.js';
import { dataSet, OUT_DIR, type DataSet } from './data-set.js';
import { computeDerivedCounters } from './derived.js';
import { insertBots, loadHistory, loadReviews, loadVotes, PLAN_TABLE } from './facts.js';
import { currentMigrations, readMeta, staleReason, upgrade, writeMeta, type Meta } from './meta.js';
import { loadKeys, loadSubscriptions } from './owner-facts.js';
import { dataSetName, GENERATOR_VERSION, scaleParams, type ScaleParams } from './params.js';
import { buildSideFile, readSideFile, writeSideFile, type SideFile } from './side-file.js';

/** The tables the bulk load fills with their indexes dropped. */
const BULK_TABLES = ['votes', 'reviews', 'bot_days', 'api_keys', 'subscriptions', 'bot_vote_months'];

export interface EnsureOptions {
  bots: number;
  votes: number;
  seed: number;
  embedded: boolean;
  regenerate: boolean;
  /** See Options.database (args.ts). */
  database?: string | undefined;
  log?: (line: string) => void;
}

export interface ReadyData {
  set: DataSet;
  params: ScaleParams;
  side: SideFile;
  /** True when this call generated it; false when a complete one was reused. */
  generated: boolean;
  /** Seconds per step of the generation that made this data set. */
  loadSeconds: Record<string, number>;
  sizeBytes: number;
}

export function sideFilePath(set: DataSet): string {
  return resolve(OUT_DIR, `${set.name}${set.kind === 'embedded' ? '.pglite' : ''}.side.json`);
}

/** The data set for these options: reused when complete and current, else generated. */
export async function ensureData(options: EnsureOptions): Promise<ReadyData> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const params = scaleParams(options.bots, options.votes, options.seed);
  const set = dataSet(options.database ?? dataSetName(params), options.embedded);
  let meta = await existingMeta(set);
  const reason = options.regenerate ? '--regenerate was given' : staleReason(meta, params);
  if (options.database && reason !== undefined) throw new Error(`--database ${options.database} cannot be used as it is: ${reason}`);
  const generated = reason !== undefined;
  if (generated) {
    if (meta !== undefined || (await set.exists())) log(`Data set ${set.where} is generated again: ${reason}`);
    meta = await generate(set, params, log);
  } else {
    log(`Reusing the complete data set ${set.where} (generated ${meta?.completedAt}; --regenerate for a new one)`);
    const db = await set.open();
    try {
      meta = await upgrade(db, meta as Meta, log);
    } finally {
      await db.close();
    }
  }
  const token = meta?.completedAt as string;
  const path = sideFilePath(set);
  let side = readSideFile(path, token);
  if (!side) {
    const db = await set.open();
    try {
      side = await buildSideFile(db, set.name, token, params);
    } finally {
      await db.close();
    }
    writeSideFile(path, side);
    log(`Side file (plaintext keys, samples): ${path}`);
  }
  return { set, params, side, generated, loadSeconds: meta?.loadSeconds ?? {}, sizeBytes: await set.sizeBytes() };
}

async function existingMeta(set: DataSet): Promise<Meta | undefined> {
  if (!(await set.exists())) return undefined;
  const db = await set.open();
  try {
    return await readMeta(db);
  } finally {
    await db.close();
  }
}

async function generate(set: DataSet, params: ScaleParams, log: (line: string) => void): Promise<Meta> {
  await set.drop();
  await set.create();
  const db = await set.open();
  const started = Date.now();
  const now = new Date();
  const seconds: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<number | void>) => {
    const t0 = Date.now();
    const rows = await fn();
    seconds[name] = (Date.now() - t0) / 1000;
    log(
      `  ${name.padEnd(28)} ${typeof rows === 'number' ? `${rows.toLocaleString('en')} rows`.padStart(18) : ''.padStart(18)} ${seconds[name].toFixed(1).padStart(7)} s`,
    );
  };
  log(`Generating ${set.kind === 'embedded' ? 'PGlite' : 'PostgreSQL'} data set ${set.where}: ${describe(params)}`);
  try {
    await step('schema (migrations)', async () => void (await migrate(db)));
    const meta: Meta = { params, generator: GENERATOR_VERSION, migrations: currentMigrations(), completedAt: null, loadSeconds: {} };
    await writeMeta(db, meta);
    const bots = generateBotRows(params, now.getTime());
    await step('bots', async () => {
      await insertBots(db, bots);
      return bots.length;
    });
    const saved = await dropIndexes(db, BULK_TABLES);
    await step('votes', () => loadVotes(db, params, now));
    await step('reviews', () => loadReviews(db, params, now));
    await step('history (bot_days, days)', () => loadHistory(db, params, now.toISOString().slice(0, 10), progress(log)));
    await step('api_keys', () => loadKeys(db, params, bots, now.getTime()));
    await step('subscriptions', () => loadSubscriptions(db, params, now));
    await step('indexes and constraints', () => restoreIndexes(db, saved));
    await step('derived counters', () => computeDerivedCounters(db));
    await db.query(`DROP TABLE ${PLAN_TABLE}`);
    await step('vacuum analyze', async () => void (await db.query('VACUUM ANALYZE')));
    seconds.total = (Date.now() - started) / 1000;
    const done: Meta = { ...meta, completedAt: new Date().toISOString(), loadSeconds: seconds };
    await writeMeta(db, done);
    log(`  ${'total'.padEnd(28)} ${''.padStart(18)} ${seconds.total.toFixed(1).padStart(7)} s`);
    return done;
  } finally {
    await db.close();
  }
}

/** A line every 3 months of history written, so a long load shows it is moving. */
function progress(log: (line: string) => void): (left: number) => void {
  return (left) => {
    if (left % 3 === 0 && left > 0) log(`    history: ${left} months left`);
  };
}

export function describe(p: ScaleParams): string {
  const n = (x: number) => x.toLocaleString('en');
  return `${n(p.bots)} bots, ${n(p.votes)} votes from ${n(p.users)} users, ${n(p.reviews)} reviews, ${n(p.keys)} keys, ${n(p.subscriptions)} subscriptions, seed ${p.seed}`;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(0)} MB`;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const options = parseOptions(process.argv.slice(2));
  const ready = await ensureData(options);
  process.stdout.write(`Data set ${ready.set.where}: ${formatBytes(ready.sizeBytes)} on disk\n`);
}
