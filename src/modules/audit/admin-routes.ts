/** /admin/v1/audit and /admin/v1/bots/{id}/audit: who changed what, newest first. */
import { AdminBotIdParams, errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { AuditList, AuditListQuery, BotAuditQuery } from './schemas.js';

export async function auditAdminRoutes(app: App): Promise<void> {
  const audit = () => app.services.audit;

  app.get(
    '/audit',
    {
      schema: {
        operationId: 'listAuditEntries',
        description:
          'The audit log, newest first: every change of a listing, a key or a webhook endpoint, and every moderation decision, with who made it, from where, and what it changed. Narrowed to a bot, an actor, an action and a time range (`from` inclusive, `to` exclusive) in any combination. Pages continue with `after` = the previous page\u2019s `next` (each page read from an index in this order).',
        tags: ['audit'],
        summary: 'The audit log, newest first, by bot, actor, action and time',
        querystring: AuditListQuery,
        response: { 200: AuditList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => audit().list(request.query),
  );

  app.get(
    '/bots/:id/audit',
    {
      schema: {
        operationId: 'listBotAuditEntries',
        description:
          "One bot's audit log, newest first (what its team sees on the dashboard), narrowed to an actor and an action. The log outlives a deleted bot; a bot that never was has an empty one. Pages continue with `after` = the previous page\u2019s `next`.",
        tags: ['audit'],
        summary: "A bot's audit log, newest first",
        params: AdminBotIdParams,
        querystring: BotAuditQuery,
        response: { 200: AuditList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => audit().botLog(request.params.id, request.query),
  );
}
