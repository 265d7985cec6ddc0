/**
 * The owner's webhook endpoints: `/dashboard/bots/{id}/webhooks` (every endpoint, adding one), an
 * endpoint's edit page and its deletion's confirmation, and its actions (on and off, a test event,
 * a new secret with its overlap, ending the overlap). Every form carries the session's CSRF token
 * and follows POST → 303 → GET; a refused form is the page again with the refusal beside its
 * field or on the endpoint's card, in the reader's language. Each action first authorises the bot
 * (`memberBot`: managers and owners), then calls the service method its management API route calls.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FieldErrors, Form } from '../../html/forms.js';
import { pickLang, TEXTS, type Lang, type Texts } from '../../html/i18n/index.js';
import { otherLangUrl, sendPage } from '../../html/page.js';
import { problemText } from '../../html/problems.js';
import { AppError } from '../../lib/errors.js';
import { UUID_PATTERN } from '../../lib/keyset.js';
import type { App } from '../../lib/types.js';
import { csrf, currentUser, requireUser } from '../auth/session.js';
import { AdminBotIdParams, type AdminBot } from '../bots/schemas.js';
import type { Delivery } from '../webhooks/delivery/schemas.js';
import { MAX_ENDPOINTS_PER_BOT, type WebhookEndpoint } from '../webhooks/endpoints/schemas.js';
import { dashboardUser } from '../audit/entry.js';
import { memberBot, redirectToSignIn } from './access.js';
import { addForm, editForm, rotationForm, stateOfEndpoint, stateOfForm, type EndpointFormState } from './endpoint-form.js';
import { editEndpointView, newEndpointState, removeEndpointView } from './endpoint-fields-view.js';
import { endpointsView, type EndpointsState } from './endpoints-view.js';
import { keepShownOnce, takeShownOnce } from './shown-once.js';

const PageQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 5 })),
  done: Type.Optional(Type.String({ maxLength: 20 })),
  /** The endpoint an action was on: its card says what was done. */
  endpoint: Type.Optional(Type.String({ maxLength: 36 })),
});
/** An endpoint of the bot; an ID that is no UUID names no endpoint (422 before any query). */
const EndpointParams = Type.Object({ id: AdminBotIdParams.properties.id, endpointId: Type.String({ pattern: UUID_PATTERN.source }) });
/**
 * The address and the events of an endpoint form: the API's longest address (2048 characters), up
 * to 9 bytes each once form-encoded (a character of three UTF-8 bytes), and the rest beside it. An
 * address the API refuses is so refused beside its field, not as a body too large.
 */
const ENDPOINT_BODY_LIMIT = 32 * 1024;
/** The actions on one endpoint that are a button each. */
const ACTIONS = ['enable', 'disable', 'test', 'rotate-secret', 'end-overlap'] as const;

/** A refused form or action, shown on the POST's own answer. */
interface Outcome {
  add?: { state: EndpointFormState; errors: FieldErrors };
  message?: EndpointsState['message'];
  overlapError?: EndpointsState['overlapError'];
  status: number;
}

export async function endpointRoutes(app: App): Promise<void> {
  const { services } = app;
  const langOf = (request: FastifyRequest): Lang => pickLang((request.query as { lang?: string }).lang, request.headers['accept-language']);
  const post = { preHandler: [async (request: FastifyRequest) => void requireUser(request), csrf(app)] };
  const postForm = { ...post, bodyLimit: ENDPOINT_BODY_LIMIT };
  const toList = (reply: FastifyReply, request: FastifyRequest, botId: string, done?: string, endpointId?: string) => {
    const query = `lang=${langOf(request)}${done ? `&done=${done}` : ''}${endpointId ? `&endpoint=${endpointId}` : ''}`;
    return reply
      .header('cache-control', 'no-store')
      .redirect(`/dashboard/bots/${botId}/webhooks?${query}${endpointId ? `#endpoint-${endpointId}` : ''}`, 303);
  };

  async function renderList(request: FastifyRequest, reply: FastifyReply, bot: AdminBot, outcome?: Outcome): Promise<FastifyReply> {
    const lang = langOf(request);
    const t = TEXTS[lang];
    const [endpoints, notices] = await Promise.all([
      services.webhookEndpoints.list(bot.id),
      services.webhookNotifications.switchOffNotices(bot.id),
    ]);
    // Why each switched-off endpoint was switched off: its latest failed delivery (one index range each).
    const lastFailures = new Map<string, Delivery>();
    for (const endpointId of notices.keys()) {
      const failed = await services.webhookDeliveries.deliveries(bot.id, { endpointId, status: 'failed', after: '', page: 1, limit: 1 });
      if (failed.data[0]) lastFailures.set(endpointId, failed.data[0]);
    }
    const shown = takeShownOnce(request, bot.id, 'secret');
    const { done, endpoint } = request.query as { done?: string; endpoint?: string };
    const doneText = done !== undefined && Object.hasOwn(t.hooks.done, done) ? t.hooks.done[done] : undefined;
    return sendPage(request, reply, {
      lang,
      user: currentUser(request),
      status: outcome?.status,
      title: `${t.hooks.title} · ${bot.name}`,
      alternate: otherLangUrl(request, lang),
      main: endpointsView(t, {
        bot,
        endpoints,
        notices,
        lastFailures,
        secret: shown?.endpointId ? { endpointId: shown.endpointId, value: shown.value } : undefined,
        message:
          outcome?.message ??
          (doneText
            ? { text: doneText, ok: true, endpointId: endpoints.some((e) => e.id === endpoint) ? endpoint : undefined }
            : undefined),
        overlapError: outcome?.overlapError,
        add: outcome?.add ?? { state: newEndpointState(t), errors: {} },
        max: MAX_ENDPOINTS_PER_BOT,
        csrf: reply.generateCsrf(),
      }),
    });
  }

  function renderEdit(
    request: FastifyRequest,
    reply: FastifyReply,
    bot: AdminBot,
    endpoint: WebhookEndpoint,
    form?: { state: EndpointFormState; errors: FieldErrors },
  ): FastifyReply {
    const lang = langOf(request);
    const t = TEXTS[lang];
    return sendPage(request, reply, {
      lang,
      user: currentUser(request),
      status: form ? 422 : undefined,
      title: `${t.hooks.editTitle} · ${bot.name}`,
      alternate: otherLangUrl(request, lang),
      main: editEndpointView(t, bot.id, endpoint, form?.state ?? stateOfEndpoint(endpoint), form?.errors ?? {}, reply.generateCsrf()),
    });
  }

  /** The address policy's refusal of a URL, beside the URL field; undefined for any other error. */
  const urlRefusal = (t: Texts, error: unknown): FieldErrors | undefined =>
    error instanceof AppError && error.code === 'validation_failed' ? { url: problemText(t, error) } : undefined;

  app.get(
    '/dashboard/bots/:id/webhooks',
    { schema: { hide: true, params: AdminBotIdParams, querystring: PageQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const { bot } = await memberBot(request, request.params.id, 'webhooks.manage');
      return renderList(request, reply, bot);
    },
  );

  app.post(
    '/dashboard/bots/:id/webhooks',
    { schema: { hide: true, params: AdminBotIdParams, querystring: PageQuery }, ...postForm },
    async (request, reply) => {
      const { user, bot } = await memberBot(request, request.params.id, 'webhooks.manage');
      const t = TEXTS[langOf(request)];
      const body = request.body as Form | undefined;
      const form = addForm(t, body);
      if ('errors' in form) return renderList(request, reply, bot, { add: { state: stateOfForm(body), errors: form.errors }, status: 422 });
      try {
        const created = await services.webhookEndpoints.create(bot.id, form.input, dashboardUser(user.id));
        request.log.info({ bot: bot.id, endpoint: created.id }, 'webhook endpoint added on the dashboard');
        keepShownOnce(request, { botId: bot.id, kind: 'secret', value: created.secret, endpointId: created.id });
        return toList(reply, request, bot.id, 'created', created.id);
      } catch (error) {
        const refused = urlRefusal(t, error);
        if (refused) return renderList(request, reply, bot, { add: { state: stateOfForm(body), errors: refused }, status: 422 });
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
        // The limit (another tab added the last one meanwhile), said above the form.
        return renderList(request, reply, bot, {
          add: { state: stateOfForm(body), errors: {} },
          message: { text: problemText(t, error), ok: false },
          status: 409,
        });
      }
    },
  );

  app.get(
    '/dashboard/bots/:id/webhooks/:endpointId',
    { schema: { hide: true, params: EndpointParams, querystring: PageQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const { bot } = await memberBot(request, request.params.id, 'webhooks.manage');
      return renderEdit(request, reply, bot, await services.webhookEndpoints.get(bot.id, request.params.endpointId));
    },
  );

  app.post(
    '/dashboard/bots/:id/webhooks/:endpointId',
    { schema: { hide: true, params: EndpointParams, querystring: PageQuery }, ...postForm },
    async (request, reply) => {
      const { user, bot } = await memberBot(request, request.params.id, 'webhooks.manage');
      const t = TEXTS[langOf(request)];
      const endpoint = await services.webhookEndpoints.get(bot.id, request.params.endpointId);
      const body = request.body as Form | undefined;
      const form = editForm(t, endpoint, body);
      if ('errors' in form) return renderEdit(request, reply, bot, endpoint, { state: stateOfForm(body), errors: form.errors });
      try {
        await services.webhookEndpoints.update(bot.id, endpoint.id, form.patch, dashboardUser(user.id));
      } catch (error) {
        const refused = urlRefusal(t, error);
        if (!refused) throw error;
        return renderEdit(request, reply, bot, endpoint, { state: stateOfForm(body), errors: refused });
      }
      return toList(reply, request, bot.id, 'saved', endpoint.id);
    },
  );

  for (const action of ACTIONS) {
    app.post(
      `/dashboard/bots/:id/webhooks/:endpointId/${action}`,
      { schema: { hide: true, params: EndpointParams, querystring: PageQuery }, ...post },
      async (request, reply) => {
        const { user, bot } = await memberBot(request, request.params.id, 'webhooks.manage');
        const t = TEXTS[langOf(request)];
        const { endpointId } = request.params;
        const endpoints = services.webhookEndpoints;
        try {
          switch (action) {
            case 'enable':
            case 'disable':
              await endpoints.update(bot.id, endpointId, { enabled: action === 'enable' }, dashboardUser(user.id));
              return toList(reply, request, bot.id, `${action}d`, endpointId);
            case 'test':
              await services.webhookDeliveries.sendTest(bot.id, endpointId);
              return toList(reply, request, bot.id, 'test', endpointId);
            case 'rotate-secret': {
              const form = rotationForm(t, request.body as Form | undefined);
              if ('errors' in form) {
                const text = form.errors.overlapSeconds ?? Object.values(form.errors)[0] ?? t.form.invalid;
                return renderList(request, reply, bot, { overlapError: { endpointId, text }, status: 422 });
              }
              const rotated = await endpoints.rotateSecret(bot.id, endpointId, form.input, dashboardUser(user.id));
              keepShownOnce(request, { botId: bot.id, kind: 'secret', value: rotated.secret, endpointId });
              return toList(reply, request, bot.id, undefined, endpointId);
            }
            case 'end-overlap':
              await endpoints.endOverlap(bot.id, endpointId, dashboardUser(user.id));
              return toList(reply, request, bot.id, 'overlapEnded', endpointId);
          }
        } catch (error) {
          // The API's 409s: a test of an endpoint that is off, an overlap that no longer runs.
          if (!(error instanceof AppError && error.code === 'conflict')) throw error;
          return renderList(request, reply, bot, { message: { text: problemText(t, error), ok: false, endpointId }, status: 409 });
        }
      },
    );
    // The action's address opened by itself leads to the endpoint's card; only its POST does something.
    app.get(
      `/dashboard/bots/:id/webhooks/:endpointId/${action}`,
      { schema: { hide: true, params: EndpointParams, querystring: PageQuery } },
      async (request, reply) => toList(reply, request, request.params.id, undefined, request.params.endpointId),
    );
  }

  app.get(
    '/dashboard/bots/:id/webhooks/:endpointId/delete',
    { schema: { hide: true, params: EndpointParams, querystring: PageQuery } },
    async (request, reply) => {
      const redirected = redirectToSignIn(request, reply);
      if (redirected) return redirected;
      const { bot } = await memberBot(request, request.params.id, 'webhooks.manage');
      const endpoint = await services.webhookEndpoints.get(bot.id, request.params.endpointId);
      const lang = langOf(request);
      return sendPage(request, reply, {
        lang,
        user: currentUser(request),
        title: `${TEXTS[lang].hooks.removeTitle} · ${bot.name}`,
        alternate: otherLangUrl(request, lang),
        main: removeEndpointView(TEXTS[lang], bot.id, endpoint, reply.generateCsrf()),
      });
    },
  );

  app.post(
    '/dashboard/bots/:id/webhooks/:endpointId/delete',
    { schema: { hide: true, params: EndpointParams, querystring: PageQuery }, ...post },
    async (request, reply) => {
      const { user, bot } = await memberBot(request, request.params.id, 'webhooks.manage');
      await services.webhookEndpoints.remove(bot.id, request.params.endpointId, dashboardUser(user.id));
      request.log.info({ bot: bot.id, endpoint: request.params.endpointId }, 'webhook endpoint deleted on the dashboard');
      return toList(reply, request, bot.id, 'deleted');
    },
  );
}
