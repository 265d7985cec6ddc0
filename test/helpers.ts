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
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `bd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 5);
  await migrate(db);
  const close = db.close.bind(db);
  let closed = false;
  db.close = async () => {
    if (closed) return;
    closed = true;
    await close();
    const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return db;
}

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/**
 * Tests make many requests from one address: the limits are raised out of the way unless a test
 * sets them (the rate-limit tests do).
 */
const GENEROUS_LIMITS = {
  RATE_LIMIT_ANONYMOUS: '1000000',
  RATE_LIMIT_EMBEDS: '1000000',
  RATE_LIMIT_TIER1: '1000000',
  RATE_LIMIT_TIER2: '1000000',
  RATE_LIMIT_TIER3: '1000000',
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return readConfig({ NODE_ENV: 'test', ADMIN_TOKEN, BASE_URL: 'http://127.0.0.1:3000', ...GENEROUS_LIMITS, ...overrides });
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
  admin(method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** An app on a fresh database, closed (with its database) when the test file ends. */
export async function testApp(
  backend: Backend,
  options: { clock?: Clock; env?: Record<string, string>; db?: Database } = {},
): Promise<TestApp> {
  const db = options.db ?? (await freshDatabase(backend));
  const app = await buildApp({ config: testConfig(options.env), db, clock: options.clock, logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    if (!options.db) await db.close();
  });
  return {
    app,
    db,
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
