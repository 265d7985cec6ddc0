import { errorResponses, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { AdminReview, AdminReviewList, AdminReviewListQuery, ReplyBody, ReviewCreate, ReviewIdParams, ReviewPatch } from './schemas.js';

const ReviewResponse = dataOf(AdminReview);
const writeErrors = errorResponses('unauthorized', 'not_found', 'validation_failed', 'payload_too_large');

export async function reviewAdminRoutes(app: App): Promise<void> {
  app.get(
    '/reviews',
    {
      schema: {
        operationId: 'listReviews',
        description: 'Every review, hidden ones included, newest first, filtered by bot and publication.',
        tags: ['reviews'],
        summary: 'Every review, hidden ones included, newest first; by bot and publication',
        querystring: AdminReviewListQuery,
        response: { 200: AdminReviewList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => app.services.reviewAdmin.list(request.query),
  );

  app.post(
    '/bots/:id/reviews',
    {
      schema: {
        operationId: 'createReview',
        description:
          'Adds a review of a bot (for imports and moderation tools); a published review sends a `review` webhook event to endpoints that subscribe to it. 403 when the user is banned, 409 when the user has reviewed the bot already (one review per user and bot).',
        tags: ['reviews'],
        summary: 'Add a review',
        params: AdminBotIdParams,
        body: ReviewCreate,
        response: { 201: ReviewResponse, ...writeErrors, ...errorResponses('forbidden', 'conflict') },
      },
    },
    async (request, reply) => {
      const review = await app.services.reviews.create(request.params.id, request.body);
      return reply.code(201).send({ data: review });
    },
  );

  app.patch(
    '/reviews/:reviewId',
    {
      schema: {
        operationId: 'patchReview',
        description: "Changes the helpful count, publication or text of a review; the bot's rating follows at once.",
        tags: ['reviews'],
        summary: 'Change helpfulCount, published or body of a review',
        params: ReviewIdParams,
        body: ReviewPatch,
        response: { 200: ReviewResponse, ...writeErrors },
      },
    },
    async (request) => ({ data: await app.services.reviews.patch(request.params.reviewId, request.body) }),
  );

  app.put(
    '/reviews/:reviewId/reply',
    {
      schema: {
        operationId: 'putReviewReply',
        description: "Sets or replaces the developer's reply shown under a review.",
        tags: ['reviews'],
        summary: "Set the developer's reply to a review",
        params: ReviewIdParams,
        body: ReplyBody,
        response: { 200: ReviewResponse, ...writeErrors },
      },
    },
    async (request) => ({ data: await app.services.reviews.setReply(request.params.reviewId, request.body.body) }),
  );

  app.delete(
    '/reviews/:reviewId/reply',
    {
      schema: {
        operationId: 'deleteReviewReply',
        description: "Removes the developer's reply of a review.",
        tags: ['reviews'],
        summary: "Remove the developer's reply",
        params: ReviewIdParams,
        response: { 200: ReviewResponse, ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request) => ({ data: await app.services.reviews.setReply(request.params.reviewId, null) }),
  );
}
