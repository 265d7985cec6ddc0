import { errorResponses, dataOf, notModified } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams } from '../bots/schemas.js';
import { fact } from '../changes/facts.js';
import { KEY_ERRORS, KEY_SECURITY, requireScope } from '../keys/auth.js';
import { BackfillResult, HistoryBackfill, ShardList, ShardsQuery, StatsReport, StatsResult } from './schemas.js';

/** The owner's server-count reports (spec §4 "Owner endpoints"), with an API key holding `stats:write`. */
export async function statsRoutes(app: App): Promise<void> {
  const { keys, stats } = app.services;

  app.post(
    '/bots/:id/stats/history',
    {
      onRequest: requireScope(keys, 'stats:write'),
      schema: {
        operationId: 'backfillHistory',
        description:
          "Past days of the bot's daily server count, for a bot that moves here from another directory: each date before today and not before the bot's application was created. Needs a key with `stats:write`.",
        tags: ['owner'],
        summary:
          'Add up to 100 past days of server-count history (before today, not before the bot was added); the same date again replaces its value',
        security: KEY_SECURITY,
        params: BotIdParams,
        body: HistoryBackfill,
        response: { 200: dataOf(BackfillResult), ...errorResponses(...KEY_ERRORS, 'payload_too_large') },
      },
    },
    async (request) => ({ data: await stats.backfillHistory(request.params.id, request.body.points) }),
  );

  app.post(
    '/bots/:id/stats',
    {
      onRequest: requireScope(keys, 'stats:write'),
      schema: {
        operationId: 'postStats',
        description:
          "The owner's count replaces the platform's at once, in the bot, the lists, search and history. Send the total, one shard's count, or every shard's count. Needs a key of this bot with `stats:write`.",
        tags: ['owner'],
        summary:
          "Report the server count (and shard count): the total, one shard's count ({shardId, shardCount, serverCount}; the bot shows the sum of its shards reported in the last 2 hours), or every shard's ({shards: [...]})",
        security: KEY_SECURITY,
        params: BotIdParams,
        body: StatsReport,
        response: {
          200: dataOf(StatsResult),
          ...errorResponses(...KEY_ERRORS, 'payload_too_large'),
        },
      },
    },
    async (request) => ({ data: await stats.report(request.params.id, request.body) }),
  );

  app.get(
    '/bots/:id/shards',
    {
      onRequest: requireScope(keys, 'stats:write'),
      schema: {
        operationId: 'listShards',
        tags: ['owner'],
        summary: "The latest report of each of the bot's shards, by shard id",
        description:
          'Each shard reported with `{shardId, shardCount, serverCount}` or in a `shards` list: its id, its server count and when it last reported, ' +
          'up to `limit` shards after `after`; `nextAfter` is the `after` of the next page (null on the last). A total report removes the shards.',
        security: KEY_SECURITY,
        params: BotIdParams,
        querystring: ShardsQuery,
        response: { 200: ShardList, ...notModified, ...errorResponses(...KEY_ERRORS) },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { after, limit } = request.query;
      reply.answer(
        { key: `shards:${id}:${after ?? ''}:${limit}`, facts: [fact.bot(id), fact.stats(id)], cacheControl: 'private, no-store' },
        () => stats.shards(id, request.query),
      );
    },
  );
}
