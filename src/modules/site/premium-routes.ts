/**
 * The bot page's premium forms (signed in, CSRF, POST → 303): `/{lang}/bots/{slug}/subscribe`
 * to Stripe's Checkout for a tier (a server ID for a server tier), `/{lang}/bots/{slug}/donate`
 * to Checkout for a donation; a refused form is the bot page again with the error beside the
 * field. Stripe sends the buyer back to `/{lang}/bots/{slug}/premium/thanks` or
 * `…/premium/cancelled`. Payments off, or a bot whose account takes no payments: 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Form } from '../../html/forms.js';
import { LANGS, TEXTS } from '../../html/i18n/index.js';
import { sendPage } from '../../html/page.js';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { csrf, currentUser, requireUser } from '../auth/session.js';
import type { Bot } from '../bots/schemas.js';
import { formatMoney } from '../payments/currencies.js';
import { parseAmount } from '../payments/money-input.js';
import { requirePaymentPages } from '../payments/page-services.js';
import { sendBotPage } from './bot-page.js';
import type { CategoryNames } from './category-names.js';
import { botPath } from './paths.js';
import { checkoutOutcomeView } from './premium-view.js';

const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });
const ThanksQuery = Type.Object({ kind: Type.Optional(Type.String({ maxLength: 20 })) });
const GUILD_ID = /^\d{17,20}$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

const last = (given: unknown): string => {
  const value = Array.isArray(given) ? (given as unknown[])[given.length - 1] : given;
  return typeof value === 'string' ? value.trim() : '';
};

export async function premiumPageRoutes(app: App, options: { names: CategoryNames }): Promise<void> {
  const { services } = app;
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  for (const lang of LANGS) {
    const t = TEXTS[lang];
    const p = t.payments;
    const outcomeUrl = (bot: Bot, outcome: string) => `${app.config.baseUrl}${botPath(lang, bot)}/premium/${outcome}`;

    /** The bot page again, the premium form `form` with its errors (status 422 or the refusal's). */
    const refuse = (
      request: FastifyRequest,
      reply: FastifyReply,
      bot: Bot,
      refused: { form: string; errors: Record<string, string>; value: Record<string, string>; status: number },
    ) => sendBotPage(app, request, noStore(reply), { lang, bot, order: 'helpful', page: 1, names: options.names, premiumRefused: refused });

    /** A service's refusal beside the field it names, or above the form. */
    const refusalOf = (error: unknown, fields: Record<string, string>): { errors: Record<string, string>; status: number } => {
      if (!(error instanceof AppError) || !['validation_failed', 'conflict', 'not_found'].includes(error.code)) throw error;
      const errors: Record<string, string> = {};
      for (const detail of error.details ?? []) {
        const name = Object.keys(fields).find((field) => detail.field.replace(/^\//u, '') === field);
        if (name) errors[name] ??= fields[name] ?? p.unavailable;
      }
      if (Object.keys(errors).length === 0) errors.form = p.unavailable;
      return { errors, status: error.statusCode };
    };

    app.post(`/${lang}/bots/:slug/subscribe`, { schema: { hide: true, params: SlugParams }, ...post }, async (request, reply) => {
      const user = requireUser(request);
      const pay = requirePaymentPages(app);
      const bot = await services.bots.bySlug(lang, request.params.slug);
      const form = request.body as Form | undefined;
      const tierId = last(form?.tierId);
      // A typed server ID wins over a server picked from the list (serverFields in premium-view.ts).
      const guildId = last(form?.guildIdTyped) || last(form?.guildId);
      if (!UUID.test(tierId)) throw AppError.notFound('No such tier');
      const tier = await pay.tiers.get(bot.id, tierId);
      const value = { guildId };
      const formName = `tier:${tier.id}`;
      if (tier.scope === 'guild' && !GUILD_ID.test(guildId))
        return refuse(request, reply, bot, { form: formName, errors: { guildId: p.serverIdInvalid }, value, status: 422 });
      let url: string;
      try {
        url = await pay.checkout.subscribe({
          botId: bot.id,
          tierId: tier.id,
          userId: user.id,
          ...(tier.scope === 'guild' ? { guildId } : {}),
          successUrl: `${outcomeUrl(bot, 'thanks')}?kind=subscription`,
          cancelUrl: outcomeUrl(bot, 'cancelled'),
        });
      } catch (error) {
        return refuse(request, reply, bot, { form: formName, value, ...refusalOf(error, { guildId: p.serverIdInvalid }) });
      }
      request.log.info({ bot: bot.id, user: user.id, tier: tier.id }, 'checkout for a subscription');
      return noStore(reply).redirect(url, 303);
    });

    app.post(`/${lang}/bots/:slug/donate`, { schema: { hide: true, params: SlugParams }, ...post }, async (request, reply) => {
      const user = requireUser(request);
      const pay = requirePaymentPages(app);
      const bot = await services.bots.bySlug(lang, request.params.slug);
      const account = await pay.accounts.forBot(bot.id);
      if (!account?.chargesEnabled) throw AppError.notFound('This bot takes no payments');
      const form = request.body as Form | undefined;
      const value = { amount: last(form?.amount), anonymous: last(form?.anonymous) === '1' ? '1' : '' };
      const { donationMinMinor: min, donationMaxMinor: max } = pay.settings;
      const currency = account.donationCurrency;
      const wrong = p.amountInvalid(formatMoney(min, currency, lang), formatMoney(max, currency, lang));
      const amountMinor = parseAmount(value.amount, currency);
      if (amountMinor === undefined || amountMinor < min || amountMinor > max)
        return refuse(request, reply, bot, { form: 'donate', errors: { amount: wrong }, value, status: 422 });
      let url: string;
      try {
        url = await pay.checkout.donate({
          botId: bot.id,
          userId: user.id,
          username: value.anonymous === '1' ? null : user.name,
          amountMinor,
          successUrl: `${outcomeUrl(bot, 'thanks')}?kind=donation`,
          cancelUrl: outcomeUrl(bot, 'cancelled'),
        });
      } catch (error) {
        return refuse(request, reply, bot, { form: 'donate', value, ...refusalOf(error, { amountMinor: wrong, amount: wrong }) });
      }
      request.log.info({ bot: bot.id, user: user.id, amountMinor, currency }, 'checkout for a donation');
      return noStore(reply).redirect(url, 303);
    });

    /** `suffix`: the page's own path after the bot's, with its query (the other language's page has the same). */
    const outcomePage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      slug: string,
      outcome: 'subscribed' | 'donated' | 'cancelled',
    ) => {
      requirePaymentPages(app);
      const bot = await services.bots.bySlug(lang, slug);
      const suffix =
        outcome === 'cancelled' ? '/premium/cancelled' : `/premium/thanks?kind=${outcome === 'donated' ? 'donation' : 'subscription'}`;
      return sendPage(request, noStore(reply), {
        lang,
        user: currentUser(request),
        title: outcome === 'cancelled' ? p.cancelledTitle : p.successTitle,
        alternate: `${botPath(t.other.lang, bot)}${suffix}`,
        seo: { noindex: true },
        main: checkoutOutcomeView(t, bot, outcome),
      });
    };

    app.get(
      `/${lang}/bots/:slug/premium/thanks`,
      { schema: { hide: true, params: SlugParams, querystring: ThanksQuery } },
      async (request, reply) =>
        outcomePage(request, reply, request.params.slug, request.query.kind === 'donation' ? 'donated' : 'subscribed'),
    );
    app.get(`/${lang}/bots/:slug/premium/cancelled`, { schema: { hide: true, params: SlugParams } }, async (request, reply) =>
      outcomePage(request, reply, request.params.slug, 'cancelled'),
    );

    // A form's address opened by itself leads to the section; only its POST does something.
    for (const action of ['subscribe', 'donate'] as const) {
      app.get(`/${lang}/bots/:slug/${action}`, { schema: { hide: true, params: SlugParams } }, async (request, reply) =>
        noStore(reply).redirect(`/${lang}/bots/${encodeURIComponent(request.params.slug)}#premium`, 303),
      );
    }
  }
}
