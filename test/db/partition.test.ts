import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/postgres.js';
import type { Database } from '../../src/db/index.js';
import { migrate } from '../../src/db/migrate.js';
import { botBody } from '../fixtures.js';
import { ManualClock, freshPostgresUrl, testApp, type TestApp } from '../helpers.js';
import { bearer, createKey, USER } from '../support/owner.js';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/** The bound under test: DB_TIMEOUT_MS. Answers must come within it plus the liveness check's interval and some slack. */
const DB_TIMEOUT_MS = 2000;
const ANSWER_WITHIN_MS = DB_TIMEOUT_MS + 1500;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL server that stops answering', () => {
  let proxy: TcpProxy;
  let db: Database;
  let t: TestApp;
  let drop: () => Promise<void>;
  const clock = new ManualClock(new Date());
  let botId: string;
  let key: string;

  beforeAll(async () => {
    const created = await freshPostgresUrl();
    drop = created.drop;
    const direct = new URL(created.url);
    proxy = await tcpProxy(Number(direct.port || 5432));
    const viaProxy = new URL(created.url);
    viaProxy.port = String(proxy.port);
    db = await openPostgres(viaProxy.toString(), 5, { connectMs: DB_TIMEOUT_MS, statementMs: 30_000 }, 2);
    await migrate(db);
    t = await testApp('postgres', { db, clock, env: { DB_TIMEOUT_MS: String(DB_TIMEOUT_MS) } });
    const bot = botBody();
    botId = bot.id;
    expect((await t.admin('PUT', `/admin/v1/bots/${botId}`, bot.body)).statusCode).toBe(201);
    key = (await createKey(t, botId, ['votes:read'])).key;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await db?.close();
    await proxy?.close();
    await drop?.();
  });

  it('answers 503 with Retry-After within the bound during a partition, serves the read cache, reports not ready, and recovers by itself', async () => {
    // Warm the cache for one bot; this read is then answered from memory.
    expect((await t.get(`/api/v1/bots/${botId}`)).statusCode).toBe(200);
    expect((await t.get('/health/ready')).statusCode).toBe(200);

    proxy.freeze();
    const requests = {
      // Bot lists come from memory now (the catalog); reviews are read from the database.
      uncachedReviews: () => t.get(`/api/v1/bots/${botId}/reviews?page=2`),
      adminWrite: () => t.admin('PATCH', `/admin/v1/bots/${botId}`, { prefix: '?' }),
      ownerRead: () => t.get(`/api/v1/bots/${botId}/votes`, bearer(key)),
      voteCheck: () => t.get(`/api/v1/bots/${botId}/check/${USER}`, bearer(key)),
      ready: () => t.get('/health/ready'),
    };
    // All at once, as traffic arrives: every one is answered, none waits for TCP to give up.
    const answers = await Promise.all(Object.entries(requests).map(async ([name, send]) => ({ name, ...(await timed(send)) })));
    for (const { name, value, ms } of answers) {
      expect(value.statusCode, name).toBe(503);
      expect(value.json().error.code, name).toBe('service_unavailable');
      expect(Number(value.headers['retry-after']), name).toBeGreaterThan(0);
      expect(ms, name).toBeLessThan(ANSWER_WITHIN_MS);
    }
    // Once the partition is noticed, requests fail at once.
    const again = await timed(() => t.get(`/api/v1/bots/${botId}/reviews?page=3`));
    expect(again.value.statusCode).toBe(503);
    expect(again.ms).toBeLessThan(200);

    // What the read cache holds is still served: fresh, and after its time to live.
    const cached = await timed(() => t.get(`/api/v1/bots/${botId}`));
    expect(cached.value.statusCode).toBe(200);
    expect(cached.value.json().data.id).toBe(botId);
    clock.advance(60_000);
    const stale = await timed(() => t.get(`/api/v1/bots/${botId}`));
    expect(stale.value.statusCode).toBe(200);
    expect(stale.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await t.get('/health/live')).statusCode).toBe(200);
    // Search runs on the in-memory index.
    const search = await timed(() => t.get('/api/v1/search?q=test'));
    expect(search.value.statusCode).toBe(200);
    expect(search.ms).toBeLessThan(ANSWER_WITHIN_MS);

    proxy.thaw();
    await expect.poll(async () => (await t.get('/health/ready')).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await t.get(`/api/v1/bots/${botId}/reviews?page=2`)).statusCode).toBe(200);
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { prefix: '?' })).statusCode).toBe(200);
    expect((await t.get(`/api/v1/bots/${botId}/votes`, bearer(key))).statusCode).toBe(200);
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data.prefix).toBe('?');
  }, 60_000);

  it('fails fast with 503 when the connection is refused, and recovers when the server is back', async () => {
    await proxy.refuse();
    const answer = await timed(() => t.get(`/api/v1/bots/${botId}/reviews?page=4`));
    expect(answer.value.statusCode).toBe(503);
    expect(answer.value.headers['retry-after']).toBeDefined();
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    await expect.poll(async () => (await t.get('/health/ready')).statusCode, { timeout: 5000, interval: 100 }).toBe(503);

    await proxy.listen();
    await expect.poll(async () => (await t.get('/health/ready')).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await t.get(`/api/v1/bots/${botId}/reviews?page=4`)).statusCode).toBe(200);
  }, 60_000);
});
