/** A fresh PostgreSQL database for one bench run, dropped afterwards; undefined when no server answers. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresDatabase(say: (line: string) => void): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    say(`PostgreSQL not reachable at ${POSTGRES_URL} (${(error as Error).message}): skipped`);
    return undefined;
  }
  const name = `bd_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
