import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { csrf, requireUser } from '../auth/session.js';
import type { RateLimitStore } from '../ratelimit/index.js';
import { sendBotPage } from './bot-page.js';
import { botPath } from './paths.js';
import { LANGS } from '../../html/i18n/index.js';
import { checkVoteLimits, isFlagged } from './vote-rules.js';
import type { CategoryNames } from './category-names.js';
import { oneOf, pageNumber, type Query } from './page-input.js';

const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });
export { REVIEWS_PAGE_SIZE } from './bot-page.js';
export const REVIEW_ORDERS = ['helpful', 'newest'] as const;

/** Browsers and crawlers keep a 301; an hour bounds how long one outlives the slug's next owner. */
const MOVED_CACHE = 'public, max-age=3600';

function movedPermanently(reply: FastifyReply, path: string, requested: string): FastifyReply {
  const query = requested.indexOf('?');
  return reply.header('cache-control', MOVED_CACHE).redirect(query < 0 ? path : path + requested.slice(query), 301);
}

/**
 * `GET /{lang}/bots/{slug}`: the public bot page, where the widget's vote button leads; its
 * reviews a page at a time (`rpage`), most helpful or newest first (`reviews=newest`); the old
 * slug of a renamed bot answers 301 to its page.
 * `GET /{lang}/bots/{slug}/invite`: 302 to the bot's invite URL, the click counted.
 * `POST /{lang}/bots/{slug}/vote`: a signed-in user's vote, written by the same service call as
 * `POST /admin/v1/bots/{id}/votes` (12-hour rule, counters and the `vote` webhook in one transaction).
 */
export async function botPageRoutes(app: App, options: { store: RateLimitStore; names: CategoryNames }): Promise<void> {
  const { services } = app;

  // Two static prefixes, not `/:lang/…`: a parameter there would claim `/api/bots/…` and the like.
  for (const lang of LANGS) {
    app.get(`/${lang}/bots/:slug`, { schema: { hide: true, params: SlugParams } }, async (request, reply) => {
      const query = request.query as Query;
      const order = oneOf(query, 'reviews', REVIEW_ORDERS, 'helpful');
      const page = pageNumber(query, 'rpage');
      const { bot, current } = await services.bots.resolveSlug(lang, request.params.slug);
      // A renamed bot's old address: moved for good, with whatever the address asked besides.
      if (!current) return movedPermanently(reply, botPath(lang, bot), request.url);
      const sent = await sendBotPage(app, request, reply, {
        lang,
        bot,
        order,
        page,
        names: options.names,
        justVoted: query.voted === '1',
        done: typeof query.review === 'string' ? query.review : undefined,
      });
      services.analytics.count('views', bot.id, request);
      return sent;
    });

    // The invite button, the widget and the card lead here: the click is counted on its way to the bot's invite URL.
    app.get(`/${lang}/bots/:slug/invite`, { schema: { hide: true, params: SlugParams } }, async (request, reply) => {
      const { bot } = await services.bots.resolveSlug(lang, request.params.slug);
      if (!bot.inviteUrl) throw AppError.notFound('This bot has no invite link');
      services.analytics.count('invites', bot.id, request);
      // Every click comes here: a browser that kept the answer would skip the count.
      return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').redirect(bot.inviteUrl, 302);
    });

    app.post(
      `/${lang}/bots/:slug/vote`,
      { schema: { hide: true, params: SlugParams }, preHandler: [async (request) => void requireUser(request), csrf(app)] },
      async (request, reply) => {
        const user = requireUser(request);
        const bot = await services.bots.bySlug(lang, request.params.slug);
        await checkVoteLimits(options.store, user.id, request.ip);
        if (!(await services.votes.status(bot.id, user.id)).voted) {
          const flagged = await isFlagged(options.store, bot.id, user.id, request.ip, app.clock.now());
          try {
            await services.votes.add(bot.id, { user: user.id, username: user.name, flagged });
            request.log.info({ bot: bot.id, user: user.id, flagged }, 'vote from the vote page');
          } catch (error) {
            // A vote of the same user on another process won the race: the page shows it.
            if (!(error instanceof AppError && error.code === 'conflict')) throw error;
          }
        }
        return reply.header('cache-control', 'no-store').redirect(`${botPath(lang, bot)}?voted=1#vote`, 303);
      },
    );

    // The vote form's address opened by itself leads to the form; only its POST votes.
    app.get(`/${lang}/bots/:slug/vote`, { schema: { hide: true, params: SlugParams } }, async (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(`/${lang}/bots/${encodeURIComponent(request.params.slug)}#vote`, 303),
    );
  }
}
