import { escapeHtml } from '../../html/html.js';
import type { Lang } from '../../lib/langs.js';

/**
 * The sitemap protocol's XML (sitemaps.org 0.9, with Google's xhtml:link for the other language),
 * written as text: every value is escaped, and the files are streamed, never built as a tree.
 */
export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = '</urlset>\n';
export const INDEX_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const INDEX_CLOSE = '</sitemapindex>\n';

const DAY_MS = 86_400_000;
/** The date part of the last day written: the bots of one file were mostly changed on a few days. */
let written = { day: Number.NaN, date: '' };

/** A W3C datetime to the second, in UTC (as `toISOString`, without milliseconds; a tenth of its cost). */
export function w3cTime(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== written.day) written = { day, date: new Date(day * DAY_MS).toISOString().slice(0, 10) };
  const seconds = Math.floor((ms - day * DAY_MS) / 1000);
  return `${written.date}T${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}Z`;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * Writes the `<url>` entries of pages in both languages under one base URL: each names itself and
 * the other, and x-default is the English page (as the pages' hreflang links say). The base is
 * escaped once; a path must be XML-safe as it is: fixed text and `encodeURIComponent`'s output,
 * which has no `&`, `<`, `>` or `"`. Called for every bot of the sitemap, so it only concatenates.
 */
export class UrlEntries {
  private readonly base: string;

  constructor(baseUrl: string) {
    this.base = escapeHtml(baseUrl);
  }

  /** The two entries of one page; `paths` as described above. */
  pair(paths: Record<Lang, string>, lastmodMs: number | undefined): string {
    const en = this.base + paths.en;
    const de = this.base + paths.de;
    const tail =
      (lastmodMs === undefined ? '' : `<lastmod>${w3cTime(lastmodMs)}</lastmod>`) +
      `<xhtml:link rel="alternate" hreflang="en" href="${en}"/><xhtml:link rel="alternate" hreflang="de" href="${de}"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/></url>\n`;
    return `<url><loc>${en}</loc>${tail}<url><loc>${de}</loc>${tail}`;
  }
}

export function indexEntry(url: string, lastmodMs: number | undefined): string {
  const lastmod = lastmodMs === undefined ? '' : `<lastmod>${w3cTime(lastmodMs)}</lastmod>`;
  return `<sitemap><loc>${escapeHtml(url)}</loc>${lastmod}</sitemap>\n`;
}
