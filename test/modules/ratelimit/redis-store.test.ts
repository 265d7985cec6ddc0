import { randomBytes } from 'node:crypto';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { RedisStore, type StoreLogger } from '../../../src/modules/ratelimit/redis-store.js';
import { expectLimitHeaders, expectRateLimited, rateLimitedApp } from './harness.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
/** Every key this run writes starts with it, so runs and files never share counters. */
const PREFIX = `bd-test:${randomBytes(6).toString('hex')}:`;

function recordingLog(): StoreLogger & { warnings: string[]; infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  return { warnings, infos, warn: (_o, message) => warnings.push(message), info: (_o, message) => infos.push(message) };
}

describe.runIf(REDIS_URL)('Redis store (TEST_REDIS_URL)', () => {
  const raw = new Redis(REDIS_URL as string);
  afterAll(async () => {
    const keys = await raw.keys(`${PREFIX}*`);
    if (keys.length > 0) await raw.del(...keys);
    await raw.quit();
  });

  it('makes two app instances enforce one limit: a tier-1 key gets exactly 60, then 429s on both', async () => {
    const env = { REDIS_URL: REDIS_URL as string, REDIS_KEY_PREFIX: `${PREFIX}two:` };
    const apps = [await rateLimitedApp({ env }), await rateLimitedApp({ env })] as const;
    const request: InjectOptions = { url: '/api/v1/bots', headers: { authorization: 'Bearer tier1-shared' } };
    const statuses: number[] = [];
    for (let i = 0; i < 66; i++) {
      const response = await apps[i % 2]!.inject(request);
      statuses.push(response.statusCode);
      if (i < 60) expect(expectLimitHeaders(response, 60).remaining).toBe(59 - i);
      else expectRateLimited(response, 60);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429, 429]);
    // The shared key lives under the prefix with the window's expiry.
    const ttl = await raw.pttl(`${PREFIX}two:rl:key:tier1-shared`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('counts atomically: concurrent requests on both instances still get exactly 60', async () => {
    const env = { REDIS_URL: REDIS_URL as string, REDIS_KEY_PREFIX: `${PREFIX}burst:` };
    const apps: FastifyInstance[] = [await rateLimitedApp({ env }), await rateLimitedApp({ env })];
    const request: InjectOptions = { url: '/no/such/route', headers: { authorization: 'Bearer tier1-burst' } };
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => apps[i % 2]!.inject(request)));
    expect(responses.filter((r) => r.statusCode === 404)).toHaveLength(60);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(40);
    for (const response of responses.filter((r) => r.statusCode === 429)) expectRateLimited(response, 60);
  });

  it('fails open to local counting while Redis is unreachable, and returns to Redis when it is back', async () => {
    const proxy = await tcpProxy(new URL(REDIS_URL as string));
    const log = recordingLog();
    const store = new RedisStore({
      url: `redis://127.0.0.1:${proxy.port}`,
      keyPrefix: `${PREFIX}outage:`,
      log,
      redis: { retryStrategy: () => 20 },
    });
    afterAll(async () => {
      await store.close();
      await proxy.close();
    });
    expect(await store.ready(5000)).toBe(true);
    expect(await store.hit('ip:a', 20, 60_000)).toMatchObject({ count: 1 });

    await proxy.close();
    for (let i = 0; i < 30; i++) {
      const hit = await store.hit('ip:a', 20, 60_000);
      expect(hit.resetMs).toBeGreaterThan(0);
    }
    // One warning for the whole outage (throttled), not one per request or reconnect attempt.
    expect(log.warnings).toHaveLength(1);
    expect(await raw.get(`${PREFIX}outage:rl:ip:a`)).toBe('1');

    await proxy.listen();
    await vi.waitFor(() => expect(store.client.status).toBe('ready'), { timeout: 10_000, interval: 20 });
    // Counting is back in Redis: the key continues from the count before the outage.
    expect(await store.hit('ip:a', 20, 60_000)).toMatchObject({ count: 2 });
    expect(await raw.get(`${PREFIX}outage:rl:ip:a`)).toBe('2');
    expect(log.infos).toEqual([expect.stringMatching(/reachable again/)]);
  });

  it('does not hang when Redis stops answering: the command times out and the request is counted locally', async () => {
    const proxy = await tcpProxy(new URL(REDIS_URL as string));
    const log = recordingLog();
    const store = new RedisStore({ url: `redis://127.0.0.1:${proxy.port}`, keyPrefix: `${PREFIX}stall:`, log, commandTimeoutMs: 100 });
    afterAll(async () => {
      await store.close();
      await proxy.close();
    });
    expect(await store.ready(5000)).toBe(true);
    proxy.stall();
    const hit = await store.hit('ip:b', 20, 60_000);
    expect(hit).toEqual({ count: 1, resetMs: 60_000 });
    expect(log.warnings).toHaveLength(1);
  });
});

describe('Redis outage at boot (closed port)', () => {
  it('starts, answers every request (counting per process) and warns instead of failing', async () => {
    const app = await rateLimitedApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_ANONYMOUS: '20' } });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await app.inject({ url: '/api/v1/bots' });
      statuses.push(response.statusCode);
      if (i < 20) expectLimitHeaders(response, 20);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

/** A TCP proxy to Redis that a test can cut (close) or stall (stop forwarding, keep sockets). */
async function tcpProxy(target: URL): Promise<{
  port: number;
  close(): Promise<void>;
  listen(): Promise<void>;
  stall(): void;
}> {
  const sockets = new Set<Socket>();
  let stalled = false;
  let server: Server | undefined;
  let port = 0;
  const listen = async (): Promise<void> => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      sockets.add(client).add(upstream);
      client.on('data', (chunk) => stalled || upstream.write(chunk));
      upstream.on('data', (chunk) => stalled || client.write(chunk));
      for (const socket of [client, upstream]) {
        socket.on('error', () => {});
        socket.on('close', () => {
          sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    listen,
    stall: () => {
      stalled = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server?.listening) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}
