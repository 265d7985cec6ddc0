import { errorResponses, notModified, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams, BotList, BotListQuery, Bot } from './schemas.js';

export async function botRoutes(app: App): Promise<void> {
  const { bots } = app.services;

  app.get(
    '/bots',
    {
      schema: {
        operationId: 'listBots',
        description:
          "Published bots in one of five orders, a page at a time. `search` keeps the bots whose name contains it (case-insensitive). A bot's text is current at once; its counters may be up to `LIST_MAX_STALE_MS` (2 s by default) old.",
        tags: ['bots'],
        summary: 'List published bots',
        querystring: BotListQuery,
        response: { 200: BotList, ...notModified, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { page, limit, sort, search } = request.query;
      const read = bots.catalogRead(`bots:${page}:${limit}:${sort}:${search ?? ''}`);
      reply.answer({ ...read, cacheControl: 'public, max-age=30' }, () => bots.list(request.query));
    },
  );

  app.get(
    '/bots/:id',
    {
      schema: {
        operationId: 'getBot',
        description:
          'A published bot by its application ID; 404 for an unknown or unpublished bot. Sent with an ETag: `If-None-Match` with it answers 304.',
        tags: ['bots'],
        summary: 'One published bot',
        params: BotIdParams,
        response: { 200: dataOf(Bot), ...notModified, ...errorResponses('unauthorized', 'not_found') },
      },
    },
    // The catalog holds every published bot's answer already: nothing to keep.
    (request, reply) => reply.answer({ cacheControl: 'public, max-age=60' }, () => bots.published(request.params.id)),
  );
}
