import { offsetOf, paginationOf } from '../../lib/pagination.js';
import { etagOf, type CachedResponse } from '../../lib/read-cache.js';
import { botJsonOf } from './catalog-entry.js';
import type { BotRanking } from './ranking.js';
import type { BotListQuery } from './schemas.js';

/** Bytes of list pages kept at most; a flood of distinct URLs evicts the oldest, nothing grows beyond. */
const MAX_BYTES = 16 * 1024 * 1024;
const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

export interface ListPage extends CachedResponse {
  /** The catalog version the page was built from. */
  version: number;
}

/** Built bot list pages, by query. */
export class ListPages {
  private readonly pages = new Map<string, ListPage>();
  private bytes = 0;

  constructor(private readonly ranking: BotRanking) {}

  get(query: BotListQuery): ListPage | undefined {
    return this.pages.get(keyOf(query));
  }

  /** Builds the page from the ranking as it is now and keeps it until `expiresAt` (or a newer version). */
  build(query: BotListQuery, version: number, expiresAt: number): ListPage {
    const needle = query.search ? query.search.toLowerCase() : undefined;
    const { bots, total } = this.ranking.page(query.sort, offsetOf(query), query.limit, needle);
    // The bots' bytes are copied as they are: nothing of a page is encoded but its pagination.
    const parts: Buffer[] = [OPEN];
    for (const bot of bots) {
      if (parts.length > 1) parts.push(COMMA);
      parts.push(botJsonOf(bot));
    }
    parts.push(Buffer.from(`],"pagination":${JSON.stringify(paginationOf(total, query))}}`));
    const body = Buffer.concat(parts);
    const page = { body, etag: etagOf(body), expiresAt, version };
    this.store(keyOf(query), page);
    return page;
  }

  private store(key: string, page: ListPage): void {
    const old = this.pages.get(key);
    if (old) {
      this.pages.delete(key);
      this.bytes -= old.body.length;
    }
    this.pages.set(key, page);
    this.bytes += page.body.length;
    // Maps iterate in insertion order: the first entries are the oldest.
    for (const [oldestKey, oldest] of this.pages) {
      if (this.bytes <= MAX_BYTES) break;
      this.pages.delete(oldestKey);
      this.bytes -= oldest.body.length;
    }
  }
}

function keyOf(query: BotListQuery): string {
  return `${query.page}:${query.limit}:${query.sort}:${query.search ?? ''}`;
}
