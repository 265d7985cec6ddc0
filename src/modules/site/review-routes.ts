/**
 * A signed-in user's review actions on the bot page, each a form (CSRF, POST → 303 → GET): write or
 * change their review (`/review`), delete it (`/review/delete`), mark a review helpful or take
 * the mark back (`/reviews/{id}/helpful`), and report one (`/reviews/{id}/report`, a page of its
 * own). Refusals are shown beside the field (422, or the refusal's own status); over the hour's
 * limit (review-rules.ts) the 429 page says when to try again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { readForm, type Form } from '../../html/forms.js';
import { LANGS, TEXTS } from '../../html/i18n/index.js';
import { sendPage } from '../../html/page.js';
import { problemText } from '../../html/problems.js';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { csrf, currentUser, requireUser, type SignedInUser } from '../auth/session.js';
import type { Bot } from '../bots/schemas.js';
import type { RateLimitStore } from '../ratelimit/index.js';
import { ReviewReportCreate, ReviewWrite } from '../reviews/schemas.js';
import { MAX_REVIEW_BODY, MIN_REVIEW_BODY } from '../reviews/text.js';
import { sendBotPage } from './bot-page.js';
import type { CategoryNames } from './category-names.js';
import { oneOf, pageNumber, type Query } from './page-input.js';
import { botPath } from './paths.js';
import { reviewReportView } from './review-report-view.js';
import { checkReviewLimits } from './review-rules.js';
import { REVIEW_ORDERS } from './routes.js';

const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });
const ReviewParams = Type.Object({ slug: SlugParams.properties.slug, reviewId: Type.String({ minLength: 1, maxLength: 40 }) });

/** Refusals of a review that belong beside its fields; anything else is an error page. */
const BESIDE_THE_BODY = new Set(['review_body_length', 'review_body_characters']);
const BESIDE_THE_FORM = new Set(['review_exists', 'review_own_bot', 'user_banned', 'review_report_open']);

export async function reviewPageRoutes(app: App, options: { store: RateLimitStore; names: CategoryNames }): Promise<void> {
  const { services } = app;
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  for (const lang of LANGS) {
    const t = TEXTS[lang];

    app.post(`/${lang}/bots/:slug/review`, { schema: { hide: true, params: SlugParams }, ...post }, async (request, reply) => {
      const user = requireUser(request);
      const bot = await services.bots.bySlug(lang, request.params.slug);
      const form = request.body as Form | undefined;
      const value = { rating: lastOf(form?.rating), body: lastOf(form?.body) };
      const refuse = (errors: Record<string, string>, status: number) =>
        sendBotPage(app, request, reply, {
          lang,
          bot,
          order: 'helpful',
          page: 1,
          names: options.names,
          refused: { form: { errors, value }, status },
        });
      const read = readForm(t, ReviewWrite, form);
      if ('errors' in read) {
        const errors: Record<string, string> = {};
        if (read.errors.rating) errors.rating = t.console.chooseOne;
        if (read.errors.body) errors.body = t.reviews.bodyLength(MIN_REVIEW_BODY, MAX_REVIEW_BODY);
        return refuse(Object.keys(errors).length > 0 ? errors : { form: t.error.invalid }, 422);
      }
      await checkReviewLimits(options.store, 'review', user.id, request.ip);
      let review;
      try {
        const author = { id: user.id, name: user.name };
        review =
          lastOf(form?.mode) === 'edit'
            ? await services.userReviews.edit(author, bot.id, read.value)
            : await services.userReviews.create(author, bot.id, read.value);
      } catch (error) {
        const kind = error instanceof AppError ? error.reason?.kind : undefined;
        if (!(error instanceof AppError) || kind === undefined) throw error;
        if (BESIDE_THE_BODY.has(kind)) return refuse({ body: problemText(t, error) }, error.statusCode);
        if (BESIDE_THE_FORM.has(kind)) return refuse({ form: problemText(t, error) }, error.statusCode);
        throw error;
      }
      request.log.info({ bot: bot.id, user: user.id, review: review.id, status: review.status }, 'review written on the bot page');
      const done = review.status === 'published' ? 'published' : 'held';
      return noStore(reply).redirect(`${botPath(lang, bot)}?review=${done}#your-review`, 303);
    });

    app.post(`/${lang}/bots/:slug/review/delete`, { schema: { hide: true, params: SlugParams }, ...post }, async (request, reply) => {
      const user = requireUser(request);
      const bot = await services.bots.bySlug(lang, request.params.slug);
      await services.userReviews.remove({ id: user.id, name: user.name }, bot.id);
      return noStore(reply).redirect(`${botPath(lang, bot)}?review=deleted#reviews`, 303);
    });

    app.post(
      `/${lang}/bots/:slug/reviews/:reviewId/helpful`,
      { schema: { hide: true, params: ReviewParams }, ...post },
      async (request, reply) => {
        const user = requireUser(request);
        const bot = await services.bots.bySlug(lang, request.params.slug);
        const form = (request.body ?? {}) as Form & Query;
        const on = lastOf(form.on) !== '0';
        // Back to the same page of the same order, the review in view.
        const order = oneOf({ reviews: lastOf(form.reviews) }, 'reviews', REVIEW_ORDERS, 'helpful');
        const page = pageNumber({ rpage: lastOf(form.rpage) }, 'rpage');
        await checkReviewLimits(options.store, 'helpful', user.id, request.ip);
        const review = await services.userReviews.helpful(user.id, request.params.reviewId, on);
        if (review.botId !== bot.id) throw AppError.notFound('No review with that ID');
        const params = new URLSearchParams({ review: on ? 'marked' : 'unmarked' });
        if (order !== 'helpful') params.set('reviews', order);
        if (page > 1) params.set('rpage', String(page));
        return noStore(reply).redirect(`${botPath(lang, bot)}?${params.toString()}#review-${review.id}`, 303);
      },
    );

    /** The report form of a published review of this bot (a visitor goes to sign-in first). */
    async function reportPage(
      request: FastifyRequest,
      reply: FastifyReply,
      user: SignedInUser,
      bot: Bot,
      reviewId: string,
      refused: { errors: Record<string, string>; value: { reason?: string; details?: string }; status?: number } = {
        errors: {},
        value: {},
      },
    ): Promise<FastifyReply> {
      const review = await services.userReviews.shown(reviewId);
      if (review.botId !== bot.id) throw AppError.notFound('No review with that ID');
      return sendPage(request, noStore(reply), {
        lang,
        user,
        status: refused.status,
        title: t.reviews.reportTitle,
        alternate: `${botPath(t.other.lang, bot)}/reviews/${review.id}/report`,
        main: reviewReportView(t, bot, botPath(lang, bot), review, { ...refused, csrf: reply.generateCsrf() }),
      });
    }

    app.get(`/${lang}/bots/:slug/reviews/:reviewId/report`, { schema: { hide: true, params: ReviewParams } }, async (request, reply) => {
      const bot = await services.bots.bySlug(lang, request.params.slug);
      if (!currentUser(request) && app.config.auth.provider) {
        return noStore(reply).redirect(`/auth/sign-in?return=${encodeURIComponent(request.url)}`, 303);
      }
      return reportPage(request, reply, requireUser(request), bot, request.params.reviewId);
    });

    app.post(
      `/${lang}/bots/:slug/reviews/:reviewId/report`,
      { schema: { hide: true, params: ReviewParams }, ...post },
      async (request, reply) => {
        const user = requireUser(request);
        const bot = await services.bots.bySlug(lang, request.params.slug);
        const { reviewId } = request.params;
        const form = request.body as Form | undefined;
        const value = { reason: lastOf(form?.reason), details: lastOf(form?.details) };
        const read = readForm(t, ReviewReportCreate, form);
        if ('errors' in read) {
          const errors = read.errors.reason ? { ...read.errors, reason: t.console.chooseOne } : read.errors;
          return reportPage(request, reply, user, bot, reviewId, { errors, value, status: 422 });
        }
        await checkReviewLimits(options.store, 'review-report', user.id, request.ip);
        const review = await services.userReviews.shown(reviewId);
        if (review.botId !== bot.id) throw AppError.notFound('No review with that ID');
        try {
          await services.userReviews.report({ id: user.id, name: user.name }, reviewId, read.value);
        } catch (error) {
          const kind = error instanceof AppError ? error.reason?.kind : undefined;
          if (!(error instanceof AppError) || kind === undefined || !BESIDE_THE_FORM.has(kind)) throw error;
          return reportPage(request, reply, user, bot, reviewId, {
            errors: { form: problemText(t, error) },
            value,
            status: error.statusCode,
          });
        }
        request.log.info({ bot: bot.id, user: user.id, review: reviewId, reason: read.value.reason }, 'review reported');
        return noStore(reply).redirect(`${botPath(lang, bot)}?review=reported#review-${reviewId}`, 303);
      },
    );

    // A form's address opened by itself leads to the reviews; only its POST does something.
    for (const action of ['review', 'review/delete', 'reviews/:reviewId/helpful'] as const) {
      app.get(`/${lang}/bots/:slug/${action}`, { schema: { hide: true } }, async (request, reply) =>
        noStore(reply).redirect(`/${lang}/bots/${encodeURIComponent((request.params as { slug: string }).slug)}#reviews`, 303),
      );
    }
  }
}

function lastOf(given: unknown): string | undefined {
  const last = Array.isArray(given) ? (given as unknown[])[given.length - 1] : given;
  return typeof last === 'string' ? last : undefined;
}
