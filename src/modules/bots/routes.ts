import { JSON_TYPE, replyCached, sendCached } from '../../lib/http.js';
import { errorResponses, notModified, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams, BotList, BotListQuery, Bot } from './schemas.js';

export async function botRoutes(app: App): Promise<void> {
  app.get(
    '/bots',
    {
      schema: {
        operationId: 'listBots',
        tags: ['bots'],
        summary: 'List published bots',
        querystring: BotListQuery,
        response: { 200: BotList, ...notModified, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request, reply) => {
      const cached = await app.services.bots.publicListJson(request.query);
      return sendCached(request, reply, cached, { contentType: JSON_TYPE, cacheControl: 'public, max-age=30' });
    },
  );

  app.get(
    '/bots/:id',
    {
      schema: {
        operationId: 'getBot',
        tags: ['bots'],
        summary: 'One published bot',
        params: BotIdParams,
        response: { 200: dataOf(Bot), ...notModified, ...errorResponses('unauthorized', 'not_found') },
      },
    },
    (request, reply) => {
      replyCached(request, reply, app.services.bots.publicBotJson(request.params.id), { contentType: JSON_TYPE, cacheControl: 'public, max-age=60' });
    },
  );
}
