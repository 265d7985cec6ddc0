import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../../scripts/seed.js';
import { startOfUtcMonth, utcDay } from '../../../src/lib/clock.js';
import type { BadgeVariant, Lang, Theme } from '../../../src/modules/embeds/render/index.js';
import { sampleBots, type SampleBot } from '../../fixtures.js';
import { ADMIN_TOKEN } from '../../helpers.js';
import { galleryPage, launchChromium, startApp, startSite, type RunningApp } from './browser-harness.js';
import { HOSTILE_NAME } from './render/fixtures.js';

/*
 * The callbacks given to page.evaluate run inside Chromium. The project compiles without
 * the DOM lib (server code must not see `document`), so the few browser globals they use
 * are declared here, scoped to this module.
 */
interface InPageElement {
  className: string;
  tagName: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  parentElement: InPageElement | null;
  classList: { contains(name: string): boolean };
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; width: number; height: number };
  querySelector(selector: string): InPageElement | null;
}
interface InPageLink extends InPageElement {
  href: string;
  target: string;
  rel: string;
}
declare const document: {
  documentElement: InPageElement;
  querySelector<E extends InPageElement = InPageElement>(selector: string): E | null;
  querySelectorAll(selector: string): Iterable<InPageElement> & { length: number };
};
declare const innerWidth: number;
declare const innerHeight: number;
declare function getComputedStyle(element: InPageElement): {
  fill: string;
  overflowX: string;
  textOverflow: string;
  webkitLineClamp: string;
  backgroundColor: string;
};

const ARTIFACTS = 'test-artifacts/embeds';
const SCHEMES = ['light', 'dark'] as const;
const VARIANTS: BadgeVariant[] = ['votes', 'servers', 'rating'];
const THEMES: (Theme | undefined)[] = [undefined, 'light', 'dark'];
const LANGS: Lang[] = ['en', 'de'];
const SITE_URL = 'https://bots.example.org';
/** No bot has this ID: its badge is the 404 one. */
const UNKNOWN_ID = '123456789012345678';

type BotName = 'melody' | 'longest' | 'stress' | 'hostile' | 'empty';
interface LoadedBot {
  id: string;
  name: string;
  slugs: { de: string; en: string };
  shortDescription: { de: string; en: string };
}

/** The bots as loaded through the management API, by the names the tests use. */
const bots = {} as Record<BotName, LoadedBot>;
/** Gallery pages of the embedding site, by name. */
const pages = new Map<string, string>();
let running: RunningApp;
/** Where the app serves the embeds. */
let embeds: string;
let site: { server: Server; origin: string };
let browser: Browser;
let page: Page;
/** Badges are 20 px high: their screenshots are taken at twice the resolution. */
let badgePage: Page;
const dialogs: string[] = [];
/** Requests to anything but 127.0.0.1: the assets must be self-contained. */
const foreignRequests: string[] = [];

type SampleBody = SampleBot & LoadedBot & { iconUrl: string; isVerified: boolean; platformServerCount: number | null };

/** The sample bot with the longest name, carrying the longest description of each language. */
function longestSampleBot(sample: SampleBody[]): SampleBody {
  const chars = (text: string): number => Array.from(text).length;
  const longest = (length: (bot: SampleBody) => number): SampleBody =>
    sample.reduce((best, bot) => (length(bot) > length(best) ? bot : best));
  const description = (lang: Lang): string => longest((bot) => chars(bot.shortDescription[lang])).shortDescription[lang];
  return {
    ...longest((bot) => chars(bot.name)),
    shortDescription: { de: description('de'), en: description('en') },
    isVerified: true,
    published: true,
  };
}

/**
 * Loads the bots through the management API with the project's seed helper, which also adds
 * reviews, votes and a year of daily history to each: melody (a sample bot that then reports its
 * own count, so its chart says "reported by the bot"), longest (the sample's longest name and
 * descriptions), stress (far beyond the sample: an unbreakable 80-character name, 300-character
 * texts, a dead icon), hostile (the XSS name, an unreachable icon) and empty (no count at all).
 */
async function loadBots(app: RunningApp['app'], icon: string): Promise<void> {
  const sample = sampleBots() as SampleBody[];
  const melody = sample.find((bot) => bot.name === 'Melody') ?? sample[0]!;
  const extra = (id: string, slug: string, fields: Partial<SampleBody>): SampleBody => ({
    ...melody,
    id,
    slugs: { de: slug, en: slug },
    isVerified: false,
    published: true,
    ...fields,
  });
  const items: Record<BotName, SampleBody> = {
    melody: { ...melody, iconUrl: icon, published: true },
    longest: { ...longestSampleBot(sample), iconUrl: icon },
    stress: extra('990000000000000001', 'stress', {
      name: 'W'.repeat(80),
      shortDescription: { de: 'Überlänge '.repeat(30).trim(), en: 'Wordwithoutanyspaces'.repeat(15) },
      iconUrl: `${icon.replace(/icon\.svg$/, '')}missing.png`, // a 404: the initial's tile stays
      isVerified: true,
      platformServerCount: 99_999_999,
    }),
    // An icon that fails to load (nothing listens on port 1): the initial's tile shows through.
    hostile: extra('990000000000000002', 'hostile', { name: HOSTILE_NAME, iconUrl: 'https://127.0.0.1:1/unreachable.png' }),
    empty: extra('990000000000000003', 'empty', { name: 'Quiet Bot', platformServerCount: null, platformShardCount: null }),
  };
  const dir = mkdtempSync(join(tmpdir(), 'embeds-browser-'));
  try {
    const file = join(dir, 'bots.json');
    writeFileSync(file, JSON.stringify(Object.values(items)));
    await seed(app, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [name, bot] of Object.entries(items)) bots[name as BotName] = bot;

  // melody reports its own count through the owner API: its chart must switch to that source.
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const key = await app.inject({
    method: 'POST',
    url: `/admin/v1/bots/${bots.melody.id}/keys`,
    headers: admin,
    payload: { scopes: ['stats:write'] },
  });
  expect(key.statusCode, key.body).toBe(201);
  const stats = await app.inject({
    method: 'POST',
    url: `/api/v1/bots/${bots.melody.id}/stats`,
    headers: { authorization: `Bearer ${key.json().data.key}` },
    payload: { serverCount: (melody.platformServerCount ?? 0) + 12_345 },
  });
  expect(stats.statusCode, stats.body).toBe(200);

  // Numbers as wide as they get (99.9k votes this month, 4.7 ★ from 99.9k ratings): no API loads
  // a hundred thousand votes in reasonable time, so these counters are set in the database.
  const month = utcDay(startOfUtcMonth(app.clock.now()));
  for (const id of [bots.longest.id, bots.stress.id]) {
    await app.db.query('UPDATE bots SET votes_total = 9999999, rating_sum = 466000, rating_count = 99999 WHERE id = $1', [id]);
    await app.db.query(
      `INSERT INTO bot_vote_months (bot_id, month, votes) VALUES ($1, $2::date, 99999)
       ON CONFLICT (bot_id, month) DO UPDATE SET votes = EXCLUDED.votes`,
      [id, month],
    );
    app.changes.emit({ kind: 'bot', botId: id, aspect: 'profile' });
  }
}

/** An asset as our app serves it, for inlining into a page. */
async function fetchAsset(path: string): Promise<string> {
  const response = await fetch(`${embeds}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  site = await startSite(pages);
  running = await startApp({ SITE_URL });
  embeds = `${running.origin}/api`;
  await loadBots(running.app, `${site.origin}/icon.svg`);
  browser = await launchChromium();
  page = await newPage({ width: 1360, height: 900 }, 1);
  badgePage = await newPage({ width: 900, height: 400 }, 2);
});

/**
 * A page that records any dialog (alert, confirm, prompt) a hostile string might open,
 * and blocks and records every request that leaves 127.0.0.1.
 */
async function newPage(viewport: { width: number; height: number }, deviceScaleFactor: number): Promise<Page> {
  const created = await browser.newPage({ viewport, deviceScaleFactor });
  created.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await created.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).hostname === '127.0.0.1') return route.continue();
    foreignRequests.push(url);
    return route.abort();
  });
  return created;
}

afterAll(async () => {
  expect(foreignRequests).toEqual([]);
  await browser?.close();
  await new Promise((resolve) => site?.server.close(resolve));
  await running?.app.close();
  await running?.db.close();
});

/** Loads a gallery page from the embedding site and waits until every image and iframe has loaded (or failed). */
async function showPage(name: string, body: string, scheme: (typeof SCHEMES)[number], target = page): Promise<void> {
  pages.set(name, galleryPage(name, body));
  await target.emulateMedia({ colorScheme: scheme });
  await target.goto(`${site.origin}/page/${name}`, { waitUntil: 'load' });
}

/**
 * A screenshot of the whole page. Chromium does not paint cross-origin iframes outside the
 * viewport (and the widgets come from another origin than the page), so the viewport grows to
 * the whole page first.
 */
async function screenshotWholePage(target: Page, path: string, width = target.viewportSize()!.width): Promise<void> {
  const before = target.viewportSize()!;
  await target.setViewportSize({ width, height: before.height });
  const height = await target.evaluate(() => document.documentElement.scrollHeight);
  await target.setViewportSize({ width, height });
  await target.screenshot({ path, fullPage: true });
  await target.setViewportSize(before);
}

const badgeUrl = (bot: BotName, variant: BadgeVariant, theme: Theme | undefined, compact: boolean): string =>
  `/badge/${bots[bot].id}?variant=${variant}${theme ? `&theme=${theme}` : ''}${compact ? '&compact=1' : ''}`;

describe('badge in Chromium', () => {
  const combos = VARIANTS.flatMap((variant) => THEMES.flatMap((theme) => [false, true].map((compact) => ({ variant, theme, compact }))));
  /** Each badge as an `<img>` of the app's URL, and the same bytes inline (as a page that pastes the SVG would). */
  const body = async () =>
    THEMES.map(
      (theme) =>
        `<h2>theme=${theme ?? '(none: follows system)'}</h2><div class="row">` +
        combos
          .filter((combo) => combo.theme === theme)
          .map((c) => `<img alt="" src="${embeds}${badgeUrl('melody', c.variant, c.theme, c.compact)}">`)
          .join('') +
        `<img alt="" class="missing" src="${embeds}/badge/${UNKNOWN_ID}${theme ? `?theme=${theme}` : ''}"></div>`,
    ).join('') +
    '<h2>inline (several on one page)</h2><div class="row inline">' +
    (await Promise.all(combos.map((c) => fetchAsset(badgeUrl('melody', c.variant, c.theme, c.compact))))).join('') +
    (await fetchAsset(badgeUrl('hostile', 'servers', undefined, false))) +
    '</div>';

  it.each(SCHEMES)('renders every variant and theme, inline and as <img>, under %s system setting', async (scheme) => {
    await showPage(`badges-${scheme}`, await body(), scheme, badgePage);
    await screenshotWholePage(badgePage, `${ARTIFACTS}/badges-${scheme}.png`);

    // A broken SVG leaves an <img> with naturalWidth 0; the 404 "not found" badge must display too.
    const images = await badgePage.$$eval('img', (imgs) => imgs.map((img) => ({ src: img.getAttribute('src'), width: img.naturalWidth })));
    expect(images).toHaveLength(combos.length + THEMES.length);
    for (const image of images) expect(image.width, image.src ?? '').toBeGreaterThan(20);

    // Theme omitted → the label follows the system setting; fixed themes do not.
    const labelFills = await badgePage.$$eval('.inline svg', (svgs) =>
      svgs.map((svg) => getComputedStyle(svg.querySelector('g > rect')).fill),
    );
    const expected = { light: 'rgb(234, 238, 242)', dark: 'rgb(45, 51, 59)' };
    combos.forEach((combo, index) => {
      if (!combo.compact) expect(labelFills[index], JSON.stringify(combo)).toBe(expected[combo.theme ?? scheme]);
    });
  });
});

describe('widget in an iframe of 420 × 140', () => {
  const cases = (['longest', 'stress', 'melody', 'hostile'] as const).flatMap((bot) =>
    LANGS.flatMap((lang) => THEMES.map((theme) => ({ bot, lang, theme, name: `${bot}-${lang}-${theme ?? 'auto'}` }))),
  );
  const body = () =>
    LANGS.map(
      (lang) =>
        `<h2>lang=${lang}</h2><div class="row">` +
        cases
          .filter((c) => c.lang === lang)
          .map(
            (c) =>
              `<div class="cell"><span>${c.bot}, theme=${c.theme ?? 'auto'}</span><iframe name="${c.name}" width="420" height="140" ` +
              `src="${embeds}/widget/${bots[c.bot].id}?lang=${c.lang}${c.theme ? `&theme=${c.theme}` : ''}"></iframe></div>`,
          )
          .join('') +
        '</div>',
    ).join('');

  function frame(name: string): Frame {
    const found = page.frame({ name });
    if (!found) throw new Error(`iframe ${name} missing`);
    return found;
  }

  /** Layout facts measured inside one widget frame. */
  function measure(target: Frame) {
    return target.evaluate(() => {
      const root = document.documentElement;
      const card = document.querySelector('.card')!.getBoundingClientRect();
      const texts = [...document.querySelectorAll('.name-text, .desc, dt, dd, .vote span')].map((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return {
          what: `${el.className || el.tagName}: ${el.textContent}`,
          overflowsX: el.scrollWidth > el.clientWidth,
          overflowsY: el.scrollHeight > el.clientHeight,
          clipsWithEllipsis: style.overflowX === 'hidden' && (style.textOverflow === 'ellipsis' || style.webkitLineClamp === '2'),
          inside: box.left >= card.left && box.right <= card.right && box.top >= card.top && box.bottom <= card.bottom,
          isNumberOrButton: el.tagName === 'DD' || (el.tagName === 'SPAN' && el.parentElement!.classList.contains('vote')),
        };
      });
      return {
        viewport: [innerWidth, innerHeight],
        document: {
          scrollWidth: root.scrollWidth,
          clientWidth: root.clientWidth,
          scrollHeight: root.scrollHeight,
          clientHeight: root.clientHeight,
        },
        card: [card.width, card.height],
        cardBackground: getComputedStyle(document.querySelector('.card')!).backgroundColor,
        texts,
        name: document.querySelector('.name-text')!.textContent,
        images: document.querySelectorAll('img').length,
        link: (({ href, target, rel }) => ({ href, target, rel }))(document.querySelector<InPageLink>('a.vote')!),
      };
    });
  }

  it.each(SCHEMES)('never overflows, in both languages and all themes, under %s system setting', async (scheme) => {
    await showPage(`widgets-${scheme}`, body(), scheme);
    await screenshotWholePage(page, `${ARTIFACTS}/widgets-${scheme}.png`);
    for (const c of cases.filter((x) => x.bot === 'longest')) {
      await page.locator(`iframe[name="${c.name}"]`).screenshot({ path: `${ARTIFACTS}/widget-${c.name}-on-${scheme}-page.png` });
    }

    for (const c of cases) {
      const facts = await measure(frame(c.name));
      expect(facts.viewport, c.name).toEqual([420, 140]);
      expect(facts.card, c.name).toEqual([420, 140]);
      expect(facts.document.scrollWidth, c.name).toBeLessThanOrEqual(facts.document.clientWidth);
      expect(facts.document.scrollHeight, c.name).toBeLessThanOrEqual(facts.document.clientHeight);
      for (const text of facts.texts) {
        expect(text.inside, `${c.name} ${text.what}`).toBe(true);
        // Long names and descriptions may be cut, but only by an ellipsis or line clamp.
        if (text.overflowsX || text.overflowsY) expect(text.clipsWithEllipsis, `${c.name} ${text.what}`).toBe(true);
        // Numbers and the button label are never cut, nor is anything for the real sample data.
        if (text.isNumberOrButton || c.bot !== 'stress') expect(text.overflowsX, `${c.name} ${text.what}`).toBe(false);
      }
      expect(facts.cardBackground, c.name).toBe((c.theme ?? scheme) === 'dark' ? 'rgb(22, 27, 34)' : 'rgb(255, 255, 255)');
      expect(facts.link, c.name).toEqual({
        href: `${SITE_URL}/${c.lang}/bots/${bots[c.bot].slugs[c.lang]}`,
        target: '_blank',
        rel: 'noopener noreferrer',
      });
    }
    const longest = bots.longest;
    expect((await measure(frame('longest-en-auto'))).name).toBe(longest.name);
    expect(await frame('longest-de-auto').locator('.desc').textContent()).toBe(longest.shortDescription.de);
    expect(await frame('longest-en-auto').locator('.desc').textContent()).toBe(longest.shortDescription.en);
  });

  it('shows a hostile name as text and runs no script', async () => {
    await showPage('widgets-xss', body(), 'light');
    for (const c of cases.filter((x) => x.bot === 'hostile')) {
      const facts = await measure(frame(c.name));
      expect(facts.name).toBe(HOSTILE_NAME);
      expect(facts.images).toBe(0);
    }
    expect(dialogs).toEqual([]);
  });
});

describe('chart in Chromium', () => {
  /** melody: 30 days reported by the bot; year: 365 days of the longest name; empty: no data; hostile. */
  const charts = (): Record<string, string> => ({
    melody: `/chart/${bots.melody.id}?`,
    year: `/chart/${bots.longest.id}?range=365&`,
    empty: `/chart/${bots.empty.id}?`,
    hostile: `/chart/${bots.hostile.id}?`,
  });
  const body = async () =>
    Object.entries(charts())
      .map(
        ([name, url]) =>
          `<h2>${name}: SVG auto, dark, light · PNG</h2><div class="row">` +
          ['auto', 'dark', 'light'].map((theme) => `<img alt="" src="${embeds}${url}theme=${theme}">`).join('') +
          `<img alt="" class="png" src="${embeds}${url}format=png&theme=auto"></div>`,
      )
      .join('') + `<div class="inline">${await fetchAsset(`${charts().hostile}theme=auto`)}</div>`;

  it.each(SCHEMES)('renders SVG in all themes and PNG, under %s system setting', async (scheme) => {
    await showPage(`charts-${scheme}`, await body(), scheme);
    await screenshotWholePage(page, `${ARTIFACTS}/charts-${scheme}.png`, 2660);
    if (scheme === 'light') {
      // The PNGs themselves, as a document would show them.
      for (const [name, url] of Object.entries(charts())) {
        for (const theme of ['light', 'dark'] as const) {
          const png = await fetch(`${embeds}${url}theme=${theme}`, { headers: { accept: 'image/png' } });
          expect(png.headers.get('content-type')).toBe('image/png');
          writeFileSync(`${ARTIFACTS}/chart-${name}-${theme}.png`, Buffer.from(await png.arrayBuffer()));
        }
      }
    }
    const sizes = await page.$$eval('img', (imgs) => imgs.map((img) => [img.naturalWidth, img.naturalHeight]));
    expect(sizes).toHaveLength(16);
    for (const size of sizes) expect(size).toEqual([640, 320]);
    const background = await page.$eval('.inline svg > rect', (rect) => getComputedStyle(rect).fill);
    expect(background).toBe(scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
  });

  it('shows a hostile name as text in the inline chart and badge, and runs no script', async () => {
    const badge = await fetchAsset(badgeUrl('hostile', 'votes', undefined, true));
    await showPage('charts-xss', (await body()) + badge, 'light');
    const facts = await page.evaluate(() => ({
      titles: [...document.querySelectorAll('svg > title')].map((title) => title.textContent),
      firstText: document.querySelector('.inline svg text')!.textContent,
      injected: document.querySelectorAll('svg img, img[src="x"]').length,
    }));
    expect(facts.firstText).toBe(HOSTILE_NAME);
    expect(facts.titles).toHaveLength(2);
    expect(facts.titles.every((title) => title!.startsWith(`${HOSTILE_NAME}: `))).toBe(true);
    expect(facts.injected).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
