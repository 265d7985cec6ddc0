import { describe, expect, it } from 'vitest';
import { indexable } from '../../../src/html/crawl-rules.js';
import { appPerFile } from '../../helpers.js';

describe('GET /robots.txt', () => {
  const t = appPerFile('pglite', { env: { BASE_URL: 'https://bots.example.org/', RATE_LIMIT_PAGES: '2' } });

  it('lets crawlers read the pages and the embeds, keeps them from accounts and the API, and names the sitemap', async () => {
    const response = await t.get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    const rules = lines.filter((line) => /^(Allow|Disallow): /.test(line));
    expect(rules).toEqual(
      expect.arrayContaining([
        'Disallow: /dashboard',
        'Disallow: /console',
        'Disallow: /auth/',
        'Disallow: /admin/',
        'Disallow: /api/',
        'Allow: /api/card/',
        'Allow: /api/chart/',
        'Allow: /api/badge/',
        'Allow: /api/widget/',
      ]),
    );
    // Nothing of the pages themselves is disallowed.
    for (const rule of rules.filter((line) => line.startsWith('Disallow: '))) {
      for (const page of ['/en', '/de/bots', '/en/bots/x', '/de/imprint', '/sitemap.xml'])
        expect(page.startsWith(rule.slice(10)), rule).toBe(false);
    }
    expect(lines.at(-1)).toBe('Sitemap: https://bots.example.org/sitemap.xml');
  });

  it('is what noindex follows: a page under a disallowed path is not indexable', async () => {
    const rules = (await t.get('/robots.txt')).body.split('\n');
    for (const line of rules.filter((rule) => rule.startsWith('Disallow: '))) {
      const prefix = line.slice('Disallow: '.length);
      expect(indexable(`${prefix}x`), prefix).toBe(false);
    }
    for (const line of rules.filter((rule) => rule.startsWith('Allow: '))) expect(indexable(`${line.slice('Allow: '.length)}1`)).toBe(true);
  });

  it('is a static file: no rate limit counts it', async () => {
    for (let i = 0; i < 5; i++) expect((await t.get('/robots.txt')).statusCode).toBe(200);
  });
});
