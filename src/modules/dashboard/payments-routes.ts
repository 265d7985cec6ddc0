/**
 * `/dashboard/bots/{id}/payments`: the bot's payments tab, for the roles that manage payments
 * ('payments.manage', through `memberBot` like every dashboard page). Connecting goes to Stripe's
 * onboarding (POST → 303 to the Account Link) and comes back to `…/payments/return`, which
 * refreshes the account's state; the donation currency and the tiers are forms (CSRF, POST → 303
 * → GET, a refused form shown again with its errors beside the fields). Payments off: 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Form } from '../../html/forms.js';
import { pickLang, TEXTS, type Lang } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { codeText } from '../../html/problems.js';
import { AppError } from '../../lib/errors.js';
import { Uuid } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { dashboardUser } from '../audit/entry.js';
import { csrf, currentUser, requireUser, type SignedInUser } from '../auth/session.js';
import { AdminBotIdParams, type AdminBot } from '../bots/schemas.js';
import { isCurrency } from '../payments/currencies.js';
import { requirePaymentPages } from '../payments/page-services.js';
import { memberBot, redirectToSignIn } from './access.js';
import { emptyTierForm, paymentsView, type TierFormValue } from './payments-view.js';
import { formField, readTierForm, tierFormOf, tierFormValue } from './tier-form.js';

const PageQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 5 })),
  done: Type.Optional(Type.String({ maxLength: 20 })),
  edit: Type.Optional(Type.String({ maxLength: 40 })),
});
const TierParams = Type.Object({ id: AdminBotIdParams.properties.id, tierId: Uuid });

/** What `?done=` may say. */
const DONE = ['refreshed', 'currency', 'created', 'saved', 'archived', 'deleted'] as const;

interface Refusal {
  status: number;
  form?: TierFormValue;
  errors?: Record<string, string>;
  listError?: string;
  editing?: string;
}

export async function paymentsDashboardRoutes(app: App): Promise<void> {
  const langOf = (request: FastifyRequest): Lang => pickLang((request.query as { lang?: string }).lang, request.headers['accept-language']);
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };
  const base = (botId: string) => `/dashboard/bots/${botId}/payments`;

  const back = (request: FastifyRequest, reply: FastifyReply, botId: string, done: (typeof DONE)[number], anchor: string) =>
    reply.header('cache-control', 'no-store').redirect(`${base(botId)}?lang=${langOf(request)}&done=${done}#${anchor}`, 303);

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    bot: AdminBot,
    refusal: Refusal = { status: 200 },
  ): Promise<FastifyReply> {
    const p = requirePaymentPages(app);
    const lang = langOf(request);
    const t = TEXTS[lang];
    const query = request.query as { done?: string; edit?: string };
    const [account, tiers] = await Promise.all([p.accounts.forBot(bot.id), p.tiers.list(bot.id, { includeArchived: true })]);
    const editId = refusal.editing ?? (request.method === 'GET' ? query.edit : undefined);
    const editing = tiers.find((tier) => tier.id === editId);
    const done = request.method === 'GET' && DONE.find((d) => d === query.done);
    const doneText =
      done === 'refreshed'
        ? t.payments.refreshed
        : done === 'currency'
          ? t.payments.currencySaved
          : done
            ? t.payments.tierDone[done]
            : undefined;
    return sendPage(request, reply, {
      lang,
      user: currentUser(request) ?? user,
      status: refusal.status,
      title: t.payments.title(bot.name),
      alternate: otherLangUrl(request, lang),
      main: paymentsView(t, bot, {
        csrf: reply.generateCsrf(),
        account,
        tiers,
        editing,
        form: refusal.form ?? (editing ? tierFormOf(editing) : emptyTierForm(account?.donationCurrency ?? 'eur')),
        errors: refusal.errors ?? {},
        listError: refusal.listError,
        done: doneText,
      }),
    });
  }

  /** A service's refusal of a tier form: its fields' errors beside them, anything else above the form. */
  const tierRefusal = (request: FastifyRequest, error: unknown, form: TierFormValue, editing?: string): Refusal => {
    if (!(error instanceof AppError) || !['validation_failed', 'conflict'].includes(error.code)) throw error;
    const t = TEXTS[langOf(request)];
    const errors: Record<string, string> = {};
    for (const detail of error.details ?? []) errors[formField(detail.field)] ??= t.error.invalid;
    if (Object.keys(errors).length === 0) errors.form = codeText(t, error.code);
    return { status: error.statusCode, form, errors, editing };
  };

  app.get(
    `/dashboard/bots/:id/payments`,
    { schema: { hide: true, params: AdminBotIdParams, querystring: PageQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      requirePaymentPages(app);
      const { user, bot } = await memberBot(request, request.params.id, 'payments.manage');
      return render(request, reply, user, bot);
    },
  );

  app.post(
    `/dashboard/bots/:id/payments/connect`,
    { schema: { hide: true, params: AdminBotIdParams, querystring: PageQuery }, ...post },
    async (request, reply) => {
      const p = requirePaymentPages(app);
      const { user, bot } = await memberBot(request, request.params.id, 'payments.manage');
      const lang = langOf(request);
      const origin = app.config.baseUrl;
      const url = await p.accounts.onboardingUrl(
        bot.id,
        dashboardUser(user.id),
        `${origin}${base(bot.id)}/return?lang=${lang}`,
        // An expired link leads back to the tab, whose button makes a new one.
        `${origin}${base(bot.id)}?lang=${lang}#connection`,
      );
      request.log.info({ bot: bot.id, user: user.id }, 'stripe onboarding started on the dashboard');
      return reply.header('cache-control', 'no-store').redirect(url, 303);
    },
  );

  // Back from Stripe's onboarding: the account's state as Stripe has it now.
  app.get(
    `/dashboard/bots/:id/payments/return`,
    { schema: { hide: true, params: AdminBotIdParams, querystring: PageQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const p = requirePaymentPages(app);
      const { bot } = await memberBot(request, request.params.id, 'payments.manage');
      await p.accounts.refresh(bot.id);
      return back(request, reply, bot.id, 'refreshed', 'connection');
    },
  );

  app.post(
    `/dashboard/bots/:id/payments/currency`,
    { schema: { hide: true, params: AdminBotIdParams, querystring: PageQuery }, ...post },
    async (request, reply) => {
      const p = requirePaymentPages(app);
      const { user, bot } = await memberBot(request, request.params.id, 'payments.manage');
      const currency = tierFormValue({ currency: (request.body as Form | undefined)?.currency }).currency;
      if (!isCurrency(currency))
        return render(request, reply, user, bot, {
          status: 422,
          errors: { donationCurrency: TEXTS[langOf(request)].payments.currencyInvalid },
        });
      await p.accounts.setDonationCurrency(bot.id, currency, dashboardUser(user.id));
      return back(request, reply, bot.id, 'currency', 'donations');
    },
  );

  app.post(
    `/dashboard/bots/:id/payments/tiers`,
    { schema: { hide: true, params: AdminBotIdParams, querystring: PageQuery }, ...post },
    async (request, reply) => {
      const p = requirePaymentPages(app);
      const { user, bot } = await memberBot(request, request.params.id, 'payments.manage');
      const value = tierFormValue(request.body as Form | undefined);
      const read = readTierForm(TEXTS[langOf(request)], value);
      if ('errors' in read) return render(request, reply, user, bot, { status: 422, form: value, errors: read.errors });
      try {
        await p.tiers.create(bot.id, read.input, dashboardUser(user.id));
      } catch (error) {
        return render(request, reply, user, bot, tierRefusal(request, error, value));
      }
      return back(request, reply, bot.id, 'created', 'tiers');
    },
  );

  app.post(
    `/dashboard/bots/:id/payments/tiers/:tierId`,
    { schema: { hide: true, params: TierParams, querystring: PageQuery }, ...post },
    async (request, reply) => {
      const p = requirePaymentPages(app);
      const { user, bot } = await memberBot(request, request.params.id, 'payments.manage');
      const { tierId } = request.params;
      await p.tiers.get(bot.id, tierId);
      const value = tierFormValue(request.body as Form | undefined);
      const read = readTierForm(TEXTS[langOf(request)], value);
      if ('errors' in read) return render(request, reply, user, bot, { status: 422, form: value, errors: read.errors, editing: tierId });
      try {
        await p.tiers.update(bot.id, tierId, read.input, dashboardUser(user.id));
      } catch (error) {
        return render(request, reply, user, bot, tierRefusal(request, error, value, tierId));
      }
      return back(request, reply, bot.id, 'saved', 'tiers');
    },
  );

  app.post(
    `/dashboard/bots/:id/payments/tiers/:tierId/archive`,
    { schema: { hide: true, params: TierParams, querystring: PageQuery }, ...post },
    async (request, reply) => {
      const p = requirePaymentPages(app);
      const { user, bot } = await memberBot(request, request.params.id, 'payments.manage');
      await p.tiers.archive(bot.id, request.params.tierId, dashboardUser(user.id));
      return back(request, reply, bot.id, 'archived', 'tiers');
    },
  );

  app.post(
    `/dashboard/bots/:id/payments/tiers/:tierId/delete`,
    { schema: { hide: true, params: TierParams, querystring: PageQuery }, ...post },
    async (request, reply) => {
      const p = requirePaymentPages(app);
      const { user, bot } = await memberBot(request, request.params.id, 'payments.manage');
      try {
        await p.tiers.remove(bot.id, request.params.tierId, dashboardUser(user.id));
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
        // A tier with subscribers: said beside the list, which still shows it.
        return render(request, reply, user, bot, { status: 409, listError: TEXTS[langOf(request)].payments.hasSubscribers });
      }
      return back(request, reply, bot.id, 'deleted', 'tiers');
    },
  );

  // A form's address opened by itself leads to the tab; only its POST does something.
  for (const [action, params] of [
    ['connect', AdminBotIdParams],
    ['currency', AdminBotIdParams],
    ['tiers', AdminBotIdParams],
    ['tiers/:tierId', TierParams],
    ['tiers/:tierId/archive', TierParams],
    ['tiers/:tierId/delete', TierParams],
  ] as const) {
    app.get(`/dashboard/bots/:id/payments/${action}`, { schema: { hide: true, params, querystring: PageQuery } }, async (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(`${base(request.params.id)}?lang=${langOf(request)}`, 303),
    );
  }
}
