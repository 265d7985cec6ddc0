import { Type } from 'typebox';
import { errorResponses, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { Delivery, DeliveryIdParams, DeliveryList, ListQuery, NotificationList, QueuedEvent, Webhook, WebhookList, WebhookListQuery, WebhookPut, WebhookWithSecret } from './schemas.js';

const readErrors = errorResponses('unauthorized', 'not_found', 'validation_failed');

export async function webhookAdminRoutes(app: App): Promise<void> {
  app.get(
    '/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        tags: ['webhooks'],
        summary: 'Webhooks by state: switched off (latest first) or failing (most failures first); all without state',
        querystring: WebhookListQuery,
        response: { 200: WebhookList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => app.services.webhooks.list(request.query),
  );

  app.put(
    '/bots/:id/webhook',
    {
      schema: {
        operationId: 'putWebhook',
        tags: ['webhooks'],
        summary: "Set a bot's webhook (the secret is shown in this answer only); 422 when the address is not allowed",
        params: AdminBotIdParams,
        body: WebhookPut,
        response: {
          200: dataOf(WebhookWithSecret),
          201: dataOf(WebhookWithSecret),
          ...errorResponses('unauthorized', 'not_found', 'validation_failed', 'payload_too_large'),
        },
      },
    },
    async (request, reply) => {
      const { webhook, created } = await app.services.webhooks.configure(request.params.id, request.body);
      return reply.code(created ? 201 : 200).send({ data: webhook });
    },
  );

  app.get(
    '/bots/:id/webhook',
    {
      schema: {
        operationId: 'getWebhook',
        tags: ['webhooks'],
        summary: "A bot's webhook, without its secret",
        params: AdminBotIdParams,
        response: { 200: dataOf(Webhook), ...readErrors },
      },
    },
    async (request) => ({ data: await app.services.webhooks.get(request.params.id) }),
  );

  app.delete(
    '/bots/:id/webhook',
    {
      schema: {
        operationId: 'deleteWebhook',
        tags: ['webhooks'],
        summary: 'Remove the webhook, its pending deliveries and its delivery log',
        params: AdminBotIdParams,
        response: { 204: Type.Null(), ...readErrors },
      },
    },
    async (request, reply) => {
      await app.services.webhooks.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/bots/:id/webhook/test',
    {
      schema: {
        operationId: 'testWebhook',
        tags: ['webhooks'],
        summary: 'Send a `test` event through the delivery pipeline (409 when the webhook is switched off)',
        params: AdminBotIdParams,
        response: { 202: dataOf(QueuedEvent), ...readErrors, ...errorResponses('conflict', 'payload_too_large') },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await app.services.webhooks.sendTest(request.params.id) }),
  );

  app.get(
    '/bots/:id/webhook/deliveries',
    {
      schema: {
        operationId: 'listDeliveries',
        tags: ['webhooks'],
        summary: 'The delivery log, newest first, with every attempt',
        params: AdminBotIdParams,
        querystring: ListQuery,
        response: { 200: DeliveryList, ...readErrors },
      },
    },
    async (request) => app.services.webhooks.deliveries(request.params.id, request.query),
  );

  app.post(
    '/webhook/deliveries/:deliveryId/redeliver',
    {
      schema: {
        operationId: 'redeliver',
        tags: ['webhooks'],
        summary: "Deliver a finished delivery's event again (same event id) as a new delivery",
        params: DeliveryIdParams,
        response: { 202: dataOf(Delivery), ...readErrors, ...errorResponses('conflict', 'payload_too_large') },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await app.services.webhooks.redeliver(request.params.deliveryId) }),
  );

  app.get(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags: ['webhooks'],
        summary: 'Notices for bot owners (a webhook switched off), newest first',
        querystring: ListQuery,
        response: { 200: NotificationList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => app.services.webhooks.notifications(request.query),
  );
}
