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

/** A W3C datetime to the second, in UTC. */
export function w3cTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The `<url>` entries of one page in both languages: each names itself and the other, and
 * x-default is the English page (as the pages' hreflang links say).
 */
export function urlEntries(urls: Record<Lang, string>, lastmodMs: number | undefined): string {
  const lastmod = lastmodMs === undefined ? '' : `<lastmod>${w3cTime(lastmodMs)}</lastmod>`;
  const links =
    `<xhtml:link rel="alternate" hreflang="en" href="${escapeHtml(urls.en)}"/>` +
    `<xhtml:link rel="alternate" hreflang="de" href="${escapeHtml(urls.de)}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(urls.en)}"/>`;
  return `<url><loc>${escapeHtml(urls.en)}</loc>${lastmod}${links}</url>\n<url><loc>${escapeHtml(urls.de)}</loc>${lastmod}${links}</url>\n`;
}

export function indexEntry(url: string, lastmodMs: number | undefined): string {
  const lastmod = lastmodMs === undefined ? '' : `<lastmod>${w3cTime(lastmodMs)}</lastmod>`;
  return `<sitemap><loc>${escapeHtml(url)}</loc>${lastmod}</sitemap>\n`;
}
