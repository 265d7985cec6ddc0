import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botBody } from '../../fixtures.js';
import { ADMIN_TOKEN } from '../../helpers.js';
import { launchChromium, startApp, type RunningApp } from '../embeds/browser-harness.js';

/* Browser globals used inside page.evaluate (the project compiles without the DOM lib). */
declare const document: {
  head: { querySelector(selector: string): { textContent: string | null; getAttribute(name: string): string | null } | null };
  querySelectorAll(selector: string): { length: number };
};
declare class Image {
  src: string;
  naturalWidth: number;
  naturalHeight: number;
  decode(): Promise<void>;
}

const ARTIFACTS = 'test-artifacts/site';
/** testConfig's BASE_URL: what the head's absolute URLs start with (the app listens elsewhere). */
const BASE_URL = 'http://127.0.0.1:3000';
const NAME = '</script><script>alert("name")</script>';
const DESCRIPTION = '"><img src=x onerror=alert(1)> & </title>';

let running: RunningApp;
let browser: Browser;
const { id, body } = botBody({
  name: NAME,
  slugs: { en: 'hostile-seo-bot', de: 'feindlicher-seo-bot' },
  shortDescription: { en: DESCRIPTION, de: `${DESCRIPTION} (de)` },
});

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  running = await startApp();
  const put = await running.app.inject({
    method: 'PUT',
    url: `/admin/v1/bots/${id}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: body,
  });
  expect(put.statusCode).toBe(201);
  await running.db.query('UPDATE bots SET rating_sum = 9, rating_count = 2 WHERE id = $1', [id]);
  await running.app.inject({
    method: 'PATCH',
    url: `/admin/v1/bots/${id}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { prefix: '?' },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await running?.app.close();
  await running?.db.close();
});

describe('a bot page as Chromium reads it', () => {
  it('its head tags and JSON-LD hold the hostile text as text: nothing runs, the CSP refuses nothing, the card loads at 1200 × 630', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy|Refused to/.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    // The icon is on another host: answered here, so the test needs no network.
    await page.route('https://cdn.example.org/**', (route) =>
      route.fulfill({
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
      }),
    );
    await page.goto(`${running.origin}/en/bots/hostile-seo-bot`);

    const head = await page.evaluate(() => {
      const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
      return {
        description: content('meta[name="description"]'),
        ogTitle: content('meta[property="og:title"]'),
        ogImage: content('meta[property="og:image"]'),
        canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
        german: document.head.querySelector('link[hreflang="de"]')?.getAttribute('href') ?? null,
        jsonLd: document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? null,
        scripts: document.querySelectorAll('script').length,
      };
    });
    expect(head.description).toBe(DESCRIPTION);
    expect(head.ogTitle).toBe(NAME);
    expect(head.canonical).toBe(`${BASE_URL}/en/bots/hostile-seo-bot`);
    expect(head.german).toBe(`${BASE_URL}/de/bots/feindlicher-seo-bot`);
    // The data block and the site's script: no element made of the bot's text.
    expect(head.scripts).toBe(2);
    const data = JSON.parse(head.jsonLd!) as { name: string; description: string; aggregateRating: { ratingValue: number } };
    expect(data).toMatchObject({ name: NAME, description: DESCRIPTION, aggregateRating: { ratingValue: 4.5 } });

    expect(head.ogImage).toBe(`${BASE_URL}/api/card/${id}.png?lang=en`);
    const card = running.origin + head.ogImage!.slice(BASE_URL.length);
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, card);
    expect(size).toEqual([1200, 630]);
    expect(problems).toEqual([]);

    await page.goto(card);
    await page.screenshot({ path: `${ARTIFACTS}/card-preview-en.png` });
    await page.close();
  });
});
