import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.js';
import { Uuid } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { csrf, currentUser, requireUser } from '../auth/session.js';
import { dashboardUser } from '../audit/entry.js';
import { AdminBotIdParams, type AdminBot } from '../bots/schemas.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { html } from '../../html/html.js';
import { pickLang, TEXTS, type Lang } from '../../html/i18n/index.js';
import { problemText } from '../../html/problems.js';
import { reportsLink } from '../reports/page-views.js';
import { may, type Role } from '../teams/permissions.js';
import { memberBot, redirectToSignIn } from './access.js';
import { analyticsRoutes } from './analytics-routes.js';
import { paymentsDashboardRoutes } from './payments-routes.js';
import { paymentPages } from '../payments/page-services.js';
import { auditRoutes } from './audit-routes.js';
import { deleteRoutes } from './delete-routes.js';
import { deliveryRoutes } from './delivery-routes.js';
import { endpointRoutes } from './endpoint-routes.js';
import { keyForm, tierForm, type FieldErrors, type Form } from './forms.js';
import { keysView } from './keys-view.js';
import { listingRoutes } from './listing-routes.js';
import { teamRoutes } from './team-routes.js';
import { reviewDashboardRoutes } from './review-routes.js';
import { keepShownOnce, takeShownOnce } from './shown-once.js';
import { botListView, overviewView } from './views.js';
import { webhookView } from './webhook-view.js';

const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 5 })), done: Type.Optional(Type.String({ maxLength: 10 })) });
const KeyParams = Type.Object({ id: AdminBotIdParams.properties.id, keyId: Uuid });

/** A refused form, shown again on the POST's own answer with each error beside its field. */
interface Outcome {
  keyErrors?: FieldErrors;
  status?: number;
}

const orNothing = <T>(promise: Promise<T>): Promise<T | undefined> =>
  promise.catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  });

/**
 * `/dashboard`: the bots of the user's teams, and each bot's figures, keys, tier requests and a
 * summary of its webhooks (their pages: endpoint-routes.ts, delivery-routes.ts) as far as the
 * user's role reaches. Every action is authorised per bot and action (`memberBot`) and then calls
 * the same service method as the management API's route for it.
 */
export async function dashboardRoutes(app: App): Promise<void> {
  const { services } = app;
  const langOf = (request: FastifyRequest): Lang => pickLang((request.query as { lang?: string }).lang, request.headers['accept-language']);
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };

  /** A bot's page: the figures for every member, keys and tiers and the webhook for the roles that manage them. */
  async function renderBot(
    request: FastifyRequest,
    reply: FastifyReply,
    bot: AdminBot,
    role: Role,
    outcome: Outcome = {},
  ): Promise<FastifyReply> {
    const lang = langOf(request);
    const t = TEXTS[lang];
    const keysShown = may(role, 'keys.manage');
    const webhookShown = may(role, 'webhooks.manage');
    const [votes, keys, requests, endpoints, notices] = await Promise.all([
      bot.published ? orNothing(services.votes.recent(bot.id, 10, undefined)) : undefined,
      keysShown ? services.keys.list(bot.id) : [],
      may(role, 'tiers.request') ? services.tiers.recentForBot(bot.id) : [],
      webhookShown ? services.webhookEndpoints.list(bot.id) : [],
      webhookShown ? services.webhookNotifications.switchOffNotices(bot.id) : new Map(),
    ]);
    const csrf = reply.generateCsrf();
    const shown = takeShownOnce(request, bot.id, 'key');
    return sendPage(request, reply, {
      lang,
      user: currentUser(request),
      status: outcome.status,
      title: bot.name,
      alternate: otherLangUrl(request, lang),
      main: html`${overviewView(t, bot, votes ?? [], role, paymentPages(app) !== undefined)}
      ${keysShown ? keysView(t, bot.id, { keys, requests, tiers: may(role, 'tiers.request'), created: shown?.value, errors: outcome.keyErrors ?? {}, csrf }) : ''}
      ${webhookShown ? webhookView(t, bot.id, { endpoints, notices, csrf }) : ''}`,
    });
  }

  const back = (reply: FastifyReply, request: FastifyRequest, botId: string, anchor: string) =>
    reply.header('cache-control', 'no-store').redirect(`/dashboard/bots/${botId}?lang=${langOf(request)}#${anchor}`, 303);

  app.get('/dashboard', { schema: { hide: true, querystring: LangQuery } }, async (request, reply) => {
    const redirected = redirectToSignIn(request, reply);
    if (redirected) return redirected;
    const user = currentUser(request);
    if (!user) throw new AppError('unauthorized', 'Sign in first');
    const lang = langOf(request);
    // Back from leaving a team (team-routes.ts) or deleting a bot (delete-routes.ts).
    const done = (request.query as { done?: string }).done;
    const notice = done === 'left' || done === 'deleted' ? TEXTS[lang].team.done[done] : undefined;
    const [memberships, listings, newAnswers] = await Promise.all([
      services.teams.memberships(user.id),
      services.listings.mine(user.id),
      services.reports.newAnswers(user.id),
    ]);
    return sendPage(request, reply, {
      lang,
      user,
      title: TEXTS[lang].dash.title,
      alternate: otherLangUrl(request, lang),
      main: html`${botListView(TEXTS[lang], user.id, memberships, listings, notice)} ${reportsLink(TEXTS[lang], newAnswers)}`,
    });
  });

  app.get('/dashboard/bots/:id', { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery } }, async (request, reply) => {
    const redirected = redirectToSignIn(request, reply);
    if (redirected) return redirected;
    const { bot, role } = await memberBot(request, request.params.id, 'bot.view');
    return renderBot(request, reply, bot, role);
  });

  app.post(
    '/dashboard/bots/:id/keys',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const { user, bot, role } = await memberBot(request, request.params.id, 'keys.manage');
      const form = keyForm(TEXTS[langOf(request)], request.body as Form);
      if ('errors' in form) return renderBot(request, reply, bot, role, { keyErrors: form.errors, status: 422 });
      const created = await services.keys.create(bot.id, form.input, dashboardUser(user.id));
      request.log.info({ bot: bot.id, key: created.id }, 'key created on the dashboard');
      keepShownOnce(request, { botId: bot.id, kind: 'key', value: created.key });
      return back(reply, request, bot.id, 'keys');
    },
  );

  app.post(
    '/dashboard/bots/:id/keys/:keyId/revoke',
    { schema: { hide: true, params: KeyParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const { user, bot } = await memberBot(request, request.params.id, 'keys.manage');
      // A key of another bot does not exist here.
      if (!(await services.keys.list(bot.id)).some((key) => key.id === request.params.keyId))
        throw AppError.notFound('No key with that ID');
      await services.keys.revoke(request.params.keyId, dashboardUser(user.id));
      return back(reply, request, bot.id, 'keys');
    },
  );

  app.post(
    '/dashboard/bots/:id/tier-requests',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LangQuery }, ...post },
    async (request, reply) => {
      const { user, bot, role } = await memberBot(request, request.params.id, 'tiers.request');
      const form = tierForm(TEXTS[langOf(request)], request.body as Form);
      if ('errors' in form) return renderBot(request, reply, bot, role, { keyErrors: form.errors, status: 422 });
      try {
        await services.tiers.create(bot.id, user.id, form.input);
      } catch (error) {
        if (!(error instanceof AppError) || !['validation_failed', 'conflict'].includes(error.code)) throw error;
        // A tier the key has already is the tier field's error; an open request, the key's.
        const field = error.reason?.kind === 'tier_not_higher' ? 'tier' : 'keyId';
        return renderBot(request, reply, bot, role, {
          keyErrors: { [field]: problemText(TEXTS[langOf(request)], error) },
          status: error.statusCode,
        });
      }
      return back(reply, request, bot.id, 'tier');
    },
  );

  // A form's address opened by itself (a bookmark, the address bar, a link) leads to the page the
  // form is on, not to a bare 405: only its POST does something.
  for (const [action, params, anchor] of [
    ['keys', AdminBotIdParams, 'keys'],
    ['keys/:keyId/revoke', KeyParams, 'keys'],
    ['tier-requests', AdminBotIdParams, 'tier'],
  ] as const) {
    app.get(`/dashboard/bots/:id/${action}`, { schema: { hide: true, params, querystring: LangQuery } }, async (request, reply) =>
      back(reply, request, request.params.id, anchor),
    );
  }

  await listingRoutes(app);
  await teamRoutes(app);
  await reviewDashboardRoutes(app);
  await auditRoutes(app);
  await analyticsRoutes(app);
  await paymentsDashboardRoutes(app);
  await deleteRoutes(app);
  await endpointRoutes(app);
  await deliveryRoutes(app);
}
