/**
 * The team's replies to the bot's reviews: `GET /dashboard/bots/{id}/reviews` (newest first; the
 * "unanswered" filter; keyset pages), `POST …/reviews/{reviewId}/reply` (set or replace) and
 * `…/reply/delete`. Each is authorised per bot (`memberBot`: managers and owners),
 * then calls the review reply service, which records the audit entry and the `review` event.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Form } from '../../html/forms.js';
import { pickLang, TEXTS, type Lang } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { problemText } from '../../html/problems.js';
import { AppError } from '../../lib/errors.js';
import { MAX_CURSOR_LENGTH } from '../../lib/keyset.js';
import type { App } from '../../lib/types.js';
import { dashboardUser } from '../audit/entry.js';
import { csrf, currentUser, requireUser } from '../auth/session.js';
import { AdminBotIdParams, type AdminBot } from '../bots/schemas.js';
import { memberBot, redirectToSignIn } from './access.js';
import { botReviewsView, type BotReviewsState } from './review-view.js';

const ReviewsQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 5 })),
  filter: Type.Optional(Type.String({ maxLength: 20 })),
  after: Type.Optional(Type.String({ maxLength: MAX_CURSOR_LENGTH })),
  done: Type.Optional(Type.String({ maxLength: 10 })),
});
const ReplyParams = Type.Object({ id: AdminBotIdParams.properties.id, reviewId: Type.String({ minLength: 1, maxLength: 40 }) });
const PAGE = 20;

export async function reviewDashboardRoutes(app: App): Promise<void> {
  const { services } = app;
  const langOf = (request: FastifyRequest): Lang => pickLang((request.query as { lang?: string }).lang, request.headers['accept-language']);
  const unansweredOf = (request: FastifyRequest) => (request.query as { filter?: string }).filter === 'unanswered';
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    bot: AdminBot,
    failed?: BotReviewsState['failed'],
  ): Promise<FastifyReply> {
    const lang = langOf(request);
    const t = TEXTS[lang];
    const { after, done } = request.query as { after?: string; done?: string };
    const unanswered = unansweredOf(request);
    const page = await services.reviewReplies.list(bot.id, { unanswered, after, limit: PAGE });
    return sendPage(request, reply.header('cache-control', 'no-store'), {
      lang,
      user: currentUser(request),
      status: failed ? 422 : undefined,
      title: t.reviews.dashTitle(bot.name),
      alternate: otherLangUrl(request, lang),
      main: botReviewsView(t, bot, page.data, { unanswered, after, next: page.next, csrf: reply.generateCsrf(), failed, done }),
    });
  }

  const back = (request: FastifyRequest, reply: FastifyReply, botId: string, reviewId: string, done: string) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(
        `/dashboard/bots/${botId}/reviews?lang=${langOf(request)}${unansweredOf(request) ? '&filter=unanswered' : ''}&done=${done}#review-${reviewId}`,
        303,
      );

  app.get(
    '/dashboard/bots/:id/reviews',
    { schema: { hide: true, params: AdminBotIdParams, querystring: ReviewsQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const { bot } = await memberBot(request, request.params.id, 'reviews.reply');
      return render(request, reply, bot);
    },
  );

  app.post(
    '/dashboard/bots/:id/reviews/:reviewId/reply',
    { schema: { hide: true, params: ReplyParams, querystring: ReviewsQuery }, ...post },
    async (request, reply) => {
      const { user, bot } = await memberBot(request, request.params.id, 'reviews.reply');
      const given = (request.body as Form | undefined)?.reply;
      const text = (Array.isArray(given) ? given[given.length - 1] : given) ?? '';
      try {
        await services.reviewReplies.reply(bot.id, request.params.reviewId, text, dashboardUser(user.id));
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'validation_failed')) throw error;
        return render(request, reply, bot, {
          reviewId: request.params.reviewId,
          error: problemText(TEXTS[langOf(request)], error),
          value: text,
        });
      }
      return back(request, reply, bot.id, request.params.reviewId, 'saved');
    },
  );

  app.post(
    '/dashboard/bots/:id/reviews/:reviewId/reply/delete',
    { schema: { hide: true, params: ReplyParams, querystring: ReviewsQuery }, ...post },
    async (request, reply) => {
      const { user, bot } = await memberBot(request, request.params.id, 'reviews.reply');
      await services.reviewReplies.reply(bot.id, request.params.reviewId, null, dashboardUser(user.id));
      return back(request, reply, bot.id, request.params.reviewId, 'deleted');
    },
  );

  // The forms' addresses opened by themselves lead to the list.
  for (const action of ['reply', 'reply/delete']) {
    app.get(`/dashboard/bots/:id/reviews/:reviewId/${action}`, { schema: { hide: true, params: ReplyParams } }, async (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(`/dashboard/bots/${request.params.id}/reviews`, 303),
    );
  }
}
