import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.js';
import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import type { RateLimitStore } from './store.js';

export { default as rateLimitPlugin, apiKeyCaller } from './plugin.js';
export type { RateLimitCaller, RateLimitPluginOptions, ResolveClient } from './plugin.js';
export { MemoryStore } from './memory-store.js';
export { RedisStore } from './redis-store.js';
export type { RateLimitHit, RateLimitStore } from './store.js';

/** How long boot waits for Redis before starting anyway (counting locally until it answers). */
const REDIS_BOOT_WAIT_MS = 2000;

/** Redis when REDIS_URL is set (shared by every process), else counters in this process. */
export async function createRateLimitStore(config: Config, log: FastifyBaseLogger, now: () => number = Date.now): Promise<RateLimitStore> {
  if (config.redisUrl === undefined) return new MemoryStore({ now });
  const store = new RedisStore({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, log });
  if (!(await store.ready(REDIS_BOOT_WAIT_MS))) {
    log.warn('REDIS_URL does not answer yet: starting anyway; rate limits count per process until it does');
  }
  return store;
}
