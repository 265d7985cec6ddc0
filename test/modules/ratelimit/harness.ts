import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import type { Clock } from '../../../src/lib/clock.js';
import { AppError } from '../../../src/lib/errors.js';
import { apiKeyCaller, type ResolveClient } from '../../../src/modules/ratelimit/index.js';
import { freshDatabase, replyMistakeLog, testConfig } from '../../helpers.js';

/**
 * Stands in for the key module: `Bearer tier1-…`, `tier2-…`, `tier3-…` are valid keys of that
 * tier (the whole token is the key id), `Bearer revoked-…` is refused with 401, anything else
 * is "no key".
 */
export function fakeResolver(tiers: { 1: number; 2: number; 3: number }): ResolveClient {
  return (request) => {
    const match = /^Bearer (tier([123])-\S+|revoked-\S+)$/.exec(request.headers.authorization ?? '');
    if (!match) return undefined;
    if (match[2] === undefined) throw new AppError('unauthorized', 'Unknown or revoked API key');
    return Promise.resolve(apiKeyCaller(match[1]!, Number(match[2]) as 1 | 2 | 3, tiers));
  };
}

let shared: Promise<Database> | undefined;

/** One PGlite database for the whole file; rate limiting does not touch it. */
function database(): Promise<Database> {
  if (!shared) {
    shared = freshDatabase('pglite');
    afterAll(async () => (await shared)?.close());
  }
  return shared;
}

/** The spec's limits, instead of the generous ones other tests run with. */
const SPEC_LIMITS = {
  RATE_LIMIT_ANONYMOUS: '20',
  RATE_LIMIT_EMBEDS: '300',
  RATE_LIMIT_PAGES: '300',
  RATE_LIMIT_TIER1: '60',
  RATE_LIMIT_TIER2: '240',
  RATE_LIMIT_TIER3: '1200',
};

/** A fresh app (so fresh in-memory counters) with the fake key resolver, closed after the file. */
export async function rateLimitedApp(
  options: { env?: Record<string, string>; clock?: Clock; resolver?: boolean; db?: Database } = {},
): Promise<FastifyInstance> {
  const config = testConfig({ ...SPEC_LIMITS, ...options.env });
  const replyMistakes = replyMistakeLog();
  const app = await buildApp({
    config,
    db: options.db ?? (await database()),
    clock: options.clock,
    logger: replyMistakes.logger,
    rateLimit: options.resolver === false ? undefined : { resolveClient: fakeResolver(config.rateLimit.tiers) },
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    replyMistakes.assertNone();
  });
  return app;
}

/** The three headers, as numbers. */
export function limits(response: LightMyRequestResponse): { limit: number; remaining: number; reset: number } {
  return {
    limit: Number(response.headers['x-ratelimit-limit']),
    remaining: Number(response.headers['x-ratelimit-remaining']),
    reset: Number(response.headers['x-ratelimit-reset']),
  };
}

/** Asserts the headers are present and well-formed; returns them. */
export function expectLimitHeaders(response: LightMyRequestResponse, limit: number): { remaining: number; reset: number } {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    expect(response.headers[name], `${name} on ${response.statusCode}`).toMatch(/^\d+$/);
  }
  const values = limits(response);
  expect(values.limit).toBe(limit);
  expect(values.remaining).toBeLessThanOrEqual(limit);
  expect(values.reset).toBeGreaterThanOrEqual(0);
  expect(values.reset).toBeLessThanOrEqual(60);
  return values;
}

/** A 429 in our envelope with a Retry-After that matches x-ratelimit-reset. */
export function expectRateLimited(response: LightMyRequestResponse, limit: number): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
  const { remaining, reset } = expectLimitHeaders(response, limit);
  expect(remaining).toBe(0);
  expect(response.headers['retry-after']).toMatch(/^\d+$/);
  expect(Number(response.headers['retry-after'])).toBe(reset);
  expect(reset).toBeGreaterThanOrEqual(1);
}
