/**
 * `/console/reviews`: the moderation of users' reviews. Two queues, each the longest waiting first
 * and read by keyset: reviews a rule held, and open reports of reviews. Each entry is approved,
 * hidden with a reason for its author, or deleted, through the same service as /admin/v1.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { TEXTS } from '../../html/i18n/index.js';
import type { App } from '../../lib/types.js';
import type { SignedInUser } from '../auth/session.js';
import { MAX_HIDE_REASON } from '../reviews/schemas.js';
import { actorOf, operator } from './access.js';
import { readReason, type Form } from './fields.js';
import { backTo, langOf, sendConsolePage } from './frame.js';
import { ConsoleQuery, ParamText, refusalOf, visitor } from './kit.js';
import { csrf } from '../auth/session.js';
import { reviewQueueView, type QueueEntry, type ReviewQueue, type ReviewQueueState } from './review-views.js';

const ReviewParams = Type.Object({ reviewId: ParamText });
const Query = Type.Object({ ...ConsoleQuery.properties, queue: Type.Optional(Type.String({ maxLength: 10 })) });
const PAGE = 25;

export async function reviewConsoleRoutes(app: App): Promise<void> {
  const { services } = app;
  const moderation = () => services.reviewModeration;
  const listOptions = { schema: { hide: true, querystring: Query } };
  const formOptions = { schema: { hide: true, querystring: Query, params: ReviewParams } };
  const postOptions = { ...formOptions, preHandler: [async (request: FastifyRequest) => void operator(request), csrf(app)] };
  const queueOf = (request: FastifyRequest): ReviewQueue =>
    (request.query as { queue?: string }).queue === 'reported' ? 'reported' : 'held';

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    failed?: ReviewQueueState['failed'] & { status: number },
  ): Promise<FastifyReply> {
    const t = TEXTS[langOf(request)];
    const queue = queueOf(request);
    const after = (request.query as { after?: string }).after;
    const [page, templates] = await Promise.all([
      queue === 'held'
        ? moderation()
            .held({ after, limit: PAGE })
            .then(({ data, next }) => ({ entries: data.map((review): QueueEntry => ({ review })), next }))
        : moderation()
            .reports({ after, limit: PAGE })
            .then(({ data, next }) => ({ entries: data.map((report): QueueEntry => ({ review: report.review, report })), next })),
      services.reasonTemplates.list(),
    ]);
    return sendConsolePage(request, reply, {
      user,
      section: 'reviews',
      title: t.console.sections.reviews,
      status: failed?.status,
      main: reviewQueueView(t, page.entries, { queue, after, next: page.next, templates, failed, csrf: reply.generateCsrf() }),
    });
  }

  app.get('/console/reviews', listOptions, async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    return render(request, reply, user);
  });

  app.post('/console/reviews/:reviewId/approve', postOptions, async (request, reply) => {
    const user = operator(request);
    const t = TEXTS[langOf(request)];
    try {
      await moderation().approve(request.params.reviewId, actorOf(user));
    } catch (error) {
      const refused = refusalOf(t, error);
      if (!refused) throw error;
      return render(request, reply, user, { id: request.params.reviewId, value: {}, ...refused });
    }
    return backTo(reply, t, `/console/reviews?queue=${queueOf(request)}`, 'review_approved');
  });

  app.post('/console/reviews/:reviewId/hide', postOptions, async (request, reply) => {
    const user = operator(request);
    const t = TEXTS[langOf(request)];
    const { reviewId } = request.params;
    const reason = await readReason(t, request.body as Form, services.reasonTemplates, { required: true, max: MAX_HIDE_REASON });
    if ('errors' in reason) return render(request, reply, user, { id: reviewId, errors: reason.errors, value: reason.value, status: 422 });
    try {
      await moderation().hide(reviewId, reason.text!, actorOf(user));
    } catch (error) {
      const refused = refusalOf(t, error, { fields: { reason: 'note' } });
      if (!refused) throw error;
      return render(request, reply, user, { id: reviewId, value: reason.value, ...refused });
    }
    return backTo(reply, t, `/console/reviews?queue=${queueOf(request)}`, 'review_hidden');
  });

  app.post('/console/reviews/:reviewId/delete', postOptions, async (request, reply) => {
    const user = operator(request);
    const t = TEXTS[langOf(request)];
    await moderation().remove(request.params.reviewId, actorOf(user));
    return backTo(reply, t, `/console/reviews?queue=${queueOf(request)}`, 'review_deleted');
  });

  for (const action of ['approve', 'hide', 'delete']) {
    app.get(`/console/reviews/:reviewId/${action}`, formOptions, async (_request, reply) =>
      reply.header('cache-control', 'no-store').redirect('/console/reviews', 303),
    );
  }
}
