import type { App } from '../lib/types.js';
import { botRoutes } from './bots/routes.js';
import { historyRoutes } from './history/routes.js';
import { ownerRoutes } from './owner/routes.js';
import { reviewRoutes } from './reviews/routes.js';
import { searchRoutes } from './search/routes.js';

/** Everything under /api/v1. Public reads may be called from any web page, so CORS is open. */
export async function publicRoutes(app: App): Promise<void> {
  const { deprecatedAt, sunsetAt } = app.config.v1Retirement;
  // RFC 9745 and RFC 8594: how clients learn, from any answer, that v1 is being retired (docs/decisions.md).
  const deprecation = deprecatedAt && `@${deprecatedAt.getTime() / 1000}`;
  const sunset = sunsetAt?.toUTCString();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, deprecation, sunset');
    if (deprecation) reply.header('deprecation', deprecation);
    if (sunset) reply.header('sunset', sunset);
  });

  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(app.openapiDocument('public')),
  );

  await app.register(botRoutes);
  await app.register(reviewRoutes);
  await app.register(historyRoutes);
  await app.register(ownerRoutes);
  await app.register(searchRoutes);
}
