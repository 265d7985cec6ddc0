import { createHash } from 'node:crypto';
import { startOfNextUtcMonth, startOfUtcMonth, utcDay, type Clock } from './clock.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError } from './errors.js';

/** How long an entry may live when nothing invalidates it (a lost LISTEN connection, say). */
const TTL_MS = 30_000;

export interface CachedResponse<B extends string | Buffer = string | Buffer> {
  body: B;
  /** A strong validator of the body, for ETag / If-None-Match. */
  etag: string;
  expiresAt: number;
}

/**
 * Serialized responses of public reads, kept until a change to their bot or a deadline.
 * Each entry belongs to one bot, or to none (lists, which may show any bot):
 * `invalidate(botId)` drops that bot's entries and every list. A generation counter stops a
 * read that started before an invalidation from storing its (possibly stale) result after it.
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedResponse & { botId: string | undefined }>();
  private readonly keysByBot = new Map<string | undefined, Set<string>>();
  private generation = 0;
  /** Lookups by result, for the metrics; `stale`: an expired entry served because the database did not answer. */
  readonly stats = { hits: 0, misses: 0, stale: 0 };

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries = 20_000,
    /** Whether an expired entry may answer while the database does not (not for answers that expire by meaning). */
    private readonly staleWhenDown = true,
  ) {}

  /**
   * The cached response for key, or compute(month) stored under it; undefined from compute
   * means "no such published bot" (404). Entries die after `ttlMs` and at the end of the UTC
   * month at the latest, because votesMonth starts again from zero then.
   */
  async fetch<B extends string | Buffer>(
    key: string,
    botId: string | undefined,
    compute: (month: string) => Promise<B | undefined>,
    /** A number, or a function asked after compute (for answers whose life depends on their content). */
    ttlMs: number | (() => number) = TTL_MS,
  ): Promise<CachedResponse<B>> {
    const now = this.clock.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now.getTime()) {
      this.stats.hits++;
      return hit as unknown as CachedResponse<B>;
    }
    this.stats.misses++;
    const ticket = this.generation;
    let body: B | undefined;
    try {
      body = await compute(utcDay(startOfUtcMonth(now)));
    } catch (error) {
      // While the database does not answer, what was last known beats a 503.
      if (hit && this.staleWhenDown && isDatabaseUnavailable(error)) {
        this.stats.stale++;
        return hit as unknown as CachedResponse<B>;
      }
      throw error;
    }
    if (body === undefined) throw AppError.notFound();
    const entry = {
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      expiresAt: Math.min(now.getTime() + (typeof ttlMs === 'number' ? ttlMs : ttlMs()), startOfNextUtcMonth(now).getTime()),
    };
    if (ticket === this.generation) this.store(key, botId, entry);
    return entry;
  }

  /** The live entry for key, if any: lets a hot route answer without a promise. */
  peek<B extends string | Buffer>(key: string): CachedResponse<B> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.clock.now().getTime() ? (hit as unknown as CachedResponse<B>) : undefined;
  }

  /** A bot changed: forget its own responses and every list (lists may show it). */
  invalidate(botId: string): void {
    this.generation++;
    this.drop(botId);
    this.drop(undefined);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.keysByBot.clear();
  }

  private store(key: string, botId: string | undefined, entry: CachedResponse): void {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...entry, botId });
    let keys = this.keysByBot.get(botId);
    if (!keys) {
      keys = new Set();
      this.keysByBot.set(botId, keys);
    }
    keys.add(key);
  }

  private drop(botId: string | undefined): void {
    const keys = this.keysByBot.get(botId);
    if (!keys) return;
    for (const key of keys) this.entries.delete(key);
    this.keysByBot.delete(botId);
  }
}
