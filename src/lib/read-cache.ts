import { hash } from 'node:crypto';
import { startOfNextUtcMonth, startOfUtcMonth, utcDay, type Clock } from './clock.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { isPromise, type MaybePromise } from './maybe-promise.js';
import { BoundedBodies } from './bounded-bodies.js';
import { ownBytes } from './own-bytes.js';
import { BufferPool } from './buffer-pool.js';

/** How long an entry may live when nothing invalidates it (a lost notification, say). */
const TTL_MS = 30_000;
/**
 * Bodies kept per cache, in bytes: review pages, year-long histories and PNG charts are tens of
 * kilobytes each, so a bound by count alone let four caches hold over a gigabyte at 100,000 bots.
 * 8 MB holds a hundred or more of the largest answers, more than the hot ones (and `Admission`
 * keeps one-off answers from pushing those out); the four caches and the list pages (12 MB)
 * together are at most 44 MB of a process's memory (RSS target 600 MB at 100,000 bots).
 */
const MAX_BYTES = 8 * 1024 * 1024;

export interface CachedResponse {
  /**
   * Always bytes: Node writes a Buffer as it is, while a string is UTF-8 encoded again for every
   * request (for a 50 KB list page, the largest part of its CPU time).
   */
  body: Buffer;
  /** A strong validator of the body, for ETag / If-None-Match. */
  etag: string;
  expiresAt: number;
  /**
   * For a body lent from a `BufferPool` to one response: called once that response has been
   * handed to the kernel (or not at all if it was cut off); the body is not to be read after.
   */
  release?: () => void;
}

interface Entry extends CachedResponse {
  group: string;
}

interface Flight {
  group: string;
  promise: Promise<CachedResponse>;
  /** Requests handed this computation's answer: the first and every one that joined it. */
  callers: number;
}

/**
 * An answer the store will not keep, shorter than this, goes into Node's shared slabs
 * (`Buffer.from`): it dies young, and slabs cost one allocation per 8 KB. A longer one is built
 * in a buffer lent from a pool (see `ReadCache.get`).
 */
const LEND_FROM = 4 * 1024;

/**
 * Lookups of every read cache of this process by result, for the metrics; `stale`: an expired
 * entry served because the database did not answer.
 */
export const readCacheStats = { hits: 0, misses: 0, stale: 0 };

/**
 * A strong ETag of a body (the one-shot `hash` costs half of a `createHash` object for a 1 KB body).
 * Quoted by `JSON.stringify`, which makes one flat string: a template literal makes a chain of
 * concatenated strings (120 bytes of heap against 56), and a tag is kept for every bot listed.
 */
export function etagOf(body: string | Buffer): string {
  return JSON.stringify(hash('sha1', body, 'base64url'));
}

/**
 * Serialized responses kept until their group is invalidated or a deadline passes. A group is
 * what an answer depends on (a bot, or a bot and a user): `invalidate(group)` drops exactly those
 * answers. Concurrent misses of one key share one computation (single flight); a computation
 * that an invalidation overtook is neither stored nor joined by later requests, so nobody is
 * served an answer older than the change they could have seen. The store holds at most
 * `maxEntries` and `maxBytes` of bodies (the oldest goes first) and nothing else grows with the
 * keys asked for. Once it is full, a new answer only displaces older ones when its key was asked
 * for before (`BoundedBodies`): a one-off answer is served and left to die young.
 */
export class ReadCache {
  private readonly entries: BoundedBodies<Entry>;
  private readonly pool = new BufferPool();
  private readonly keysByGroup = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Flight>();

  /** Whether an expired entry may answer while the database does not (not for answers that expire by meaning). */
  private readonly staleWhenDown: boolean;

  constructor(
    private readonly clock: Clock,
    options: { maxEntries?: number; maxBytes?: number; staleWhenDown?: boolean } = {},
  ) {
    this.entries = new BoundedBodies<Entry>(options.maxBytes ?? MAX_BYTES, options.maxEntries ?? 20_000, (key, entry) =>
      this.unindex(entry.group, key),
    );
    this.staleWhenDown = options.staleWhenDown ?? true;
  }

  /**
   * The cached response for key, or compute(month) stored under it; what compute throws (a 404 of
   * its own, say) reaches every caller of the flight and is not stored. Entries die after `ttlMs`
   * and at the end of the UTC month at the latest, because votesMonth starts again from zero then.
   */
  fetch(
    key: string,
    group: string,
    compute: (month: string) => Promise<string | Buffer>,
    /** A number, or a function asked after compute (for answers whose life depends on their content). */
    ttlMs: number | (() => number) = TTL_MS,
  ): Promise<CachedResponse> {
    const answer = this.get(key, group, compute, ttlMs);
    return isPromise(answer) ? answer : Promise.resolve(answer);
  }

  /** `fetch`, but a live entry comes back as it is, without a promise (see `replyCached`). */
  get(
    key: string,
    group: string,
    compute: (month: string) => Promise<string | Buffer>,
    ttlMs: number | (() => number) = TTL_MS,
  ): MaybePromise<CachedResponse> {
    const hit = this.peek(key);
    if (hit) {
      readCacheStats.hits++;
      return hit;
    }
    const joined = this.flights.get(key);
    if (joined) {
      joined.callers++;
      return joined.promise;
    }
    const now = this.clock.now();
    const flight: Flight = { group, promise: undefined as unknown as Promise<CachedResponse>, callers: 1 };
    readCacheStats.misses++;
    const expired = this.entries.get(key);
    flight.promise = (async () => {
      try {
        let computed: string | Buffer;
        try {
          computed = await compute(utcDay(startOfUtcMonth(now)));
        } catch (error) {
          // While the database does not answer, what was last known beats a 503.
          if (expired && this.staleWhenDown && isDatabaseUnavailable(error)) {
            readCacheStats.stale++;
            return expired;
          }
          throw error;
        }
        const life = typeof ttlMs === 'number' ? ttlMs : ttlMs();
        const expiresAt = Math.min(now.getTime() + life, startOfNextUtcMonth(now).getTime());
        const length = typeof computed === 'string' ? Buffer.byteLength(computed) : computed.length;
        // An answer an invalidation overtook is handed to its waiters, not kept.
        if (this.flights.get(key) === flight && this.entries.admits(key, length)) {
          const body = typeof computed === 'string' ? ownBytes(computed) : computed;
          const entry = { body, etag: etagOf(body), expiresAt };
          this.entries.store(key, { ...entry, group });
          return entry;
        }
        return this.unkept(computed, length, expiresAt, flight);
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
        if (!this.entries.has(key)) this.unindex(group, key);
      }
    })();
    this.flights.set(key, flight);
    this.index(group, key);
    return flight.promise;
  }

  /**
   * An answer for the requests of one flight only. A long text is written into a buffer lent from
   * the pool and given back once every request handed it has sent it (`release`, called by
   * `sendCached` when a response is with the kernel): a stream of answers no store keeps (random
   * review pages, histories) then reuses a few buffers instead of leaving tens of kilobytes each
   * to the collector, whose late frees glibc keeps as holes (docs/scale.md). A caller that reads
   * the body without sending it never releases: the buffer then goes to the collector, unreused.
   */
  private unkept(computed: string | Buffer, length: number, expiresAt: number, flight: Flight): CachedResponse {
    if (typeof computed !== 'string' || length < LEND_FROM) {
      const body = typeof computed === 'string' ? Buffer.from(computed) : computed;
      return { body, etag: etagOf(body), expiresAt };
    }
    const lent = this.pool.lend(length);
    lent.bytes.write(computed);
    let released = 0;
    // Every caller has joined by now: the flight left the map before its answer was handed out.
    const release = lent.giveBack && (() => void (++released === flight.callers && lent.giveBack?.()));
    return { body: lent.bytes, etag: etagOf(lent.bytes), expiresAt, ...(release ? { release } : {}) };
  }

  /** The live entry for key, if any: lets a hot route answer without a promise. */
  peek(key: string): CachedResponse | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.clock.now().getTime() ? hit : undefined;
  }

  /** Forgets every answer of the group, and every computation of one still under way. */
  invalidate(group: string): void {
    const keys = this.keysByGroup.get(group);
    if (!keys) return;
    for (const key of keys) {
      this.entries.delete(key);
      if (this.flights.get(key)?.group === group) this.flights.delete(key);
    }
    this.keysByGroup.delete(group);
  }

  /** Forgets one answer (and its computation under way). */
  forget(key: string): void {
    const entry = this.entries.get(key);
    const flight = this.flights.get(key);
    this.entries.delete(key);
    this.flights.delete(key);
    const group = entry?.group ?? flight?.group;
    if (group !== undefined) this.unindex(group, key);
  }

  clear(): void {
    this.entries.clear();
    this.keysByGroup.clear();
    this.flights.clear();
  }

  /** Entries stored (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  private index(group: string, key: string): void {
    let keys = this.keysByGroup.get(group);
    if (!keys) this.keysByGroup.set(group, (keys = new Set()));
    keys.add(key);
  }

  private unindex(group: string, key: string): void {
    if (this.flights.has(key)) return;
    const keys = this.keysByGroup.get(group);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.keysByGroup.delete(group);
  }
}
