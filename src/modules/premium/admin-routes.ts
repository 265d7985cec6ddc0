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
} from './schemas.js';

/** The facts behind the premium endpoints, fed by the operator's site: subscriptions and donations. */
export async function premiumAdminRoutes(app: App): Promise<void> {
  const writeErrors = errorResponses('unauthorized', 'not_found', 'validation_failed', 'payload_too_large');

  app.post(
    '/bots/:id/subscriptions',
    {
      schema: {
        operationId: 'upsertSubscription',
        description:
          "Creates or updates a premium subscription by id (from the operator's payment provider). A subscription that starts or ends being in force sends a `premium` webhook event.",
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
      const { subscription, created } = await app.services.premium.upsertSubscription(request.params.id, request.body);
      return reply.code(created ? 201 : 200).send({ data: subscription });
    },
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        operationId: 'listSubscriptions',
        description: 'Every subscription, newest first, filtered by bot, user, server and the stored active flag.',
        tags: ['premium'],
        summary: 'Every subscription, newest first; by bot, user, guild and active',
        querystring: SubscriptionListQuery,
        response: { 200: SubscriptionList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => app.services.premium.listSubscriptions(request.query),
  );

  app.patch(
    '/subscriptions/:subscriptionId',
    {
      schema: {
        operationId: 'patchSubscription',
        description:
          'Changes a subscription, or ends it with `active: false`; a change of whether it is in force sends a `premium` webhook event.',
        tags: ['premium'],
        summary: 'Change or end (active: false) a subscription',
        params: SubscriptionIdParams,
        body: SubscriptionPatch,
        response: { 200: dataOf(Subscription), ...writeErrors },
      },
    },
    async (request) => ({
      data: await app.services.premium.patchSubscription(request.params.subscriptionId, request.body),
    }),
  );

  app.post(
    '/bots/:id/donations',
    {
      schema: {
        operationId: 'createDonation',
        description: "Records a donation to a bot (from the operator's payment provider) and sends a `donation` webhook event.",
        tags: ['donations'],
        summary: 'Record a donation',
        params: AdminBotIdParams,
        body: DonationCreate,
        response: { 201: dataOf(Donation), ...writeErrors },
      },
    },
    async (request, reply) => {
      const donation = await app.services.premium.addDonation(request.params.id, request.body);
      return reply.code(201).send({ data: donation });
    },
  );
}
