/**
 * Issue 34 end to end in Chromium, against the Stripe stand-in (scripts/stripe-stand-in.ts) and
 * the real `stripe` library: an owner connects the bot's Stripe account (the stand-in's
 * onboarding), defines a tier; a voter subscribes through the stand-in's checkout; the premium API
 * answers active: true and the owner's webhook receiver gets `premium`; a cancel at period end in
 * the stand-in's portal shows on "My subscriptions" and in the API as cancelAtPeriodEnd; the
 * period's end (the stand-in's `advance`) answers active: false and sends `premium` again; a
 * donation sends `donation`. The pages are checked in English and German, at 390 px, light and
 * dark: axe-core's serious and critical rules, no sideways scroll, no CSP refusal or script error.
 * Screenshots go to test-artifacts/payments/.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { startStripeStandIn, type StripeStandIn } from '../../../scripts/stripe-stand-in.js';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { TEXTS, type Lang } from '../../../src/html/i18n/index.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';
import { botBody } from '../../fixtures.js';
import { ADMIN_TOKEN, freshDatabase, testConfig } from '../../helpers.js';
import { DESKTOP, freePort, PHONE, signInAs } from '../../support/browser-flow.js';
import { axeViolations, horizontalOverflow } from '../../support/page-checks.js';
import { launchChromium } from '../embeds/browser-harness.js';

const ARTIFACTS = 'test-artifacts/payments';
const OWNER = { id: '193000000000000001', name: 'Olga Owner', label: 'Sign in as the owner' };
const LOUNGE = '193000000000000201';
const VOTER = {
  id: '193000000000000002',
  name: 'Vito Voter',
  label: 'Sign in as a voter',
  // Discord lists these at sign-in: the server tier offers the first, the second is not the voter's to manage.
  guilds: [
    { id: LOUNGE, name: 'Vito’s Lounge', owner: true, permissions: '0' },
    { id: '193000000000000202', name: 'Somebody Else’s', owner: false, permissions: '1024' },
  ],
};
const OPERATOR = { id: '193000000000000003', name: 'Otto Operator', label: 'Sign in as the operator' };
const BOT = { name: 'Radio Gold', slugs: { en: 'radio-gold', de: 'radio-gold-de' } };
const en = TEXTS.en.payments;
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#c9a227"/><circle cx="32" cy="28" r="12" fill="#fff"/></svg>';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let provider: DemoProvider;
let standIn: StripeStandIn;
let app: FastifyInstance;
let db: Database;
let origin: string;
let receiver: { server: Server; url: string; got: Received[] };
let browser: Browser;
let apiKey = '';
const botId = botBody().id;

/** The bot's webhook deliveries of `type`, waiting (bounded) until there are `count` of them. */
async function deliveries(type: string, count: number): Promise<Array<Record<string, unknown>>> {
  for (let i = 0; i < 300; i++) {
    const found = receiver.got.map((r) => JSON.parse(r.body) as Record<string, unknown>).filter((body) => body.event === type);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} ${type} deliveries arrived: ${receiver.got.map((r) => r.body).join('\n')}`);
}

/** The premium API's answer for the voter, as the bot's own code asks it. */
async function premiumOf(userId: string): Promise<Record<string, unknown>> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/bots/${botId}/premium/${userId}`,
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown>;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  provider = await startDemoProvider({ kind: 'discord', personas: [OWNER, VOTER, OPERATOR] });
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
  standIn = await startStripeStandIn({ webhookSecret: 'whsec_pages_browser_test' });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  db = await freshDatabase('pglite');
  app = await buildApp({
    config: testConfig({
      ...provider.env,
      ...standIn.env,
      OPERATOR_USER_IDS: OPERATOR.id,
      BASE_URL: origin,
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_SCHEDULE: '1',
    }),
    db,
    logger: false,
    workers: true,
  });
  await app.listen({ port, host: '127.0.0.1' });
  standIn.setWebhookUrl(`${origin}/stripe/webhook`);
  const admin = (method: 'PUT' | 'POST', url: string, payload: unknown) =>
    app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  const put = await admin('PUT', `/admin/v1/bots/${botId}`, botBody({ owners: [OWNER.id], ...BOT }).body);
  expect(put.statusCode, put.body).toBe(201);
  const hook = await admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url: receiver.url });
  expect(hook.statusCode, hook.body).toBe(201);
  const key = await admin('POST', `/admin/v1/bots/${botId}/keys`, { scopes: ['premium:read'] });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = key.json<{ data: { key: string } }>().data.key;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  await standIn?.close();
  await provider?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.server.close(() => resolve()) : resolve()));
});

/** A page that fails the test on script errors, CSP refusals and failed loads of our own origin. */
async function watched(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // The bot's icon lives elsewhere: every other origin is answered here (no network).
  await context.route(
    (url) => url.origin !== origin && url.origin !== standIn.origin && url.origin !== provider.origin,
    (route) => route.fulfill({ contentType: 'image/svg+xml', body: ICON_SVG }),
  );
  page.on('console', (message) => {
    // Failed loads are the response handler's to judge (a refused form's 422 is no failure).
    if (message.location().url.startsWith(standIn.origin) || message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || /Content Security Policy|Refused to/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (
      response.url().startsWith(origin) &&
      response.status() >= 400 &&
      response.status() !== 422 &&
      !response.url().endsWith('/favicon.ico')
    )
      problems.push(`${response.status()} ${response.url()}`);
  });
  return { page, problems };
}

/**
 * Screenshots of `paths` (by language) at 390 px and on the desktop, light and dark, and axe-core's
 * serious and critical findings at 390 px (in a context that lets axe's inline script run).
 */
async function checkPages(context: BrowserContext, name: string, paths: Record<Lang, string>): Promise<void> {
  const checking = await browser.newContext({ viewport: PHONE, bypassCSP: true, storageState: await context.storageState() });
  const page = await checking.newPage();
  for (const lang of ['en', 'de'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(PHONE);
      await page.goto(`${origin}${paths[lang]}`);
      expect(await horizontalOverflow(page), `${name} ${lang} ${scheme}`).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}/${name}-${lang}-phone-${scheme}.png`, fullPage: true });
      expect(await axeViolations(page), `${name} ${lang} ${scheme}`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
    await page.goto(`${origin}${paths[lang]}`);
    await page.screenshot({ path: `${ARTIFACTS}/${name}-${lang}-desktop.png`, fullPage: true });
  }
  await checking.close();
}

describe('premium and donations through the Stripe stand-in, in a browser', () => {
  let ownerContext: BrowserContext;
  let voterContext: BrowserContext;

  it('the owner connects the bot’s Stripe account and defines a tier', async () => {
    ownerContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const { page, problems } = await watched(ownerContext);
    await page.goto(`${origin}/dashboard/bots/${botId}?lang=en`);
    await signInAs(page, OWNER, origin);
    await page.getByRole('main').getByRole('link', { name: en.link, exact: true }).click();
    await page.getByRole('heading', { name: en.title(BOT.name), level: 1 }).waitFor();
    await page.getByText(en.notConnected).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/tab-not-connected.png`, fullPage: true });
    await page.getByRole('button', { name: en.connect }).click();
    await page.waitForURL((url) => url.origin === standIn.origin);
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname.endsWith('/payments'));
    await page.getByText(en.chargesEnabled).waitFor();
    await page.getByText(en.refreshed).waitFor();

    await page.getByLabel(en.nameEn).fill('Gold');
    await page.getByLabel(en.nameDe).fill('Gold');
    await page.getByLabel(en.descriptionEn).fill('Every station, no ads.');
    await page.getByLabel(en.descriptionDe).fill('Jeder Sender, keine Werbung.');
    await page.getByLabel(en.price, { exact: true }).fill('4,999');
    await page.getByRole('button', { name: en.createTier }).click();
    await page.getByText(en.priceInvalid(2)).waitFor();
    await page.getByLabel(en.price, { exact: true }).fill('4,99');
    await page.getByRole('button', { name: en.createTier }).click();
    await page.getByText(en.tierDone.created ?? '').waitFor();
    await page.getByRole('cell', { name: '€4.99 per month' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/tab-connected-tier.png`, fullPage: true });
    expect(problems).toEqual([]);
    await checkPages(ownerContext, 'tab', {
      en: `/dashboard/bots/${botId}/payments?lang=en`,
      de: `/dashboard/bots/${botId}/payments?lang=de`,
    });
  });

  it('a voter subscribes through the stand-in’s checkout: premium active, the `premium` webhook sent', async () => {
    // A server tier beside Gold: the voter's Discord sign-in lists the servers they manage for it.
    await app.services.premiumTiers.create(
      botId,
      {
        name: { en: 'Server Plus', de: 'Server Plus' },
        description: { en: 'For the whole server.', de: 'Für den ganzen Server.' },
        scope: 'guild',
        interval: 'year',
        amountMinor: 4900,
        currency: 'eur',
      },
      dashboardUser(OWNER.id),
    );
    voterContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
    const { page, problems } = await watched(voterContext);
    await page.goto(`${origin}/en/bots/${BOT.slugs.en}`);
    await page.getByRole('heading', { name: en.premium, level: 2 }).waitFor();
    await page.getByRole('link', { name: en.signInToSubscribe }).first().click();
    await page.getByRole('link', { name: VOTER.label }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === `/en/bots/${BOT.slugs.en}`);
    await page.screenshot({ path: `${ARTIFACTS}/bot-page-signed-in.png`, fullPage: true });
    const servers = page.getByRole('listitem').filter({ hasText: 'Server Plus' }).getByLabel(en.serverPick, { exact: true });
    expect(await servers.locator('option').allTextContents()).toEqual([en.serverPickNone, 'Vito’s Lounge']);
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Gold' })
      .getByRole('button', { name: new RegExp(`^${en.subscribe}`) })
      .click();
    await page.waitForURL((url) => url.origin === standIn.origin);
    await page.screenshot({ path: `${ARTIFACTS}/standin-checkout.png`, fullPage: true });
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname.endsWith('/premium/thanks'));
    await page.getByText(en.subscribedNow).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/thanks-subscribed.png`, fullPage: true });

    expect(await premiumOf(VOTER.id)).toMatchObject({ active: true, cancelAtPeriodEnd: false });
    const [began] = await deliveries('premium', 1);
    expect(began).toMatchObject({ event: 'premium', botId, user: VOTER.id });

    await page.getByRole('link', { name: en.mine }).first().click();
    await page.getByRole('heading', { name: en.mine, level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Gold', exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('a cancel at period end in the portal shows on My subscriptions and in the API', async () => {
    const { page, problems } = await watched(voterContext);
    await page.goto(`${origin}/en/subscriptions`);
    await page.getByRole('button', { name: new RegExp(`^${en.manage}`) }).click();
    await page.waitForURL((url) => url.origin === standIn.origin);
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.goto(`${origin}/en/subscriptions`);
    await page.getByText(en.endsAtPeriodEnd).waitFor();
    expect(await premiumOf(VOTER.id)).toMatchObject({ active: true, cancelAtPeriodEnd: true });
    expect(problems).toEqual([]);
    await checkPages(voterContext, 'subscriptions', { en: '/en/subscriptions', de: '/de/subscriptions' });
  });

  it('the period’s end: premium inactive, `premium` sent again', async () => {
    const created = standIn.control.events().find((record) => record.event.type === 'customer.subscription.created');
    const subscription = (created?.event.data.object as { id: string }).id;
    await standIn.control.advance(subscription, 'renew');
    for (let i = 0; i < 100 && (await premiumOf(VOTER.id)).active !== false; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await premiumOf(VOTER.id)).toMatchObject({ active: false });
    const premiums = await deliveries('premium', 2);
    expect(premiums.at(-1)).toMatchObject({ event: 'premium', botId, user: VOTER.id });
  });

  it('a donation through the stand-in’s checkout sends `donation`', async () => {
    const { page, problems } = await watched(voterContext);
    await page.goto(`${origin}/en/bots/${BOT.slugs.en}#donate`);
    await page.getByLabel(new RegExp(`^${en.amount}`)).fill('5');
    await page.getByRole('button', { name: en.donate, exact: true }).click();
    await page.waitForURL((url) => url.origin === standIn.origin);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname.endsWith('/premium/thanks'));
    await page.getByText(en.donatedNow).waitFor();
    const [donation] = await deliveries('donation', 1);
    expect(donation).toMatchObject({ event: 'donation', botId, user: VOTER.id, amount: 5, currency: 'EUR' });
    expect(problems).toEqual([]);
    await checkPages(voterContext, 'bot-page', { en: `/en/bots/${BOT.slugs.en}#premium`, de: `/de/bots/${BOT.slugs.de}#premium` });
    await checkPages(voterContext, 'thanks', {
      en: `/en/bots/${BOT.slugs.en}/premium/thanks?kind=donation`,
      de: `/de/bots/${BOT.slugs.de}/premium/thanks?kind=donation`,
    });
    await ownerContext.close();
    await voterContext.close();
  });

  it('the operator sees the connected account, the subscription and the donation in the console', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const { page, problems } = await watched(context);
    await page.goto(`${origin}/console/payments?lang=en`);
    await page.getByRole('link', { name: OPERATOR.label }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/console/payments');
    await page.getByRole('heading', { name: en.consoleTitle, level: 1 }).waitFor();
    await page.getByRole('cell', { name: en.chargesOn }).waitFor();
    await page.getByRole('cell', { name: '€5.00', exact: true }).first().waitFor();
    await page.getByRole('cell', { name: 'Gold', exact: true }).waitFor();
    // The month's totals: the subscription's first invoice beside the donation.
    const totals = page.getByRole('region', { name: en.totals });
    await totals.getByRole('cell', { name: '€4.99', exact: true }).waitFor();
    await totals.getByRole('cell', { name: '€5.00', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await checkPages(context, 'console', { en: '/console/payments?lang=en', de: '/console/payments?lang=de' });
    await context.close();
  });
});
