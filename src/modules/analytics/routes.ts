import { errorResponses, notModified } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams } from '../bots/schemas.js';
import { fact } from '../changes/facts.js';
import { KEY_ERRORS, KEY_SECURITY, requireScope } from '../keys/auth.js';
import type { AnalyticsWindow } from './metrics.js';
import { AnalyticsQuery, AnalyticsResponse } from './schemas.js';

/**
 * How long an answer is kept: the counts reach the store in flushes (every few seconds), which
 * announce no change, so an answer is at most this old; a vote or a change of the bot drops it at once.
 */
export const ANALYTICS_ANSWER_MS = 10_000;

/** The owner's read of the bot's analytics, with an API key holding `analytics:read`. */
export async function analyticsRoutes(app: App): Promise<void> {
  const { keys, analyticsReports } = app.services;

  app.get(
    '/bots/:id/analytics',
    {
      onRequest: requireScope(keys, 'analytics:read'),
      schema: {
        operationId: 'getBotAnalytics',
        description:
          'Daily counts of the last `days` UTC days (today included, counted so far): bot page views and their unique visitors, invite clicks, votes, widget, card and badge impressions, search impressions and clicks; their totals, conversion rates, and the top referring hosts, search terms and embedding hosts. Needs a key of this bot with `analytics:read`.',
        tags: ['owner'],
        summary: "The bot's analytics over 7, 30 or 90 days",
        security: KEY_SECURITY,
        params: BotIdParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsResponse, ...notModified, ...errorResponses(...KEY_ERRORS) },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { days } = request.query;
      reply.answer(
        {
          key: `analytics:${id}:${days}`,
          facts: [fact.bot(id), fact.votes(id)],
          ttlMs: ANALYTICS_ANSWER_MS,
          cacheControl: 'private, no-store',
        },
        async () => ({ data: await analyticsReports.forBot(id, days as AnalyticsWindow) }),
      );
    },
  );
}
