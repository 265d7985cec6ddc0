import { join } from 'node:path';
import type { Config } from '../config/index.js';
import { openEmbedded } from './embedded.js';
import { migrate } from './migrate.js';
import { openPostgres } from './postgres.js';
import type { Database } from './types.js';

export type { Database, PoolUse, Queryable, QueryResult } from './types.js';

/** Connections of a process's pool for writes (and everything that is not `Database.reads`). */
const WRITE_POOL_SIZE = 10;

/** DATABASE_URL selects a PostgreSQL server; without it the embedded PGlite keeps its files under DATA_DIR. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseTimeouts' | 'databaseReadPoolSize'>>,
): Promise<Database> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, WRITE_POOL_SIZE, config.databaseTimeouts, config.databaseReadPoolSize)
    : await openEmbedded(join(config.dataDir, 'pglite'));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
