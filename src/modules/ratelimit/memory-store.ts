import type { RateLimitHit, RateLimitStore } from './store.js';

interface Bucket {
  count: number;
  resetAt: number;
}

export interface MemoryStoreOptions {
  /** Milliseconds since the epoch; tests move it by hand. */
  now?: () => number;
  /**
   * Most buckets kept at once. Past it the oldest window is forgotten early (that caller starts
   * afresh): memory stays bounded even under a flood of distinct addresses.
   */
  maxBuckets?: number;
}

/**
 * Counters for one process. A Map in window-start order: a new window is always appended, so
 * expired buckets gather at the front and are dropped there, a few at a time, whenever a window
 * starts. Memory is bounded by the buckets active in the last window (and by `maxBuckets`).
 */
export class MemoryStore implements RateLimitStore {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private readonly maxBuckets: number;

  constructor(options: MemoryStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxBuckets = options.maxBuckets ?? 100_000;
  }

  hit(bucket: string, _limit: number, windowMs: number): RateLimitHit {
    const now = this.now();
    let entry = this.buckets.get(bucket);
    if (entry === undefined || entry.resetAt <= now) {
      if (entry !== undefined) this.buckets.delete(bucket);
      this.evict(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.buckets.set(bucket, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetMs: entry.resetAt - now };
  }

  /** Buckets held now (expired ones may linger until the next window starts). */
  get size(): number {
    return this.buckets.size;
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }

  private evict(now: number): void {
    for (const [key, entry] of this.buckets) {
      if (entry.resetAt > now && this.buckets.size < this.maxBuckets) break;
      this.buckets.delete(key);
    }
  }
}
