import { Type } from 'typebox';
import { errorResponses, notModified, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { BotIdParams } from '../bots/schemas.js';
import { fact } from '../changes/facts.js';
import { KEY_ERRORS, KEY_SECURITY, requireScope } from '../keys/auth.js';
import { BulkCheckBody, BulkVoteStatus, UserIdParams, VoteEntry, VoteStatus, VotesQuery } from './schemas.js';

const PRIVATE = 'private, no-store';

/** The owner's reads of votes (spec §4 "Owner endpoints"), with an API key holding `votes:read`. */
export async function voteRoutes(app: App): Promise<void> {
  const { keys, votes } = app.services;

  app.get(
    '/bots/:id/votes',
    {
      onRequest: requireScope(keys, 'votes:read'),
      schema: {
        operationId: 'listVotes',
        description:
          "The bot's votes, newest first, up to `limit`; with `hours`, only those of the last `hours` hours. Needs a key of this bot with `votes:read`.",
        tags: ['owner'],
        summary: 'Recent votes, newest first',
        security: KEY_SECURITY,
        params: BotIdParams,
        querystring: VotesQuery,
        response: { 200: dataOf(Type.Array(VoteEntry)), ...notModified, ...errorResponses(...KEY_ERRORS) },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { limit, hours } = request.query;
      // A window bounded by `hours` moves with the clock: kept one second.
      reply.answer(
        {
          key: `votes:${id}:${limit}:${hours ?? ''}`,
          facts: [fact.bot(id), fact.votes(id)],
          ttlMs: hours === undefined ? 30_000 : 1_000,
          cacheControl: PRIVATE,
        },
        async () => ({ data: await votes.recent(id, limit, hours) }),
      );
    },
  );

  app.get(
    '/bots/:id/check/:userId',
    {
      onRequest: requireScope(keys, 'votes:read'),
      schema: {
        operationId: 'checkVote',
        description:
          "Whether the user's latest vote for the bot is less than 12 hours old, and when the window ends. Needs a key of this bot with `votes:read`; answers from memory between votes.",
        tags: ['owner'],
        summary: 'Whether a user voted within the last 12 hours',
        security: KEY_SECURITY,
        params: UserIdParams,
        response: { 200: dataOf(VoteStatus), ...notModified, ...errorResponses(...KEY_ERRORS) },
      },
    },
    (request, reply) => {
      const { id, userId } = request.params;
      // A vote status past its window is wrong, not stale: none is served while the database does not answer.
      reply.answer(
        {
          key: `check:${id}:${userId}`,
          facts: [fact.bot(id), fact.voter(id, userId)],
          ttlMs: ({ data }) => votes.statusLifeMs(data),
          staleWhenDown: false,
          cacheControl: PRIVATE,
        },
        async () => ({ data: await votes.status(id, userId) }),
      );
    },
  );

  app.post(
    '/bots/:id/check',
    {
      onRequest: requireScope(keys, 'votes:read'),
      schema: {
        operationId: 'checkVotes',
        description:
          'The vote status of each user of the list, in the order asked (repeats included), in one request that counts once for the rate limit. Needs a key of this bot with `votes:read`.',
        tags: ['owner'],
        summary: 'Whether each of 1 to 100 users voted within the last 12 hours (one request for the rate limit), in the order asked',
        security: KEY_SECURITY,
        params: BotIdParams,
        body: BulkCheckBody,
        response: { 200: dataOf(Type.Array(BulkVoteStatus)), ...errorResponses(...KEY_ERRORS, 'payload_too_large') },
      },
    },
    async (request) => ({ data: await votes.statuses(request.params.id, request.body.userIds) }),
  );
}
