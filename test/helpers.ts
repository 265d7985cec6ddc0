import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig, type Config } from '../src/config.js';
import { openEmbedded } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres.js';
import type { Database } from '../src/db/index.js';
import type { Clock } from '../src/lib/clock.js';
import type { LookupFn } from '../src/modules/webhooks/resolve-host.js';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export function backends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on the test server that is
 * dropped when the test file ends.
 */
export async function freshDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') {
    const db = await openEmbedded(undefined);
    await migrate(db);
    return db;
  }
  const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
  const db = await openPostgres(url, 5);
  await migrate(db);
  const close = db.close.bind(db);
  let closed = false;
  db.close = async () => {
    if (closed) return;
    closed = true;
    await close();
    await drop();
  };
  return db;
}

/** A new, empty database on the server of `serverUrl`: its URL, and a function that drops it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(serverUrl);
  const name = `bd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
/** A fixed key for webhook secrets, so tests never write a key file. */
export const TEST_SECRET_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return readConfig({ NODE_ENV: 'test', ADMIN_TOKEN, BASE_URL: 'http://127.0.0.1:3000', SECRET_KEY: TEST_SECRET_KEY, ...overrides });
}

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** Closes the app and (unless it was given) its database; safe to call more than once. */
  close(): Promise<void>;
  admin(method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/**
 * An app on a fresh database, closed (with its database) when the test file ends. Vitest ignores
 * hooks registered while a hook runs: a caller in `beforeAll` must call `close()` from its own
 * `afterAll`.
 */
export async function testApp(
  backend: Backend,
  options: { clock?: Clock; env?: Record<string, string>; db?: Database; workers?: boolean; lookup?: LookupFn } = {},
): Promise<TestApp> {
  const db = options.db ?? (await freshDatabase(backend));
  const app = await buildApp({
    config: testConfig(options.env),
    db,
    clock: options.clock,
    logger: false,
    workers: options.workers,
    lookup: options.lookup,
  });
  await app.ready();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      if (!options.db) await db.close();
    })());
  afterAll(close);
  return {
    app,
    db,
    close,
    admin: (method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    get: (url, headers = {}) => app.inject({ method: 'GET', url, headers }),
  };
}
