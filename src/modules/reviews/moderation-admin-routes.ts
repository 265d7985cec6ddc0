/** /admin/v1: the moderation of users' reviews: the held queue, the reported queue, approve, hide and delete. */
import { Type } from 'typebox';
import { dataOf, errorResponses, SnowflakeId } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { OPERATOR_TOKEN } from '../audit/entry.js';
import { AdminReview, HeldReviewList, ReviewHide, ReviewIdParams, ReviewQueueQuery, ReviewReportList } from './schemas.js';

const HelpfulParams = Type.Object({ reviewId: ReviewIdParams.properties.reviewId, userId: SnowflakeId });
const decisionErrors = errorResponses('unauthorized', 'not_found', 'validation_failed');

export async function reviewModerationAdminRoutes(app: App): Promise<void> {
  const moderation = () => app.services.reviewModeration;

  app.get(
    '/held-reviews',
    {
      schema: {
        operationId: 'listHeldReviews',
        description:
          'Reviews a moderation rule held (`heldFor`: new_account, link, word) or that wait after an edit of a hidden one, the longest waiting first. Pages continue with `after` = the previous page\u2019s `next` (read from an index in this order).',
        tags: ['reviews'],
        summary: 'Held reviews, the longest waiting first',
        querystring: ReviewQueueQuery,
        response: { 200: HeldReviewList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => moderation().held(request.query),
  );

  app.get(
    '/review-reports',
    {
      schema: {
        operationId: 'listReviewReports',
        description:
          "Open reports of reviews by signed-in users, oldest first, each with the review as it is now. A decision on the review (approve, hide, delete) resolves its reports. Pages continue with `after` = the previous page's `next`.",
        tags: ['reviews'],
        summary: 'Open reports of reviews, oldest first',
        querystring: ReviewQueueQuery,
        response: { 200: ReviewReportList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => moderation().reports(request.query),
  );

  app.post(
    '/reviews/:reviewId/approve',
    {
      schema: {
        operationId: 'approveReview',
        description:
          "Publishes a held or hidden review (the bot's rating follows; a `review` event, created, goes out), or keeps a reported published one and dismisses its open reports. 409 for a published review nobody reports.",
        tags: ['reviews'],
        summary: 'Approve a held, hidden or reported review',
        params: ReviewIdParams,
        response: { 200: dataOf(AdminReview), ...decisionErrors, ...errorResponses('conflict', 'payload_too_large') },
      },
    },
    async (request) => ({ data: await moderation().approve(request.params.reviewId, OPERATOR_TOKEN) }),
  );

  app.post(
    '/reviews/:reviewId/hide',
    {
      schema: {
        operationId: 'hideReview',
        description:
          "Hides a review with a reason its author is shown on the bot page (the bot's rating follows; a published one sends a `review` event, hidden); its open reports are resolved. The author's next edit waits for an operator.",
        tags: ['reviews'],
        summary: 'Hide a review with a reason for its author',
        params: ReviewIdParams,
        body: ReviewHide,
        response: { 200: dataOf(AdminReview), ...decisionErrors, ...errorResponses('payload_too_large') },
      },
    },
    async (request) => ({ data: await moderation().hide(request.params.reviewId, request.body.reason, OPERATOR_TOKEN) }),
  );

  for (const on of [true, false]) {
    const route = on ? app.put.bind(app) : app.delete.bind(app);
    route(
      '/reviews/:reviewId/helpful/:userId',
      {
        schema: {
          operationId: on ? 'markReviewHelpful' : 'unmarkReviewHelpful',
          description: on
            ? "Marks a published review helpful on behalf of a user (imports, tests, load generators), as the bot page's button does: one mark per user, the review's helpfulCount follows. 403 for the author's own review or a banned user, 404 for an unknown or unpublished review."
            : "Takes a user's helpful mark of a published review back (nothing to take back is fine). 404 for an unknown or unpublished review.",
          tags: ['reviews'],
          summary: on ? 'Mark a review helpful for a user' : "Take a user's helpful mark back",
          params: HelpfulParams,
          response: { 200: dataOf(AdminReview), ...decisionErrors, ...errorResponses('forbidden', 'payload_too_large') },
        },
      },
      async (request) => ({ data: await app.services.userReviews.helpful(request.params.userId, request.params.reviewId, on) }),
    );
  }

  app.delete(
    '/reviews/:reviewId',
    {
      schema: {
        operationId: 'deleteReview',
        description:
          "Deletes a review with its helpful marks and reports (the bot's rating follows; a published one sends a `review` event, deleted).",
        tags: ['reviews'],
        summary: 'Delete a review',
        params: ReviewIdParams,
        response: { 204: Type.Null(), ...decisionErrors },
      },
    },
    async (request, reply) => {
      await moderation().remove(request.params.reviewId, OPERATOR_TOKEN);
      return reply.code(204).send(null);
    },
  );
}
