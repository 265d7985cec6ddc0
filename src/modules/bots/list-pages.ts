import { BoundedBodies } from '../../lib/bounded-bodies.js';
import { BufferPool } from '../../lib/buffer-pool.js';
import { offsetOf, paginationOf } from '../../lib/pagination.js';
import { etagOf, type CachedResponse } from '../../lib/read-cache.js';
import { botJsonLength, copyBotJson } from './catalog-entry.js';
import type { BotRanking, ListedBot } from './ranking.js';
import type { BotListQuery } from './schemas.js';

/** Bytes of list pages kept at most; a flood of distinct URLs evicts the oldest, nothing grows beyond. */
const MAX_BYTES = 12 * 1024 * 1024;
const OPEN = Buffer.from('{"data":[');
const COMMA = 0x2c;

export interface ListPage extends CachedResponse {
  /** The catalog version the page was built from. */
  version: number;
}

/** Built bot list pages, by query; once full, only pages asked for before displace others (`BoundedBodies`). */
export class ListPages {
  private readonly pages: BoundedBodies<ListPage>;
  private readonly pool = new BufferPool();

  constructor(
    private readonly ranking: BotRanking,
    maxBytes = MAX_BYTES,
  ) {
    this.pages = new BoundedBodies<ListPage>(maxBytes);
  }

  get(query: BotListQuery): ListPage | undefined {
    return this.pages.get(keyOf(query));
  }

  /**
   * Builds the page from the ranking as it is now and keeps it until `expiresAt` (or a newer
   * version); a page the store will not take in is built in a buffer lent for its one response.
   */
  build(query: BotListQuery, version: number, expiresAt: number): ListPage {
    const needle = query.search ? query.search.toLowerCase() : undefined;
    const { bots, total } = this.ranking.page(query.sort, offsetOf(query), query.limit, needle);
    const tail = `],"pagination":${JSON.stringify(paginationOf(total, query))}}`;
    const key = keyOf(query);
    const length = pageLength(bots, tail);
    const etag = pageEtag(bots, tail);
    if (this.pages.admits(key, length)) {
      const page = { body: fillPage(Buffer.allocUnsafeSlow(length), bots, tail), etag, expiresAt, version };
      this.pages.store(key, page);
      return page;
    }
    const lent = this.pool.lend(length);
    return { body: fillPage(lent.bytes, bots, tail), etag, expiresAt, version, release: lent.giveBack };
  }
}

function keyOf(query: BotListQuery): string {
  return `${query.page}:${query.limit}:${query.sort}:${query.search ?? ''}`;
}

function pageLength(bots: readonly ListedBot[], tail: string): number {
  let length = OPEN.length + Math.max(0, bots.length - 1) + Buffer.byteLength(tail);
  for (const bot of bots) length += botJsonLength(bot);
  return length;
}

/** The bots' bytes are copied as they are: nothing of a page is encoded but its pagination. */
function fillPage(body: Buffer, bots: readonly ListedBot[], tail: string): Buffer {
  let at = OPEN.copy(body, 0);
  for (const bot of bots) {
    if (at > OPEN.length) body[at++] = COMMA;
    at = copyBotJson(bot, body, at);
  }
  body.write(tail, at);
  return body;
}

/**
 * A strong ETag of the page without hashing its bytes: the hash of its bots' ETags (each bot's
 * hashed once per version, and kept) and of its pagination. Equal pages get equal ETags in every
 * process; a page that differs in any byte differs in a bot's ETag or in the pagination. Hashing
 * 100 bots' tags instead of 100 KB is a tenth of the work.
 */
function pageEtag(bots: readonly ListedBot[], tail: string): string {
  let tags = '';
  for (const bot of bots) tags += bot.etag;
  return etagOf(tags + tail);
}
