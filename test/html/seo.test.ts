import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../src/config/index.js';
import { CRAWL_RULES, indexable } from '../../src/html/crawl-rules.js';
import { TEXTS } from '../../src/html/i18n/index.js';
import { canonicalPath, jsonLd, seoHead, type SeoContext } from '../../src/html/seo.js';

const site: SiteConfig = { name: 'Bots & <Friends>', logoUrl: undefined, accentColor: undefined, legal: {} };

function context(overrides: Partial<SeoContext> = {}): SeoContext {
  return {
    t: TEXTS.en,
    site,
    baseUrl: 'https://bots.example.org',
    title: 'A page',
    url: '/en/imprint',
    alternate: '/de/imprint',
    status: 200,
    ...overrides,
  };
}

/** The content of `<meta property|name="key">`, or of `<link rel=… hreflang=…>`, unescaped. */
function meta(head: string, key: string): string | undefined {
  const found = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(head)?.[1];
  return found?.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}
function hreflang(head: string, lang: string): string | undefined {
  return new RegExp(`<link rel="alternate" hreflang="${lang}" href="([^"]*)"`).exec(head)?.[1];
}

describe('canonicalPath', () => {
  it('keeps the sort and the page, in that order, and drops every other parameter', () => {
    expect(canonicalPath('/en/bots?page=3&utm_source=x&sort=new&voted=1')).toBe('/en/bots?sort=new&page=3');
    expect(canonicalPath('/en/bots?voted=1')).toBe('/en/bots');
    expect(canonicalPath('/en/bots')).toBe('/en/bots');
  });

  it('takes page 1 and empty values as the page without them, and the first of repeated parameters', () => {
    expect(canonicalPath('/en/bots?page=1&sort=')).toBe('/en/bots');
    expect(canonicalPath('/en/bots?sort=name&sort=new&page=2&page=9')).toBe('/en/bots?sort=name&page=2');
  });

  it('encodes what it keeps, so a hostile value stays a value', () => {
    expect(canonicalPath('/en/bots?sort=%22%3E%3Cscript%3E&page=%26x')).toBe('/en/bots?sort=%22%3E%3Cscript%3E&page=%26x');
  });

  it('never turns a path of two slashes into another host', () => {
    expect(canonicalPath('//evil.example/x?page=2')).toBe('//evil.example/x?page=2');
    const head = seoHead(context({ url: '//evil.example/x' })).value;
    expect(head).toContain('href="https://bots.example.org//evil.example/x"');
  });
});

describe('jsonLd', () => {
  it('writes <, > and & as escapes, so no text can close the data block, and reads back the same', () => {
    const hostile = { name: '</script><script>alert(1)</script>', description: 'a & b <!-- c --> \u2028 \u2029 "q"' };
    const block = jsonLd(hostile).value;
    const body = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(block)![1]!;
    expect(body).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(body)).toEqual(hostile);
  });
});

describe('seoHead', () => {
  it('describes a page that passes nothing: site description, canonical, both languages and x-default, OpenGraph, Twitter', () => {
    const head = seoHead(context()).value;
    expect(meta(head, 'description')).toBe(TEXTS.en.seo.description('Bots & <Friends>'));
    expect(head).toContain('<link rel="canonical" href="https://bots.example.org/en/imprint" />');
    expect(hreflang(head, 'en')).toBe('https://bots.example.org/en/imprint');
    expect(hreflang(head, 'de')).toBe('https://bots.example.org/de/imprint');
    expect(hreflang(head, 'x-default')).toBe('https://bots.example.org/en/imprint');
    expect(meta(head, 'og:title')).toBe('A page');
    expect(meta(head, 'og:site_name')).toBe('Bots & <Friends>');
    expect(meta(head, 'og:url')).toBe('https://bots.example.org/en/imprint');
    expect(meta(head, 'og:type')).toBe('website');
    expect(meta(head, 'og:image')).toBe('https://bots.example.org/assets/icon-512.png');
    expect(meta(head, 'og:locale')).toBe('en_GB');
    expect(meta(head, 'og:locale:alternate')).toBe('de_DE');
    expect(meta(head, 'twitter:card')).toBe('summary');
    expect(head).not.toContain('noindex');
    expect(head).not.toContain('application/ld+json');
  });

  it('in German: German description and locale, the same pair of alternates', () => {
    const head = seoHead(context({ t: TEXTS.de, url: '/de/imprint', alternate: '/en/imprint' })).value;
    expect(meta(head, 'description')).toBe(TEXTS.de.seo.description('Bots & <Friends>'));
    expect(head).toContain('<link rel="canonical" href="https://bots.example.org/de/imprint" />');
    expect(hreflang(head, 'de')).toBe('https://bots.example.org/de/imprint');
    expect(hreflang(head, 'en')).toBe('https://bots.example.org/en/imprint');
    expect(hreflang(head, 'x-default')).toBe('https://bots.example.org/en/imprint');
    expect(meta(head, 'og:locale')).toBe('de_DE');
    expect(meta(head, 'og:locale:alternate')).toBe('en_GB');
  });

  it("keeps a list's sort and page in the canonical URL and in the other language's", () => {
    const head = seoHead(context({ url: '/en/bots?sort=new&page=4&ref=x', alternate: '/de/bots?sort=new&page=4&ref=x' })).value;
    expect(head).toContain('<link rel="canonical" href="https://bots.example.org/en/bots?sort=new&amp;page=4" />');
    expect(hreflang(head, 'de')).toBe('https://bots.example.org/de/bots?sort=new&amp;page=4');
  });

  it('takes what the page passes: description (one line), canonical, a large picture, type and JSON-LD', () => {
    const head = seoHead(context({ title: 'Bot "<b>"' }), {
      description: '  Two\nlines  <i>  ',
      canonical: '/en/bots/x',
      image: { url: '/api/card/1.png?lang=en', width: 1200, height: 630, alt: '"<alt>"' },
      type: 'profile',
      structuredData: { '@type': 'Thing', name: '</script>' },
    }).value;
    expect(meta(head, 'description')).toBe('Two lines <i>');
    expect(meta(head, 'og:description')).toBe('Two lines <i>');
    expect(meta(head, 'og:title')).toBe('Bot "<b>"');
    expect(head).toContain('<link rel="canonical" href="https://bots.example.org/en/bots/x" />');
    expect(meta(head, 'og:image')).toBe('https://bots.example.org/api/card/1.png?lang=en');
    expect(meta(head, 'og:image:width')).toBe('1200');
    expect(meta(head, 'og:image:height')).toBe('630');
    expect(meta(head, 'og:image:alt')).toBe('"<alt>"');
    expect(meta(head, 'og:type')).toBe('profile');
    expect(meta(head, 'twitter:card')).toBe('summary_large_image');
    expect(head).toContain('<script type="application/ld+json">{"@type":"Thing","name":"\\u003c/script\\u003e"}</script>');
    expect(head).not.toMatch(/<(b|i|alt)>/);
  });

  it('says noindex, and gives no canonical or alternates, for an error and for paths crawlers are kept from', () => {
    for (const [url, status] of [
      ['/en/bots/missing', 404],
      ['/de/bots/x', 500],
      ['/dashboard?lang=de', 200],
      ['/auth/sign-in', 503],
      ['/en/search?q=music', 200],
    ] as const) {
      const head = seoHead(context({ url, status }), { structuredData: { name: 'x' } }).value;
      expect(head, url).toContain('<meta name="robots" content="noindex" />');
      expect(head, url).toContain('<meta name="description"');
      expect(head, url).not.toMatch(/canonical|hreflang|og:url|ld\+json/);
    }
  });
});

describe('crawl rules', () => {
  it("keep crawlers from accounts and the programs' API, not from the pages or the embeds", () => {
    for (const path of [
      '/dashboard',
      '/dashboard/bots/1',
      '/auth/sign-in',
      '/admin/v1/bots',
      '/api/v1/bots',
      '/health/ready',
      '/metrics',
    ]) {
      expect(indexable(path), path).toBe(false);
    }
    for (const path of [
      '/',
      '/en',
      '/de/bots/x',
      '/en/imprint',
      '/docs',
      '/api/card/1.png',
      '/api/chart/1',
      '/api/badge/1',
      '/api/widget/1',
    ]) {
      expect(indexable(path), path).toBe(true);
    }
    // Every allowed prefix opens a disallowed one: otherwise it would say nothing.
    for (const allowed of CRAWL_RULES.allow) expect(CRAWL_RULES.disallow.some((prefix) => allowed.startsWith(prefix))).toBe(true);
  });
});
