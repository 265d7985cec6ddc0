import { Type } from 'typebox';
import { JSON_TYPE, replyCached, sendCached } from '../../lib/http.js';
import { errorResponses, notModified, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams } from '../bots/schemas.js';
import { requireScope } from '../keys/auth.js';
import { BackfillResult, BulkCheckBody, BulkVoteStatus, GuildIdParams, HistoryBackfill, PremiumStatus, StatsReport, StatsResult, UserIdParams, VoteEntry, VoteStatus, VotesQuery } from './schemas.js';

const security = [{ apiKey: [] }];
const keyErrors = ['unauthorized', 'forbidden', 'not_found', 'validation_failed'] as const;

/** The endpoints a bot owner's code calls with its API key (spec §4 "Owner endpoints"). */
export async function ownerRoutes(app: App): Promise<void> {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });

  app.get(
    '/bots/:id/votes',
    {
      onRequest: requireScope(app.services.keys, 'votes:read'),
      schema: {
        operationId: 'listVotes',
        tags: ['owner'],
        summary: 'Recent votes, newest first',
        security,
        params: BotIdParams,
        querystring: VotesQuery,
        response: { 200: dataOf(Type.Array(VoteEntry)), ...notModified, ...errorResponses(...keyErrors) },
      },
    },
    async (request, reply) => {
      const votes = await app.services.owner.recentVotesJson(request.params.id, request.query.limit, request.query.hours);
      return sendCached(request, reply, votes, { contentType: JSON_TYPE, cacheControl: 'private, no-store' });
    },
  );

  app.get(
    '/bots/:id/check/:userId',
    {
      onRequest: requireScope(app.services.keys, 'votes:read'),
      schema: {
        operationId: 'checkVote',
        tags: ['owner'],
        summary: 'Whether a user voted within the last 12 hours',
        security,
        params: UserIdParams,
        response: { 200: dataOf(VoteStatus), ...notModified, ...errorResponses(...keyErrors) },
      },
    },
    (request, reply) => {
      // A cached status comes back without a promise: this is the owner API's hottest call.
      const status = app.services.owner.voteStatusJson(request.params.id, request.params.userId);
      replyCached(request, reply, status, { contentType: JSON_TYPE, cacheControl: 'private, no-store' });
    },
  );

  app.post(
    '/bots/:id/check',
    {
      onRequest: requireScope(app.services.keys, 'votes:read'),
      schema: {
        operationId: 'checkVotes',
        tags: ['owner'],
        summary: 'Whether each of 1 to 100 users voted within the last 12 hours (one request for the rate limit), in the order asked',
        security,
        params: BotIdParams,
        body: BulkCheckBody,
        response: { 200: dataOf(Type.Array(BulkVoteStatus)), ...errorResponses(...keyErrors, 'payload_too_large') },
      },
    },
    async (request) => ({ data: await app.services.owner.voteStatuses(request.params.id, request.body.userIds) }),
  );

  app.post(
    '/bots/:id/stats/history',
    {
      onRequest: requireScope(app.services.keys, 'stats:write'),
      schema: {
        operationId: 'backfillHistory',
        tags: ['owner'],
        summary: 'Add up to 100 past days of server-count history (before today, not before the bot was added); the same date again replaces its value',
        security,
        params: BotIdParams,
        body: HistoryBackfill,
        response: { 200: dataOf(BackfillResult), ...errorResponses(...keyErrors, 'payload_too_large') },
      },
    },
    async (request) => ({ data: await app.services.owner.backfillHistory(request.params.id, request.body.points) }),
  );

  app.get(
    '/bots/:id/premium/:userId',
    {
      onRequest: requireScope(app.services.keys, 'premium:read'),
      schema: {
        operationId: 'getUserPremium',
        tags: ['owner'],
        summary: "A user's premium status (user-scoped tiers)",
        security,
        params: UserIdParams,
        response: { 200: dataOf(PremiumStatus), ...notModified, ...errorResponses(...keyErrors) },
      },
    },
    (request, reply) => {
      const status = app.services.owner.premiumJson(request.params.id, { userId: request.params.userId });
      replyCached(request, reply, status, { contentType: JSON_TYPE, cacheControl: 'private, no-store' });
    },
  );

  app.get(
    '/bots/:id/premium/guild/:guildId',
    {
      onRequest: requireScope(app.services.keys, 'premium:read'),
      schema: {
        operationId: 'getGuildPremium',
        tags: ['owner'],
        summary: "A server's premium status (guild-scoped tiers)",
        security,
        params: GuildIdParams,
        response: { 200: dataOf(PremiumStatus), ...notModified, ...errorResponses(...keyErrors) },
      },
    },
    (request, reply) => {
      const status = app.services.owner.premiumJson(request.params.id, { guildId: request.params.guildId });
      replyCached(request, reply, status, { contentType: JSON_TYPE, cacheControl: 'private, no-store' });
    },
  );

  app.post(
    '/bots/:id/stats',
    {
      onRequest: requireScope(app.services.keys, 'stats:write'),
      schema: {
        operationId: 'postStats',
        tags: ['owner'],
        summary:
          'Report the server count (and shard count): the total, one shard\'s count ({shardId, shardCount, serverCount}; the bot shows the sum of its shards reported in the last 2 hours), or every shard\'s ({shards: [...]})',
        security,
        params: BotIdParams,
        body: StatsReport,
        response: {
          200: dataOf(StatsResult),
          ...errorResponses(...keyErrors, 'payload_too_large'),
        },
      },
    },
    async (request) => ({ data: await app.services.owner.reportStats(request.params.id, request.body) }),
  );
}
