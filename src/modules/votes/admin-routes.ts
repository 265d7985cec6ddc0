import { errorResponses, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { VoteCreate, VoteEntry } from './schemas.js';

/** Votes the operator's own site records (the vote page records its own). */
export async function voteAdminRoutes(app: App): Promise<void> {
  const writeErrors = errorResponses('unauthorized', 'not_found', 'validation_failed', 'payload_too_large');

  app.post(
    '/bots/:id/votes',
    {
      schema: {
        operationId: 'createVote',
        description:
          'Records a vote as the vote page does: the counters, the `vote` webhook event and the 12-hour rule (409 when the user voted for the bot less than 12 hours before). 403 when the user is banned.',
        tags: ['votes'],
        summary: 'Record a vote (409 within 12 hours of the same user’s previous vote)',
        params: AdminBotIdParams,
        body: VoteCreate,
        response: { 201: dataOf(VoteEntry), ...writeErrors, ...errorResponses('conflict', 'forbidden') },
      },
    },
    async (request, reply) => {
      const vote = await app.services.votes.add(request.params.id, request.body);
      return reply.code(201).send({ data: vote });
    },
  );
}
