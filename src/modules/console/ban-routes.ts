/** `/console/bans`: the bans in force; banning a user or a bot with a reason, and lifting a ban. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { TEXTS } from '../../html/i18n/index.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import type { SignedInUser } from '../auth/session.js';
import { BAN_KINDS, MAX_BAN_REASON_LENGTH, type BanKind } from '../bans/schemas.js';
import { actorOf, operator } from './access.js';
import { formValue, readReason, type FieldErrors, type Form } from './fields.js';
import { backTo, langOf, sendConsolePage } from './frame.js';
import { getOptions, ParamText, postOptions, refusalOf, visitor } from './kit.js';
import { bansView, type BansState } from './ban-views.js';

const BanParams = Type.Object({ banId: ParamText });
const PAGE = 25;

export async function banConsoleRoutes(app: App): Promise<void> {
  const { services } = app;

  async function renderBans(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    refused: { errors: FieldErrors; value?: BansState['value']; status?: number } = { errors: {} },
  ): Promise<FastifyReply> {
    const t = TEXTS[langOf(request)];
    const after = (request.query as { after?: string }).after;
    const [page, templates] = await Promise.all([services.bans.list({ after, limit: PAGE }), services.reasonTemplates.list()]);
    return sendConsolePage(request, reply, {
      user,
      section: 'bans',
      title: t.console.sections.bans,
      status: refused.status,
      main: bansView(t, page, { after, templates, errors: refused.errors, value: refused.value, csrf: reply.generateCsrf() }),
    });
  }

  app.get('/console/bans', getOptions(), async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    return renderBans(request, reply, user);
  });

  app.post('/console/bans', postOptions(app), async (request, reply) => {
    const user = operator(request);
    const t = TEXTS[langOf(request)];
    const form = request.body as Form;
    const kind = formValue(form, 'kind');
    const subjectId = formValue(form, 'subjectId');
    const reason = await readReason(t, form, services.reasonTemplates, { required: true, max: MAX_BAN_REASON_LENGTH });
    const value = { ...reason.value, kind, subjectId };
    const errors: FieldErrors = { ...('errors' in reason ? reason.errors : {}) };
    if (!(BAN_KINDS as readonly string[]).includes(kind)) errors.kind = t.console.chooseOne;
    if (!isSnowflakeId(subjectId)) errors.subjectId = subjectId === '' ? t.form.required : t.console.subjectInvalid;
    if ('errors' in reason || Object.keys(errors).length > 0) return renderBans(request, reply, user, { errors, value, status: 422 });
    try {
      await services.bans.ban({ kind: kind as BanKind, subjectId, reason: reason.text! }, actorOf(user));
    } catch (error) {
      const refused = refusalOf(t, error, {
        fields: { reason: 'note', subjectId: 'subjectId', kind: 'kind' },
        conflict: t.console.alreadyBanned,
      });
      if (!refused) throw error;
      return renderBans(request, reply, user, { ...refused, value });
    }
    request.log.info({ kind, subject: subjectId, operator: user.id }, 'banned in the console');
    return backTo(reply, t, '/console/bans', 'banned');
  });

  app.post('/console/bans/:banId/lift', postOptions(app, BanParams), async (request, reply) => {
    const user = operator(request);
    const t = TEXTS[langOf(request)];
    try {
      await services.bans.lift(request.params.banId, actorOf(user));
    } catch (error) {
      const refused = refusalOf(t, error, { conflict: t.console.liftedMeanwhile });
      if (!refused) throw error;
      return renderBans(request, reply, user, refused);
    }
    request.log.info({ ban: request.params.banId, operator: user.id }, 'ban lifted in the console');
    return backTo(reply, t, '/console/bans', 'lifted');
  });

  app.get('/console/bans/:banId/lift', getOptions(BanParams), async (_request, reply) =>
    reply.header('cache-control', 'no-store').redirect('/console/bans', 303),
  );
}
