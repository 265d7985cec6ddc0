/** /admin/v1/bots/{id}/webhooks: several endpoints per bot, secret rotation with overlap (issue 15). */
import { Type } from 'typebox';
import { dataOf, errorResponses, SnowflakeId, Uuid } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { EndpointCreate, EndpointPatch, QueuedEvent, RotatedSecret, SecretRotation, WebhookEndpoint, WebhookEndpointWithSecret } from './schemas.js';

const EndpointParams = Type.Object({ id: SnowflakeId, endpointId: Uuid });
const readErrors = errorResponses('unauthorized', 'not_found', 'validation_failed');
const writeErrors = errorResponses('unauthorized', 'not_found', 'validation_failed', 'conflict', 'payload_too_large');

export async function webhookEndpointRoutes(app: App): Promise<void> {
  const endpoints = () => app.services.webhookEndpoints;

  app.get(
    '/bots/:id/webhooks',
    {
      schema: {
        operationId: 'listWebhookEndpoints',
        tags: ['webhooks'],
        summary: "A bot's webhook endpoints (the default one, the spec's webhook, included), oldest first",
        params: AdminBotIdParams,
        response: { 200: dataOf(Type.Array(WebhookEndpoint)), ...readErrors },
      },
    },
    async (request) => ({ data: await endpoints().list(request.params.id) }),
  );

  app.post(
    '/bots/:id/webhooks',
    {
      schema: {
        operationId: 'createWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Add an endpoint (at most 10 per bot; 409 beyond); its secret is shown in this answer only',
        params: AdminBotIdParams,
        body: EndpointCreate,
        response: { 201: dataOf(WebhookEndpointWithSecret), ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await endpoints().create(request.params.id, request.body) }),
  );

  app.get(
    '/bots/:id/webhooks/:endpointId',
    {
      schema: {
        operationId: 'getWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'One endpoint, without its secret',
        params: EndpointParams,
        response: { 200: dataOf(WebhookEndpoint), ...readErrors },
      },
    },
    async (request) => ({ data: await endpoints().get(request.params.id, request.params.endpointId) }),
  );

  app.patch(
    '/bots/:id/webhooks/:endpointId',
    {
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Change an endpoint: URL, enabled, event filter, format, language (the secret: rotate-secret)',
        params: EndpointParams,
        body: EndpointPatch,
        response: { 200: dataOf(WebhookEndpoint), ...writeErrors },
      },
    },
    async (request) => ({ data: await endpoints().update(request.params.id, request.params.endpointId, request.body) }),
  );

  app.delete(
    '/bots/:id/webhooks/:endpointId',
    {
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Remove an endpoint, its pending deliveries and its delivery log',
        params: EndpointParams,
        response: { 204: Type.Null(), ...readErrors },
      },
    },
    async (request, reply) => {
      await endpoints().remove(request.params.id, request.params.endpointId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/bots/:id/webhooks/:endpointId/test',
    {
      schema: {
        operationId: 'testWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Send a `test` event to this endpoint only (409 when it is switched off)',
        params: EndpointParams,
        response: { 202: dataOf(QueuedEvent), ...readErrors, ...errorResponses('conflict', 'payload_too_large') },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await endpoints().sendTest(request.params.id, request.params.endpointId) }),
  );

  app.post(
    '/bots/:id/webhooks/:endpointId/rotate-secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        tags: ['webhooks'],
        summary:
          'A new signing secret (shown in this answer only); the previous one keeps signing beside it for overlapSeconds (default 24 h)',
        params: EndpointParams,
        body: SecretRotation,
        response: { 200: dataOf(RotatedSecret), ...writeErrors },
      },
    },
    async (request) => ({ data: await endpoints().rotateSecret(request.params.id, request.params.endpointId, request.body ?? {}) }),
  );

  app.delete(
    '/bots/:id/webhooks/:endpointId/previous-secret',
    {
      schema: {
        operationId: 'endWebhookSecretOverlap',
        tags: ['webhooks'],
        summary: "End a rotation's overlap early: only the new secret signs from now on (409 when none runs)",
        params: EndpointParams,
        response: { 204: Type.Null(), ...readErrors, ...errorResponses('conflict') },
      },
    },
    async (request, reply) => {
      await endpoints().endOverlap(request.params.id, request.params.endpointId);
      return reply.code(204).send(null);
    },
  );
}
