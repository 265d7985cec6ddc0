import { Type } from 'typebox';
import { JSON_TYPE, sendCached } from '../../lib/http.js';
import { isPromise } from '../../lib/maybe-promise.js';
import type { CachedResponse } from '../../lib/read-cache.js';
import { errorResponses, notModified, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams } from '../bots/schemas.js';
import { requireScope } from '../keys/auth.js';
import { GuildIdParams, PremiumStatus, StatsBody, StatsResult, UserIdParams, VoteEntry, VoteStatus, VotesQuery } from './schemas.js';

const security = [{ apiKey: [] }];
const keyErrors = ['unauthorized', 'forbidden', 'not_found', 'validation_failed'] as const;

/** The endpoints a bot owner's code calls with its API key (spec §4 "Owner endpoints"). */
export async function ownerRoutes(app: App): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
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
        response: { 200: dataOf(Type.Array(VoteEntry)), ...errorResponses(...keyErrors) },
      },
    },
    async (request) => ({
      data: await app.services.owner.votes(request.params.id, request.query.limit, request.query.hours),
    }),
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
      const send = (cached: CachedResponse) =>
        sendCached(request, reply, cached, { contentType: JSON_TYPE, cacheControl: 'private, no-store' });
      // The promise is not returned: Fastify would send a second, empty answer when it resolves
      // while the onSend hooks of ours still run. Its failure goes to the error handler instead.
      if (isPromise(status)) status.then(send, (error: Error) => reply.send(error as never));
      else send(status);
    },
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
        response: { 200: dataOf(PremiumStatus), ...errorResponses(...keyErrors) },
      },
    },
    async (request) => ({
      data: await app.services.owner.premium(request.params.id, { userId: request.params.userId }),
    }),
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
        response: { 200: dataOf(PremiumStatus), ...errorResponses(...keyErrors) },
      },
    },
    async (request) => ({
      data: await app.services.owner.premium(request.params.id, { guildId: request.params.guildId }),
    }),
  );

  app.post(
    '/bots/:id/stats',
    {
      onRequest: requireScope(app.services.keys, 'stats:write'),
      schema: {
        operationId: 'postStats',
        tags: ['owner'],
        summary: 'Report the server count (and shard count)',
        security,
        params: BotIdParams,
        body: StatsBody,
        response: {
          200: dataOf(StatsResult),
          ...errorResponses(...keyErrors, 'payload_too_large'),
        },
      },
    },
    async (request) => ({ data: await app.services.owner.reportStats(request.params.id, request.body) }),
  );
}
