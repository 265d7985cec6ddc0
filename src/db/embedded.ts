import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, DatabaseHealth, Queryable, QueryResult } from './types.js';

/** PGlite runs in this process: it cannot be partitioned away, so there is nothing to watch. */
const IN_PROCESS: DatabaseHealth = {
  available: () => true,
  subscribe: () => () => {},
  pools: () => [],
};

/**
 * PGlite in this process. It serialises statements itself; a transaction holds it exclusively,
 * which gives the same isolation a PostgreSQL server gives for our workloads.
 * `dataDir` undefined keeps everything in memory (tests).
 */
export async function openEmbedded(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ? { dataDir } : {});
  await pg.exec(`SET TimeZone = 'UTC'`);

  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await q.query<T>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
  });

  const db: Database = {
    kind: 'embedded',
    ...wrap(pg),
    // One connection in process: there is no second one to read on.
    get reads() {
      return db;
    },
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    listen: async (channel, onPayload) => {
      const unlisten = await pg.listen(channel, onPayload);
      return () => unlisten();
    },
    health: IN_PROCESS,
    close: () => pg.close(),
  };
  return db;
}
