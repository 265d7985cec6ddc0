import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { micros } from '../../../src/db/sql.js';
import { MAX_URLS_PER_FILE, SitemapService } from '../../../src/modules/seo/service.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, type TestApp } from '../../helpers.js';

const BASE = 'http://127.0.0.1:3000';
const XML = 'application/xml; charset=utf-8';

interface Link {
  '@_rel': string;
  '@_hreflang': string;
  '@_href': string;
}
interface UrlEntry {
  loc: string[];
  lastmod?: string[];
  'xhtml:link': Link[];
}

// htmlEntities: numeric character references (`&#39;`) too, as any XML reader decodes them.
const parser = new XMLParser({ ignoreAttributes: false, htmlEntities: true, isArray: (_name, _path, _leaf, isAttribute) => !isAttribute });

/** A sitemap file's `<url>` entries, after checking it is well-formed XML of the sitemap namespace. */
function urlsOf(xml: string): UrlEntry[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const set = (parser.parse(xml) as { urlset: { '@_xmlns': string; '@_xmlns:xhtml': string; url?: UrlEntry[] }[] }).urlset[0]!;
  expect(set['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(set['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
  return set.url ?? [];
}

/** The index's files: where each is and its lastmod. */
function filesOf(xml: string): { loc: string; lastmod: string | undefined }[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const index = (parser.parse(xml) as { sitemapindex: { sitemap: { loc: string[]; lastmod?: string[] }[] }[] }).sitemapindex[0]!;
  return index.sitemap.map((file) => ({ loc: file.loc[0]!, lastmod: file.lastmod?.[0] }));
}

/** The alternates of an entry by hreflang. */
function alternates(entry: UrlEntry): Record<string, string> {
  return Object.fromEntries(entry['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']]));
}

async function text(iterable: Iterable<string> | undefined): Promise<string> {
  expect(iterable).toBeDefined();
  return [...iterable!].join('');
}

/** Each bot's last change as the sitemap writes it (W3C, to the second). */
async function lastmods(t: TestApp): Promise<Map<string, string>> {
  const { rows } = await t.db.query<{ id: string; changed_us: string }>(`SELECT id, ${micros('changed_at')} AS changed_us FROM bots`);
  return new Map(rows.map((row) => [row.id, new Date(Number(row.changed_us) / 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')]));
}

for (const backend of backends()) {
  describe(`sitemap over a few hundred bots, in files of 50 URLs (${backend})`, () => {
    const t = appPerFile(backend);
    const BULK = 300;
    let sitemap: SitemapService;
    /** Published bots, oldest publication first: their English slugs. */
    let published: string[];

    beforeAll(async () => {
      // Every 7th unpublished; published a minute apart, in an order unlike their ids.
      await t.db.query(
        `INSERT INTO bots (id, name, name_lower, sort_name, slugs, short_description, prefix, pricing, icon_url, invite_url,
           support_server_url, website_url, categories, tags, owners, is_verified, published, published_at, created_at, updated_at)
         SELECT (300000000000000000 + i)::text, 'Bulk ' || i, 'bulk ' || i, 'bulk ' || i,
                jsonb_build_object('de', 'masse-' || i, 'en', 'bulk-' || i), '{"de": "Ein Bot.", "en": "A bot."}', '!', 'free',
                'https://cdn.example.org/i.png', 'https://example.org', 'https://example.org', 'https://example.org', '{}', '{}',
                '{123456789012345678}', false, i % 7 <> 0,
                CASE WHEN i % 7 <> 0 THEN timestamptz '2026-01-01' + ((i * 37) % $1) * interval '1 minute' END, now(), now()
           FROM generate_series(1, $1) AS i`,
        [BULK],
      );
      await t.app.services.catalog.load();
      sitemap = new SitemapService(t.app.services.catalog, t.app.services.groups, BASE, t.app.config.site, t.app.config.categories, 50);
      published = Array.from({ length: BULK }, (_, k) => k + 1)
        .filter((i) => i % 7 !== 0)
        .sort((a, b) => ((a * 37) % BULK) - ((b * 37) % BULK))
        .map((i) => `bulk-${i}`);
    });

    it('lists every published bot once per language, oldest first, in files of at most 50 URLs, with lastmod and alternates', async () => {
      const files = filesOf(await sitemap.index());
      const botFiles = Math.ceil(published.length / 25);
      expect(files.map((file) => file.loc)).toEqual([
        `${BASE}/sitemaps/pages.xml`,
        ...Array.from({ length: botFiles }, (_, k) => `${BASE}/sitemaps/bots-${k + 1}.xml`),
      ]);
      expect(botFiles).toBeGreaterThan(5);
      const changed = await lastmods(t);
      const listed: string[] = [];
      for (let n = 1; n <= botFiles; n++) {
        const entries = urlsOf(await text(await sitemap.botFile(n)));
        expect(entries.length).toBeLessThanOrEqual(50);
        if (n < botFiles) expect(entries.length).toBe(50);
        const latest = entries
          .map((entry) => entry.lastmod![0]!)
          .sort()
          .at(-1);
        expect(files[n]!.lastmod, `file ${n}`).toBe(latest);
        for (let k = 0; k < entries.length; k += 2) {
          const [en, de] = [entries[k]!, entries[k + 1]!];
          const i = /\/en\/bots\/bulk-(\d+)$/.exec(en.loc[0]!)![1]!;
          expect(de.loc[0]).toBe(`${BASE}/de/bots/masse-${i}`);
          const id = String(300000000000000000n + BigInt(i));
          expect(en.lastmod).toEqual([changed.get(id)]);
          expect(de.lastmod).toEqual([changed.get(id)]);
          const pair = { en: `${BASE}/en/bots/bulk-${i}`, de: `${BASE}/de/bots/masse-${i}`, 'x-default': `${BASE}/en/bots/bulk-${i}` };
          expect(alternates(en)).toEqual(pair);
          expect(alternates(de)).toEqual(pair);
          expect(en['xhtml:link'].every((link) => link['@_rel'] === 'alternate')).toBe(true);
          listed.push(`bulk-${i}`);
        }
      }
      expect(listed).toEqual(published);
    });

    it('puts a new bot in the last file and leaves the files before it as they were', async () => {
      const before = await Promise.all([1, 2, 3].map(async (n) => text(await sitemap.botFile(n))));
      const last = Math.ceil(published.length / 25);
      const { body } = await putBot(t, { slugs: { en: 'brand-new', de: 'ganz-neu' } });
      await t.app.services.catalog.ready('all');
      const after = await Promise.all([1, 2, 3].map(async (n) => text(await sitemap.botFile(n))));
      expect(after).toEqual(before);
      const tail = urlsOf(await text(await sitemap.botFile(published.length % 25 === 0 ? last + 1 : last)));
      expect(tail.slice(-2).map((entry) => entry.loc[0])).toEqual([`${BASE}/en/bots/brand-new`, `${BASE}/de/bots/ganz-neu`]);
      expect(body.published).toBe(true);
    });

    it('writes a file chunk by chunk as it is read, never as one string', async () => {
      const chunks = (await sitemap.botFile(1))![Symbol.iterator]();
      const first = chunks.next();
      expect(first.value).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset [^>]+>\n$/);
      let count = 1;
      let longest = 0;
      for (let chunk = chunks.next(); !chunk.done; chunk = chunks.next()) {
        count++;
        longest = Math.max(longest, chunk.value.length);
      }
      expect(count).toBeGreaterThanOrEqual(3);
      expect(longest).toBeLessThan(100 * 2 * 600);
    });

    it('has no file 0, none past the last, and no fraction', async () => {
      const last = Math.ceil((published.length + 1) / 25);
      for (const n of [0, -1, last + 1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])
        expect(await sitemap.botFile(n), String(n)).toBeUndefined();
      expect(await sitemap.botFile(last)).toBeDefined();
    });

    it('refuses a file size the protocol does not allow, or that holds no bot', () => {
      for (const urls of [0, 1, 2.5, MAX_URLS_PER_FILE + 1, Number.NaN]) {
        expect(
          () => new SitemapService(t.app.services.catalog, t.app.services.groups, BASE, t.app.config.site, t.app.config.categories, urls),
          String(urls),
        ).toThrow(RangeError);
      }
      expect(
        () => new SitemapService(t.app.services.catalog, t.app.services.groups, BASE, t.app.config.site, t.app.config.categories, 2),
      ).not.toThrow();
    });
  });

  describe(`GET /sitemap.xml and its files (${backend})`, () => {
    const t = appPerFile(backend, { env: { SITE_PRIVACY: 'We keep nothing.' } });
    let bot: { id: string };
    beforeAll(async () => {
      bot = await putBot(t, { slugs: { en: 'first-bot', de: 'erster-bot' } });
      await putBot(t, { slugs: { en: 'hidden-bot', de: 'versteckter-bot' }, published: false });
    });

    it('the index lists the pages file and the bot files, as XML kept for an hour', async () => {
      const response = await t.get('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XML);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      const files = filesOf(response.body);
      expect(files.map((file) => file.loc)).toEqual([`${BASE}/sitemaps/pages.xml`, `${BASE}/sitemaps/bots-1.xml`]);
      expect(files[1]!.lastmod).toBe((await lastmods(t)).get(bot.id));
      expect(files[0]!.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    });

    it('the pages file: home, browse, the categories and each one with a bot, in both languages, and the legal pages the operator wrote', async () => {
      const response = await t.get('/sitemaps/pages.xml');
      expect(response.headers['content-type']).toBe(XML);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      const entries = urlsOf(response.body);
      // The bulk bots have no category; putBot's are in "utility". Empty categories are left out.
      expect(entries.map((entry) => entry.loc[0])).toEqual(
        ['/en', '/de', '/en/bots', '/de/bots', '/en/categories', '/de/categories', '/en/categories/utility', '/de/categories/utility']
          .map((path) => BASE + path)
          .concat([`${BASE}/en/privacy`, `${BASE}/de/privacy`]),
      );
      expect(alternates(entries[3]!)).toEqual({ en: `${BASE}/en/bots`, de: `${BASE}/de/bots`, 'x-default': `${BASE}/en/bots` });
      expect(alternates(entries[7]!)).toEqual({
        en: `${BASE}/en/categories/utility`,
        de: `${BASE}/de/categories/utility`,
        'x-default': `${BASE}/en/categories/utility`,
      });
      expect(entries[0]!.lastmod).toHaveLength(1);
      expect(entries[4]!.lastmod).toHaveLength(1);
      expect(entries[6]!.lastmod).toBeUndefined();
      expect(entries[8]!.lastmod).toBeUndefined();
      // A category whose last bot leaves is gone from the file.
      const { id } = await putBot(t, { categories: ['music'] });
      expect(urlsOf((await t.get('/sitemaps/pages.xml')).body).map((entry) => entry.loc[0])).toContain(`${BASE}/de/categories/music`);
      expect((await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: false })).statusCode).toBe(200);
      expect(urlsOf((await t.get('/sitemaps/pages.xml')).body).map((entry) => entry.loc[0])).not.toContain(`${BASE}/de/categories/music`);
    });

    it('a bot file lists published bots under their current slugs', async () => {
      const { id } = await putBot(t, { slugs: { en: 'old-name', de: 'alter-name' } });
      expect((await t.admin('PATCH', `/admin/v1/bots/${id}`, { slugs: { en: 'new-name', de: 'neuer-name' } })).statusCode).toBe(200);
      const response = await t.get('/sitemaps/bots-1.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XML);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      const locs = urlsOf(response.body).map((entry) => entry.loc[0]!.slice(BASE.length));
      expect(locs).toEqual(
        expect.arrayContaining(['/en/bots/first-bot', '/de/bots/erster-bot', '/en/bots/new-name', '/de/bots/neuer-name']),
      );
      expect(locs.join(' ')).not.toMatch(/hidden-bot|versteckter-bot|old-name|alter-name/);
      const head = await t.inject({ method: 'HEAD', url: '/sitemaps/bots-1.xml' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(XML);
    });

    it('answers a file that does not exist with a 404 page', async () => {
      for (const path of ['bots-0', 'bots-2', 'bots-01', 'bots-abc', 'bots-1e3', 'bots-99999999999', 'bots--1']) {
        const response = await t.get(`/sitemaps/${path}.xml`);
        expect(response.statusCode, path).toBe(404);
        expect(response.headers['content-type'], path).toBe('text/html; charset=utf-8');
      }
    });
  });

  describe(`sitemap escaping (${backend})`, () => {
    const base = "http://127.0.0.1:3000/dir&x'<y>";
    const t = appPerFile(backend, { env: { BASE_URL: base } });

    it('escapes what it writes: every file is well-formed and reads back as the URLs meant', async () => {
      await putBot(t, { slugs: { en: 'amp-bot', de: 'amp-bot-de' } });
      const files = filesOf((await t.get('/sitemap.xml')).body);
      expect(files[0]!.loc).toBe(`${base}/sitemaps/pages.xml`);
      const body = (await t.get('/sitemaps/bots-1.xml')).body;
      expect(body).toContain('/dir&amp;x&#39;&lt;y&gt;/en/bots/amp-bot');
      const [en] = urlsOf(body);
      expect(en!.loc[0]).toBe(`${base}/en/bots/amp-bot`);
      expect(alternates(en!).de).toBe(`${base}/de/bots/amp-bot-de`);
      expect(urlsOf((await t.get('/sitemaps/pages.xml')).body)[0]!.loc[0]).toBe(`${base}/en`);
    });
  });
}
