/** Durability across process restarts: the retry schedule resumes, and an abandoned lease expires. */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { deliveryRepository } from '../../../src/modules/webhooks/delivery/repository.js';
import { ADMIN_TOKEN, backends, freshDatabase, testConfig } from '../../helpers.js';
import {
  type Client,
  configureWebhook,
  createBot,
  deliveryLog,
  expectAttemptsReceived,
  expectStripeAccepts,
  FAST_ENV,
  Receivers,
  settled,
  vote,
  waitFor,
} from './harness.js';

/** An app with its workers on `db`, with the calls the harness steps make. */
async function boot(
  db: Database,
  env: Record<string, string>,
  workers = true,
): Promise<Client & { app: FastifyInstance; db: Database; close(): Promise<void> }> {
  const app = await buildApp({ config: testConfig(env), db, logger: false, workers });
  await app.ready();
  return {
    app,
    db,
    close: () => app.close(),
    admin: (method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    get: (url, headers = {}) => app.inject({ method: 'GET', url, headers }),
  };
}

describe.each(backends())('webhook delivery across restarts (%s)', (backend) => {
  const receivers = new Receivers();
  const open: Array<{ close(): Promise<unknown> }> = [];
  afterEach(async () => {
    for (const thing of open.splice(0).reverse()) await thing.close();
    await receivers.closeAll();
  });

  it('resumes the retry schedule after a restart: nothing lost, no extra attempt', async () => {
    const db = await freshDatabase(backend);
    open.push(db);
    // Long enough gaps that the restart lands between two attempts.
    const env = { ...FAST_ENV, WEBHOOK_RETRY_SCHEDULE: '0.05,0.4,0.4,0.4,0.4,0.4' };
    const receiver = await receivers.start((res) => res.writeHead(503).end());
    const first = await boot(db, env);
    const botId = await createBot(first);
    const secret = await configureWebhook(first, botId, receiver.url);
    await vote(first, botId);
    await waitFor(() => receiver.received.length >= 2, 'two attempts before the restart');
    await first.app.close();

    const before = receiver.received.length;
    const { rows } = await db.query<{ attempts: number; status: string }>('SELECT attempts, status FROM deliveries');
    expect(rows).toEqual([{ attempts: before, status: 'pending' }]);

    const second = await boot(db, env);
    open.push(second.app);
    const [delivery] = await settled(second, botId);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 7 });
    expect(delivery!.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expectAttemptsReceived(receiver.received, delivery!.attempts);
    expect(new Set(receiver.received.map((r) => JSON.parse(r.rawBody).id)).size).toBe(1);
    expectStripeAccepts(receiver.received, secret);
  });

  it('retries a delivery whose process died mid-flight once its lease expires', async () => {
    const db = await freshDatabase(backend);
    open.push(db);
    const receiver = await receivers.start();
    // A process without workers writes the event; then "another process" claims it and dies.
    const writer = await boot(db, FAST_ENV, false);
    const botId = await createBot(writer);
    const secret = await configureWebhook(writer, botId, receiver.url);
    await vote(writer, botId);
    await writer.app.close();
    const now = new Date();
    await deliveryRepository.route(db, now, 10);
    const leaseEnds = now.getTime() + 700;
    const [abandoned] = await deliveryRepository.claim(db, now, new Date(leaseEnds), '6f8d2a4e-0c1b-4e5f-9a7d-3b2c1d0e9f8a', 10);
    expect(abandoned).toBeDefined();

    const restarted = await boot(db, FAST_ENV);
    open.push(restarted.app);
    const [delivery] = await settled(restarted, botId);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 1 });
    expect(Date.parse(delivery!.attempts[0].attemptedAt)).toBeGreaterThanOrEqual(leaseEnds);
    expect(receiver.received).toHaveLength(1);
    expectStripeAccepts(receiver.received, secret);
    expect((await deliveryLog(restarted, botId)).data).toHaveLength(1);
  });
});
