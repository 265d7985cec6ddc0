import { errorResponses, notModified } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams } from '../bots/schemas.js';
import { fact } from '../changes/facts.js';
import { HistoryQuery, HistoryResponse } from './schemas.js';

export async function historyRoutes(app: App): Promise<void> {
  app.get(
    '/bots/:id/history',
    {
      schema: {
        operationId: 'getBotHistory',
        description:
          "One point per day of the last `days` days, from the first day the directory knew the bot; today's point is the live count. `source` says whose count it is (the platform's or the owner's reports).",
        tags: ['history'],
        summary: 'Daily server count of a bot, oldest first',
        params: BotIdParams,
        querystring: HistoryQuery,
        response: { 200: HistoryResponse, ...notModified, ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { days } = request.query;
      // Today's point is the live count (stats); the collection adds a day to every series (history).
      reply.answer(
        { key: `history:${id}:${days}`, facts: [fact.bot(id), fact.stats(id), fact.history], cacheControl: 'public, max-age=300' },
        () => app.services.history.history(id, days),
      );
    },
  );
}
