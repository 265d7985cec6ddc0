/** /admin/v1/bans: ban a user or a bot, list the bans in force, lift one. */
import { dataOf, errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { OPERATOR_TOKEN } from '../audit/entry.js';
import { Ban, BanCreate, BanIdParams, BanList, BanListQuery } from './schemas.js';

export async function banAdminRoutes(app: App): Promise<void> {
  const bans = () => app.services.bans;

  app.get(
    '/bans',
    {
      schema: {
        operationId: 'listBans',
        description:
          'The bans in force, newest first. Pages continue with `after` = the previous page\u2019s `next` (read from an index in this order).',
        tags: ['bans'],
        summary: 'The bans in force, newest first',
        querystring: BanListQuery,
        response: { 200: BanList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => bans().list(request.query),
  );

  app.post(
    '/bans',
    {
      schema: {
        operationId: 'createBan',
        description:
          'Bans a user (403 on their submissions, votes, reviews and reports from then on) or a bot (its listing is removed with the reason: out of every public answer at once, and never listed again). 409 when banned already.',
        tags: ['bans'],
        summary: 'Ban a user or a bot, with a reason',
        body: BanCreate,
        response: { 201: dataOf(Ban), ...errorResponses('unauthorized', 'conflict', 'validation_failed', 'payload_too_large') },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await bans().ban(request.body, OPERATOR_TOKEN) }),
  );

  app.post(
    '/bans/:banId/lift',
    {
      schema: {
        operationId: 'liftBan',
        description:
          'Lifts a ban: the user may submit, vote, review and report again; a bot may be listed again (its removed listing stays removed until the operator publishes it: `PATCH /bots/{id}` with `published: true`). 409 when lifted already.',
        tags: ['bans'],
        summary: 'Lift a ban',
        params: BanIdParams,
        response: {
          200: dataOf(Ban),
          ...errorResponses('unauthorized', 'not_found', 'conflict', 'validation_failed', 'payload_too_large'),
        },
      },
    },
    async (request) => ({ data: await bans().lift(request.params.banId, OPERATOR_TOKEN) }),
  );
}
