/**
 * Where a generated directory lives: a database on a PostgreSQL server, or a PGlite data
 * directory under the bench's output folder. Both are reached through the project's own
 * `Database` interface, so the generator's SQL is written once.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Database } from '../../src/db/index.js';
import { openEmbedded } from '../../src/db/embedded.js';
import { openPostgres } from '../../src/db/postgres.js';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Generated PGlite directories, side files and results: git-ignored. */
export const OUT_DIR = process.env.BENCH_SCALE_DIR ?? fileURLToPath(new URL('./out/', import.meta.url));

export interface DataSet {
  kind: 'postgres' | 'embedded';
  name: string;
  /** For people: the database URL or the directory. */
  where: string;
  /** What the server needs in its environment to use this data set. */
  serverEnv: Record<string, string>;
  exists(): Promise<boolean>;
  /** An empty database (or directory) to generate into. */
  create(): Promise<void>;
  drop(): Promise<void>;
  open(): Promise<Database>;
  sizeBytes(): Promise<number>;
  /** The database's name for pg_stat_activity (PostgreSQL only). */
  databaseName: string | undefined;
}

export function dataSet(name: string, embedded: boolean): DataSet {
  return embedded ? embeddedSet(name) : postgresSet(name);
}

function postgresSet(name: string): DataSet {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  return {
    kind: 'postgres',
    name,
    where: url.toString(),
    serverEnv: { DATABASE_URL: url.toString() },
    databaseName: name,
    exists: () => admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1),
    create: () => admin(async (c) => void (await c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`))),
    // Not WITH (FORCE): a session someone else has open on it must not be cut; the error says so.
    drop: () => admin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`))),
    // Bulk statements run for minutes at full size: no statement timeout.
    open: () => openPostgres(url.toString(), 4, { connectMs: 10_000, statementMs: 0 }),
    sizeBytes: () =>
      admin(async (c) => Number((await c.query<{ size: string }>('SELECT pg_database_size($1) AS size', [name])).rows[0]?.size ?? 0)),
  };
}

function embeddedSet(name: string): DataSet {
  const dir = join(OUT_DIR, `${name}.pglite`);
  // The server opens DATA_DIR/pglite (src/db/index.ts): the generator writes exactly there.
  const pgliteDir = join(dir, 'pglite');
  return {
    kind: 'embedded',
    name,
    where: dir,
    serverEnv: { DATA_DIR: dir },
    databaseName: undefined,
    exists: async () => existsSync(pgliteDir),
    create: async () => void mkdirSync(dir, { recursive: true }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
    open: () => openEmbedded(pgliteDir),
    sizeBytes: async () => duBytes(dir),
  };
}

function duBytes(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + duBytes(join(path, entry)), 0);
}
