/** `/console/tier-requests`: the pending requests for a higher rate tier, approved or denied with an optional note. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { TEXTS } from '../../html/i18n/index.js';
import { AppError } from '../../lib/errors.js';
import { UUID_PATTERN } from '../../lib/keyset.js';
import type { App } from '../../lib/types.js';
import type { SignedInUser } from '../auth/session.js';
import { MAX_REASON_LENGTH } from '../tiers/schemas.js';
import { actorOf, operator } from './access.js';
import { formValue, type Form } from './fields.js';
import { backTo, langOf, sendConsolePage } from './frame.js';
import { getOptions, ParamText, postOptions, refusalOf, visitor } from './kit.js';
import { tierQueueView, type TierState } from './tier-views.js';

const RequestParams = Type.Object({ requestId: ParamText });
const PAGE = 25;

export async function tierConsoleRoutes(app: App): Promise<void> {
  const { services } = app;

  async function renderQueue(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    failed?: TierState['failed'] & { status: number },
  ): Promise<FastifyReply> {
    const t = TEXTS[langOf(request)];
    const after = (request.query as { after?: string }).after;
    const page = await services.tiers.queue({ after, limit: PAGE });
    return sendConsolePage(request, reply, {
      user,
      section: 'tiers',
      title: t.console.sections.tiers,
      status: failed?.status,
      main: tierQueueView(t, page, { after, failed, csrf: reply.generateCsrf() }),
    });
  }

  app.get('/console/tier-requests', getOptions(), async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    return renderQueue(request, reply, user);
  });

  for (const action of ['approve', 'deny'] as const) {
    app.post(`/console/tier-requests/:requestId/${action}`, postOptions(app, RequestParams), async (request, reply) => {
      const user = operator(request);
      const t = TEXTS[langOf(request)];
      const { requestId } = request.params;
      if (!UUID_PATTERN.test(requestId)) throw AppError.notFound('No tier request with that ID');
      const note = formValue(request.body as Form, 'note');
      if (note.length > MAX_REASON_LENGTH) {
        return renderQueue(request, reply, user, { id: requestId, note, errors: { note: t.form.tooLong(MAX_REASON_LENGTH) }, status: 422 });
      }
      const decision = note === '' ? {} : { note };
      try {
        if (action === 'approve') await services.tiers.approve(requestId, decision, actorOf(user));
        else await services.tiers.deny(requestId, decision, actorOf(user));
      } catch (error) {
        const refused = refusalOf(t, error, { fields: { note: 'note' } });
        if (!refused) throw error;
        return renderQueue(request, reply, user, { id: requestId, note, ...refused });
      }
      request.log.info({ tierRequest: requestId, decision: action, operator: user.id }, 'tier request decided in the console');
      return backTo(reply, t, '/console/tier-requests', action === 'approve' ? 'tier_approved' : 'tier_denied');
    });
    app.get(`/console/tier-requests/:requestId/${action}`, getOptions(RequestParams), async (_request, reply) =>
      reply.header('cache-control', 'no-store').redirect('/console/tier-requests', 303),
    );
  }
}
