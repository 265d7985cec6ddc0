import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botBody } from '../fixtures.js';
import { ADMIN_TOKEN } from '../helpers.js';
import { galleryPage, launchChromium, startApp, startSite, type RunningApp } from './embeds/browser-harness.js';

/* Browser globals used inside page.evaluate (the project compiles without the DOM lib). */
declare const document: { body: { innerText: string }; title: string };
declare function fetch(
  url: string,
  init?: Record<string, unknown>,
): Promise<{ status: number; headers: { get(name: string): string | null }; json(): Promise<any> }>;

const ARTIFACTS = 'test-artifacts/operations';

let running: RunningApp;
let site: { server: Server; origin: string };
let browser: Browser;
let botId: string;
let botName: string;
let key: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  running = await startApp();
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const bot = botBody();
  botId = bot.id;
  botName = bot.body.name as string;
  expect((await running.app.inject({ method: 'PUT', url: `/admin/v1/bots/${botId}`, headers: admin, payload: bot.body })).statusCode).toBe(
    201,
  );
  const created = await running.app.inject({
    method: 'POST',
    url: `/admin/v1/bots/${botId}/keys`,
    headers: admin,
    payload: { scopes: ['votes:read', 'stats:write'] },
  });
  key = created.json().data.key;
  site = await startSite(new Map([['blank', galleryPage('A bot developer’s page', '<p>Calls the API from another origin.</p>')]]));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => site?.server.close(() => resolve()));
  await running?.app.close();
  await running?.db.close();
});

/** A page that records what went wrong: script errors, CSP refusals, requests to other origins. */
async function watchedPage(): Promise<{ page: Page; problems: string[]; foreign: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  const foreign: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A failed load is reported with its address by the response listener below.
    if (/^Failed to load resource/.test(message.text())) return;
    if (message.type() === 'error' || /Content Security Policy|Refused to/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    // The browser's own favicon probe is not the page's: this service has none (404).
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) problems.push(`${response.status()} for ${response.url()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(running.origin) && !/^(data|blob|about):/.test(url)) foreign.push(url);
  });
  return { page, problems, foreign };
}

describe('docs pages in Chromium', () => {
  it('GET /docs renders the interactive reference of the public API, from this origin only, within its CSP', async () => {
    const { page, problems, foreign } = await watchedPage();
    const response = await page.goto(`${running.origin}/docs`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${running.origin}/docs/`);
    await page.getByText('List published bots').first().waitFor({ timeout: 30_000 });
    await page
      .getByRole('heading', { name: /Bot Directory API/ })
      .first()
      .waitFor({ timeout: 30_000 });
    // Every tag is a group in the sidebar; a group opens to its operations.
    for (const tag of ['reviews', 'history', 'owner', 'search', 'embeds', 'webhooks']) {
      expect(await page.getByText(tag, { exact: true }).count(), tag).toBeGreaterThan(0);
    }
    await page.getByText('owner', { exact: true }).first().click();
    await page.getByText('Report the server count').first().waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${ARTIFACTS}/docs.png` });
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('GET /admin/docs renders the management API reference', async () => {
    const { page, problems, foreign } = await watchedPage();
    expect((await page.goto(`${running.origin}/admin/docs/`))?.status()).toBe(200);
    await page.getByText('Every bot, published or not').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${ARTIFACTS}/admin-docs.png` });
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('the address alone leads a browser to the start page in its language, which renders within its CSP', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${running.origin}/`);
    expect(new URL(page.url()).pathname).toBe('/en');
    expect(await page.evaluate(() => document.title)).toBe('Find bots for your server · Bot Directory');
    expect(await page.evaluate(() => document.body.innerText)).toContain(botName);
    await page.screenshot({ path: `${ARTIFACTS}/landing.png` });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('CORS in Chromium: a page on another origin', () => {
  it('calls the owner API with a key (GET, and POST with JSON after a preflight) and reads the exposed headers', async () => {
    const { page } = await watchedPage();
    await page.goto(`${site.origin}/page/blank`);
    const result = await page.evaluate(
      async ({ api, id, token }) => {
        const votes = await fetch(`${api}/api/v1/bots/${id}/votes`, { headers: { Authorization: `Bearer ${token}` } });
        const stats = await fetch(`${api}/api/v1/bots/${id}/stats`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ serverCount: 4321, shardCount: 2 }),
        });
        const refused = await fetch(`${api}/api/v1/bots/${id}/votes`, {
          headers: { Authorization: 'Bearer bdk_notakeynotakeynotakeynotakey' },
        });
        return {
          votes: {
            status: votes.status,
            body: await votes.json(),
            remaining: votes.headers.get('x-ratelimit-remaining'),
            requestId: votes.headers.get('x-request-id'),
          },
          stats: { status: stats.status, body: await stats.json() },
          refused: { status: refused.status, code: (await refused.json()).error.code },
        };
      },
      { api: running.origin, id: botId, token: key },
    );
    expect(result.votes).toMatchObject({ status: 200, body: { data: [] } });
    expect(result.votes.remaining).toMatch(/^\d+$/);
    expect(result.votes.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.stats).toEqual({ status: 200, body: { data: { serverCount: 4321, shardCount: 2 } } });
    // An error is readable too: the page can tell a wrong key from a network failure.
    expect(result.refused).toEqual({ status: 401, code: 'unauthorized' });
    await page.close();
  });

  it('cannot call the management API: it sends no CORS headers, so the browser refuses', async () => {
    const { page } = await watchedPage();
    await page.goto(`${site.origin}/page/blank`);
    const outcome = await page.evaluate(
      async ({ api, token }) => {
        try {
          const response = await fetch(`${api}/admin/v1/bots`, { headers: { Authorization: `Bearer ${token}` } });
          return `answered ${response.status}`;
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      },
      { api: running.origin, token: ADMIN_TOKEN },
    );
    expect(outcome).toBe('refused: TypeError');
    await page.close();
  });
});
