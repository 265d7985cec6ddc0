import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UrlEntries, w3cTime } from '../../../src/modules/seo/sitemap-xml.js';

describe('sitemap XML', () => {
  it('writes times as toISOString does, to the second', () => {
    const check = (ms: number): void => {
      expect(w3cTime(ms)).toBe(new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z'));
    };
    for (const ms of [0, 999, 86_399_999, 86_400_000, Date.UTC(2026, 1, 28, 23, 59, 59, 999), Date.UTC(2028, 1, 29, 12)]) check(ms);
    fc.assert(fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), check));
  });

  it('escapes the base URL once and writes each page in both languages with its alternates', () => {
    const xml = new UrlEntries(`https://x.example/a&b"<c>'`).pair({ en: '/en/bots/a', de: '/de/bots/b' }, Date.UTC(2026, 0, 2, 3, 4, 5));
    const base = 'https://x.example/a&amp;b&quot;&lt;c&gt;&#39;';
    const links =
      `<xhtml:link rel="alternate" hreflang="en" href="${base}/en/bots/a"/>` +
      `<xhtml:link rel="alternate" hreflang="de" href="${base}/de/bots/b"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${base}/en/bots/a"/>`;
    expect(xml).toBe(
      `<url><loc>${base}/en/bots/a</loc><lastmod>2026-01-02T03:04:05Z</lastmod>${links}</url>\n` +
        `<url><loc>${base}/de/bots/b</loc><lastmod>2026-01-02T03:04:05Z</lastmod>${links}</url>\n`,
    );
    expect(new UrlEntries('https://x.example').pair({ en: '/en', de: '/de' }, undefined)).not.toContain('lastmod');
  });
});
