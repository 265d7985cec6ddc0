/**
 * Issue 33's dashboard in Chromium: an owner signs in, opens the bot's page and its Analytics tab,
 * switches the window, and the page is checked in English and German, light and dark, at desktop
 * width and at 390 px: axe-core's serious and critical rules, the keyboard, no sideways scroll, no
 * CSP refusal or script error, the charts drawn (images of the chart renderer's SVG). Screenshots
 * go to /tmp/analytics-*.png.
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider, type Persona } from '../../../scripts/demo-provider.js';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/index.js';
import { TEXTS, type Lang } from '../../../src/html/i18n/index.js';
import { addDays, utcDay } from '../../../src/lib/clock.js';
import { botBody } from '../../fixtures.js';
import { ADMIN_TOKEN, freshDatabase, testConfig } from '../../helpers.js';
import { axeViolations, horizontalOverflow, keyboardProblems } from '../../support/page-checks.js';
import { launchChromium } from '../embeds/browser-harness.js';
import { writeDay, writeLiveVotes, writeTops } from './rows.js';
import { DESKTOP, freePort, PHONE, signInAs, watchedPage } from '../../support/browser-flow.js';

/* Browser globals used inside page.evaluate (the project compiles without the DOM lib). */
declare const document: { querySelectorAll(selector: string): Iterable<{ complete: boolean; naturalWidth: number }> };

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2f9e6e"/><circle cx="32" cy="28" r="12" fill="#fff"/></svg>';
const OWNER: Persona = { id: '192000000000000001', name: 'Olive Owner', label: 'Sign in as the owner' };

let provider: DemoProvider;
let app: FastifyInstance;
let db: Database;
let origin: string;
let browser: Browser;
let botId: string;

beforeAll(async () => {
  provider = await startDemoProvider({ personas: [OWNER] });
  db = await freshDatabase('pglite');
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  app = await buildApp({ config: testConfig({ ...provider.env, BASE_URL: origin }), db, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  const { id, body } = botBody({ owners: [OWNER.id], name: 'Lighthouse Radio' });
  const put = await app.inject({
    method: 'PUT',
    url: `/admin/v1/bots/${id}`,
    payload: body,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(put.statusCode, put.body).toBe(201);
  botId = id;
  // 90 days of a bot that grows, with a weekly rhythm, a long referrer and a hostile search term.
  const today = utcDay(new Date());
  for (let back = 0; back < 90; back++) {
    const day = addDays(today, -back);
    const weekend = new Date(`${day}T00:00:00Z`).getUTCDay() % 6 === 0 ? 1.4 : 1;
    const views = Math.round((400 - back * 3) * weekend);
    await writeDay(db, botId, day, {
      views,
      visitors: Math.round(views * 0.7),
      invites: Math.round(views * 0.06),
      votes: Math.round(views * 0.02),
      widget_views: 50 + (back % 7),
      search_impressions: views * 2,
      search_clicks: Math.round(views * 0.1),
    });
    if (back < 7) await writeLiveVotes(db, botId, day, Math.round(views * 0.02));
  }
  await writeTops(db, botId, today, {
    referrers: { 'reddit.com': 320, 'www.google.com': 210, [`${'very-long-subdomain.'.repeat(5)}example.org`]: 12 },
    search_terms: { 'music bot': 90, radio: 40, 'lofi radio 24/7': 12, '=HYPERLINK("x")': 1 },
    embed_referrers: { 'myserver.example': 55 },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  await provider?.stop();
});

/** Every image of the page has loaded and has a size (the charts are data: addresses of SVG). */
async function imagesDrawn(page: Page): Promise<boolean> {
  return page.evaluate(() => [...document.querySelectorAll('img.chart')].every((image) => image.complete && image.naturalWidth > 0));
}

describe('the Analytics tab in a browser', () => {
  for (const lang of ['en', 'de'] as Lang[]) {
    it(`an owner opens it from the bot's page and switches the window (${lang})`, async () => {
      const t = TEXTS[lang];
      const context = await browser.newContext({ viewport: DESKTOP, locale: lang === 'de' ? 'de-DE' : 'en-GB', bypassCSP: false });
      // The bot's icon lives elsewhere: every other origin is answered here (no network).
      await context.route(
        (url) => url.origin !== origin && url.origin !== provider.origin,
        (route) => route.fulfill({ contentType: 'image/svg+xml', body: ICON_SVG }),
      );
      const { page, problems } = await watchedPage(context, origin);
      await page.goto(`${origin}/dashboard/bots/${botId}?lang=${lang}`);
      await signInAs(page, OWNER, origin);
      await page.getByRole('heading', { name: 'Lighthouse Radio', level: 1 }).waitFor();
      await page.getByRole('main').getByRole('link', { name: t.analytics.link, exact: true }).click();
      await page.getByRole('heading', { name: t.analytics.title('Lighthouse Radio'), level: 1 }).waitFor();
      await expect(page.locator('img.chart').count()).resolves.toBe(4);
      await expect(imagesDrawn(page)).resolves.toBe(true);
      await page
        .getByRole('navigation', { name: t.analytics.window })
        .getByRole('link', { name: t.analytics.days(90) })
        .click();
      await page.getByRole('heading', { name: t.analytics.lastDays(90), level: 2 }).waitFor();
      await expect(imagesDrawn(page)).resolves.toBe(true);
      expect(problems).toEqual([]);

      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.screenshot({ path: `/tmp/analytics-${lang}-${size}-${scheme}.png`, fullPage: true });
        }
        expect(await horizontalOverflow(page), `${lang} ${size}`).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(DESKTOP);
      expect(await keyboardProblems(page)).toEqual([]);

      // axe-core is added as an inline script, which the page's CSP refuses: a context that bypasses it.
      const checking = await browser.newContext({ viewport: PHONE, bypassCSP: true, storageState: await context.storageState() });
      const checked = await checking.newPage();
      for (const scheme of ['light', 'dark'] as const) {
        await checked.emulateMedia({ colorScheme: scheme });
        await checked.goto(`${origin}/dashboard/bots/${botId}/analytics?days=30&lang=${lang}`);
        expect(await axeViolations(checked), `${lang} ${scheme}`).toEqual([]);
      }
      // 7 days: a tick a day.
      await page
        .getByRole('navigation', { name: t.analytics.window })
        .getByRole('link', { name: t.analytics.days(7) })
        .click();
      await page.getByRole('heading', { name: t.analytics.lastDays(7), level: 2 }).waitFor();
      await expect(imagesDrawn(page)).resolves.toBe(true);
      await page.screenshot({ path: `/tmp/analytics-${lang}-week.png`, fullPage: true });
      // The CSV comes as a download.
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: t.analytics.download }).click();
      expect((await download).suggestedFilename()).toMatch(
        new RegExp(`^analytics-${botId}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
      );
      await checking.close();
      await context.close();
    });
  }
});
