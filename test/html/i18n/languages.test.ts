import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { LANGS, type Lang } from '../../../src/html/i18n/index.js';
import { freshDatabase, testApp, type TestApp } from '../../helpers.js';
import type { Database } from '../../../src/db/index.js';
import {
  EMBED_PAGES,
  seedSite,
  SITE_APPS,
  SITE_PAGES,
  SITE_PERSONAS,
  siteAppClock,
  siteAppEnv,
  siteLookup,
  SiteVisitor,
  type SiteApp,
  type SiteFixture,
} from '../../support/site-pages.js';
import { wordsOf, wordsOnlyIn } from '../../support/ui-words.js';
import { documentLang, imageSources, visibleTexts } from '../../support/visible-text.js';

/**
 * Names and brand words a page of either language shows as they are, beside the fixture's own
 * texts (bot and user names, reviews, the operator's pages): the site's name. Every other word
 * that only one language's texts use fails a page of the other language.
 */
const NAMES_AND_BRANDS = ['Bot Directory'];
const OTHER: Record<Lang, Lang> = { en: 'de', de: 'en' };
const WORDS_ONLY_IN: Record<Lang, Set<string>> = { en: wordsOnlyIn('en'), de: wordsOnlyIn('de') };

/** Each word of the other language on a document in `lang`, with the text it stands in. */
function foreignWords(lang: Lang, markup: string, shownAsWritten: string[]): string[] {
  const foreign = WORDS_ONLY_IN[OTHER[lang]];
  // Longest first: a name inside a longer text goes with that text.
  const verbatim = [...shownAsWritten, ...NAMES_AND_BRANDS].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  for (const text of visibleTexts(markup)) {
    const named = verbatim.reduce((remaining, written) => remaining.split(written).join(' · '), text);
    // Identifiers (a key's prefix "bdk_2uS5dG…", ids) are no words: their letters could spell one by chance.
    const rest = named.replace(/\S*[\d_]\S*/gu, ' ');
    for (const word of wordsOf(rest)) if (foreign.has(word)) found.push(`"${word}" in "${text}"`);
  }
  return found;
}

describe('both languages complete: every page and embed in German has no English UI text, and back', () => {
  let provider: DemoProvider;
  let db: Database;
  const apps = {} as Record<SiteApp, TestApp>;
  let t: TestApp;
  let fx: SiteFixture;
  let visitor: SiteVisitor;
  beforeAll(async () => {
    provider = await startDemoProvider({ personas: SITE_PERSONAS });
    db = await freshDatabase('pglite');
    const build = (name: SiteApp) =>
      testApp('pglite', { db, env: siteAppEnv(name, provider.env), clock: siteAppClock(name), lookup: siteLookup });
    t = apps.main = await build('main');
    fx = await seedSite(t.app, db);
    // Built after the seed, so they start with every bot loaded.
    for (const name of SITE_APPS.filter((app) => app !== 'main')) apps[name] = await build(name);
    visitor = new SiteVisitor(apps);
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    await db?.close();
    await provider?.stop();
  });

  it('finds an English text put into a German page (the check can fail)', async () => {
    const page = (await t.get(`/de/bots/${fx.full.slugs.de}`)).body;
    expect(foreignWords('de', page, fx.userTexts)).toEqual([]);
    const spoiled = page.replace('</main>', '<p>Votes this month</p><img alt="Servers over the last 30 days" src="x"></main>');
    expect(foreignWords('de', spoiled, fx.userTexts)).toEqual(
      expect.arrayContaining([
        '"votes" in "Votes this month"',
        '"this" in "Votes this month"',
        '"last" in "Servers over the last 30 days"',
      ]),
    );
    const english = (await t.get(`/en/bots/${fx.full.slugs.en}`)).body;
    expect(foreignWords('en', english, fx.userTexts)).toEqual([]);
    expect(foreignWords('en', english.replace('</main>', '<button>Abstimmen</button></main>'), fx.userTexts)).toEqual([
      '"abstimmen" in "Abstimmen"',
    ]);
  });

  for (const lang of LANGS) {
    for (const page of SITE_PAGES) {
      it(`${page.name} (${lang})`, async () => {
        const response = await visitor.open(page, lang, fx);
        expect(response.statusCode, response.body.slice(0, 500)).toBe(page.status);
        expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
        expect(documentLang(response.body)).toBe(lang);
        if (page.shows) expect(response.body).toContain(page.shows);
        expect(foreignWords(lang, response.body, fx.userTexts)).toEqual([]);
        // The language switch names the other language in its own words and leads to a page in it.
        const other = OTHER[lang];
        const switcher = new RegExp(`<a href="([^"]+)" hreflang="${other}" lang="${other}">([^<]+)</a>`).exec(response.body);
        expect(switcher?.[2]).toBe(other === 'de' ? 'Deutsch' : 'English');
        // Images of our own (the chart) are in the page's language too.
        for (const src of imageSources(response.body).filter((source) => source.startsWith('/'))) {
          const image = await t.get(src);
          expect(image.statusCode, src).toBe(200);
          expect(foreignWords(lang, image.body, fx.userTexts), src).toEqual([]);
        }
      });
    }
    for (const embed of EMBED_PAGES) {
      it(`embed: ${embed.name} (${lang})`, async () => {
        const response = await t.get(embed.path(lang, fx));
        expect(response.statusCode).toBeLessThan(500);
        expect(foreignWords(lang, response.body, fx.userTexts)).toEqual([]);
      });
    }
  }

  it('writes ratings and figures as each language does: "3,33 von 5", "3.33 of 5", 12.345 and 12,345', async () => {
    const german = await t.get(`/de/bots/${fx.full.slugs.de}`);
    expect(german.body).toContain('<dd>3,33 von 5 (12 Bewertungen)</dd>');
    expect(german.body).toContain('<dd>12.345</dd>');
    const english = await t.get(`/en/bots/${fx.full.slugs.en}`);
    expect(english.body).toContain('<dd>3.33 of 5 (12 reviews)</dd>');
    expect(english.body).toContain('<dd>12,345</dd>');
    // A list's card writes the rating as the bot page does.
    expect((await t.get('/de/tags/radio')).body).toContain('12.345 Server · 3,33 von 5 (12 Bewertungen)');
    expect((await t.get('/en/tags/radio')).body).toContain('12,345 servers · 3.33 of 5 (12 reviews)');
    const owner = new SiteVisitor(apps);
    const list = await owner.open({ name: 'dashboard', as: 'owner', path: (lang) => `/dashboard?lang=${lang}`, status: 200 }, 'de', fx);
    expect(list.body).toContain('<td>3,33 von 5 (12 Bewertungen)</td>');
    const overview = await owner.open(
      { name: 'dashboard', as: 'owner', path: (lang) => `/dashboard/bots/${fx.full.id}?lang=${lang}`, status: 200 },
      'en',
      fx,
    );
    expect(overview.body).toContain('<dd>3.33 of 5 (12 reviews)</dd>');
  });

  it('the language switch of an error page leads to the same page in the other language', async () => {
    for (const lang of LANGS) {
      const page = (await t.get(`/${lang}/bots/no-such-bot`)).body;
      const other = OTHER[lang];
      const href = new RegExp(`<a href="([^"]+)" hreflang="${other}"`).exec(page)?.[1];
      expect(href).toBe(`/${other}/bots/no-such-bot`);
      const followed = await t.get(href!);
      expect(followed.statusCode).toBe(404);
      expect(documentLang(followed.body)).toBe(other);
      expect(foreignWords(other, followed.body, [])).toEqual([]);
    }
  });
});

describe('pages of a site with tight limits and no sign-in, in both languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite', { env: { RATE_LIMIT_PAGES: '2' } });
  });
  afterAll(async () => t?.close());

  it('the 429 page and the sign-in page without a provider are in the address’s language', async () => {
    for (const [index, lang] of LANGS.entries()) {
      // Two pages a minute are allowed here; the third is refused. Dead links count as pages too.
      const page = { method: 'GET', url: `/${lang}/no-such-page`, remoteAddress: `127.0.0.${10 + index}` } as const;
      for (let i = 0; i < 2; i++) expect((await t.inject(page)).statusCode).toBe(404);
      const limited = await t.inject(page);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(documentLang(limited.body)).toBe(lang);
      expect(limited.body).toContain(lang === 'de' ? 'Zu viele Anfragen' : 'Too many requests');
      expect(foreignWords(lang, limited.body, [])).toEqual([]);
    }
    for (const [index, lang] of LANGS.entries()) {
      const off = await t.inject({
        method: 'GET',
        url: `/auth/sign-in?return=${encodeURIComponent(`/${lang}/bots/x`)}`,
        headers: { 'accept-language': lang === 'de' ? 'en' : 'de' },
        remoteAddress: `127.0.0.${20 + index}`,
      });
      expect(off.statusCode).toBe(503);
      expect(documentLang(off.body)).toBe(lang);
      expect(foreignWords(lang, off.body, [])).toEqual([]);
    }
  });
});
