import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider, type Persona } from '../../../scripts/demo-provider.js';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { botBody } from '../../fixtures.js';
import { ADMIN_TOKEN, freshDatabase, testConfig } from '../../helpers.js';
import { launchChromium } from '../embeds/browser-harness.js';
import { freePort } from '../../support/browser-flow.js';

/* Browser globals used inside page.evaluate (the project compiles without the DOM lib). */
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

const ARTIFACTS = 'test-artifacts/browse';
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2da44e"/><circle cx="32" cy="28" r="12" fill="#fff"/></svg>';
const BANNER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 240"><rect width="960" height="240" fill="#1f6feb"/><circle cx="800" cy="120" r="90" fill="#fff" opacity=".3"/></svg>';

/** One run of the walk: the language, the window's width, and who votes. */
const RUNS: { lang: 'en' | 'de'; width: number; voter: Persona; script: boolean }[] = [
  { lang: 'en', width: 1280, voter: { id: '190000000000000011', name: 'Wide Voter', label: 'Sign in as the wide voter' }, script: false },
  { lang: 'en', width: 390, voter: { id: '190000000000000012', name: 'Phone Voter', label: 'Sign in as the phone voter' }, script: true },
  {
    lang: 'de',
    width: 1280,
    voter: { id: '190000000000000013', name: 'Breite Wählerin', label: 'Als breite Wählerin anmelden' },
    script: true,
  },
  { lang: 'de', width: 390, voter: { id: '190000000000000014', name: 'Handy-Wähler', label: 'Als Handy-Wähler anmelden' }, script: false },
];

/** The words of each language the walk clicks. */
const WORDS = {
  en: {
    browse: 'Browse',
    sort: 'Order',
    newest: 'Newest',
    show: 'Show',
    categories: 'Categories',
    music: 'Music',
    signIn: 'Sign in to vote',
    vote: 'Vote',
    thanks: 'Thank you for your vote!',
    search: 'Search bots',
  },
  de: {
    browse: 'Stöbern',
    sort: 'Reihenfolge',
    newest: 'Neueste',
    show: 'Anzeigen',
    categories: 'Kategorien',
    music: 'Musik',
    signIn: 'Zum Abstimmen anmelden',
    vote: 'Abstimmen',
    thanks: 'Danke für deine Stimme!',
    search: 'Bots suchen',
  },
};

let provider: DemoProvider;
let app: FastifyInstance;
let db: Database;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  provider = await startDemoProvider({ personas: RUNS.map((run) => run.voter) });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  db = await freshDatabase('pglite');
  app = await buildApp({ config: testConfig({ ...provider.env, BASE_URL: origin }), db, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  const put = async (overrides: Record<string, unknown>) => {
    const { id, body } = botBody({ iconUrl: 'https://cdn.example.org/icon.svg', ...overrides });
    const response = await app.inject({
      method: 'PUT',
      url: `/admin/v1/bots/${id}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
  };
  await put({
    name: 'Radio Nova',
    slugs: { en: 'radio-nova', de: 'radio-nova-de' },
    shortDescription: {
      en: 'Streams radio into your voice channels, day and night.',
      de: 'Spielt Radio in deinen Sprachkanälen, Tag und Nacht.',
    },
    categories: ['music', 'fun'],
    tags: ['radio', '24-7'],
    isVerified: true,
    bannerUrl: 'https://cdn.example.org/banner.svg',
  });
  for (const [i, name] of ['Beat Keeper', 'Lofi Lounge', 'Quiz Master', 'Mod Squad', 'Ticket Booth', 'Level Up', 'Poll Cat'].entries()) {
    await put({
      name,
      shortDescription: { en: `${name} does one thing and does it well.`, de: `${name} macht eine Sache, und die gut.` },
      categories: [i < 2 ? 'music' : ['games', 'moderation', 'tickets', 'leveling', 'polls'][i - 2]!],
      tags: ['example'],
      isVerified: i % 2 === 0,
      iconUrl: i % 3 === 0 ? 'https://cdn.example.org/missing.png' : 'https://cdn.example.org/icon.svg',
    });
  }
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  await provider?.stop();
});

/** A page that fails the test on script errors, CSP refusals and failed loads of our own origin. */
async function watched(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  await context.route('https://cdn.example.org/**', (route) => {
    const url = route.request().url();
    if (url.endsWith('/missing.png')) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ contentType: 'image/svg+xml', body: url.endsWith('/banner.svg') ? BANNER_SVG : ICON_SVG });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.url().startsWith(origin) && response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return { page, problems };
}

/** The page as it stands, in light and dark, and that it never scrolls sideways. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${ARTIFACTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), name).toBe(true);
}

describe('a visitor goes from the start page to a bot and votes, never meeting an API page or a dead end', () => {
  for (const run of RUNS) {
    const w = WORDS[run.lang];
    it(`${run.lang}, ${run.width} px wide, ${run.script ? 'with' : 'without'} script`, async () => {
      const context = await browser.newContext({
        viewport: { width: run.width, height: 900 },
        locale: run.lang === 'de' ? 'de-DE' : 'en-GB',
        javaScriptEnabled: run.script,
        ...(run.width < 500 ? { isMobile: true, hasTouch: true } : {}),
      });
      const { page, problems } = await watched(context);
      const name = (step: string) => `${run.lang}-${run.width}-${step}`;

      // The address alone leads to the start page in the browser's language.
      await page.goto(`${origin}/`);
      await page.waitForURL(`${origin}/${run.lang}`);
      expect(await page.getAttribute('html', 'lang')).toBe(run.lang);
      await shoot(page, name('home'));

      await page.getByRole('link', { name: w.browse, exact: true }).click();
      await page.waitForURL(`${origin}/${run.lang}/bots`);
      await page.getByLabel(w.sort).selectOption('new');
      await page.getByRole('button', { name: w.show }).click();
      await page.waitForURL(`${origin}/${run.lang}/bots?sort=new`);
      await shoot(page, name('browse'));

      await page.locator('footer').getByRole('link', { name: w.categories }).click();
      await page.waitForURL(`${origin}/${run.lang}/categories`);
      await shoot(page, name('categories'));
      await page.getByRole('link', { name: w.music, exact: true }).click();
      await page.waitForURL(`${origin}/${run.lang}/categories/music`);
      await shoot(page, name('category'));

      await page.getByRole('link', { name: 'Radio Nova' }).click();
      await page.waitForURL(`${origin}/${run.lang}/bots/${run.lang === 'de' ? 'radio-nova-de' : 'radio-nova'}`);
      await shoot(page, name('bot'));
      await page.getByRole('link', { name: w.signIn }).click();
      await page.getByRole('link', { name: run.voter.label }).click();
      await page.waitForURL(/\/bots\/radio-nova/);
      await page.getByRole('button', { name: w.vote, exact: true }).click();
      await page.getByText(w.thanks).waitFor();
      await shoot(page, name('voted'));

      // The header's search box, from any page.
      await page.getByRole('searchbox', { name: w.search }).first().fill('radio');
      await page.getByRole('searchbox', { name: w.search }).first().press('Enter');
      await page.waitForURL(`${origin}/${run.lang}/search?q=radio`);
      expect(await page.locator('main mark').count()).toBeGreaterThan(0);
      await shoot(page, name('search'));

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
