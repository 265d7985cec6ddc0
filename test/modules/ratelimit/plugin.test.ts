import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, ManualClock } from '../../helpers.js';
import { expectLimitHeaders, expectRateLimited, limits, rateLimitedApp } from './harness.js';

const BOTS = '/api/v1/bots';

async function spend(app: FastifyInstance, n: number, request: InjectOptions = { url: BOTS }): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await app.inject(request)).statusCode);
  return statuses;
}

describe('rate-limit headers', () => {
  it('are on every kind of response, counting down across them', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '8' } });
    const cases: Array<[InjectOptions, number]> = [
      [{ url: BOTS }, 200],
      [{ url: `${BOTS}/123456789012345678` }, 404],
      [{ url: '/no/such/route' }, 404],
      [{ method: 'DELETE', url: BOTS }, 405],
      [{ url: `${BOTS}?limit=0` }, 422],
      [{ method: 'OPTIONS', url: BOTS }, 204],
      [{ url: '/admin/v1/openapi.json', headers: { authorization: 'Bearer wrong-token-0123456789' } }, 401],
      [{ url: `${BOTS}/openapi.json` }, 404],
    ];
    let expected = 8;
    for (const [request, status] of cases) {
      const response = await app.inject(request);
      expect(response.statusCode, `${request.method ?? 'GET'} ${JSON.stringify(request.url)}`).toBe(status);
      expected -= 1;
      expect(expectLimitHeaders(response, 8).remaining, `${request.method ?? 'GET'} ${JSON.stringify(request.url)}`).toBe(expected);
    }
    const limited = await app.inject({ url: '/no/such/route' });
    expectRateLimited(limited, 8);
  });

  it('are on malformed-URL answers from the router too, which are counted', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '2' } });
    const bad = { url: `${BOTS}/%E0%A4%A` };
    const first = await app.inject(bad);
    expect(first.statusCode).toBe(422);
    expect(first.json().error.code).toBe('validation_failed');
    expect(expectLimitHeaders(first, 2).remaining).toBe(1);
    expect((await app.inject({ url: BOTS })).statusCode).toBe(200);
    expectRateLimited(await app.inject(bad), 2);
  });

  it('give the seconds until the window resets as an integer', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00.000Z'));
    const app = await rateLimitedApp({ clock });
    expect(limits(await app.inject({ url: BOTS })).reset).toBe(60);
    clock.advance(500);
    expect(limits(await app.inject({ url: BOTS })).reset).toBe(60); // 59.5 s left: rounded up
    clock.advance(40_000);
    expect(limits(await app.inject({ url: BOTS })).reset).toBe(20);
    clock.advance(19_499);
    expect(limits(await app.inject({ url: BOTS })).reset).toBe(1);
  });
});

describe('anonymous callers', () => {
  it('get 20 requests a minute, then 429 rate_limited with Retry-After', async () => {
    const app = await rateLimitedApp();
    for (let i = 1; i <= 20; i++) {
      const response = await app.inject({ url: BOTS });
      expect(response.statusCode).toBe(200);
      expect(expectLimitHeaders(response, 20).remaining).toBe(20 - i);
    }
    for (let i = 0; i < 3; i++) expectRateLimited(await app.inject({ url: BOTS }), 20);
  });

  it('are counted per IP', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '3' } });
    const from = (remoteAddress: string): InjectOptions => ({ url: BOTS, remoteAddress });
    expect(await spend(app, 4, from('198.51.100.1'))).toEqual([200, 200, 200, 429]);
    expect(await spend(app, 4, from('198.51.100.2'))).toEqual([200, 200, 200, 429]);
    // One IPv6 host may hold a whole /64: it is one caller.
    expect(await spend(app, 2, from('2001:db8:1:2::1'))).toEqual([200, 200]);
    expect(await spend(app, 2, from('2001:db8:1:2:ffff::9'))).toEqual([200, 429]);
    expect(await spend(app, 1, from('2001:db8:1:3::1'))).toEqual([200]);
  });

  it('cannot pick their bucket with X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '2' } });
    const forged = (address: string): InjectOptions => ({ url: BOTS, headers: { 'x-forwarded-for': address } });
    expect(await spend(app, 1, forged('203.0.113.1'))).toEqual([200]);
    expect(await spend(app, 1, forged('203.0.113.2'))).toEqual([200]);
    expect(await spend(app, 1, forged('203.0.113.3'))).toEqual([429]);
  });

  it('are counted by X-Forwarded-For when TRUST_PROXY is on', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '2', TRUST_PROXY: 'true' } });
    const via = (address: string): InjectOptions => ({ url: BOTS, headers: { 'x-forwarded-for': address } });
    expect(await spend(app, 3, via('203.0.113.1'))).toEqual([200, 200, 429]);
    expect(await spend(app, 3, via('203.0.113.2'))).toEqual([200, 200, 429]);
  });

  it('are counted by the address the trusted proxy saw when TRUST_PROXY lists the proxies', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '2', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
    // The client forges the left-most entry; the proxies (10.0.0.5, then 127.0.0.1) append.
    const via = (forged: string): InjectOptions => ({
      url: BOTS,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `${forged}, 203.0.113.7, 10.0.0.5` },
    });
    expect(await spend(app, 1, via('192.0.2.1'))).toEqual([200]);
    expect(await spend(app, 2, via('192.0.2.2'))).toEqual([200, 429]);
  });

  it('start afresh when the window has passed (injected clock)', async () => {
    const clock = new ManualClock(new Date('2026-03-01T12:00:00.000Z'));
    const app = await rateLimitedApp({ clock, env: { RATE_LIMIT_ANONYMOUS: '2' } });
    expect(await spend(app, 3)).toEqual([200, 200, 429]);
    clock.advance(59_000);
    const still = await app.inject({ url: BOTS });
    expectRateLimited(still, 2);
    expect(still.headers['retry-after']).toBe('1');
    clock.advance(1_000);
    const fresh = await app.inject({ url: BOTS });
    expect(fresh.statusCode).toBe(200);
    expect(limits(fresh)).toEqual({ limit: 2, remaining: 1, reset: 60 });
  });
});

describe('API keys (through the resolver the key module provides)', () => {
  const key = (token: string, url = BOTS): InjectOptions => ({ url, headers: { authorization: `Bearer ${token}` } });

  it('are limited by tier: 60, 240, 1200 a minute by default', async () => {
    const app = await rateLimitedApp();
    expect(limits(await app.inject(key('tier1-a'))).limit).toBe(60);
    expect(limits(await app.inject(key('tier2-a'))).limit).toBe(240);
    expect(limits(await app.inject(key('tier3-a'))).limit).toBe(1200);
    expect(limits(await app.inject(key('no-such-scheme'))).limit).toBe(20);
  });

  it('get exactly their tier limit, counted per key and not per IP', async () => {
    const app = await rateLimitedApp();
    const statuses = await spend(app, 62, key('tier1-b'));
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual([429, 429]);
    expectRateLimited(await app.inject({ ...key('tier1-b'), remoteAddress: '198.51.100.9' }), 60);
    // The key's use did not touch the IP's anonymous bucket, nor another key's.
    expect(limits(await app.inject({ url: BOTS })).remaining).toBe(19);
    expect(limits(await app.inject(key('tier1-c'))).remaining).toBe(59);
  });

  it('keep working when the caller IP has spent its anonymous requests', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '1' } });
    expect(await spend(app, 2)).toEqual([200, 429]);
    expect((await app.inject(key('tier2-d'))).statusCode).toBe(200);
  });

  it('that are refused still cost the caller IP a request: key guessing is rate-limited', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '3' } });
    const refused = await app.inject(key('revoked-x'));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthorized');
    expect(expectLimitHeaders(refused, 3).remaining).toBe(2);
    expect(await spend(app, 3, key('revoked-y'))).toEqual([401, 401, 429]);
    expectRateLimited(await app.inject(key('revoked-z')), 3);
  });

  it('follow RATE_LIMIT_TIER1/2/3 and RATE_LIMIT_ANONYMOUS', async () => {
    const app = await rateLimitedApp({
      env: { RATE_LIMIT_ANONYMOUS: '2', RATE_LIMIT_TIER1: '3', RATE_LIMIT_TIER2: '4', RATE_LIMIT_TIER3: '5' },
    });
    expect(await spend(app, 3)).toEqual([200, 200, 429]);
    expect(await spend(app, 4, key('tier1-e'))).toEqual([200, 200, 200, 429]);
    expect(await spend(app, 5, key('tier2-e'))).toEqual([200, 200, 200, 200, 429]);
    expect(await spend(app, 6, key('tier3-e'))).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('embeds', () => {
  it('have their own, more generous per-IP bucket (300 by default, RATE_LIMIT_EMBEDS)', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '1' } });
    expect(limits(await app.inject({ url: '/api/badge/123456789012345678.svg' })).limit).toBe(300);
    const small = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '1', RATE_LIMIT_EMBEDS: '2' } });
    expect(await spend(small, 1)).toEqual([200]);
    expect(await spend(small, 1)).toEqual([429]);
    const embeds = ['/api/badge/1.svg', '/api/widget/1', '/api/chart/1.png'];
    const first = await small.inject({ url: embeds[0] });
    expect(limits(first)).toMatchObject({ limit: 2, remaining: 1 });
    expect((await small.inject({ url: embeds[1] })).statusCode).not.toBe(429);
    // An embed's 429 is still an image where it is embedded, and the envelope for JSON clients.
    const image = await small.inject({ url: embeds[2] });
    expect(image.statusCode).toBe(429);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toContain('rate limited');
    expect(image.headers['retry-after']).toMatch(/^\d+$/);
    expectRateLimited(await small.inject({ url: embeds[2], headers: { accept: 'application/json' } }), 2);
    // ... and a key does not move an embed out of its bucket.
    expectRateLimited(await small.inject({ url: embeds[0], headers: { authorization: 'Bearer tier3-f', accept: 'application/json' } }), 2);
  });
});

describe('the admin API', () => {
  it('is not limited for the operator token and carries no rate-limit headers', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '2' } });
    const operator = { url: '/admin/v1/openapi.json', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };
    expect(await spend(app, 5, operator)).toEqual([200, 200, 200, 200, 200]);
    expect((await app.inject(operator)).headers['x-ratelimit-limit']).toBeUndefined();
    // The operator's requests did not count against the IP.
    expect(limits(await app.inject({ url: BOTS })).remaining).toBe(1);
  });

  it('counts requests without the operator token per IP, so token guessing is limited', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ANONYMOUS: '2' } });
    const guess = { url: '/admin/v1/openapi.json', headers: { authorization: 'Bearer guess-0123456789abcdef' } };
    expect(await spend(app, 3, guess)).toEqual([401, 401, 429]);
    expect(await spend(app, 1, { url: '/admin/v1/openapi.json' })).toEqual([429]);
  });
});

describe('RATE_LIMIT_ENABLED=0', () => {
  it('turns limiting and its headers off', async () => {
    const app = await rateLimitedApp({ env: { RATE_LIMIT_ENABLED: '0', RATE_LIMIT_ANONYMOUS: '1' } });
    const statuses = await spend(app, 5);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await app.inject({ url: BOTS })).headers['x-ratelimit-limit']).toBeUndefined();
  });
});
