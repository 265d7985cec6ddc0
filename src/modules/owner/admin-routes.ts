import { errorResponses, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import {
  Donation,
  DonationCreate,
  Subscription,
  SubscriptionIdParams,
  SubscriptionList,
  SubscriptionListQuery,
  SubscriptionPatch,
  SubscriptionUpsert,
  VoteCreate,
  VoteEntry,
} from './schemas.js';

const writeErrors = errorResponses('unauthorized', 'not_found', 'validation_failed', 'payload_too_large');

/** The facts behind the owner endpoints, fed by the operator's site: votes, subscriptions, donations. */
export async function ownerAdminRoutes(app: App): Promise<void> {
  app.post(
    '/bots/:id/votes',
    {
      schema: {
        operationId: 'createVote',
        tags: ['votes'],
        summary: 'Record a vote (409 within 12 hours of the same user’s previous vote)',
        params: AdminBotIdParams,
        body: VoteCreate,
        response: { 201: dataOf(VoteEntry), ...writeErrors, ...errorResponses('conflict') },
      },
    },
    async (request, reply) => {
      const vote = await app.services.owner.addVote(request.params.id, request.body);
      return reply.code(201).send({ data: vote });
    },
  );

  app.post(
    '/bots/:id/subscriptions',
    {
      schema: {
        operationId: 'upsertSubscription',
        tags: ['premium'],
        summary: 'Create or update (by id) a premium subscription',
        params: AdminBotIdParams,
        body: SubscriptionUpsert,
        response: {
          200: dataOf(Subscription),
          201: dataOf(Subscription),
          ...writeErrors,
          ...errorResponses('conflict'),
        },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await app.services.owner.upsertSubscription(request.params.id, request.body);
      return reply.code(created ? 201 : 200).send({ data: subscription });
    },
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        operationId: 'listSubscriptions',
        tags: ['premium'],
        summary: 'Every subscription, newest first; by bot, user, guild and active',
        querystring: SubscriptionListQuery,
        response: { 200: SubscriptionList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => app.services.owner.listSubscriptions(request.query),
  );

  app.patch(
    '/subscriptions/:subscriptionId',
    {
      schema: {
        operationId: 'patchSubscription',
        tags: ['premium'],
        summary: 'Change or end (active: false) a subscription',
        params: SubscriptionIdParams,
        body: SubscriptionPatch,
        response: { 200: dataOf(Subscription), ...writeErrors },
      },
    },
    async (request) => ({
      data: await app.services.owner.patchSubscription(request.params.subscriptionId, request.body),
    }),
  );

  app.post(
    '/bots/:id/donations',
    {
      schema: {
        operationId: 'createDonation',
        tags: ['donations'],
        summary: 'Record a donation',
        params: AdminBotIdParams,
        body: DonationCreate,
        response: { 201: dataOf(Donation), ...writeErrors },
      },
    },
    async (request, reply) => {
      const donation = await app.services.owner.addDonation(request.params.id, request.body);
      return reply.code(201).send({ data: donation });
    },
  );
}
