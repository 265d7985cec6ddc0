import { JSON_TYPE, sendCached } from '../../lib/http.js';
import { errorResponses, notModified } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams } from '../bots/schemas.js';
import { ReviewList, ReviewListQuery } from './schemas.js';

export async function reviewRoutes(app: App): Promise<void> {
  app.get(
    '/bots/:id/reviews',
    {
      schema: {
        operationId: 'listBotReviews',
        tags: ['reviews'],
        summary: 'Published reviews of a bot, most helpful first',
        params: BotIdParams,
        querystring: ReviewListQuery,
        response: { 200: ReviewList, ...notModified, ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request, reply) => {
      const cached = await app.services.reviews.publicListJson(request.params.id, request.query);
      return sendCached(request, reply, cached, { contentType: JSON_TYPE, cacheControl: 'public, max-age=60' });
    },
  );
}
