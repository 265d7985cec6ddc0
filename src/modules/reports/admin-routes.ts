/** /admin/v1/reports: the reports users made, and the operator's answer to each. */
import { dataOf, errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { OPERATOR_TOKEN } from '../audit/entry.js';
import { Report, ReportIdParams, ReportList, ReportListQuery, ReportResolve } from './schemas.js';

export async function reportAdminRoutes(app: App): Promise<void> {
  const reports = () => app.services.reports;

  app.get(
    '/reports',
    {
      schema: {
        operationId: 'listReports',
        description:
          'Reports of bots by signed-in users: the open ones oldest first (the queue), or the resolved ones with the latest decision first. Pages continue with `after` = the previous page\u2019s `next` (read from an index in this order).',
        tags: ['reports'],
        summary: 'Reports of bots: the open queue, oldest first, or the resolved ones',
        querystring: ReportListQuery,
        response: { 200: ReportList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => reports().list(request.query),
  );

  app.post(
    '/reports/:reportId/resolve',
    {
      schema: {
        operationId: 'resolveReport',
        description:
          'Resolves an open report: `actioned` (something was done: remove the listing or ban with their own calls) or `dismissed`, with an answer the reporter is shown on their reports page. 409 once resolved.',
        tags: ['reports'],
        summary: 'Resolve a report with an answer for the reporter',
        params: ReportIdParams,
        body: ReportResolve,
        response: {
          200: dataOf(Report),
          ...errorResponses('unauthorized', 'not_found', 'conflict', 'validation_failed', 'payload_too_large'),
        },
      },
    },
    async (request) => ({ data: await reports().resolve(request.params.reportId, request.body, OPERATOR_TOKEN) }),
  );
}
