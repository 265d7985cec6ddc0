import { describe, expect, it, beforeAll } from 'vitest';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';
import { LIST_PAGE_SIZE } from '../../../src/modules/site/directory-routes.js';

const XSS_NAME = '<script>alert(1)</script> "onmouseover=alert(2)';
/** Bots of one category and tag, more than a page of them. */
const PAGER_BOTS = LIST_PAGE_SIZE + 6;

let voter = 0;

/** The page's main part (without header and footer). */
function main(body: string): string {
  return /<main id="main">([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
}

/** The bot names of the cards of a page (or a part of one), in order. */
function names(html: string): string[] {
  const scope = html.includes('<main id="main">') ? main(html) : html;
  return [...scope.matchAll(/<li class="bot-card">[\s\S]*?<a href="[^"]+">([^<]*)<\/a>/g)].map((m) => m[1]!);
}

for (const backend of backends()) {
  describe(`the pages people browse (${backend})`, () => {
    const t = appPerFile(backend);
    let xssId = '';

    async function vote(botId: string, times: number): Promise<void> {
      for (let i = 0; i < times; i++) {
        voter += 1;
        const user = String(500000000000000000n + BigInt(voter));
        expect((await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: 'v' })).statusCode).toBe(201);
      }
    }

    beforeAll(async () => {
      for (let i = 0; i < PAGER_BOTS; i++) {
        await putBot(t, {
          name: `Pager ${String(i).padStart(2, '0')}`,
          shortDescription: { en: 'Keeps the score of pagination games.', de: 'Zählt Punkte bei Seitenspielen.' },
          categories: ['games'],
          tags: ['pager'],
        });
      }
      xssId = (
        await putBot(t, {
          name: XSS_NAME,
          shortDescription: { en: 'Plays <b>music</b> & "radio" for you.', de: 'Spielt Musik & "Radio" für dich.' },
          categories: ['music', 'unlisted'],
          tags: ['radio', 'größe'],
          isVerified: true,
          bannerUrl: 'https://cdn.example.org/banner.png',
        })
      ).id;
      const star = (await putBot(t, { name: 'Radio Star', categories: ['music'], tags: ['radio'] })).id;
      await vote(xssId, 3);
      await vote(star, 2);
    });

    it('the start page in both languages: header, top this month, newest, verified, categories, footer', async () => {
      const en = await t.get('/en');
      expect(en.statusCode).toBe(200);
      expect(en.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(en.headers['cache-control']).toBe('public, max-age=30');
      expect(en.body).toContain('<html lang="en">');
      expect(en.body).toContain('<a class="brand" href="/en">Bot Directory</a>');
      expect(en.body).toContain('<form class="search-box" role="search" method="get" action="/en/search">');
      expect(en.body).toContain('<a href="/en/bots">Browse</a>');
      expect(en.body).toContain('href="/de" hreflang="de" lang="de">Deutsch</a>');
      expect(en.body).toMatch(/<footer>[\s\S]*<a href="\/en\/categories">Categories<\/a>[\s\S]*<\/footer>/);
      const top = /aria-labelledby="top">([\s\S]*?)<\/section>/.exec(en.body)![1]!;
      expect(names(top).slice(0, 2)).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=alert(2)', 'Radio Star']);
      const verified = /aria-labelledby="verified">([\s\S]*?)<\/section>/.exec(en.body)![1]!;
      expect(names(verified)).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=alert(2)']);
      const newest = /aria-labelledby="newest">([\s\S]*?)<\/section>/.exec(en.body)![1]!;
      expect(names(newest)[0]).toBe('Radio Star');
      expect(en.body).toContain('<a href="/en/categories/music">Music</a>');
      expect(en.body).not.toContain('<script>alert');
      expect(en.body).not.toContain('"onmouseover');

      const de = await t.get('/de');
      expect(de.statusCode).toBe(200);
      expect(de.body).toContain('<html lang="de">');
      expect(de.body).toContain('Finde Bots für deinen Server');
      expect(de.body).toContain('Top diesen Monat');
      expect(de.body).toContain('<a href="/de/categories/music">Musik</a>');
      expect(de.body).toContain('<a href="/de/categories/games">Spiele</a>');
      expect(de.body).toContain('href="/en" hreflang="en" lang="en">English</a>');
      expect(de.body).toContain('3 Stimmen diesen Monat');
      expect((await t.get('/fr')).statusCode).toBe(404);
    });

    it('the list in each of the five orders, a page at a time, with links to the pages', async () => {
      const first = await t.get('/en/bots');
      expect(first.statusCode).toBe(200);
      expect(names(first.body)).toHaveLength(LIST_PAGE_SIZE);
      expect(names(first.body)[0]).toContain('&lt;script&gt;');
      expect(first.body).toContain(`${PAGER_BOTS + 2} bots`);
      expect(first.body).toContain('<option value="votes_month" selected>Most votes this month</option>');
      expect(first.body).toContain('<a href="/en/bots?page=2" rel="next">Next →</a>');
      expect(first.body).toContain('<a href="/en/bots" aria-current="page">1</a>');

      const byName = await t.get('/en/bots?sort=name');
      const sorted = names(byName.body);
      expect(sorted[0]).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=alert(2)');
      expect(sorted.slice(1, 4)).toEqual(['Pager 00', 'Pager 01', 'Pager 02']);
      expect(byName.body).toContain('<a href="/en/bots?sort=name&amp;page=2" rel="next">');
      const second = await t.get('/de/bots?sort=name&page=2');
      expect(second.statusCode).toBe(200);
      expect(names(second.body)).toEqual([...Array.from({ length: 7 }, (_, i) => `Pager ${String(i + 23)}`), 'Radio Star']);
      expect(second.body).toContain('<a href="/de/bots?sort=name" rel="prev">← Zurück</a>');
      expect(second.body).toContain('Seite 2 von 2');
      // The language switch keeps the order and the page.
      expect(second.body).toContain('href="/en/bots?sort=name&amp;page=2" hreflang="en"');
      expect(names((await t.get('/en/bots?sort=new')).body)[0]).toBe('Radio Star');
      for (const sort of ['votes_total', 'servers']) expect((await t.get(`/de/bots?sort=${sort}`)).statusCode).toBe(200);
    });

    it('a page past the end is a 404 page, a value the list cannot use a 422 page, both in the visitor’s language', async () => {
      const past = await t.get('/de/bots?page=3');
      expect(past.statusCode).toBe(404);
      expect(past.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(past.body).toContain('Diese Seite oder diesen Bot gibt es nicht.');
      expect(past.body).toContain('<a href="/de">Zur Startseite</a>');
      for (const query of [
        'page=0',
        'page=-1',
        'page=01',
        'page=1.5',
        'page=1e3',
        'page=abc',
        'page=99999999999999999999',
        'page=1&page=2',
        'sort=bogus',
        'sort=name&sort=new',
        'sort=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        'page=%00',
      ]) {
        const bad = await t.get(`/de/bots?${query}`);
        expect(bad.statusCode, query).toBe(422);
        expect(bad.body, query).toContain('Die Adresse oder das Formular enthält einen ungültigen Wert');
        expect(bad.body, query).not.toContain('<script>alert');
      }
      expect((await t.get('/en/bots?page=2&unknown=x')).statusCode).toBe(200);
      expect((await t.get('/en/bots?page=abc')).body).toContain('The address or the form holds a value that is not valid');
    });

    it('categories: the operator’s list by name in the page’s language, each page with its bots; unknown ones are 404', async () => {
      const de = await t.get('/de/categories');
      expect(de.statusCode).toBe(200);
      const labels = [...main(de.body).matchAll(/<a href="\/de\/categories\/[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
      expect(labels).toEqual([...labels].sort((a, b) => a!.localeCompare(b!, 'de')));
      expect(labels).toContain('Umfragen');
      expect(de.body).toMatch(/<a href="\/de\/categories\/games">Spiele<\/a> <span class="muted">\(30\)<\/span>/);
      expect(de.body).toMatch(/<a href="\/de\/categories\/music">Musik<\/a> <span class="muted">\(2\)<\/span>/);

      const music = await t.get('/de/categories/music');
      expect(music.statusCode).toBe(200);
      expect(music.body).toContain('<h1>Musik</h1>');
      expect(music.body).toContain('<title>Musik · Bot Directory</title>');
      expect(names(music.body)).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=alert(2)', 'Radio Star']);
      const games = await t.get('/en/categories/games?page=2');
      expect(games.statusCode).toBe(200);
      expect(names(games.body)).toHaveLength(PAGER_BOTS - LIST_PAGE_SIZE);
      expect(games.body).toContain('<a href="/en/categories/games" rel="prev">');
      // A category of the list without bots has its (empty) page; one not on the list has none.
      const polls = await t.get('/en/categories/polls');
      expect(polls.statusCode).toBe(200);
      expect(polls.body).toContain('No bots here yet.');
      for (const path of [
        '/de/categories/unlisted',
        '/de/categories/nope',
        '/de/categories/%3Cscript%3E',
        `/de/categories/${'x'.repeat(300)}`,
      ]) {
        const missing = await t.get(path);
        expect(missing.statusCode, path).toBe(404);
        expect(missing.body).toContain('Diese Seite oder diesen Bot gibt es nicht.');
        expect(missing.body).not.toContain('<script>');
      }
      expect((await t.get('/en/categories/games?page=3')).statusCode).toBe(404);
      // The 404 page's language switch leads to the same address in the other language.
      expect((await t.get('/de/categories/nope?page=2')).body).toContain('href="/en/categories/nope?page=2" hreflang="en"');
    });

    it('tags: every tag a published bot carries has its page; other tags are 404', async () => {
      const radio = await t.get('/en/tags/radio');
      expect(radio.statusCode).toBe(200);
      expect(radio.body).toContain('Bots tagged “radio”');
      expect(names(radio.body)).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=alert(2)', 'Radio Star']);
      const unicode = await t.get(`/de/tags/${encodeURIComponent('größe')}`);
      expect(unicode.statusCode).toBe(200);
      expect(unicode.body).toContain('Bots mit dem Schlagwort „größe“');
      expect((await t.get('/de/tags/pager?page=2')).statusCode).toBe(200);
      for (const path of [
        '/de/tags/nope',
        '/en/tags/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        '/en/tags/music',
        '/en/tags/',
        `/en/tags/${'x'.repeat(41)}`,
      ]) {
        const missing = await t.get(path);
        expect(missing.statusCode, path).toBe(404);
        expect(missing.body).not.toContain('<script>alert');
      }
    });

    it('the bot page: banner, chips that lead to the category and tag pages above the vote, category names in the page’s language', async () => {
      const slug = (await t.admin('GET', `/admin/v1/bots/${xssId}`)).json().data.slugs;
      const de = await t.get(`/de/bots/${slug.de}`);
      expect(de.statusCode).toBe(200);
      expect(de.body).toContain('<img class="banner" src="https://cdn.example.org/banner.png" alt=""');
      expect(de.body).toContain('<li><a href="/de/categories/music">Musik</a></li>');
      // A category the operator does not list is shown as the bot writes it, without a page.
      expect(de.body).toContain('<li>unlisted</li>');
      expect(de.body).toContain(`<li><a href="/de/tags/${encodeURIComponent('größe')}">größe</a></li>`);
      expect(de.body).toContain('<li><a href="/de/tags/radio">radio</a></li>');
      // Categories and tags belong to who the bot is: named beside their chips, above the vote, under no heading of their own.
      const article = main(de.body);
      expect(article).toMatch(/<dl class="labels">\s*<div>\s*<dt>Kategorien<\/dt>[\s\S]*<dt>Schlagwörter<\/dt>/);
      expect(article.indexOf('<dl class="labels">')).toBeLessThan(article.indexOf('id="vote"'));
      expect(article).not.toContain('<h3>');
      // A banner that is not https is not shown (the pages' CSP would block it anyway).
      expect((await t.admin('PATCH', `/admin/v1/bots/${xssId}`, { bannerUrl: 'http://cdn.example.org/banner.png' })).statusCode).toBe(200);
      expect((await t.get(`/en/bots/${slug.en}`)).body).not.toContain('class="banner"');
    });
  });
}
