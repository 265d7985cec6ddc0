import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { verifyWebhook } from '@bot-directory/sdk/webhooks';
import { botBody } from '../../fixtures.js';
import { ADMIN_TOKEN, freshDatabase, testConfig } from '../../helpers.js';
import { launchChromium } from '../embeds/browser-harness.js';
import { freePort, watchedPage } from '../../support/browser-flow.js';

/* Browser globals used inside page.evaluate (the project compiles without the DOM lib). */
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

const ARTIFACTS = 'test-artifacts/site';
const OWNER = { id: '190000000000000001', name: 'Demo Owner', label: 'Sign in as a demo owner' };
const VOTER = { id: '190000000000000002', name: 'Demo Voter', label: 'Sign in as a demo voter' };
/** The bot's icon address; the browser context answers it itself (no network). */
const ICON = 'https://cdn.example.org/radio-nova.svg';
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#5865f2"/><circle cx="32" cy="28" r="12" fill="#fff"/></svg>';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let provider: DemoProvider;
let app: FastifyInstance;
let db: Database;
let origin: string;
let receiver: { server: Server; url: string; got: Received[] };
let browser: Browser;
/** The webhook's signing secret, as the dashboard showed it once. */
let webhookSecret = '';
const botId = botBody().id;

/** Waits (bounded) until the receiver holds a delivery of `type`. */
async function delivery(type: string): Promise<Received> {
  for (let i = 0; i < 200; i++) {
    const found = receiver.got.find((r) => JSON.parse(r.body).event === type);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${type} delivery arrived`);
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  provider = await startDemoProvider({ personas: [OWNER, VOTER] });
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = { server, got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  db = await freshDatabase('pglite');
  app = await buildApp({
    config: testConfig({ ...provider.env, BASE_URL: origin, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SCHEDULE: '1' }),
    db,
    logger: false,
    workers: true,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const body = botBody({
    owners: [OWNER.id],
    name: 'Radio Nova',
    slugs: { en: 'radio-nova', de: 'radio-nova-de' },
    iconUrl: ICON,
    shortDescription: { en: 'Streams radio into your voice channels.', de: 'Spielt Radio in deinen Sprachkanälen.' },
  }).body;
  const put = await app.inject({
    method: 'PUT',
    url: `/admin/v1/bots/${botId}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: body,
  });
  expect(put.statusCode).toBe(201);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  await provider?.stop();
  await new Promise<void>((resolve) => receiver?.server.close(() => resolve()));
});

/** A page that fails the test on script errors, CSP refusals and failed loads of our own origin. */
async function watched(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  await context.route('https://cdn.example.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: ICON_SVG }));
  return watchedPage(context, origin);
}

async function shots(page: Page, name: string, paths: { en: string; de: string }): Promise<void> {
  for (const lang of ['en', 'de'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${origin}${paths[lang]}`);
      await page.screenshot({ path: `${ARTIFACTS}/${name}-${lang}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('owner and voter in Chromium, against a local sign-in provider', () => {
  it('the owner signs in, makes a key, uses it, revokes it, adds a webhook endpoint and sees the test event in the delivery log', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const { page, problems } = await watched(context);
    await page.goto(`${origin}/dashboard`);
    // Not signed in: off to the provider's login page, and back to the dashboard.
    await page.getByRole('link', { name: OWNER.label }).click();
    await page.waitForURL(`${origin}/dashboard`);
    await page.getByRole('link', { name: 'Radio Nova' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Rewards');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const key = (await page.locator('#new-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^bdk_/);
    await expect(page.getByRole('button', { name: 'Copy' }).isVisible()).resolves.toBe(true);
    const use = await request(`${origin}/api/v1/bots/${botId}/votes`, { headers: { authorization: `Bearer ${key}` } });
    expect(use.statusCode).toBe(200);
    await use.body.dump();
    await page.screenshot({ path: `${ARTIFACTS}/dashboard-key-shown.png`, fullPage: true });
    await page.getByRole('button', { name: /^Revoke: Rewards/ }).click();
    await page.waitForURL(/#keys$/);
    const refused = await request(`${origin}/api/v1/bots/${botId}/votes`, { headers: { authorization: `Bearer ${key}` } });
    expect(refused.statusCode).toBe(401);
    await refused.body.dump();

    // The webhooks: the bot page links their page, where an endpoint is added and tested.
    await page.getByRole('link', { name: 'Manage webhooks' }).click();
    await page.getByLabel('Receiver URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.locator('#new-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    webhookSecret = secret;
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await page.getByText('A test event is on its way').waitFor();
    const test = await delivery('test');
    expect(verifyWebhook(test.body, test.headers as Record<string, string>, secret)).toMatchObject({ ok: true });
    // The delivery log says a delivery's state in the page's words ("succeeded" is "delivered").
    await page.getByRole('link', { name: 'Delivery log' }).first().click();
    for (let i = 0; i < 100 && !(await page.locator('td', { hasText: 'delivered' }).count()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await page.reload();
    }
    await page.locator('td', { hasText: 'delivered' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Deliver again' }).count()).toBeGreaterThan(0);
    await shots(page, 'dashboard', { en: `/dashboard/bots/${botId}?lang=en`, de: `/dashboard/bots/${botId}?lang=de` });
    await shots(page, 'dashboard-webhooks', {
      en: `/dashboard/bots/${botId}/webhooks?lang=en`,
      de: `/dashboard/bots/${botId}/webhooks?lang=de`,
    });
    await shots(page, 'dashboard-deliveries', {
      en: `/dashboard/bots/${botId}/deliveries?lang=en`,
      de: `/dashboard/bots/${botId}/deliveries?lang=de`,
    });
    await shots(page, 'dashboard-list', { en: '/dashboard?lang=en', de: '/dashboard?lang=de' });

    await page.goto(`${origin}/dashboard?lang=en`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/en`);
    await page.goto(`${origin}/dashboard`);
    expect(page.url()).toContain(provider.origin);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a voter signs in from the bot page, votes, the bot receives the signed vote webhook, and the page shows the cooldown', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const { page, problems } = await watched(context);
    await page.goto(`${origin}/en/bots/radio-nova`);
    await shots(page, 'bot-page-phone-anonymous', { en: '/en/bots/radio-nova', de: '/de/bots/radio-nova-de' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.goto(`${origin}/en/bots/radio-nova`);
    await page.getByRole('link', { name: 'Sign in to vote' }).click();
    await page.getByRole('link', { name: VOTER.label }).click();
    await page.waitForURL(`${origin}/en/bots/radio-nova`);
    await page.getByRole('button', { name: 'Vote', exact: true }).click();
    await page.getByText('Thank you for your vote!').waitFor();
    await page.getByText('Your next vote is possible from').waitFor();
    expect(await page.getByRole('button', { name: 'Vote', exact: true }).count()).toBe(0);
    const vote = await delivery('vote');
    expect(JSON.parse(vote.body)).toMatchObject({ event: 'vote', botId, user: VOTER.id, username: VOTER.name, flagged: false });
    expect(verifyWebhook(vote.body, vote.headers as Record<string, string>, webhookSecret)).toMatchObject({ ok: true });
    await page.screenshot({ path: `${ARTIFACTS}/bot-page-phone-voted.png`, fullPage: true });
    await shots(page, 'bot-page-phone-voted', { en: '/en/bots/radio-nova', de: '/de/bots/radio-nova-de' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
