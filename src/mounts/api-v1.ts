import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { App } from '../lib/types.js';
import { analyticsRoutes } from '../modules/analytics/routes.js';
import { botRoutes } from '../modules/bots/routes.js';
import { historyRoutes } from '../modules/history/routes.js';
import { premiumRoutes } from '../modules/premium/routes.js';
import { reviewRoutes } from '../modules/reviews/routes.js';
import { searchRoutes } from '../modules/search/routes.js';
import { statsRoutes } from '../modules/stats/routes.js';
import { voteRoutes } from '../modules/votes/routes.js';

/** What a page on another origin may send with a request to the public and owner API. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, If-None-Match';
/** Seconds a browser may reuse a preflight's answer (Chromium caps it at 7200). */
const PREFLIGHT_MAX_AGE_S = 7200;
const EXPOSED_HEADERS = 'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, deprecation, sunset, etag, x-request-id';
const NO_CORS: FastifyCorsOptions = { origin: false };

/**
 * Everything under /api/v1. Public reads and the owner API (keys in `Authorization`) may be called
 * from any web page: preflights are answered by @fastify/cors with the path's methods, every answer
 * (errors and 429s included) carries `Access-Control-Allow-Origin: *`. No cookies are involved, so
 * `*` is safe: a page can only use a key it was given.
 */
export async function publicRoutes(app: App): Promise<void> {
  const { deprecatedAt, sunsetAt } = app.config.v1Retirement;
  // RFC 9745 and RFC 8594: how clients learn, from any answer, that v1 is being retired (docs/decisions.md).
  const deprecation = deprecatedAt && `@${deprecatedAt.getTime() / 1000}`;
  const sunset = sunsetAt?.toUTCString();
  // @fastify/cors in a context of its own: its hook (and the Allow header's) then runs for its
  // preflight route only, not for every request (its options delegator normalises its options on
  // each call). Actual answers get their CORS headers in onSend below, so errors and 429s carry
  // them too.
  await app.register(async (preflights) => {
    // Every OPTIONS request under /api/v1 is routed here: it learns the path's methods in Allow.
    preflights.addHook('onRequest', (request, reply, done) => {
      const allowed = app.allowedMethods(request.url.split('?', 1)[0] ?? '');
      if (allowed.length > 0) reply.header('allow', allowed.join(', '));
      done();
    });
    await preflights.register(cors, {
      hook: 'onRequest',
      delegator: (request, callback) => {
        const methods = app.allowedMethods(request.url.split('?', 1)[0] ?? '');
        if (methods.length === 0) return callback(null, NO_CORS);
        callback(null, { origin: '*', methods, allowedHeaders: ALLOWED_HEADERS, maxAge: PREFLIGHT_MAX_AGE_S, strictPreflight: false });
      },
    });
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (deprecation) reply.header('deprecation', deprecation);
    if (sunset) reply.header('sunset', sunset);
    done(null, payload);
  });

  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(app.openapiDocument('public')),
  );

  await app.register(botRoutes);
  await app.register(reviewRoutes);
  await app.register(historyRoutes);
  // The owner endpoints answer for one key's bot: nothing of theirs may be kept by a shared cache.
  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'private, no-store');
      done(null, payload);
    });
    await owner.register(voteRoutes);
    await owner.register(statsRoutes);
    await owner.register(premiumRoutes);
    await owner.register(analyticsRoutes);
  });
  await app.register(searchRoutes);
}
