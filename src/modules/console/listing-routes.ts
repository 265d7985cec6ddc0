/** `/console/bots/{id}`: a bot's listing and history; removing it or banning it, with a reason. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { html } from '../../html/html.js';
import { TEXTS } from '../../html/i18n/index.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import type { SignedInUser } from '../auth/session.js';
import { MAX_BAN_REASON_LENGTH } from '../bans/schemas.js';
import { MAX_NOTE_LENGTH } from '../listings/lifecycle.js';
import { actorOf, operator } from './access.js';
import { readReason, type Form } from './fields.js';
import { backTo, langOf, sendConsolePage } from './frame.js';
import { getOptions, ParamText, postOptions, refusalOf, visitor } from './kit.js';
import { listingView, type ListingState } from './listing-views.js';

const BotParams = Type.Object({ id: ParamText });

export async function listingConsoleRoutes(app: App): Promise<void> {
  const { services } = app;

  async function renderListing(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    botId: string,
    failed?: ListingState['failed'] & { status: number },
  ): Promise<FastifyReply> {
    const t = TEXTS[langOf(request)];
    const [listing, banned, templates] = await Promise.all([
      services.moderation.listing(botId),
      services.bans.isBanned('bot', botId),
      services.reasonTemplates.list(),
    ]);
    return sendConsolePage(request, reply, {
      user,
      title: t.console.listingTitle(listing.current.name),
      status: failed?.status,
      main: listingView(t, listing, { banned, templates, failed, csrf: reply.generateCsrf() }),
    });
  }

  // The frame's box: a bot's ID leads to its listing.
  app.get('/console/bots', getOptions(), async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    const t = TEXTS[langOf(request)];
    const id = (request.query.id ?? '').trim();
    if (isSnowflakeId(id)) return reply.header('cache-control', 'no-store').redirect(`/console/bots/${id}?lang=${t.lang}`, 303);
    return sendConsolePage(request, reply, {
      user,
      title: t.console.findBot,
      status: 422,
      main: html`<h1>${t.console.findBot}</h1>
        <p class="error" role="alert">${t.console.botIdInvalid}</p>`,
    });
  });

  app.get('/console/bots/:id', getOptions(BotParams), async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    return renderListing(request, reply, user, request.params.id);
  });

  app.post('/console/bots/:id/remove', postOptions(app, BotParams), async (request, reply) => {
    const user = operator(request);
    const t = TEXTS[langOf(request)];
    const botId = request.params.id;
    const reason = await readReason(t, request.body as Form, services.reasonTemplates, { required: true, max: MAX_NOTE_LENGTH });
    if ('errors' in reason) return renderListing(request, reply, user, botId, { form: 'remove', ...reason, status: 422 });
    try {
      await services.moderation.remove(botId, actorOf(user), reason.text!);
    } catch (error) {
      const refused = refusalOf(t, error, { fields: { note: 'note' } });
      if (!refused) throw error;
      return renderListing(request, reply, user, botId, { form: 'remove', value: reason.value, ...refused });
    }
    request.log.info({ bot: botId, operator: user.id }, 'listing removed in the console');
    return backTo(reply, t, `/console/bots/${botId}`, 'removed');
  });

  app.post('/console/bots/:id/ban', postOptions(app, BotParams), async (request, reply) => {
    const user = operator(request);
    const t = TEXTS[langOf(request)];
    const botId = request.params.id;
    // The bot's listing must exist (404 otherwise); a bot never added is banned on the bans page.
    await services.moderation.listing(botId);
    const reason = await readReason(t, request.body as Form, services.reasonTemplates, { required: true, max: MAX_BAN_REASON_LENGTH });
    if ('errors' in reason) return renderListing(request, reply, user, botId, { form: 'ban', ...reason, status: 422 });
    try {
      await services.bans.ban({ kind: 'bot', subjectId: botId, reason: reason.text! }, actorOf(user));
    } catch (error) {
      const refused = refusalOf(t, error, { fields: { reason: 'note' }, conflict: t.console.alreadyBanned });
      if (!refused) throw error;
      return renderListing(request, reply, user, botId, { form: 'ban', value: reason.value, ...refused });
    }
    request.log.info({ bot: botId, operator: user.id }, 'bot banned in the console');
    return backTo(reply, t, `/console/bots/${botId}`, 'banned');
  });

  for (const action of ['remove', 'ban']) {
    app.get(`/console/bots/:id/${action}`, getOptions(BotParams), async (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(`/console/bots/${encodeURIComponent(request.params.id)}`, 303),
    );
  }
}
