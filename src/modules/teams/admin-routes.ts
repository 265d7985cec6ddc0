/** /admin/v1/bots/{id}/members: a bot's team, for the operator. */
import { errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { BotMemberList, BotMemberListQuery } from './schemas.js';

export async function teamAdminRoutes(app: App): Promise<void> {
  app.get(
    '/bots/:id/members',
    {
      schema: {
        operationId: 'listBotMembers',
        description:
          "The bot's team: every member with their role, in the order they joined. `owners` of the bot is the same team's owners (earliest first) and then its managers. Pages continue with `after` = the previous page\u2019s `next` (read from an index in this order).",
        tags: ['bots'],
        summary: "A bot's team members and their roles",
        params: AdminBotIdParams,
        querystring: BotMemberListQuery,
        response: { 200: BotMemberList, ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request) => {
      const bot = await app.services.bots.adminGet(request.params.id);
      return app.services.teams.page(bot.id, request.query);
    },
  );
}
