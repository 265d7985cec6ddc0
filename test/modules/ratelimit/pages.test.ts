import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_CSP } from '../../../src/html/layout.js';
import { putBot } from '../../fixtures.js';
import { ADMIN_TOKEN } from '../../helpers.js';
import { expectLimitHeaders, expectRateLimited, limits, rateLimitedApp } from './harness.js';

const BOTS = '/api/v1/bots';
const EN_PAGE = '/en/bots/page-limit-bot';
const DE_PAGE = '/de/bots/seiten-limit-bot';
const ASSETS = ['/assets/site.css', '/assets/site.js', '/favicon.ico', '/manifest.webmanifest', '/assets/icon-192.png'];

let bot: Promise<unknown> | undefined;

/** An app with the spec's limits (and `env`); the file's database holds one bot whose pages answer 200. */
async function appWithBot(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await rateLimitedApp({ env });
  // The operator's token is not limited: making the bot spends no bucket.
  const admin = (method: 'PUT', url: string, payload: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: payload as Record<string, unknown> });
  bot ??= putBot({ admin }, { slugs: { en: 'page-limit-bot', de: 'seiten-limit-bot' } });
  await bot;
  return app;
}

async function statuses(app: FastifyInstance, n: number, request: InjectOptions): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < n; i++) answers.push((await app.inject(request)).statusCode);
  return answers;
}

/** The pages' 429: a whole page of the site in `lang`, with Retry-After, the site's CSP and a way back. */
function expectLimitedPage(response: LightMyRequestResponse, lang: 'de' | 'en', limit: number): void {
  expect(response.statusCode).toBe(429);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['content-security-policy']).toBe(SITE_CSP);
  const { remaining, reset } = expectLimitHeaders(response, limit);
  expect(remaining).toBe(0);
  expect(reset).toBeGreaterThanOrEqual(1);
  expect(response.headers['retry-after']).toBe(String(reset));
  expect(response.body).toContain(`<html lang="${lang}">`);
  expect(response.body).toContain(lang === 'de' ? 'Zu viele Anfragen' : 'Too many requests');
  expect(response.body).toContain(lang === 'de' ? `Bitte warte ${reset} Sekunde` : `Please wait ${reset} second`);
  expect(response.body).toContain(`<a href="/${lang}">`);
  // Styled like every page, and no inline script for the CSP to refuse.
  expect(response.body).toMatch(/<link rel="stylesheet" href="\/assets\/site\.css\?v=/);
  expect(response.body).not.toMatch(/<script>|<script(?![^>]*\ssrc=)[^>]*>/);
  expect(response.body).not.toContain('rate_limited');
}

describe("the pages' own bucket", () => {
  it('lets a person browse: 60 page views from one IP within a minute all answer 200, out of 300 (the default)', async () => {
    const app = await appWithBot();
    for (let i = 1; i <= 60; i++) {
      const response = await app.inject({ url: i % 2 === 0 ? EN_PAGE : DE_PAGE });
      expect(response.statusCode, `page view ${i}`).toBe(200);
      expect(expectLimitHeaders(response, 300).remaining).toBe(300 - i);
    }
  });

  it('never counts the stylesheet, the script, the favicon or the manifest and its icons', async () => {
    const app = await appWithBot({ RATE_LIMIT_PAGES: '2', RATE_LIMIT_ANONYMOUS: '2' });
    for (const url of ASSETS) {
      expect(await statuses(app, 50, { url })).toEqual(Array(50).fill(200));
      expect((await app.inject({ url })).headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await app.inject({ url: '/favicon.ico' })).headers['x-ratelimit-limit']).toBeUndefined();
    expect(await statuses(app, 5, { url: '/favicon.ico' })).not.toContain(429);
    // Neither bucket moved.
    expect(limits(await app.inject({ url: EN_PAGE })).remaining).toBe(1);
    expect(limits(await app.inject({ url: BOTS })).remaining).toBe(1);
    // ... and an exhausted page bucket still serves them.
    expect(await statuses(app, 2, { url: EN_PAGE })).toEqual([200, 429]);
    for (const url of ASSETS) expect((await app.inject({ url })).statusCode).toBe(200);
  });

  it('ends at RATE_LIMIT_PAGES with a 429 page in German for a German page, in English for an English one', async () => {
    const app = await appWithBot({ RATE_LIMIT_PAGES: '3' });
    expect(await statuses(app, 3, { url: DE_PAGE })).toEqual([200, 200, 200]);
    expectLimitedPage(await app.inject({ url: DE_PAGE }), 'de', 3);
    expectLimitedPage(await app.inject({ url: EN_PAGE }), 'en', 3);
    // Pages whose language is not in the path choose it as they always do: ?lang=, then Accept-Language.
    expectLimitedPage(await app.inject({ url: '/dashboard?lang=de' }), 'de', 3);
    expectLimitedPage(await app.inject({ url: '/auth/sign-in', headers: { 'accept-language': 'de-AT,de;q=0.9' } }), 'de', 3);
    expectLimitedPage(await app.inject({ url: '/auth/sign-in', headers: { 'accept-language': 'en-GB' } }), 'en', 3);
  });

  it('counts every page of the site: bot pages, the vote, the dashboard and sign-in', async () => {
    const app = await appWithBot({ RATE_LIMIT_PAGES: '50', RATE_LIMIT_ANONYMOUS: '1' });
    const pages: Array<{ url: string; method?: 'POST'; payload?: Record<string, string> }> = [
      { url: EN_PAGE },
      { url: DE_PAGE },
      { url: `${EN_PAGE}/vote`, method: 'POST', payload: {} },
      { url: '/dashboard' },
      { url: '/auth/sign-in' },
    ];
    for (const [i, page] of pages.entries()) {
      const response = await app.inject(page);
      expect(response.statusCode, page.url).not.toBe(429);
      expect(response.headers['content-type'], page.url).toBe('text/html; charset=utf-8');
      expect(limits(response), page.url).toEqual({ limit: 50, remaining: 49 - i, reset: expect.any(Number) });
    }
  });

  it("is apart from the API's anonymous 20: pages spend no API request, and the API no page request", async () => {
    const app = await appWithBot({ RATE_LIMIT_PAGES: '30' });
    expect(await statuses(app, 30, { url: EN_PAGE })).toEqual(Array(30).fill(200));
    // The API's limit, headers and envelope are as before.
    for (let i = 1; i <= 20; i++) expect(expectLimitHeaders(await app.inject({ url: BOTS }), 20).remaining).toBe(20 - i);
    expectRateLimited(await app.inject({ url: BOTS }), 20);
    // The API spent, from another address first: its pages are untouched.
    const other = '198.51.100.7';
    expect(await statuses(app, 21, { url: BOTS, remoteAddress: other })).toEqual([...Array(20).fill(200), 429]);
    const page = await app.inject({ url: DE_PAGE, remoteAddress: other });
    expect(page.statusCode).toBe(200);
    expect(limits(page)).toMatchObject({ limit: 30, remaining: 29 });
  });

  it('is off with RATE_LIMIT_ENABLED=false', async () => {
    const app = await appWithBot({ RATE_LIMIT_ENABLED: 'false', RATE_LIMIT_PAGES: '1' });
    expect(await statuses(app, 3, { url: EN_PAGE })).toEqual([200, 200, 200]);
    expect((await app.inject({ url: EN_PAGE })).headers['x-ratelimit-limit']).toBeUndefined();
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.runIf(REDIS_URL)("the pages' bucket in Redis (TEST_REDIS_URL)", () => {
  const prefix = `bd-test:${randomBytes(6).toString('hex')}:pages:`;
  let raw: Redis;
  let apps: FastifyInstance[];
  beforeAll(async () => {
    raw = new Redis(REDIS_URL as string);
    const env = { REDIS_URL: REDIS_URL as string, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_PAGES: '6' };
    apps = [await appWithBot(env), await appWithBot(env)];
  });
  afterAll(async () => {
    const keys = await raw.keys(`${prefix}*`);
    if (keys.length > 0) await raw.del(...keys);
    await raw.quit();
  });

  it('is one bucket for every process, kept under its own key apart from the API', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await apps[i % 2]!.inject({ url: i % 3 === 0 ? DE_PAGE : EN_PAGE })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    expectLimitedPage(await apps[0]!.inject({ url: DE_PAGE }), 'de', 6);
    expectLimitedPage(await apps[1]!.inject({ url: EN_PAGE }), 'en', 6);
    expect(await raw.get(`${prefix}rl:page:127.0.0.1`)).toBe('8');
    const ttl = await raw.pttl(`${prefix}rl:page:127.0.0.1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // Assets never reach Redis; the API's 20 are whole and counted under their own key.
    for (const url of ASSETS) expect((await apps[0]!.inject({ url })).statusCode).toBe(200);
    expect(await raw.exists(`${prefix}rl:ip:127.0.0.1`)).toBe(0);
    expect(limits(await apps[1]!.inject({ url: BOTS }))).toMatchObject({ limit: 20, remaining: 19 });
    expect(await raw.get(`${prefix}rl:ip:127.0.0.1`)).toBe('1');
    expect(await raw.get(`${prefix}rl:page:127.0.0.1`)).toBe('8');
  });
});
