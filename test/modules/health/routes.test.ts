import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, testApp, type Backend, type TestApp } from '../../helpers.js';

describe.each(backends())('health on %s', (backend: Backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(backend, { env: { RATE_LIMIT_ANONYMOUS: '2' } });
  });
  afterAll(() => t.close());

  it('GET /health/live answers 200 while the process runs', async () => {
    const response = await t.get('/health/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'live' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /health/ready reports every check', async () => {
    const response = await t.get('/health/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', search: 'ok', redis: 'not configured' },
    });
  });

  it('is not rate limited and carries no rate-limit headers', async () => {
    for (let i = 0; i < 6; i++) {
      const response = await t.get(i % 2 ? '/health/live' : '/health/ready');
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
    // The anonymous limit (2 here) still applies to the API.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.get('/api/v1/bots')).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('answers 503 service_unavailable with Retry-After and the reasons when not ready', async () => {
    const search = t.app.services.search as unknown as { isLoaded(): boolean };
    const original = search.isLoaded;
    search.isLoaded = () => false;
    await t.db.query('DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)');
    try {
      const response = await t.get('/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      const { error } = response.json();
      expect(error.code).toBe('service_unavailable');
      expect(error.message).toMatch(/^Not ready: migrations not applied: \d+; search index not loaded$/);
      // Alive all the same: a restart would not help.
      expect((await t.get('/health/live')).statusCode).toBe(200);
    } finally {
      search.isLoaded = original;
    }
  });
});

describe('health with Redis configured', () => {
  it('reports Redis down (rate limits then count per process) but stays ready', async () => {
    const t = await testApp('pglite', { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const response = await t.get('/health/ready');
      expect(response.statusCode).toBe(200);
      expect(response.json().checks.redis).toBe('failing');
    } finally {
      await t.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('reports Redis ok when it answers', async () => {
    const t = await testApp('pglite', { env: { REDIS_URL: process.env.TEST_REDIS_URL as string } });
    try {
      expect((await t.get('/health/ready')).json().checks.redis).toBe('ok');
    } finally {
      await t.close();
    }
  });
});
