/**
 * The owner's delivery log, `/dashboard/bots/{id}/deliveries`: the filters are the management
 * API's (`GET /admin/v1/bots/{id}/webhook/deliveries`: endpoint, state, event), read a keyset page
 * at a time by the same service method; "Deliver again" is the API's redelivery, refused for
 * another bot's delivery. POST → 303 → GET, with the session's CSRF token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { pickLang, TEXTS, type Lang } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { problemText } from '../../html/problems.js';
import { AppError } from '../../lib/errors.js';
import { Uuid } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { csrf, currentUser, requireUser } from '../auth/session.js';
import { AdminBotIdParams, type AdminBot } from '../bots/schemas.js';
import { ListQuery } from '../webhooks/delivery/schemas.js';
import type { WebhookEndpoint } from '../webhooks/endpoints/schemas.js';
import { memberBot, redirectToSignIn } from './access.js';
import { deliveriesView, logUrl, type LogFilters } from './deliveries-view.js';

/** Rows of the log a page shows. */
const PAGE = 25;
const { endpointId, status, event, after } = ListQuery.properties;
/** The API's filters, each optional; an empty one (the form's "All") is no filter. */
const LogQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 5 })),
  done: Type.Optional(Type.String({ maxLength: 20 })),
  endpointId: Type.Optional(Type.Union([endpointId, Type.Literal('')])),
  status: Type.Optional(Type.Union([status, Type.Literal('')])),
  event: Type.Optional(Type.Union([event, Type.Literal('')])),
  after,
});
const DeliveryParams = Type.Object({ id: AdminBotIdParams.properties.id, deliveryId: Uuid });

type LogQuery = LogFilters & { lang?: string; done?: string; after?: string };

export async function deliveryRoutes(app: App): Promise<void> {
  const { services } = app;
  const langOf = (request: FastifyRequest): Lang => pickLang((request.query as { lang?: string }).lang, request.headers['accept-language']);
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };
  const filtersOf = (query: LogQuery): LogFilters => ({
    endpointId: query.endpointId || undefined,
    status: query.status || undefined,
    event: query.event || undefined,
  });

  async function renderLog(
    request: FastifyRequest,
    reply: FastifyReply,
    bot: AdminBot,
    endpoints: WebhookEndpoint[],
    refused?: string,
  ): Promise<FastifyReply> {
    const lang = langOf(request);
    const t = TEXTS[lang];
    const query = request.query as LogQuery;
    const filters = filtersOf(query);
    const after = query.after || undefined;
    // The API's own call: 404 for another bot's endpoint, 422 for a position that is none.
    const page = await services.webhookDeliveries.deliveries(bot.id, { ...filters, after: after ?? '', page: 1, limit: PAGE });
    const done = query.done === 'redelivered' ? t.hooks.done.redelivered : undefined;
    return sendPage(request, reply, {
      lang,
      user: currentUser(request),
      status: refused ? 409 : undefined,
      title: `${t.hooks.log} · ${bot.name}`,
      alternate: otherLangUrl(request, lang),
      main: deliveriesView(t, {
        bot,
        endpoints,
        filters,
        deliveries: page.data,
        after,
        next: 'next' in page ? page.next : null,
        message: refused ? { text: refused, ok: false } : done ? { text: done, ok: true } : undefined,
        csrf: reply.generateCsrf(),
      }),
    });
  }

  app.get(
    '/dashboard/bots/:id/deliveries',
    { schema: { hide: true, params: AdminBotIdParams, querystring: LogQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const { bot } = await memberBot(request, request.params.id, 'webhooks.manage');
      const endpoints = await services.webhookEndpoints.list(bot.id);
      // A bot without endpoints has no log (the API's 404): its webhooks page, where one is added, instead.
      if (endpoints.length === 0) {
        return reply.header('cache-control', 'no-store').redirect(`/dashboard/bots/${bot.id}/webhooks?lang=${langOf(request)}`, 303);
      }
      return renderLog(request, reply, bot, endpoints);
    },
  );

  app.post(
    '/dashboard/bots/:id/deliveries/:deliveryId/redeliver',
    { schema: { hide: true, params: DeliveryParams, querystring: LogQuery }, ...post },
    async (request, reply) => {
      const { bot } = await memberBot(request, request.params.id, 'webhooks.manage');
      const t = TEXTS[langOf(request)];
      try {
        // With the bot: another bot's delivery does not exist here.
        await services.webhookDeliveries.redeliver(request.params.deliveryId, bot.id);
      } catch (error) {
        // Still pending, or its endpoint is switched off: said above the log.
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
        return renderLog(request, reply, bot, await services.webhookEndpoints.list(bot.id), problemText(t, error));
      }
      const { endpointId: endpoint, event: type } = filtersOf(request.query);
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${logUrl(t, bot.id, { endpointId: endpoint, event: type })}&done=redelivered`, 303);
    },
  );

  // The form's address opened by itself leads to the log.
  app.get(
    '/dashboard/bots/:id/deliveries/:deliveryId/redeliver',
    { schema: { hide: true, params: DeliveryParams, querystring: LogQuery } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(logUrl(TEXTS[langOf(request)], request.params.id, filtersOf(request.query)), 303),
  );
}
