/** Two app instances with workers (separate connection pools, like two processes) on one fresh PostgreSQL database. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { migrate } from '../../../src/db/migrate.js';
import { openPostgres } from '../../../src/db/postgres.js';
import type { Database } from '../../../src/db/index.js';
import { ADMIN_TOKEN, createPostgresDatabase, TEST_READ_POOL_SIZE, testConfig } from '../../helpers.js';
import { FAST_ENV } from './harness.js';
import { startReceiver, type LoopbackReceiver } from './loopback-receiver.js';

export interface TwoProcesses {
  apps: [FastifyInstance, FastifyInstance];
  /** A receiver answering 200 to everything. */
  receiver: LoopbackReceiver;
  admin(app: FastifyInstance, method: 'PUT' | 'POST', path: string, payload: object): Promise<LightMyRequestResponse>;
}

/**
 * Builds both apps; every step of the teardown goes to `cleanup` (run it in reverse in afterAll).
 * `env` is laid over FAST_ENV.
 */
export async function twoProcesses(cleanup: Array<() => Promise<unknown>>, env: Record<string, string> = {}): Promise<TwoProcesses> {
  const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
  cleanup.push(drop);
  const receiver = await startReceiver((res) => res.writeHead(200).end());
  cleanup.push(() => receiver.close());
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const db: Database = await openPostgres(url, 5, undefined, TEST_READ_POOL_SIZE);
    await migrate(db);
    const app = await buildApp({ config: testConfig({ ...FAST_ENV, ...env }), db, logger: false, workers: true });
    cleanup.push(async () => {
      await app.close();
      await db.close();
    });
    apps.push(app);
  }
  return {
    apps: apps as [FastifyInstance, FastifyInstance],
    receiver,
    admin: (app, method, path, payload) => app.inject({ method, url: path, payload, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }),
  };
}
