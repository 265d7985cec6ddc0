import { JSON_TYPE, sendCached } from '../../lib/http.js';
import { errorResponses, notModified } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams } from '../bots/schemas.js';
import { HistoryQuery, HistoryResponse } from './schemas.js';

export async function historyRoutes(app: App): Promise<void> {
  app.get(
    '/bots/:id/history',
    {
      schema: {
        operationId: 'getBotHistory',
        tags: ['history'],
        summary: 'Daily server count of a bot, oldest first',
        params: BotIdParams,
        querystring: HistoryQuery,
        response: { 200: HistoryResponse, ...notModified, ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request, reply) => {
      const cached = await app.services.history.publicJson(request.params.id, request.query.days);
      return sendCached(request, reply, cached, { contentType: JSON_TYPE, cacheControl: 'public, max-age=300' });
    },
  );
}
