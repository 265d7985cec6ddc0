import { LEGAL_PAGES, type Category, type SiteConfig } from '../../config/index.js';
import { LANGS, type Lang } from '../../lib/langs.js';
import { slugsOf } from '../bots/catalog-entry.js';
import type { CatalogEntry, PublishedBots } from '../bots/catalog.js';
import type { BotGroups } from '../bots/groups.js';
import { INDEX_CLOSE, INDEX_OPEN, indexEntry, URLSET_CLOSE, URLSET_OPEN, UrlEntries } from './sitemap-xml.js';

/** The sitemap protocol's most URLs in one file. */
export const MAX_URLS_PER_FILE = 50_000;
/** Bots read from the catalog and written per chunk of a streamed file (some 100 KB of XML). */
const CHUNK_BOTS = 100;
/** The lists of the site besides the bot pages, under `/{lang}`: home, browse and the categories. */
const LIST_PAGES = ['', '/bots', '/categories'] as const;

/** A page of the site in both languages: `/{lang}` and then `section`. */
function both(section: string): Record<Lang, string> {
  return { en: `/en${section}`, de: `/de${section}` };
}

export const SITEMAP_PATHS = {
  index: '/sitemap.xml',
  pages: '/sitemaps/pages.xml',
  bots: (n: number) => `/sitemaps/bots-${n}.xml`,
};

/**
 * The sitemap: an index, one file of the site's own pages, and the bot pages in files of at most
 * `urlsPerFile` URLs (a bot is two: its page in each language). The bots come from the catalog in
 * memory, oldest publication first: a new bot lands in the last file and the others stay where
 * they were (only a bot leaving moves the later ones by one). A file is written as it is read, a
 * chunk of bots at a time, so a file of 50,000 URLs is never held whole.
 */
export class SitemapService {
  private readonly botsPerFile: number;
  private readonly entries: UrlEntries;

  constructor(
    private readonly catalog: PublishedBots,
    private readonly groups: BotGroups,
    private readonly baseUrl: string,
    private readonly site: SiteConfig,
    /** The operator's (CATEGORIES): each one with a published bot has its page listed. */
    private readonly categories: readonly Category[],
    /** MAX_URLS_PER_FILE; the tests take a few to cross files. */
    urlsPerFile = MAX_URLS_PER_FILE,
  ) {
    if (!Number.isInteger(urlsPerFile) || urlsPerFile < LANGS.length || urlsPerFile > MAX_URLS_PER_FILE) {
      throw new RangeError(`urlsPerFile must be an integer from ${LANGS.length} to ${MAX_URLS_PER_FILE}`);
    }
    this.botsPerFile = Math.floor(urlsPerFile / LANGS.length);
    this.entries = new UrlEntries(baseUrl);
  }

  /** The index: the pages' file and each bot file, with the latest change of what it lists. */
  async index(): Promise<string> {
    await this.catalog.ready('text');
    let xml = INDEX_OPEN + indexEntry(this.baseUrl + SITEMAP_PATHS.pages, this.newestPublication());
    for (let n = 1; n <= this.botFiles(); n++) xml += indexEntry(this.baseUrl + SITEMAP_PATHS.bots(n), this.latestChange(n));
    return xml + INDEX_CLOSE;
  }

  /**
   * Home, browse, the categories and each category a published bot is in (an empty one is a page
   * with nothing to find), and the legal pages the operator wrote, in both languages.
   */
  async pages(): Promise<string> {
    await this.catalog.ready('text');
    const newest = this.newestPublication();
    const categories = this.categories
      .filter((category) => this.groups.size({ kind: 'category', id: category.id }) > 0)
      .map((category) => `/categories/${encodeURIComponent(category.id)}`);
    const legal = LEGAL_PAGES.filter((page) => this.site.legal[page] !== undefined).map((page) => `/${page}`);
    let xml = URLSET_OPEN;
    for (const section of LIST_PAGES) xml += this.entries.pair(both(section), newest);
    // Without lastmod, as the legal pages: when a category's bots last changed is not kept.
    for (const section of [...categories, ...legal]) xml += this.entries.pair(both(section), undefined);
    return xml + URLSET_CLOSE;
  }

  /** Bot file `n` (from 1) as chunks of XML, read from the catalog as they are asked for; undefined when there is no such file. */
  async botFile(n: number): Promise<Iterable<string> | undefined> {
    await this.catalog.ready('text');
    if (!Number.isSafeInteger(n) || n < 1 || n > this.botFiles()) return undefined;
    return this.writeBotFile(n);
  }

  private *writeBotFile(n: number): Generator<string> {
    yield URLSET_OPEN;
    for (const chunk of this.chunks(n)) {
      let xml = '';
      for (const entry of chunk) {
        const slugs = slugsOf(entry);
        xml += this.entries.pair(
          { en: `/en/bots/${encodeURIComponent(slugs.en)}`, de: `/de/bots/${encodeURIComponent(slugs.de)}` },
          entry.changedUs / 1000,
        );
      }
      yield xml;
    }
    yield URLSET_CLOSE;
  }

  private botFiles(): number {
    return Math.ceil(this.catalog.ranking.size / this.botsPerFile);
  }

  /**
   * The bots of file `n`, oldest publication first, CHUNK_BOTS at a time. Positions count from the
   * oldest, which a new publication (the newest) does not move, and each chunk reads its positions
   * anew: a bot published while a file streams moves nothing; one unpublished meanwhile moves the
   * later ones by one, so a bot at a chunk's edge may be listed twice or wait for the next crawl.
   */
  private *chunks(n: number): Generator<CatalogEntry[]> {
    const start = (n - 1) * this.botsPerFile;
    for (let at = start; ; at += CHUNK_BOTS) {
      const size = this.catalog.ranking.size;
      const end = Math.min(at + CHUNK_BOTS, start + this.botsPerFile, size);
      if (at >= end) return;
      // The `new` order is newest first: the oldest-first positions [at, end) are its last ones, reversed.
      yield this.catalog.ranking.page('new', size - end, end - at).bots.reverse();
    }
  }

  /** The latest change (milliseconds) of a bot in file `n`. */
  private latestChange(n: number): number | undefined {
    let latest: number | undefined;
    for (const chunk of this.chunks(n)) for (const entry of chunk) latest = Math.max(latest ?? 0, entry.changedUs / 1000);
    return latest;
  }

  /** The newest bot's publication: what home and browse last gained. */
  private newestPublication(): number | undefined {
    return this.catalog.ranking.page('new', 0, 1).bots[0]?.publishedAt;
  }
}
