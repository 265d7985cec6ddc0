import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';
import { clientBucket } from './client-address.js';
import { isPromise, type MaybePromise } from '../../lib/maybe-promise.js';
import type { RateLimitHit, RateLimitStore } from './store.js';

/** Who is calling, for counting: one bucket per caller, and how many requests it may make. */
export interface RateLimitCaller {
  readonly bucket: string;
  readonly limit: number;
}

/**
 * Maps the credentials on a request to a caller: an API key's own bucket and its tier's limit.
 * `undefined` counts the request as anonymous (or, for the operator, not at all: see `classify`).
 * Throwing or rejecting (e.g. `AppError('unauthorized')`): the request is counted in the caller's
 * anonymous per-IP bucket, then fails with that error (unless the bucket is exhausted: then 429).
 * Only called when the request has an `Authorization` header.
 */
export type ResolveClient = (request: FastifyRequest) => MaybePromise<RateLimitCaller | undefined>;

export interface RateLimitPluginOptions {
  store: RateLimitStore;
  /** Window length; the spec's is one minute. */
  windowMs?: number;
  /** Per client IP, for callers without a key. */
  anonymousLimit: number;
  /** Per client IP, for /api/badge/*, /api/widget/*, /api/chart/*, /api/card/* (keys are not looked at). */
  embedsLimit: number;
  /** Per client IP, for routes marked `config: { rateLimit: 'pages' }` (the server-rendered pages). */
  pagesLimit: number;
  /** How API keys map to callers (the key module provides it). Without it every caller is anonymous. */
  resolveClient?: ResolveClient;
  /** Requests that carry the operator's credentials; under /admin/ they are not limited. */
  isOperator?: (request: FastifyRequest) => boolean;
}

export const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/**
 * Counts every request of the service in an early, global `onRequest` hook, so it runs for every
 * route, for unrouted 404/405 answers too, and before any body is read. Sets the
 * `x-ratelimit-*` headers on the reply (they survive into error answers) and refuses a request
 * over the limit with 429 `rate_limited` plus `Retry-After`.
 */
export default fp<RateLimitPluginOptions>(
  async function rateLimitPlugin(app: FastifyInstance, options: RateLimitPluginOptions) {
    const { store } = options;
    const windowMs = options.windowMs ?? 60_000;
    const windowSeconds = Math.round(windowMs / 1000);
    const callers = new AddressCallers(options.anonymousLimit, options.embedsLimit, options.pagesLimit);
    const classify = classifier(options, callers);
    let lastStoreWarning = -Infinity;

    function finish(reply: FastifyReply, done: HookHandlerDoneFunction, caller: RateLimitCaller, hit: RateLimitHit, error?: unknown): void {
      const limit = caller.limit;
      const reset = hit.resetMs > 0 ? Math.ceil(hit.resetMs / 1000) : 0;
      reply.header('x-ratelimit-limit', limit);
      reply.header('x-ratelimit-remaining', hit.count < limit ? limit - hit.count : 0);
      reply.header('x-ratelimit-reset', reset);
      if (hit.count > limit) {
        reply.header('retry-after', reset);
        done(
          new AppError(
            'rate_limited',
            `Too many requests: ${limit} per ${windowSeconds} s allowed; retry in ${reset} s`,
          ) as unknown as Error,
        );
        return;
      }
      done(error as Error | undefined);
    }

    function count(
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
      caller: RateLimitCaller,
      error?: unknown,
    ): void {
      let hit: RateLimitHit | Promise<RateLimitHit>;
      try {
        hit = store.hit(caller.bucket, caller.limit, windowMs);
      } catch (storeError) {
        storeFailed(request, storeError);
        done(error as Error | undefined);
        return;
      }
      if (!isPromise(hit)) {
        finish(reply, done, caller, hit, error);
        return;
      }
      hit.then(
        (result) => finish(reply, done, caller, result, error),
        (storeError: unknown) => {
          storeFailed(request, storeError);
          done(error as Error | undefined);
        },
      );
    }

    /** A caller whose credentials were refused still costs its IP one request. */
    function refused(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction, error: unknown): void {
      count(request, reply, done, callers.of(request.ip).anonymous, error);
    }

    /** Fail open: a broken store must not take the API down. One warning a minute at most. */
    function storeFailed(request: FastifyRequest, error: unknown): void {
      const now = Date.now();
      if (now - lastStoreWarning < 60_000) return;
      lastStoreWarning = now;
      request.log.warn({ err: error }, 'Rate-limit store failed; request let through uncounted');
    }

    function rateLimit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
      let caller: MaybePromise<RateLimitCaller | undefined>;
      try {
        caller = classify(request);
      } catch (error) {
        refused(request, reply, done, error);
        return;
      }
      if (caller === undefined) {
        done();
      } else if (!isPromise(caller)) {
        count(request, reply, done, caller);
      } else {
        caller.then(
          (resolved) => (resolved === undefined ? done() : count(request, reply, done, resolved)),
          (error: unknown) => refused(request, reply, done, error),
        );
      }
    }

    app.addHook('onRequest', rateLimit);
    // For answers that bypass the hooks (the router's malformed-URL errors).
    app.decorate('rateLimit', rateLimit);

    app.addHook('onClose', async () => {
      await store.close?.();
    });
  },
  { name: 'rate-limit', fastify: '5.x' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's own bucket, for routes outside /api/ and /admin/ (there credentials decide):
     * `pages`: the per-IP bucket of the server-rendered pages; `off`: not counted (static assets).
     */
    rateLimit?: 'pages' | 'off';
  }
  interface FastifyInstance {
    /** The rate-limit hook, when limiting is on: counts the request, sets headers, `done(429 error)` when over. */
    rateLimit?: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
}

/**
 * The service's classification (`undefined`: not limited, no counting, no headers):
 * - `/admin/…` with the operator token: not limited; without it: anonymous per IP;
 * - embeds (`/api/badge/…`, `/api/widget/…`, `/api/chart/…`, `/api/card/…`): their own per-IP bucket;
 * - a route marked `rateLimit: 'pages'` outside /api/: the pages' per-IP bucket; marked `off`: not limited;
 * - an `Authorization` header: whatever `resolveClient` says (anonymous when it says nothing);
 * - everything else, unrouted paths included: anonymous per IP.
 */
function classifier(
  options: RateLimitPluginOptions,
  callers: AddressCallers,
): (request: FastifyRequest) => MaybePromise<RateLimitCaller | undefined> {
  const { resolveClient, isOperator } = options;
  return function classify(request) {
    const url = request.url;
    if (isUnlimited(url)) return undefined;
    if (url.startsWith('/admin/')) {
      return isOperator?.(request) ? undefined : callers.of(request.ip).anonymous;
    }
    if (isEmbed(url)) return callers.of(request.ip).embeds;
    // The mark is read only off the API, whose every request would otherwise pay for the lookup.
    if (!url.startsWith('/api/')) {
      const mark = request.routeOptions.config.rateLimit;
      if (mark === 'pages') return callers.of(request.ip).pages;
      if (mark === 'off') return undefined;
    }
    if (resolveClient === undefined || request.headers.authorization === undefined) {
      return callers.of(request.ip).anonymous;
    }
    const client = resolveClient(request);
    if (isPromise(client)) return client.then((resolved) => resolved ?? callers.of(request.ip).anonymous);
    return client ?? callers.of(request.ip).anonymous;
  };
}

/** Addresses whose callers are kept at most; past it the map starts afresh (they are cheap to make again). */
const MAX_ADDRESSES = 10_000;

interface AddressBuckets {
  anonymous: RateLimitCaller;
  embeds: RateLimitCaller;
  pages: RateLimitCaller;
}

/**
 * Callers without a key: one bucket per client address each for the API, the embeds and the
 * pages, under distinct names, so that no one of them spends another's requests. The callers of
 * an address are made once, not for every request: the IPv6 /64 and the bucket's key are worked
 * out per address.
 */
class AddressCallers {
  private readonly byAddress = new Map<string, AddressBuckets>();

  constructor(
    private readonly anonymousLimit: number,
    private readonly embedsLimit: number,
    private readonly pagesLimit: number,
  ) {}

  of(ip: string): AddressBuckets {
    let callers = this.byAddress.get(ip);
    if (callers === undefined) {
      const bucket = clientBucket(ip);
      callers = {
        anonymous: { bucket: `ip:${bucket}`, limit: this.anonymousLimit },
        embeds: { bucket: `embed:${bucket}`, limit: this.embedsLimit },
        pages: { bucket: `page:${bucket}`, limit: this.pagesLimit },
      };
      if (this.byAddress.size >= MAX_ADDRESSES) this.byAddress.clear();
      this.byAddress.set(ip, callers);
    }
    return callers;
  }
}

/**
 * What operators and readers of the docs load, never counted: the landing page, the docs pages,
 * the public OpenAPI document, health checks and metrics (guarded by METRICS_TOKEN if set); and
 * `/favicon.ico`, which browsers ask for by themselves with every page.
 */
export function isUnlimited(url: string): boolean {
  const path = url.length > 1 && url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
  return (
    path === '/' ||
    path === '/metrics' ||
    path === '/favicon.ico' ||
    path.startsWith('/health/') ||
    path === '/docs' ||
    path.startsWith('/docs/') ||
    path === '/admin/docs' ||
    path.startsWith('/admin/docs/') ||
    path === '/api/v1/openapi.json'
  );
}

function isEmbed(url: string): boolean {
  return (
    url.startsWith('/api/') &&
    (url.startsWith('/api/badge/') || url.startsWith('/api/widget/') || url.startsWith('/api/chart/') || url.startsWith('/api/card/'))
  );
}

/**
 * The caller for an API key: its own bucket (so a key is limited the same on every route and
 * every process) and its tier's limit. For `resolveClient` implementations (keys/rate-limit-caller.ts).
 */
export function apiKeyCaller(keyId: string, tier: 1 | 2 | 3, tiers: { 1: number; 2: number; 3: number }): RateLimitCaller {
  return { bucket: `key:${keyId}`, limit: tiers[tier] };
}
