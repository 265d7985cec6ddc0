import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/index.js';
import { botBody } from '../fixtures.js';
import { ADMIN_TOKEN, freshDatabase, testApp, testConfig, type TestApp } from '../helpers.js';
import { configureWebhook, FAST_ENV, Receivers, settled, vote } from '../modules/webhooks/harness.js';

const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** An app whose log lines (JSON) the test reads. */
async function loggedApp(env: Record<string, string> = {}, options: { workers?: boolean } = {}) {
  const lines: Record<string, any>[] = [];
  const db: Database = await freshDatabase('pglite');
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info', ...env }),
    db,
    workers: options.workers,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.ready();
  return { app, lines, close: async () => (await app.close(), await db.close()) };
}

describe('request logs', () => {
  let subject: Awaited<ReturnType<typeof loggedApp>>;
  beforeAll(async () => {
    subject = await loggedApp();
  });
  afterAll(() => subject.close());

  it('one info line per request: method, route, status, ms and the request id, never the Authorization header', async () => {
    const { app, lines } = subject;
    const { id, body } = botBody();
    lines.length = 0;
    const put = await app.inject({ method: 'PUT', url: `/admin/v1/bots/${id}`, headers: auth, payload: body });
    const get = await app.inject({ method: 'GET', url: `/api/v1/bots/${id}?x=1` });
    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({
      level: 30,
      method: 'PUT',
      route: '/admin/v1/bots/:id',
      status: 201,
      reqId: put.headers['x-request-id'],
    });
    expect(requests[1]).toMatchObject({
      method: 'GET',
      route: '/api/v1/bots/:id',
      url: `/api/v1/bots/${id}?x=1`,
      status: 200,
      reqId: get.headers['x-request-id'],
    });
    expect(requests[2]).toMatchObject({ route: 'unmatched', status: 404, reqId: missing.headers['x-request-id'] });
    for (const line of requests) expect(typeof line.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(ADMIN_TOKEN);
  });

  it('health checks and metrics scrapes are not logged at info', async () => {
    const { app, lines } = subject;
    lines.length = 0;
    for (const url of ['/health/live', '/health/ready', '/metrics']) expect((await app.inject({ url })).statusCode).toBe(200);
    expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
  });

  it('x-request-id: a new UUID per request, or the caller’s own id when it is a plain token', async () => {
    const { app } = subject;
    const first = await app.inject({ url: '/api/v1/bots' });
    const second = await app.inject({ url: '/api/v1/bots' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect((await app.inject({ url: '/api/v1/bots', headers: { 'x-request-id': 'edge-1234abcd' } })).headers['x-request-id']).toBe(
      'edge-1234abcd',
    );
    const forged = await app.inject({ url: '/api/v1/bots', headers: { 'x-request-id': 'a b\n{"level":60}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Errors carry it too.
    expect((await app.inject({ url: '/api/v1/bots?limit=0' })).headers['x-request-id']).toBeDefined();
  });

  it('LOG_REQUESTS=false turns the request lines off', async () => {
    const quiet = await loggedApp({ LOG_REQUESTS: 'false' });
    try {
      await quiet.app.inject({ url: '/api/v1/bots' });
      expect(quiet.lines.filter((line) => line.msg === 'request')).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('webhook attempt logs', () => {
  const receivers = new Receivers();
  afterAll(() => receivers.closeAll());

  it('one line per attempt: bot, event id, status, latency and outcome', async () => {
    const subject = await loggedApp(FAST_ENV, { workers: true });
    try {
      const client = {
        admin: (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
          subject.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) }),
        get: (url: string) => subject.app.inject({ url }),
      };
      const failing = await receivers.start((res) => {
        res.statusCode = 503;
        res.end('down');
      });
      const { id, body } = botBody();
      await client.admin('PUT', `/admin/v1/bots/${id}`, body);
      await configureWebhook(client, id, failing.url);
      await vote(client, id);
      const [delivery] = await settled(client, id);
      const attempts = subject.lines.filter((line) => line.msg === 'webhook attempt');
      expect(attempts).toHaveLength(7);
      expect(attempts[0]).toMatchObject({
        level: 40,
        botId: id,
        eventId: delivery?.event.id,
        statusCode: 503,
        attempt: 1,
        outcome: 'retry',
      });
      expect(attempts[6]).toMatchObject({ attempt: 7, outcome: 'failed' });
      for (const line of attempts) expect(typeof line.latencyMs).toBe('number');
    } finally {
      await subject.close();
    }
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite', { env: { RATE_LIMIT_ANONYMOUS: '7' } });
  });
  afterAll(() => t.close());

  it('GET /metrics serves the Prometheus text format with every documented metric', async () => {
    const { id, body } = botBody();
    await t.admin('PUT', `/admin/v1/bots/${id}`, body);
    for (let i = 0; i < 4; i++) await t.get(`/api/v1/bots/${id}`);
    // Reviews go through a read cache (the bot itself is served from the in-memory catalog).
    for (let i = 0; i < 4; i++) await t.get(`/api/v1/bots/${id}/reviews`);
    const response = await t.get('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    for (const name of [
      'botdir_http_requests_total',
      'botdir_http_request_duration_seconds_bucket',
      'botdir_http_rate_limited_total',
      'botdir_read_cache_requests_total',
      'botdir_webhook_queue_depth',
      'botdir_webhook_attempts_total',
      'botdir_webhook_attempt_duration_seconds',
      'botdir_webhook_switch_offs_total',
      'botdir_history_collection_duration_seconds',
      'botdir_db_available',
      'botdir_db_pool_connections',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(text, name).toContain(`# TYPE ${name.replace(/_bucket$/, '')} `);
    }
    expect(text).toMatch(new RegExp(`botdir_http_requests_total\\{method="GET",route="/api/v1/bots/:id",status="200"\\} 4`));
    expect(text).toMatch(/botdir_http_rate_limited_total\{route="\/api\/v1\/bots\/:id\/reviews"\} 1/);
    expect(text).toMatch(/botdir_read_cache_requests_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/botdir_read_cache_requests_total\{result="miss"\} [1-9]/);
    expect(text).toMatch(/botdir_webhook_queue_depth\{state="unrouted"\} 0/);
    expect(text).toMatch(/botdir_db_available 1/);
  });

  it('counts nothing per URL or id: labels are route templates', async () => {
    await t.get('/api/v1/bots/1234567890123456789');
    const text = (await t.get('/metrics')).body;
    expect(text).not.toContain('1234567890123456789');
  });

  it('with METRICS_TOKEN, /metrics wants it (401 in the envelope otherwise)', async () => {
    const guarded = await testApp('pglite', { env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    try {
      const refused = await guarded.get('/metrics');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('unauthorized');
      expect((await guarded.get('/metrics', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
      expect((await guarded.get('/metrics', { authorization: 'Bearer metrics-token-0123456789' })).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('back-pressure', () => {
  let app: FastifyInstance;
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase('pglite');
    app = await buildApp({ config: testConfig({ MAX_EVENT_LOOP_DELAY_MS: '10' }), db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers 503 service_unavailable with Retry-After while the event loop lags, and recovers', async () => {
    // The first samples after the start are not judged.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await app.inject({ url: '/api/v1/bots' })).statusCode).toBe(200);
    // Longer than two samples, so the latest sample before the request measured only the lag.
    await saturate(2500);
    const refused = await app.inject({ url: '/api/v1/bots' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json().error.code).toBe('service_unavailable');
    // Health checks still answer, so the operator can see what happens.
    expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
    await expect.poll(async () => (await app.inject({ url: '/api/v1/bots' })).statusCode, { timeout: 6000, interval: 250 }).toBe(200);
  }, 20_000);
});

/** Keeps the event loop busy for `ms`: every turn is late by ~40 ms, as under a flood of work. */
function saturate(ms: number): Promise<void> {
  const end = Date.now() + ms;
  return new Promise((resolve) => {
    const spin = (): void => {
      const until = Date.now() + 40;
      while (Date.now() < until);
      if (Date.now() < end) setImmediate(spin);
      else resolve();
    };
    spin();
  });
}
