import { openEmbedded } from '../../src/db/embedded.js';
import type { Database } from '../../src/db/index.js';
import { openPostgres } from '../../src/db/postgres.js';
import { freshPostgresUrl, pgliteImage, type Backend } from '../helpers.js';

/**
 * For the describes whose tests migrate databases from empty: each migration is its own transaction,
 * a few seconds in all alone, past the default 30 s with the whole suite on a loaded two-core machine
 * (the room the hooks that build databases get).
 */
export const MIGRATING = { timeout: 120_000 };

/** An empty (unmigrated) database and its URL (PostgreSQL) for opening more pools on it. */
export async function emptyDatabase(backend: Backend): Promise<{ db: Database; url?: string; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    const db = await openEmbedded(undefined, await pgliteImage('empty'));
    return { db, drop: () => db.close() };
  }
  const { url, drop } = await freshPostgresUrl();
  const db = await openPostgres(url, 2);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await drop();
    },
  };
}
