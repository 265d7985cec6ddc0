import { errorResponses, notModified } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams } from '../bots/schemas.js';
import { fact } from '../changes/facts.js';
import { ReviewList, ReviewListQuery } from './schemas.js';

export async function reviewRoutes(app: App): Promise<void> {
  app.get(
    '/bots/:id/reviews',
    {
      schema: {
        operationId: 'listBotReviews',
        description:
          "A page of a published bot's published reviews, most helpful first, then newest; the total is the bot's review count. 404 for an unknown or unpublished bot.",
        tags: ['reviews'],
        summary: 'Published reviews of a bot, most helpful first',
        params: BotIdParams,
        querystring: ReviewListQuery,
        response: { 200: ReviewList, ...notModified, ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { page, limit } = request.query;
      reply.answer(
        { key: `reviews:${id}:${page}:${limit}`, facts: [fact.bot(id), fact.reviews(id)], cacheControl: 'public, max-age=60' },
        () => app.services.reviews.page(id, request.query),
      );
    },
  );
}
