import type { SiteConfig } from '../config/index.js';
import { siteIconPath } from './brand.js';
import { indexable } from './crawl-rules.js';
import { html, trusted, type Html } from './html.js';
import { TEXTS, type Texts } from './i18n/index.js';

/** A link preview's picture: an absolute URL, or a path of this site. */
export interface PageImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * What a page tells search engines and link previews about itself, beyond its title. Every field
 * has a default, so a page that passes nothing is still described, canonical and linked to its
 * other language.
 */
export interface PageSeo {
  /** Default: the site's description in the page's language. */
  description?: string;
  /** The page's own path with its meaningful parameters; default: the requested one (`canonicalPath`). */
  canonical?: string;
  /** Default: the site's icon. */
  image?: PageImage;
  /** `og:type`; default `website`. */
  type?: string;
  /** A schema.org object, sent as a JSON-LD data block. */
  structuredData?: Record<string, unknown>;
  /** Keep the page out of search results; default: a page answering an error, or one crawlers are kept from (crawl-rules.ts). */
  noindex?: boolean;
}

/** What the head is made from besides the page's own `PageSeo`. */
export interface SeoContext {
  t: Texts;
  site: SiteConfig;
  /** BASE_URL: canonical and alternate URLs are absolute. */
  baseUrl: string;
  title: string;
  /** The requested URL: path and query. */
  url: string;
  /** The same page in the other language (path and query). */
  alternate: string;
  status: number;
}

/**
 * Query parameters that make another page of the same path (a list's order and its page); every
 * other parameter (a vote's `voted=1`, tracking tags) leaves the page what it was.
 */
export const CANONICAL_PARAMS = ['sort', 'page'] as const;

/** The site's icon stands for pages without a picture of their own. */
const SITE_IMAGE_SIZE = 512;

/** From this width a picture is shown large above the link (Twitter's `summary_large_image`), not as a thumbnail beside it. */
const LARGE_IMAGE_MIN_WIDTH = 600;

/** `url` (path and query) with only the parameters of CANONICAL_PARAMS, in that order; `page=1` is the page without it. */
export function canonicalPath(url: string): string {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  if (mark < 0) return path;
  const given = new URLSearchParams(url.slice(mark + 1));
  const kept = new URLSearchParams();
  for (const name of CANONICAL_PARAMS) {
    const value = given.get(name);
    if (value === null || value === '' || (name === 'page' && value === '1')) continue;
    kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A JSON-LD data block. Browsers do not run it, so the pages' CSP allows it; `<`, `>` and `&` are
 * written as \u escapes, so no text inside (a bot's name) can end the element or open another.
 */
export function jsonLd(data: Record<string, unknown>): Html {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return trusted(`<script type="application/ld+json">${json}</script>`);
}

/** `de-DE` → `de_DE`, as OpenGraph writes a locale. */
function ogLocale(locale: string): string {
  return locale.replace('-', '_');
}

/**
 * The head's description, canonical URL, hreflang alternates (both languages and x-default, the
 * English page), OpenGraph and Twitter card tags and the page's JSON-LD. A page kept out of the
 * index gets its description and `noindex` only: a canonical or alternates would ask to list it.
 */
export function seoHead(context: SeoContext, seo: PageSeo = {}): Html {
  const { t, site, baseUrl, title } = context;
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${baseUrl}${url}`);
  const description = seo.description?.replace(/\s+/g, ' ').trim() || t.seo.description(site.name);
  const path = context.url.split('?', 1)[0]!;
  const noindex = seo.noindex ?? (context.status >= 400 || !indexable(path));
  if (noindex) {
    return html`<meta name="description" content="${description}" /> <meta name="robots" content="noindex" />`;
  }
  const canonical = absolute(seo.canonical ?? canonicalPath(context.url));
  const other = absolute(canonicalPath(context.alternate));
  const byLang = { [t.lang]: canonical, [t.other.lang]: other } as Record<'en' | 'de', string>;
  const image = seo.image ?? { url: siteIconPath(SITE_IMAGE_SIZE), width: SITE_IMAGE_SIZE, height: SITE_IMAGE_SIZE, alt: site.name };
  return html`<meta name="description" content="${description}" />
    <link rel="canonical" href="${canonical}" />
    <link rel="alternate" hreflang="en" href="${byLang.en}" />
    <link rel="alternate" hreflang="de" href="${byLang.de}" />
    <link rel="alternate" hreflang="x-default" href="${byLang.en}" />
    <meta property="og:site_name" content="${site.name}" />
    <meta property="og:title" content="${title}" />
    <meta property="og:description" content="${description}" />
    <meta property="og:url" content="${canonical}" />
    <meta property="og:type" content="${seo.type ?? 'website'}" />
    <meta property="og:image" content="${absolute(image.url)}" />
    <meta property="og:image:width" content="${image.width}" />
    <meta property="og:image:height" content="${image.height}" />
    <meta property="og:image:alt" content="${image.alt}" />
    <meta property="og:locale" content="${ogLocale(t.locale)}" />
    <meta property="og:locale:alternate" content="${ogLocale(TEXTS[t.other.lang].locale)}" />
    <meta name="twitter:card" content="${image.width >= LARGE_IMAGE_MIN_WIDTH ? 'summary_large_image' : 'summary'}" />
    ${seo.structuredData ? jsonLd(seo.structuredData) : ''}`;
}
