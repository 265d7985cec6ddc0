import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrate.js';
import type { Database, DatabaseHealth, Queryable, QueryResult } from './types.js';

/** PGlite runs in this process: it cannot be partitioned away, so there is nothing to watch. */
const IN_PROCESS: DatabaseHealth = {
  available: () => true,
  subscribe: () => () => {},
  pools: () => [],
};

/**
 * An in-memory database holds a test's few rows: PostgreSQL's default buffers (128 MB) would be
 * set up at every start for nothing, and that took two thirds of the time to open one.
 */
const IN_MEMORY_SETTINGS = ['-c', 'shared_buffers=8MB', '-c', 'wal_buffers=256kB'];

/**
 * PGlite in this process. It serialises statements itself; a transaction holds it exclusively,
 * which gives the same isolation a PostgreSQL server gives for our workloads.
 * `dataDir` undefined keeps everything in memory (tests); `image` starts from a copy of a
 * database made by `databaseImage` instead of an empty one.
 */
export async function openEmbedded(dataDir: string | undefined, image?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return wrap(await PGlite.create({ ...(dataDir ? { dataDir } : inMemory()), ...(image ? { loadDataDir: image } : {}) }));
}

function inMemory(): { startParams: string[] } {
  return { startParams: [...PGlite.defaultStartParams, ...IN_MEMORY_SETTINGS] };
}

/**
 * An in-memory database, migrated or left empty, as an image to open copies of: a suite that
 * makes many databases pays PGlite's initdb (seconds of CPU each) once.
 */
export async function databaseImage(kind: 'migrated' | 'empty'): Promise<Blob> {
  const pg = await PGlite.create(inMemory());
  try {
    const db = await wrap(pg);
    if (kind === 'migrated') await migrate(db);
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

async function wrap(pg: PGlite): Promise<Database> {
  await pg.exec(`SET TimeZone = 'UTC'`);

  const queryable = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await q.query<T>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
  });

  const db: Database = {
    kind: 'embedded',
    ...queryable(pg),
    // One connection in process: there is no second one to read on.
    get reads() {
      return db;
    },
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    listen: async (channel, onPayload) => {
      const unlisten = await pg.listen(channel, onPayload);
      return () => unlisten();
    },
    health: IN_PROCESS,
    close: () => pg.close(),
  };
  return db;
}
