/** `/console/reports`: the open reports (oldest first) or the resolved ones, and resolving one with an answer for its reporter. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { TEXTS } from '../../html/i18n/index.js';
import type { App } from '../../lib/types.js';
import type { SignedInUser } from '../auth/session.js';
import { MAX_REPORT_ANSWER, RESOLUTIONS, type Resolution } from '../reports/schemas.js';
import { actorOf, operator } from './access.js';
import { formValue, readReason, type Form } from './fields.js';
import { backTo, langOf, sendConsolePage } from './frame.js';
import { getOptions, ParamText, postOptions, refusalOf, visitor } from './kit.js';
import { reportsView, type ReportsState } from './report-views.js';

const ReportParams = Type.Object({ reportId: ParamText });
const PAGE = 25;

export async function reportConsoleRoutes(app: App): Promise<void> {
  const { services } = app;

  async function renderReports(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SignedInUser,
    failed?: ReportsState['failed'] & { status: number },
  ): Promise<FastifyReply> {
    const t = TEXTS[langOf(request)];
    const status = request.query && (request.query as { status?: string }).status === 'resolved' ? 'resolved' : 'open';
    const after = (request.query as { after?: string }).after;
    const [page, templates] = await Promise.all([services.reports.list({ status, after, limit: PAGE }), services.reasonTemplates.list()]);
    return sendConsolePage(request, reply, {
      user,
      section: 'reports',
      title: t.console.sections.reports,
      status: failed?.status,
      main: reportsView(t, page, { status, after, templates, failed, csrf: reply.generateCsrf() }),
    });
  }

  app.get('/console/reports', getOptions(), async (request, reply) => {
    const user = visitor(request, reply);
    if (!user) return reply;
    return renderReports(request, reply, user);
  });

  app.post('/console/reports/:reportId/resolve', postOptions(app, ReportParams), async (request, reply) => {
    const user = operator(request);
    const t = TEXTS[langOf(request)];
    const { reportId } = request.params;
    const form = request.body as Form;
    const resolution = formValue(form, 'resolution');
    const reason = await readReason(t, form, services.reasonTemplates, { required: true, max: MAX_REPORT_ANSWER });
    const value = { ...reason.value, resolution };
    const known = (RESOLUTIONS as readonly string[]).includes(resolution);
    if ('errors' in reason || !known) {
      const errors = { ...('errors' in reason ? reason.errors : {}), ...(known ? {} : { resolution: t.console.chooseOne }) };
      return renderReports(request, reply, user, { id: reportId, errors, value, status: 422 });
    }
    try {
      await services.reports.resolve(reportId, { resolution: resolution as Resolution, answer: reason.text! }, actorOf(user));
    } catch (error) {
      const refused = refusalOf(t, error, { fields: { answer: 'note', resolution: 'resolution' } });
      if (!refused) throw error;
      return renderReports(request, reply, user, { id: reportId, value, ...refused });
    }
    request.log.info({ report: reportId, resolution, operator: user.id }, 'report resolved in the console');
    return backTo(reply, t, '/console/reports', 'resolved');
  });

  app.get('/console/reports/:reportId/resolve', getOptions(ReportParams), async (_request, reply) =>
    reply.header('cache-control', 'no-store').redirect('/console/reports', 303),
  );
}
