/**
 * The bot page as a whole, sent from its GET and from a refused review form's POST (the form shown
 * again with its errors, 422 or the refusal's status): the bot, its vote, listing and reviews, and
 * for a signed-in user their own review and helpful marks.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TEXTS, type Lang } from '../../html/i18n/index.js';
import { sendPage } from '../../html/page.js';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { currentUser } from '../auth/session.js';
import type { Bot } from '../bots/schemas.js';
import type { ReviewOrder } from '../reviews/service.js';
import { botSeo } from './bot-seo.js';
import { botView } from './bot-view.js';
import type { CategoryNames } from './category-names.js';
import { assertPageExists } from './page-input.js';
import { botPath } from './paths.js';
import type { ReviewerState } from './review-view.js';
import { premiumSection, type PremiumState } from './premium-view.js';
import { paymentPages } from '../payments/page-services.js';

/** Reviews per page of the bot page. */
export const REVIEWS_PAGE_SIZE = 10;

export interface BotPageOptions {
  lang: Lang;
  bot: Bot;
  order: ReviewOrder;
  page: number;
  names: CategoryNames;
  justVoted?: boolean;
  /** `?review=` after a review action: what was done. */
  done?: string;
  /** A refused review form: shown again with its errors, answered with `status`. */
  refused?: { form: NonNullable<ReviewerState['form']>; status: number };
  /** A refused subscribe or donate form: shown again in the premium section with its errors. */
  premiumRefused?: NonNullable<PremiumState['refused']> & { status: number };
}

/**
 * The premium section's state: payments on and the bot's Stripe account taking payments, else
 * undefined (no section). Active tiers only; archived ones take no new subscriptions.
 */
async function premiumState(
  app: App,
  botId: string,
  userId: string | undefined,
  csrf: string | undefined,
  refused: BotPageOptions['premiumRefused'],
): Promise<PremiumState | undefined> {
  const payments = paymentPages(app);
  if (!payments) return undefined;
  const account = await payments.accounts.forBot(botId);
  if (!account?.chargesEnabled) return undefined;
  const tiers = (await payments.tiers.list(botId)).filter((tier) => !tier.archived);
  const guilds = userId !== undefined && tiers.some((tier) => tier.scope === 'guild') ? await app.services.managedGuilds.of(userId) : [];
  return {
    tiers,
    guilds,
    donationCurrency: account.donationCurrency,
    settings: payments.settings,
    csrf,
    signInEnabled: app.config.auth.provider !== undefined,
    refused,
  };
}

export async function sendBotPage(app: App, request: FastifyRequest, reply: FastifyReply, options: BotPageOptions): Promise<FastifyReply> {
  const { services } = app;
  const { lang, bot, order, page } = options;
  const t = TEXTS[lang];
  const user = currentUser(request);
  const [reviews, status, listing, own] = await Promise.all([
    services.reviews.page(bot.id, { page, limit: REVIEWS_PAGE_SIZE }, order),
    user ? services.votes.status(bot.id, user.id) : undefined,
    // A bot the operator added through the management API has no listing of its own.
    services.listings.published(bot.id).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') return undefined;
      throw error;
    }),
    user ? services.userReviews.own(bot.id, user.id) : undefined,
  ]);
  const { total, pages } = reviews.pagination;
  assertPageExists(page, pages);
  const csrf = user ? reply.generateCsrf() : undefined;
  const premium = await premiumState(app, bot.id, user?.id, csrf, options.premiumRefused);
  const reviewer: ReviewerState | undefined =
    user && csrf
      ? {
          userId: user.id,
          own,
          marked: await services.userReviews.markedBy(
            user.id,
            reviews.data.map((review) => review.id),
          ),
          csrf,
          form: options.refused?.form,
          done: options.done,
        }
      : undefined;
  if (!user) reply.header('cache-control', 'public, max-age=30');
  else reply.header('cache-control', 'private, no-store');
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return sendPage(request, reply, {
    lang,
    user,
    status: options.refused?.status ?? options.premiumRefused?.status,
    title: bot.name,
    alternate: `${botPath(t.other.lang, bot)}${request.method === 'GET' ? query : ''}`,
    seo: botSeo(t, bot, app.config.baseUrl),
    main: botView(
      t,
      bot,
      { reviews: reviews.data, order, page, pages, total },
      { status, csrf, justVoted: options.justVoted ?? false, signInEnabled: app.config.auth.provider !== undefined },
      options.names,
      listing,
      reviewer,
      premium ? premiumSection(t, bot, premium) : '',
    ),
  });
}
