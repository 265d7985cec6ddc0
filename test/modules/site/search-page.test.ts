import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_PAGES, SEARCH_PAGE_SIZE } from '../../../src/modules/site/search-routes.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';

/** Bots a query finds: more than a page of results. */
const TRACKERS = SEARCH_PAGE_SIZE + 5;

function main(body: string): string {
  return /<main id="main">([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
}

for (const backend of backends()) {
  describe(`the search page (${backend})`, () => {
    const t = appPerFile(backend);

    beforeAll(async () => {
      for (let i = 0; i < TRACKERS; i++) {
        await putBot(t, {
          name: `Quest Tracker ${i}`,
          shortDescription: { en: 'Counts quests and rewards.', de: 'Zählt Quests und Belohnungen.' },
          tags: ['quests'],
        });
      }
      await putBot(t, {
        name: 'Musikbox <img src=x onerror=alert(1)>',
        shortDescription: { en: 'Plays music & "radio" in voice.', de: 'Spielt Musik & "Radio" im Sprachkanal.' },
        categories: ['music'],
      });
    });

    it('shows the engine’s results in the page’s language, with the matched words marked and every text escaped', async () => {
      const en = await t.get('/en/search?q=music');
      expect(en.statusCode).toBe(200);
      const body = main(en.body);
      expect(body).toContain('Results for “music”');
      expect(body).toContain('1 bot found');
      expect(body).toContain('Musikbox &lt;img src=x onerror=alert(1)&gt;');
      // Synonyms the engine matched are marked too.
      expect(body).toContain('Plays <mark>music</mark> &amp; &quot;<mark>radio</mark>&quot; in voice.');
      expect(en.body).not.toContain('<img src=x');
      // The header's search box holds the query.
      expect(en.body).toContain('<input id="site-search" type="search" name="q" maxlength="100" value="music"');
      const de = await t.get('/de/search?q=musik');
      expect(main(de.body)).toContain('Spielt <mark>Musik</mark> &amp; &quot;<mark>Radio</mark>&quot; im Sprachkanal.');
      expect(main(de.body)).toContain('<mark>Musikbox</mark>');
      expect(de.body).toContain('Ergebnisse für „musik“');
      // The API's search finds the same bots, in the same order.
      const api = (await t.get(`/api/v1/search?q=quest&lang=en&limit=${SEARCH_PAGE_SIZE}`)).json();
      const page = await t.get('/en/search?q=quest');
      const slugs = [...main(page.body).matchAll(/<a href="\/en\/bots\/([^"]+)">/g)].map((m) => m[1]);
      expect(slugs).toEqual(api.data.map((hit: { slug: string }) => hit.slug));
    });

    it('pages through the results, and says when a page is past them', async () => {
      const first = await t.get('/en/search?q=tracker');
      expect(first.body).toContain(`${TRACKERS} bots found`);
      expect(first.body).toContain('<a href="/en/search?q=tracker&amp;page=2" rel="next">');
      const second = await t.get('/en/search?q=tracker&page=2');
      expect(second.statusCode).toBe(200);
      expect([...main(second.body).matchAll(/<li class="bot-card">/g)]).toHaveLength(TRACKERS - SEARCH_PAGE_SIZE);
      expect(second.body).toContain('<a href="/en/search?q=tracker" rel="prev">');
      expect((await t.get('/en/search?q=tracker&page=3')).statusCode).toBe(404);
      expect((await t.get(`/en/search?q=tracker&page=${SEARCH_MAX_PAGES + 1}`)).statusCode).toBe(404);
    });

    it('offers the closest known words when nothing matches, and says so plainly when there are none', async () => {
      const typo = await t.get('/de/search?q=trakcr');
      expect(typo.statusCode).toBe(200);
      expect(main(typo.body)).toContain('Kein Bot passt zu „trakcr“.');
      expect(main(typo.body)).toMatch(/Meintest du\s*<a href="\/de\/search\?q=tracker">tracker<\/a>\?/);
      const nothing = await t.get('/en/search?q=xqzzyv');
      expect(main(nothing.body)).toContain('No bot matches “xqzzyv”.');
      expect(main(nothing.body)).not.toContain('Did you mean');
    });

    it('without a query: the form alone; a hostile query is escaped or refused with a 4xx page, never a 500', async () => {
      const empty = await t.get('/de/search');
      expect(empty.statusCode).toBe(200);
      expect(main(empty.body)).toContain('<h1>Suche</h1>');
      for (const q of ['', '%20%20']) expect((await t.get(`/en/search?q=${q}`)).statusCode).toBe(200);
      expect((await t.get('/en/search?page=2')).statusCode).toBe(404);
      const probe = await t.get(`/en/search?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
      expect(probe.statusCode).toBe(200);
      expect(probe.body).not.toContain('<script>alert');
      expect(probe.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
      const attribute = await t.get(`/en/search?q=${encodeURIComponent('" onmouseover="alert(1)')}`);
      expect(attribute.body).not.toContain('" onmouseover="');
      for (const query of [`q=${'x'.repeat(101)}`, 'q=a&q=b', 'q=music&page=0', 'q=music&page=x', `q=${'ü'.repeat(101)}`]) {
        const bad = await t.get(`/de/search?${query}`);
        expect(bad.statusCode, query).toBe(422);
        expect(bad.body).toContain('Die Adresse oder das Formular enthält einen ungültigen Wert');
      }
      // As the API: 100 characters after trimming are fine, in any script.
      expect((await t.get(`/en/search?q=${encodeURIComponent(` ${'ü'.repeat(100)} `)}`)).statusCode).toBe(200);
      for (const q of ['%00', '%E2%80%8B', encodeURIComponent('🎉'.repeat(50)), encodeURIComponent('.*+?^${}()|[]\\'), '%25music%25']) {
        expect((await t.get(`/en/search?q=${q}`)).statusCode, q).toBe(200);
      }
    });
  });
}
