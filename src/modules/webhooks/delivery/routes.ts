/** /admin/v1: test events, a bot's delivery log and redelivery. */
import { dataOf, errorResponses } from '../../../lib/schemas.js';
import type { App } from '../../../lib/types.js';
import { AdminBotIdParams } from '../../bots/schemas.js';
import { EndpointParams } from '../endpoints/schemas.js';
import { Delivery, DeliveryIdParams, DeliveryList, ListQuery, QueuedEvent } from './schemas.js';

const readErrors = errorResponses('unauthorized', 'not_found', 'validation_failed');

export async function webhookDeliveryRoutes(app: App): Promise<void> {
  const deliveries = () => app.services.webhookDeliveries;

  app.post(
    '/bots/:id/webhook/test',
    {
      schema: {
        operationId: 'testWebhook',
        description:
          "Records a `test` event for the bot's default endpoint (the spec's webhook) and answers its id; the worker delivers it like any other event, and the outcome appears in the delivery log; 404 when the bot has no webhook, 409 when it is switched off.",
        tags: ['webhooks'],
        summary: 'Send a `test` event through the delivery pipeline (409 when the webhook is switched off)',
        params: AdminBotIdParams,
        response: { 202: dataOf(QueuedEvent), ...readErrors, ...errorResponses('conflict', 'payload_too_large') },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await deliveries().sendTest(request.params.id) }),
  );

  app.get(
    '/bots/:id/webhook/deliveries',
    {
      schema: {
        operationId: 'listDeliveries',
        description:
          'The deliveries to every endpoint of the bot, newest first, each with all its attempts (status code or error, latency, the start of the answer); optionally only those to one endpoint (`endpointId`), in one state (`status`) or of one event type (`event`). Paged by `page` with `pagination`, or by keyset from `after` (empty for the first page) with `next`; 404 when the bot has no endpoint, or none with `endpointId`.',
        tags: ['webhooks'],
        summary: 'The delivery log, newest first, with every attempt; filters by endpoint, state and event',
        params: AdminBotIdParams,
        querystring: ListQuery,
        response: { 200: DeliveryList, ...readErrors },
      },
    },
    async (request) => deliveries().deliveries(request.params.id, request.query),
  );

  app.post(
    '/webhook/deliveries/:deliveryId/redeliver',
    {
      schema: {
        operationId: 'redeliver',
        description:
          'Sends the event of a finished delivery again as a new delivery to the same endpoint, with the same event id (receivers drop duplicates by it) and a fresh retry schedule; 404 when there is no such delivery, 409 while it is still pending or when its endpoint is switched off.',
        tags: ['webhooks'],
        summary: "Deliver a finished delivery's event again (same event id) as a new delivery",
        params: DeliveryIdParams,
        response: { 202: dataOf(Delivery), ...readErrors, ...errorResponses('conflict', 'payload_too_large') },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await deliveries().redeliver(request.params.deliveryId) }),
  );

  app.post(
    '/bots/:id/webhooks/:endpointId/test',
    {
      schema: {
        operationId: 'testWebhookEndpoint',
        description:
          'Records a `test` event for this endpoint only, whatever its event filter, and answers its id; the outcome appears in the delivery log; 404 when the bot has no endpoint with that ID, 409 when it is switched off.',
        tags: ['webhooks'],
        summary: 'Send a `test` event to this endpoint only (409 when it is switched off)',
        params: EndpointParams,
        response: { 202: dataOf(QueuedEvent), ...readErrors, ...errorResponses('conflict', 'payload_too_large') },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await deliveries().sendTest(request.params.id, request.params.endpointId) }),
  );
}
