/** `/console` (the queue) and `/console/submissions/{id}`: a submission's changes, approved, sent back or denied. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { TEXTS } from '../../html/i18n/index.js';
import type { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import type { SignedInUser } from '../auth/session.js';
import { MAX_NOTE_LENGTH } from '../listings/lifecycle.js';
import { actorOf, operator } from './access.js';
import { readReason, type FieldErrors, type Form, type ReasonValue } from './fields.js';
import { backTo, langOf, sendConsolePage } from './frame.js';
import { getOptions, ParamText, postOptions, refusalOf, visitor } from './kit.js';
import { fieldName, queueView, submissionView } from './submission-views.js';

const SubmissionParams = Type.Object({ id: ParamText });
const QUEUE_PAGE = 25;

const DECISIONS = [
  { action: 'approve', done: 'approved', noteRequired: false },
  { action: 'request-changes', done: 'changes_requested', noteRequired: true },
  { action: 'deny', done: 'denied', noteRequired: true },
] as const;

export async function submissionConsoleRoutes(app: App): Promise<void> {
  const { services } = app;

  async function renderSubmission(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    id: string,
    refused: { errors: FieldErrors; value?: ReasonValue; status?: number } = { errors: {} },
  ): Promise<FastifyReply> {
    const t = TEXTS[langOf(request)];
    const [submission, templates] = await Promise.all([services.moderation.submission(id), services.reasonTemplates.list()]);
    return sendConsolePage(request, reply, {
      user,
      section: 'submissions',
      title: t.console.submissionTitle(submission.content.name),
      status: refused.status,
      main: submissionView(t, submission, { templates, errors: refused.errors, value: refused.value, csrf: reply.generateCsrf() }),
    });
  }

  app.get('/console', getOptions(), async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    const t = TEXTS[langOf(request)];
    const after = request.query.after;
    const page = await services.moderation.queue({ after, limit: QUEUE_PAGE });
    return sendConsolePage(request, reply, {
      user,
      section: 'submissions',
      title: t.console.sections.submissions,
      main: queueView(t, page, after),
    });
  });

  app.get('/console/submissions/:id', getOptions(SubmissionParams), async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    return renderSubmission(request, reply, user, request.params.id);
  });

  for (const decision of DECISIONS) {
    app.post(`/console/submissions/:id/${decision.action}`, postOptions(app, SubmissionParams), async (request, reply) => {
      const user = operator(request);
      const t = TEXTS[langOf(request)];
      const { id } = request.params;
      const reason = await readReason(t, request.body as Form, services.reasonTemplates, {
        required: decision.noteRequired,
        max: MAX_NOTE_LENGTH,
      });
      if ('errors' in reason)
        return renderSubmission(request, reply, user, id, { errors: reason.errors, value: reason.value, status: 422 });
      const actor = actorOf(user);
      try {
        if (decision.action === 'approve') await services.moderation.approve(id, actor, reason.text);
        else if (decision.action === 'request-changes') await services.moderation.requestChanges(id, actor, reason.text!);
        else await services.moderation.deny(id, actor, reason.text!);
      } catch (error) {
        const refused = refusalOf(t, error, { fields: { note: 'note' } });
        if (!refused) throw error;
        // The listing itself keeps it from approval (a slug taken meanwhile, a field that is wrong): say which.
        const problems = (error as AppError).details?.filter((detail) => detail.field !== 'note') ?? [];
        if (problems.length > 0) refused.errors.form = t.console.listingProblems(problems.map((p) => fieldName(t, p.field)).join(', '));
        request.log.info({ submission: id, decision: decision.action, refused: (error as AppError).code }, 'console decision refused');
        return renderSubmission(request, reply, user, id, { ...refused, value: reason.value });
      }
      request.log.info({ submission: id, decision: decision.action, operator: user.id }, 'console decision');
      return backTo(reply, t, '/console', decision.done);
    });
    // The form's address opened by itself leads to the submission.
    app.get(`/console/submissions/:id/${decision.action}`, getOptions(SubmissionParams), async (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(`/console/submissions/${encodeURIComponent(request.params.id)}`, 303),
    );
  }
}
