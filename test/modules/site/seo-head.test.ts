import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, testApp, type TestApp } from '../../helpers.js';
import { Browser, OWNER_A, PERSONAS } from './session-client.js';

const BASE = 'http://127.0.0.1:3000';
const HOSTILE_NAME = '</title><script>alert(1)</script> "Bot" & \'co\'';
const HOSTILE_EN = 'Plays </script><script>alert(2)</script> "music" & <b>more</b>';
const HOSTILE_DE = 'Spielt „Musik“ <img src=x onerror=alert(3)> & mehr';

/** The head of a page. */
function headOf(body: string): string {
  return /<head>([\s\S]*)<\/head>/.exec(body)![1]!;
}
function unescape(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}
/** The content of `<meta name|property="key">`, unescaped. */
function meta(head: string, key: string): string | undefined {
  const found = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(head)?.[1];
  return found === undefined ? undefined : unescape(found);
}
function link(head: string, rel: string, hreflang?: string): string | undefined {
  const pattern = hreflang ? `<link rel="${rel}" hreflang="${hreflang}" href="([^"]*)"` : `<link rel="${rel}" href="([^"]*)"`;
  const found = new RegExp(pattern).exec(head)?.[1];
  return found === undefined ? undefined : unescape(found);
}
function structuredData(head: string): Record<string, any> | undefined {
  const blocks = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks.length).toBeLessThanOrEqual(1);
  return blocks[0] ? (JSON.parse(blocks[0][1]!) as Record<string, any>) : undefined;
}

for (const backend of backends()) {
  describe(`search engine tags of the pages (${backend})`, () => {
    const t = appPerFile(backend, { env: { SITE_IMPRINT: 'Operator & Co <GmbH>', SITE_NAME: 'Bots "&" more' } });
    let rated: { id: string; body: Record<string, any> };
    let unrated: { id: string; body: Record<string, any> };
    beforeAll(async () => {
      rated = await putBot(t, {
        name: HOSTILE_NAME,
        slugs: { en: 'hostile-bot', de: 'feindlicher-bot' },
        shortDescription: { en: HOSTILE_EN, de: HOSTILE_DE },
        pricing: 'freemium',
      });
      await t.db.query('UPDATE bots SET rating_sum = 14, rating_count = 3 WHERE id = $1', [rated.id]);
      // A profile change reads the bot back into the catalog, rating included.
      expect((await t.admin('PATCH', `/admin/v1/bots/${rated.id}`, { prefix: '?' })).statusCode).toBe(200);
      unrated = await putBot(t, { slugs: { en: 'plain-bot', de: 'schlichter-bot' }, pricing: 'premium' });
    });

    it('a bot page in English: its description, canonical, alternates, card image, escaped everywhere', async () => {
      const page = await t.get('/en/bots/hostile-bot?voted=1&utm_source=x');
      expect(page.statusCode).toBe(200);
      const head = headOf(page.body);
      expect(head).toContain(
        '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Bot&quot; &amp; &#39;co&#39; · Bots &quot;&amp;&quot; more</title>',
      );
      expect(meta(head, 'description')).toBe(HOSTILE_EN);
      expect(meta(head, 'og:description')).toBe(HOSTILE_EN);
      expect(meta(head, 'og:title')).toBe(HOSTILE_NAME);
      expect(meta(head, 'og:site_name')).toBe('Bots "&" more');
      expect(link(head, 'canonical')).toBe(`${BASE}/en/bots/hostile-bot`);
      expect(meta(head, 'og:url')).toBe(`${BASE}/en/bots/hostile-bot`);
      expect(link(head, 'alternate', 'en')).toBe(`${BASE}/en/bots/hostile-bot`);
      expect(link(head, 'alternate', 'de')).toBe(`${BASE}/de/bots/feindlicher-bot`);
      expect(link(head, 'alternate', 'x-default')).toBe(`${BASE}/en/bots/hostile-bot`);
      expect(meta(head, 'og:type')).toBe('website');
      expect(meta(head, 'og:image')).toBe(`${BASE}/api/card/${rated.id}.png?lang=en`);
      expect(meta(head, 'og:image:width')).toBe('1200');
      expect(meta(head, 'og:image:height')).toBe('630');
      expect(meta(head, 'og:image:alt')).toBe(HOSTILE_NAME);
      expect(meta(head, 'og:locale')).toBe('en_GB');
      expect(meta(head, 'twitter:card')).toBe('summary_large_image');
      expect(head).not.toContain('noindex');
      // Nothing of the bot's text opens an element: the only scripts are the site's and the data block.
      expect(page.body.match(/<script\b[^>]*>/g)).toEqual([
        '<script type="application/ld+json">',
        expect.stringMatching(/^<script src="\/assets\/site\.js\?v=[^"]+" defer>$/),
      ]);
      expect(page.body).not.toContain('<b>');
    });

    it("a bot page's JSON-LD: a SoftwareApplication with its rating, in the page's language", async () => {
      for (const [lang, slug, description] of [
        ['en', 'hostile-bot', HOSTILE_EN],
        ['de', 'feindlicher-bot', HOSTILE_DE],
      ] as const) {
        const head = headOf((await t.get(`/${lang}/bots/${slug}`)).body);
        expect(head).not.toMatch(/<\/script>[\s\S]*<\/script>[\s\S]*ld\+json/);
        expect(structuredData(head)).toEqual({
          '@context': 'https://schema.org',
          '@type': 'SoftwareApplication',
          name: HOSTILE_NAME,
          description,
          url: `${BASE}/${lang}/bots/${slug}`,
          image: 'https://cdn.example.org/icon.png',
          applicationCategory: 'CommunicationApplication',
          inLanguage: lang,
          datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          offers: { '@type': 'Offer', price: 0 },
          aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.67, ratingCount: 3, bestRating: 5, worstRating: 1 },
        });
      }
    });

    it('a bot page in German; a bot without reviews has no rating in its JSON-LD, a paid one no free offer', async () => {
      const german = headOf((await t.get('/de/bots/feindlicher-bot')).body);
      expect(meta(german, 'description')).toBe(HOSTILE_DE);
      expect(german).not.toContain('<img src=x');
      expect(link(german, 'canonical')).toBe(`${BASE}/de/bots/feindlicher-bot`);
      expect(link(german, 'alternate', 'en')).toBe(`${BASE}/en/bots/hostile-bot`);
      expect(link(german, 'alternate', 'x-default')).toBe(`${BASE}/en/bots/hostile-bot`);
      expect(meta(german, 'og:image')).toBe(`${BASE}/api/card/${rated.id}.png?lang=de`);
      expect(meta(german, 'og:locale')).toBe('de_DE');
      expect(meta(german, 'og:locale:alternate')).toBe('en_GB');

      const plain = structuredData(headOf((await t.get('/de/bots/schlichter-bot')).body))!;
      expect(plain.name).toBe(unrated.body.name);
      expect(plain).not.toHaveProperty('aggregateRating');
      expect(plain).not.toHaveProperty('offers');
    });

    it('the card image a bot page names is a PNG of 1200 × 630', async () => {
      const head = headOf((await t.get('/de/bots/feindlicher-bot')).body);
      const image = await t.get(meta(head, 'og:image')!.slice(BASE.length));
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect([image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
    });

    it('a legal page in both languages: the site description, its canonical and alternates, the site icon as picture', async () => {
      for (const [lang, other] of [
        ['en', 'de'],
        ['de', 'en'],
      ] as const) {
        const head = headOf((await t.get(`/${lang}/imprint?page=1&ref=mail`)).body);
        expect(meta(head, 'description')).toContain('Bots "&" more: ');
        expect(link(head, 'canonical')).toBe(`${BASE}/${lang}/imprint`);
        expect(link(head, 'alternate', other)).toBe(`${BASE}/${other}/imprint`);
        expect(link(head, 'alternate', 'x-default')).toBe(`${BASE}/en/imprint`);
        expect(meta(head, 'og:image')).toBe(`${BASE}/assets/icon-512.png`);
        expect(meta(head, 'twitter:card')).toBe('summary');
        expect(structuredData(head)).toBeUndefined();
      }
      expect(meta(headOf((await t.get('/de/imprint')).body), 'description')).toMatch(/^Bots "&" more: Finde Chat-Bots/);
    });

    it('an error page in either language is noindex, with no canonical or alternates', async () => {
      for (const url of ['/de/bots/gibt-es-nicht', '/en/bots/%3Cscript%3E', '/de/privacy', '/sitemaps/bots-9.xml']) {
        const page = await t.get(url);
        expect(page.statusCode, url).toBe(404);
        const head = headOf(page.body);
        expect(meta(head, 'robots'), url).toBe('noindex');
        expect(head, url).not.toMatch(/canonical|hreflang|og:url/);
      }
      expect(meta(headOf((await t.get('/de/bots/gibt-es-nicht')).body), 'description')).toMatch(/Finde Chat-Bots/);
    });

    it('the sign-in page (here without a provider) is noindex', async () => {
      const page = await t.get('/auth/sign-in?lang=de');
      expect(meta(headOf(page.body), 'robots')).toBe('noindex');
    });
  });
}

describe('search engine tags of the dashboard', () => {
  let provider: DemoProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startDemoProvider({ personas: PERSONAS });
    t = await testApp('pglite', { env: provider.env });
    await putBot(t, { owners: [OWNER_A.id] });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  it('is noindex in both languages, as robots.txt keeps crawlers from it', async () => {
    const owner = new Browser(t);
    await owner.signIn(OWNER_A.id, '/dashboard');
    for (const lang of ['en', 'de']) {
      const page = await owner.get(`/dashboard?lang=${lang}`);
      expect(page.statusCode).toBe(200);
      const head = headOf(page.body);
      expect(meta(head, 'robots')).toBe('noindex');
      expect(head).not.toMatch(/canonical|hreflang|og:url/);
    }
  });
});
