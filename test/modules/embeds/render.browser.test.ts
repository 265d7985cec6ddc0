import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBadge, renderChartPng, renderChartSvg, type BadgeVariant, type Lang, type Theme } from '../../../src/modules/embeds/render/index.js';
import { galleryPage, launchChromium, startEmbedServer, type EmbedFixtures } from './render/browser-harness.js';
import { HOSTILE_NAME, loadSampleBots, longestSampleBot, makeBot, makeSeries } from './render/fixtures.js';

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

const fixtures: EmbedFixtures = { bots: {}, series: {}, pages: new Map() };
let browser: Browser;
let server: Server;
let origin: string;
let page: Page;
/** Badges are 20 px high: their screenshots are taken at twice the resolution. */
let badgePage: Page;
const dialogs: string[] = [];
/** Requests to anything but the local server: the assets must be self-contained. */
const foreignRequests: string[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  ({ server, origin } = await startEmbedServer(fixtures));
  const icon = `${origin}/icon.svg`;
  const longest = longestSampleBot(loadSampleBots());
  fixtures.bots = {
    melody: makeBot({ iconUrl: icon }),
    longest: { ...longest, iconUrl: icon },
    // Far beyond the sample data: one unbreakable 80-character name, 400-character texts, wide numbers.
    stress: makeBot({
      name: 'W'.repeat(80),
      iconUrl: '', // no icon at all: the initial's tile stays
      shortDescription: { de: 'Überlänge '.repeat(40), en: 'Wordwithoutanyspaces'.repeat(20) },
      serverCount: 99_999_999,
      votesMonth: 99_999,
      rating: { average: 4.66, count: 99_999 },
    }),
    // An icon that fails to load (nothing listens on port 1): the initial's tile shows through.
    hostile: makeBot({ name: HOSTILE_NAME, iconUrl: 'https://127.0.0.1:1/unreachable.png', isVerified: false }),
  };
  fixtures.series = {
    melody: makeSeries(),
    year: makeSeries({ botName: longest.name, rangeDays: 365, source: 'platform' }),
    empty: makeSeries({ points: [] }),
    hostile: makeSeries({ botName: HOSTILE_NAME }),
  };
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
  await new Promise((resolve) => server?.close(resolve));
});

/** Loads a gallery page and waits until every image and iframe has loaded (or failed). */
async function showPage(name: string, body: string, scheme: (typeof SCHEMES)[number], target = page): Promise<void> {
  fixtures.pages.set(name, galleryPage(name, body));
  await target.emulateMedia({ colorScheme: scheme });
  await target.goto(`${origin}/page/${name}`, { waitUntil: 'load' });
}

const badgeQuery = (variant: BadgeVariant, theme: Theme | undefined, compact: boolean): string =>
  `variant=${variant}${theme ? `&theme=${theme}` : ''}${compact ? '&compact=1' : ''}`;

describe('badge in Chromium', () => {
  const combos = VARIANTS.flatMap((variant) => THEMES.flatMap((theme) => [false, true].map((compact) => ({ variant, theme, compact }))));
  const body = () =>
    THEMES.map(
      (theme) =>
        `<h2>theme=${theme ?? '(none: follows system)'}</h2><div class="row">` +
        combos
          .filter((combo) => combo.theme === theme)
          .map((c) => `<img alt="" src="/badge/melody?${badgeQuery(c.variant, c.theme, c.compact)}">`)
          .join('') +
        `<img alt="" class="missing" src="/badge/nobody?${theme ? `theme=${theme}` : ''}"></div>`,
    ).join('') +
    '<h2>inline (several on one page)</h2><div class="row inline">' +
    combos.map((c) => renderBadge(fixtures.bots.melody!, c)).join('') +
    renderBadge(fixtures.bots.hostile!, { variant: 'servers', compact: false }) +
    '</div>';

  it.each(SCHEMES)('renders every variant and theme, inline and as <img>, under %s system setting', async (scheme) => {
    await showPage(`badges-${scheme}`, body(), scheme, badgePage);
    await badgePage.screenshot({ path: `${ARTIFACTS}/badges-${scheme}.png`, fullPage: true });

    // A broken SVG leaves an <img> with naturalWidth 0; the 404 "not found" badge must display too.
    const images = await badgePage.$$eval('img', (imgs) => imgs.map((img) => ({ src: img.getAttribute('src'), width: img.naturalWidth })));
    expect(images).toHaveLength(combos.length + THEMES.length);
    for (const image of images) expect(image.width, image.src ?? '').toBeGreaterThan(20);

    // Theme omitted → the label follows the system setting; fixed themes do not.
    const labelFills = await badgePage.$$eval('.inline svg', (svgs) => svgs.map((svg) => getComputedStyle(svg.querySelector('g > rect')!).fill));
    const expected = { light: 'rgb(234, 238, 242)', dark: 'rgb(45, 51, 59)' };
    combos.forEach((combo, index) => {
      if (!combo.compact) expect(labelFills[index], JSON.stringify(combo)).toBe(expected[combo.theme ?? scheme]);
    });
  });
});

describe('widget in an iframe of 420 × 140', () => {
  const cases = ['longest', 'stress', 'melody', 'hostile'].flatMap((bot) =>
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
              `src="/widget/${c.bot}?lang=${c.lang}${c.theme ? `&theme=${c.theme}` : ''}"></iframe></div>`,
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
        document: { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, scrollHeight: root.scrollHeight, clientHeight: root.clientHeight },
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
    await page.screenshot({ path: `${ARTIFACTS}/widgets-${scheme}.png`, fullPage: true });
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
      expect(facts.link, c.name).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
    }
    const longest = fixtures.bots.longest!;
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
  const body = () =>
    ['melody', 'year', 'empty', 'hostile']
      .map(
        (name) =>
          `<h2>${name}: SVG auto, dark, light · PNG</h2><div class="row">` +
          ['auto', 'dark', 'light'].map((theme) => `<img alt="" src="/chart/${name}.svg?theme=${theme}">`).join('') +
          `<img alt="" class="png" src="/chart/${name}.png?theme=auto"></div>`,
      )
      .join('') +
    `<div class="inline">${renderChartSvg(fixtures.series.hostile!, { theme: 'auto' })}</div>`;

  it.each(SCHEMES)('renders SVG in all themes and PNG, under %s system setting', async (scheme) => {
    await showPage(`charts-${scheme}`, body(), scheme);
    await page.setViewportSize({ width: 2660, height: 900 });
    await page.screenshot({ path: `${ARTIFACTS}/charts-${scheme}.png`, fullPage: true });
    await page.setViewportSize({ width: 1360, height: 900 });
    if (scheme === 'light') {
      // The PNGs themselves, as a document would show them.
      for (const [name, series] of Object.entries(fixtures.series)) {
        for (const theme of ['light', 'dark'] as const) writeFileSync(`${ARTIFACTS}/chart-${name}-${theme}.png`, renderChartPng(series, { theme }));
      }
    }
    const sizes = await page.$$eval('img', (imgs) => imgs.map((img) => [img.naturalWidth, img.naturalHeight]));
    expect(sizes).toHaveLength(16);
    for (const size of sizes) expect(size).toEqual([640, 320]);
    const background = await page.$eval('.inline svg > rect', (rect) => getComputedStyle(rect).fill);
    expect(background).toBe(scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
  });

  it('shows a hostile name as text in the inline chart and badge, and runs no script', async () => {
    await showPage('charts-xss', body() + renderBadge(fixtures.bots.hostile!, { variant: 'votes', compact: true }), 'light');
    const facts = await page.evaluate(() => ({
      titles: [...document.querySelectorAll('svg > title')].map((title) => title.textContent),
      firstText: document.querySelector('.inline svg text')!.textContent,
      injected: document.querySelectorAll('svg img, img[src="x"]').length,
    }));
    expect(facts.firstText).toBe(HOSTILE_NAME);
    expect(facts.titles.every((title) => title!.startsWith(`${HOSTILE_NAME}: `))).toBe(true);
    expect(facts.injected).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
