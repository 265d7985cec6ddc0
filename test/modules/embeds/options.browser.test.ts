/**
 * Issue 16 in Chromium: every badge variant × style × theme, the card and the chart options as
 * `<img>` in a Markdown-like page (a README) and in iframes, pixel sizes checked; screenshots in
 * test-artifacts/embeds/options/ (the docs' rows come from there).
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_HEIGHTS, type BadgeStyle, type BadgeVariant } from '../../../src/modules/embeds/render/index.js';
import { launchChromium, startApp, startSite, type RunningApp } from './browser-harness.js';
import { guardedPage, loadOptionBots, markdownPage, screenshotWholePage, type OptionBot } from './options-browser-setup.js';
import { HOSTILE_NAME } from './render/fixtures.js';

/* Browser globals used inside page.evaluate callbacks (the project compiles without the DOM lib). */
interface InPageRect {
  width: number;
  height: number;
}
interface InPageElement {
  getBoundingClientRect(): InPageRect;
  querySelector(selector: string): InPageElement | null;
  querySelectorAll(selector: string): ArrayLike<InPageElement>;
  textContent: string | null;
}
declare const document: { documentElement: InPageElement; querySelectorAll(selector: string): ArrayLike<InPageElement> };
declare function getComputedStyle(element: InPageElement): { fill: string };

const ARTIFACTS = 'test-artifacts/embeds/options';
const SITE_URL = 'https://bots.example.org';
const SCHEMES = ['light', 'dark'] as const;
const STYLES: BadgeStyle[] = ['flat', 'flat-square', 'plastic', 'for-the-badge', 'social'];
const VARIANTS: BadgeVariant[] = ['servers', 'votes', 'votes_total', 'rating', 'rating_stars', 'status'];
const THEMES = [undefined, 'light', 'dark'] as const;

let running: RunningApp;
let embeds: string;
let site: { server: Server; origin: string };
let browser: Browser;
let page: Page;
let bots: Awaited<ReturnType<typeof loadOptionBots>>;
const pages = new Map<string, string>();
const dialogs: string[] = [];
const foreign: string[] = [];
/** Size of each asset as the server answers it (the SVG's own width and height). */
const served = new Map<string, [number, number]>();

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  site = await startSite(pages);
  running = await startApp({ SITE_URL });
  embeds = `${running.origin}/api`;
  bots = await loadOptionBots(running.app);
  browser = await launchChromium();
  page = await guardedPage(browser, { width: 1400, height: 900 }, 2, dialogs, foreign);
});

afterAll(async () => {
  expect(foreign).toEqual([]);
  expect(dialogs).toEqual([]);
  await browser?.close();
  await new Promise((resolve) => site?.server.close(resolve));
  await running?.app.close();
  await running?.db.close();
});

/** Fetches an SVG asset once, checks it is one, and remembers its size. */
async function svgSize(path: string): Promise<[number, number]> {
  const known = served.get(path);
  if (known) return known;
  const response = await fetch(`${embeds}${path}`);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toBe('image/svg+xml; charset=utf-8');
  const match = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(await response.text())!;
  const size: [number, number] = [Number(match[1]), Number(match[2])];
  served.set(path, size);
  return size;
}

async function show(name: string, body: string, scheme: (typeof SCHEMES)[number]): Promise<void> {
  pages.set(name, markdownPage(name, body));
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${site.origin}/page/${name}`, { waitUntil: 'load' });
}

/** Every `<img>` of the page: the asset's path, its natural size and the size it takes in the page. */
async function images(): Promise<{ path: string; natural: [number, number]; shown: [number, number] }[]> {
  const found = await page.$$eval('img', (imgs) =>
    imgs.map((img) => ({
      src: img.getAttribute('src')!,
      natural: [img.naturalWidth, img.naturalHeight] as [number, number],
      box: img.getBoundingClientRect(),
    })),
  );
  return found.map(({ src, natural, box }) => ({ path: src.slice(embeds.length), natural, shown: [box.width, box.height] }));
}

const badgePath = (style: BadgeStyle, variant: BadgeVariant, theme: string | undefined, extra = ''): string =>
  `/badge/${bots.melody.id}?variant=${variant}&style=${style}${theme ? `&theme=${theme}` : ''}${extra}`;
/** Beyond the variants: a logo (the directory's and a stored icon), a label with colours, compact. */
const EXTRAS: { bot: OptionBot; query: string }[] = [
  { bot: 'melody', query: '&logo=1' },
  { bot: 'iconic', query: '&logo=1&compact=1' },
  { bot: 'melody', query: '&label=m%C3%BAsica&color=ff69b4&labelColor=555' },
  { bot: 'hostile', query: `&label=${encodeURIComponent(HOSTILE_NAME)}` },
];

function badgeRows(style: BadgeStyle): string[] {
  return THEMES.map((theme) => [
    ...VARIANTS.map((variant) => badgePath(style, variant, theme)),
    ...EXTRAS.map(({ bot, query }) => `/badge/${bots[bot].id}?variant=servers&style=${style}${theme ? `&theme=${theme}` : ''}${query}`),
  ]).flat();
}

describe('badges in a README', () => {
  it.each(SCHEMES)('every style × variant × theme as <img>, at its exact pixel size, on a %s page', async (scheme) => {
    const link = (path: string) => `<a href="${SITE_URL}/en/bots/melody"><img alt="badge" src="${embeds}${path}"></a>`;
    const body = STYLES.map(
      (style) =>
        `<section data-style="${style}"><h2>style=${style}</h2>` +
        THEMES.map(
          (theme) =>
            `<h3>theme=${theme ?? 'auto'}</h3><p>${badgeRows(style)
              .filter((path) => (theme ? path.includes(`theme=${theme}`) : !path.includes('theme=')))
              .map(link)
              .join('\n')}</p>`,
        ).join('') +
        '</section>',
    ).join('');
    await show(`badges-${scheme}`, body, scheme);
    await screenshotWholePage(page, `${ARTIFACTS}/badges-readme-${scheme}.png`);
    for (const style of STYLES)
      await page.locator(`section[data-style="${style}"]`).screenshot({ path: `${ARTIFACTS}/style-${style}-${scheme}.png` });

    const shown = await images();
    expect(shown).toHaveLength(STYLES.length * THEMES.length * (VARIANTS.length + EXTRAS.length));
    for (const image of shown) {
      const size = await svgSize(image.path);
      expect(image.natural, image.path).toEqual(size);
      expect(image.shown, image.path).toEqual(size);
      expect(size[1], image.path).toBe(BADGE_HEIGHTS[/style=([a-z-]+)/.exec(image.path)![1] as BadgeStyle]);
    }
  });

  it('one docs row per style: the badges on a light page and on a dark page', async () => {
    const row = (style: BadgeStyle, theme: 'light' | 'dark') =>
      ['servers', 'votes', 'rating_stars', 'status']
        .map((variant) => `<img alt="" src="${embeds}${badgePath(style, variant as BadgeVariant, theme)}">`)
        .join('') + `<img alt="" src="${embeds}${badgePath(style, 'servers', theme, '&logo=1')}">`;
    await show(
      'docs-rows',
      STYLES.map(
        (style) =>
          `<div class="docs" data-style="${style}"><div class="on-light">${row(style, 'light')}</div><div class="on-dark">${row(style, 'dark')}</div></div>`,
      ).join(''),
      'light',
    );
    for (const style of STYLES)
      await page.locator(`div.docs[data-style="${style}"]`).screenshot({ path: `${ARTIFACTS}/docs-badge-${style}.png` });
    for (const image of await images()) expect(image.natural).toEqual(await svgSize(image.path));
  });
});

describe('badges in iframes', () => {
  it.each(SCHEMES)('every style × variant × theme as its own document, %s system setting', async (scheme) => {
    const paths = STYLES.flatMap((style) => THEMES.flatMap((theme) => VARIANTS.map((variant) => badgePath(style, variant, theme))));
    const frames = await Promise.all(paths.map(async (path) => ({ path, size: await svgSize(path) })));
    await show(
      `badge-frames-${scheme}`,
      frames
        .map(({ path, size }, index) => `<iframe name="f${index}" width="${size[0]}" height="${size[1]}" src="${embeds}${path}"></iframe>`)
        .join(''),
      scheme,
    );
    await screenshotWholePage(page, `${ARTIFACTS}/badges-iframes-${scheme}.png`);
    for (const [index, { path, size }] of frames.entries()) {
      const frame = page.frame({ name: `f${index}` })!;
      const facts = await frame.evaluate(() => {
        const root = document.documentElement.getBoundingClientRect();
        const first = document.documentElement.querySelector(':not(clipPath) > rect')!;
        return { size: [root.width, root.height], fill: getComputedStyle(first).fill };
      });
      expect(facts.size, path).toEqual(size);
      // The first rect is the label (or the social box): its colour follows the theme, or the system setting.
      const theme = /theme=(light|dark)/.exec(path)?.[1] ?? scheme;
      const social = path.includes('style=social');
      const expected = social
        ? { light: 'rgb(252, 252, 252)', dark: 'rgb(33, 38, 45)' }
        : { light: 'rgb(234, 238, 242)', dark: 'rgb(45, 51, 59)' };
      expect(facts.fill, path).toBe(expected[theme as 'light' | 'dark']);
    }
  });
});

describe('card', () => {
  const cardBots: OptionBot[] = ['melody', 'longest', 'hostile', 'iconic'];
  const cardPaths = () =>
    cardBots.flatMap((bot) =>
      ['en', 'de'].flatMap((lang) =>
        ['auto', 'light', 'dark'].map((theme) => ({ bot, lang, path: `/card/${bots[bot].id}.svg?theme=${theme}&lang=${lang}` })),
      ),
    );

  it.each(SCHEMES)('as a linked <img> in a README and in an iframe, 420 × 140, %s system setting', async (scheme) => {
    const body =
      '<h2>Markdown: [![name](card.svg)](vote URL)</h2><p>' +
      cardPaths()
        .map(
          ({ bot, lang, path }) =>
            `<a href="${SITE_URL}/${lang}/bots/${bots[bot].slugs[lang as 'en']}"><img alt="${bot}" src="${embeds}${path}"></a>`,
        )
        .join('\n') +
      '</p><h2>iframe</h2>' +
      cardPaths()
        .map(({ path }, index) => `<iframe name="c${index}" width="420" height="140" src="${embeds}${path}"></iframe>`)
        .join('');
    await show(`cards-${scheme}`, body, scheme);
    await screenshotWholePage(page, `${ARTIFACTS}/cards-${scheme}.png`);
    await page
      .locator('img')
      .first()
      .screenshot({ path: `${ARTIFACTS}/docs-card-${scheme}.png` });
    for (const image of await images()) {
      expect(image.natural, image.path).toEqual([420, 140]);
      expect(image.shown, image.path).toEqual([420, 140]);
    }
    for (const [index, { path }] of cardPaths().entries()) {
      const facts = await page.frame({ name: `c${index}` })!.evaluate(() => {
        const root = document.documentElement.getBoundingClientRect();
        const texts = [...(document.documentElement.querySelectorAll('text') as unknown as InPageElement[])].map(
          (text) => text.textContent,
        );
        return { size: [root.width, root.height], texts, injected: document.querySelectorAll('img, script, foreignObject').length };
      });
      expect(facts.size, path).toEqual([420, 140]);
      expect(facts.injected, path).toBe(0);
      if (path.includes(bots.hostile.id)) expect(facts.texts).toContain(HOSTILE_NAME);
    }
  });
});

describe('chart options', () => {
  const variants = () => [
    { path: `/chart/${bots.melody.id}?scale=auto`, size: [640, 320] },
    { path: `/chart/${bots.melody.id}?scale=zero`, size: [640, 320] },
    { path: `/chart/${bots.melody.id}?range=7&width=320&height=200`, size: [320, 200] },
    { path: `/chart/${bots.longest.id}?range=365&width=1280&height=640`, size: [1280, 640] },
    { path: `/chart/${bots.newbie.id}?range=30`, size: [640, 320] },
    { path: `/chart/${bots.newbie.id}?width=320&height=200`, size: [320, 200] },
  ];

  it.each(SCHEMES)('scale, size and the collecting-data state as <img> (SVG and PNG at dpr 1 and 2) and in iframes, %s', async (scheme) => {
    const themed = variants().flatMap(({ path, size }) =>
      ['auto', 'light', 'dark'].map((theme) => ({ path: `${path}&theme=${theme}`, size })),
    );
    // dpr 2 up to 640 × 320: a PNG is at most 1280 × 640 pixels.
    const pngs = variants().flatMap(({ path, size }) =>
      [1, 2]
        .filter((dpr) => size[0]! * dpr <= 1280)
        .map((dpr) => ({ path: `${path}&format=png&dpr=${dpr}`, size: [size[0]! * dpr, size[1]! * dpr] })),
    );
    const body =
      '<h2>SVG</h2><p>' +
      themed.map(({ path }) => `<img alt="" src="${embeds}${path}">`).join('\n') +
      '</p>' +
      '<h2>PNG, dpr 1 and 2 (shown at CSS size)</h2><p>' +
      pngs
        .map(({ path, size }) => `<img alt="" class="png" width="${size[0]! / Number(/dpr=(\d)/.exec(path)![1])}" src="${embeds}${path}">`)
        .join('\n') +
      '</p>' +
      '<h2>iframe</h2>' +
      variants()
        .map(({ path, size }, index) => `<iframe name="g${index}" width="${size[0]}" height="${size[1]}" src="${embeds}${path}"></iframe>`)
        .join('');
    await show(`charts-${scheme}`, body, scheme);
    await screenshotWholePage(page, `${ARTIFACTS}/charts-${scheme}.png`);
    const shown = await images();
    expect(shown).toHaveLength(themed.length + pngs.length);
    for (const image of shown) {
      const expected = [...themed, ...pngs].find((entry) => entry.path === image.path)!;
      expect(image.natural, image.path).toEqual(expected.size);
      const dpr = Number(/dpr=(\d)/.exec(image.path)?.[1] ?? 1);
      expect(image.shown, image.path).toEqual([expected.size[0]! / dpr, expected.size[1]! / dpr]);
    }
    for (const [index, { path, size }] of variants().entries()) {
      const facts = await page.frame({ name: `g${index}` })!.evaluate(() => {
        const root = document.documentElement.getBoundingClientRect();
        const texts = [...(document.documentElement.querySelectorAll('text') as unknown as InPageElement[])].map(
          (text) => text.textContent,
        );
        return { size: [root.width, root.height], texts };
      });
      expect(facts.size, path).toEqual(size);
      if (path.includes(bots.newbie.id)) expect(facts.texts.join(' '), path).toMatch(/Collecting data since \d{4}-\d{2}-\d{2}/);
      else expect(facts.texts.join(' '), path).toMatch(/Daily server count, (reported by the bot|counted by the platform)/);
    }
  });
});
