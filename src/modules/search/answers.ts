import { BoundedBodies } from '../../lib/bounded-bodies.js';
import { ownBytes } from '../../lib/own-bytes.js';
import { etagOf, type CachedResponse } from '../../lib/read-cache.js';
import { stillServes } from '../bots/catalog-answers.js';

/** Bytes of search answers kept at most: about 500 answers of 20 hits. */
const MAX_BYTES = 4 * 1024 * 1024;

export interface SearchAnswer extends CachedResponse {
  /** The catalog version the answer was found in. */
  version: number;
}

/**
 * Search answers by query, reused as the bot list's pages are (`stillServes`): while the catalog
 * has not changed, or while younger than LIST_MAX_STALE_MS. A directory's home page
 * sends the same few queries all day, and under hundreds of votes a second the catalog changes
 * between any two of them. Once full, only queries asked before displace others (`BoundedBodies`).
 */
export class SearchAnswers {
  private readonly answers: BoundedBodies<SearchAnswer>;

  constructor(maxBytes = MAX_BYTES) {
    this.answers = new BoundedBodies<SearchAnswer>(maxBytes);
  }

  get(key: string, version: number, now: number): SearchAnswer | undefined {
    const hit = this.answers.get(key);
    return hit && stillServes(hit, version, now) ? hit : undefined;
  }

  /** The answer as bytes with its ETag, kept when the store takes it in. */
  keep(key: string, json: string, version: number, expiresAt: number): SearchAnswer {
    const kept = this.answers.admits(key, Buffer.byteLength(json));
    const body = kept ? ownBytes(json) : Buffer.from(json);
    const answer = { body, etag: etagOf(body), expiresAt, version };
    if (kept) this.answers.store(key, answer);
    return answer;
  }

  /** What every answer depends on changed beyond the catalog (synonyms, a new index). */
  clear(): void {
    this.answers.clear();
  }
}
