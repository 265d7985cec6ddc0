import { Redis, type RedisOptions, type Result } from 'ioredis';
import { MemoryStore } from './memory-store.js';
import type { RateLimitHit, RateLimitStore } from './store.js';

/**
 * INCR, and start the window's expiry when the key has none (its first request, or a key that
 * somehow lost its TTL). One round trip, atomic: every process sees one count per bucket.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    rateLimitHit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

export interface StoreLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface RedisStoreOptions {
  url: string;
  /** Prepended to every key (ioredis `keyPrefix`); the store adds `rl:` after it. */
  keyPrefix: string;
  log: StoreLogger;
  /** A command that takes longer fails and the request is counted locally. Default 250 ms. */
  commandTimeoutMs?: number;
  /** After a failed command, skip Redis for this long before trying again. Default 1 s. */
  retryAfterFailureMs?: number;
  /** At most one warning per this many milliseconds while Redis is unavailable. Default 30 s. */
  warnEveryMs?: number;
  /** Counts requests while Redis is unavailable. Default: a MemoryStore. */
  fallback?: RateLimitStore;
  /** Extra ioredis options (tests shorten reconnect delays). */
  redis?: RedisOptions;
}

/**
 * Counters in Redis, shared by every process using the same Redis and key prefix.
 *
 * Redis trouble never fails a request: while Redis is unreachable, slow or erroring, requests are
 * counted in this process (the fallback store), so each process enforces the limit on its own
 * traffic, and one warning is logged per `warnEveryMs`. Commands are not queued while
 * disconnected and time out quickly; ioredis keeps reconnecting, and counting returns to Redis
 * as soon as a command succeeds.
 */
export class RedisStore implements RateLimitStore {
  readonly client: Redis;
  private readonly fallback: RateLimitStore;
  private readonly log: StoreLogger;
  private readonly retryAfterFailureMs: number;
  private readonly warnEveryMs: number;
  private skipUntil = 0;
  private degraded = false;
  private lastWarning = -Infinity;
  private suppressed = 0;

  available(): boolean {
    return this.client.status === 'ready' && !this.degraded;
  }

  constructor(options: RedisStoreOptions) {
    this.log = options.log;
    this.fallback = options.fallback ?? new MemoryStore();
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 1000;
    this.warnEveryMs = options.warnEveryMs ?? 30_000;
    this.client = new Redis(options.url, {
      keyPrefix: `${options.keyPrefix}rl:`,
      commandTimeout: options.commandTimeoutMs ?? 250,
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      ...options.redis,
    });
    this.client.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    // Without a listener ioredis prints every connection error; ours is throttled.
    this.client.on('error', (error: Error) => this.failed(error));
    // A fresh connection: try it at once rather than waiting out the pause after a failure.
    this.client.on('ready', () => {
      this.skipUntil = 0;
    });
  }

  hit(bucket: string, limit: number, windowMs: number): RateLimitHit | Promise<RateLimitHit> {
    if (this.client.status !== 'ready') {
      this.failed(undefined);
      return this.fallback.hit(bucket, limit, windowMs);
    }
    if (this.skipUntil !== 0 && Date.now() < this.skipUntil) return this.fallback.hit(bucket, limit, windowMs);
    return this.client.rateLimitHit(bucket, windowMs).then(
      ([count, resetMs]) => {
        if (this.degraded) this.recovered();
        return { count, resetMs };
      },
      (error: Error) => {
        this.skipUntil = Date.now() + this.retryAfterFailureMs;
        this.failed(error);
        return this.fallback.hit(bucket, limit, windowMs);
      },
    );
  }

  /** True once connected; false when not connected within `timeoutMs` (the app starts anyway). */
  ready(timeoutMs: number): Promise<boolean> {
    if (this.client.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (ok: boolean): void => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        this.client.off('error', onError);
        resolve(ok);
      };
      const onReady = (): void => finish(true);
      const onError = (): void => finish(false);
      const timer = setTimeout(onError, timeoutMs);
      this.client.on('ready', onReady);
      this.client.on('error', onError);
    });
  }

  async close(): Promise<void> {
    if (this.client.status === 'ready') {
      await this.client.quit().catch(() => this.client.disconnect());
    } else {
      this.client.disconnect();
    }
    await this.fallback.close?.();
  }

  private failed(error: Error | undefined): void {
    this.degraded = true;
    const now = Date.now();
    if (now - this.lastWarning < this.warnEveryMs) {
      this.suppressed += 1;
      return;
    }
    this.log.warn(
      { err: error, status: this.client.status, suppressed: this.suppressed },
      'Rate-limit store (Redis) unavailable: failing open, counting requests in this process only',
    );
    this.lastWarning = now;
    this.suppressed = 0;
  }

  private recovered(): void {
    this.degraded = false;
    this.skipUntil = 0;
    this.lastWarning = -Infinity;
    this.suppressed = 0;
    this.log.info({}, 'Rate-limit store (Redis) reachable again: counting shared across processes');
  }
}
