/**
 * /admin/v1: a bot's webhook endpoints. The spec-era routes (/bots/{id}/webhook, /webhooks) manage
 * the bot's default endpoint; /bots/{id}/webhooks/... manage every endpoint by id, with secret
 * rotation (issue 15). Test events and the delivery log: ../delivery/routes.ts.
 */
import { Type } from 'typebox';
import { dataOf, errorResponses } from '../../../lib/schemas.js';
import type { App } from '../../../lib/types.js';
import { OPERATOR_TOKEN } from '../../audit/entry.js';
import { AdminBotIdParams } from '../../bots/schemas.js';
import {
  EndpointCreate,
  EndpointParams,
  EndpointPatch,
  RotatedSecret,
  SecretRotation,
  Webhook,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookList,
  WebhookListQuery,
  WebhookPut,
  WebhookWithSecret,
} from './schemas.js';

const readErrors = errorResponses('unauthorized', 'not_found', 'validation_failed');
const writeErrors = errorResponses('unauthorized', 'not_found', 'validation_failed', 'conflict', 'payload_too_large');

export async function webhookEndpointRoutes(app: App): Promise<void> {
  const endpoints = () => app.services.webhookEndpoints;

  app.get(
    '/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        description:
          'Webhook endpoints of every bot, a page at a time: with `state=disabled` those switched off (by the operator or after 20 finally failed deliveries in a row), latest first; with `state=failing` the enabled ones with failed deliveries in a row, most first; without `state` all of them by bot.',
        tags: ['webhooks'],
        summary: 'Webhooks by state: switched off (latest first) or failing (most failures first); all without state',
        querystring: WebhookListQuery,
        response: { 200: WebhookList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => endpoints().listByState(request.query),
  );

  app.put(
    '/bots/:id/webhook',
    {
      schema: {
        operationId: 'putWebhook',
        description:
          "Creates (201) or replaces (200) the bot's default endpoint, the spec's webhook: the URL must pass the address policy (422), a new webhook gets a generated secret unless one is given while an existing one keeps its own, `enabled` defaults to true (enabling again resets the failure count), and `secret` shows the secret this call set once, or null; 404 when the bot does not exist.",
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
      const { webhook, created } = await endpoints().configure(request.params.id, request.body, OPERATOR_TOKEN);
      return reply.code(created ? 201 : 200).send({ data: webhook });
    },
  );

  app.get(
    '/bots/:id/webhook',
    {
      schema: {
        operationId: 'getWebhook',
        description: "The bot's default endpoint (the spec's webhook) and its state, never its secret; 404 when the bot has none.",
        tags: ['webhooks'],
        summary: "A bot's webhook, without its secret",
        params: AdminBotIdParams,
        response: { 200: dataOf(Webhook), ...readErrors },
      },
    },
    async (request) => ({ data: await endpoints().get(request.params.id) }),
  );

  app.delete(
    '/bots/:id/webhook',
    {
      schema: {
        operationId: 'deleteWebhook',
        description:
          "Deletes the bot's default endpoint (the spec's webhook) with its pending deliveries and its delivery log, leaving its other endpoints; 404 when the bot has none.",
        tags: ['webhooks'],
        summary: 'Remove the webhook, its pending deliveries and its delivery log',
        params: AdminBotIdParams,
        response: { 204: Type.Null(), ...readErrors },
      },
    },
    async (request, reply) => {
      await endpoints().remove(request.params.id, undefined, OPERATOR_TOKEN);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/bots/:id/webhooks',
    {
      schema: {
        operationId: 'listWebhookEndpoints',
        description:
          'Every endpoint of the bot, the default one (`isDefault`) included, oldest first, without secrets; 404 when the bot does not exist.',
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
        description:
          'Adds an endpoint with its own URL (it must pass the address policy: 422), events, format and language, and answers its secret (generated unless given) this once; 404 when the bot does not exist, 409 when it has 10 endpoints already.',
        tags: ['webhooks'],
        summary: 'Add an endpoint (at most 10 per bot; 409 beyond); its secret is shown in this answer only',
        params: AdminBotIdParams,
        body: EndpointCreate,
        response: { 201: dataOf(WebhookEndpointWithSecret), ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await endpoints().create(request.params.id, request.body, OPERATOR_TOKEN) }),
  );

  app.get(
    '/bots/:id/webhooks/:endpointId',
    {
      schema: {
        operationId: 'getWebhookEndpoint',
        description:
          'One endpoint of the bot with its state and settings, never its secret; 404 when the bot has no endpoint with that ID.',
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
        description:
          'Changes only the fields given: a new URL must pass the address policy (422) and picks its format again unless one is given, and enabling again resets the failure count, while the secret changes through rotate-secret only; 404 when the bot has no endpoint with that ID.',
        tags: ['webhooks'],
        summary: 'Change an endpoint: URL, enabled, event filter, format, language (the secret: rotate-secret)',
        params: EndpointParams,
        body: EndpointPatch,
        response: { 200: dataOf(WebhookEndpoint), ...writeErrors },
      },
    },
    async (request) => ({ data: await endpoints().update(request.params.id, request.params.endpointId, request.body, OPERATOR_TOKEN) }),
  );

  app.delete(
    '/bots/:id/webhooks/:endpointId',
    {
      schema: {
        operationId: 'deleteWebhookEndpoint',
        description:
          'Deletes one endpoint of the bot (the default one too) with its pending deliveries and its delivery log; 404 when the bot has no endpoint with that ID.',
        tags: ['webhooks'],
        summary: 'Remove an endpoint, its pending deliveries and its delivery log',
        params: EndpointParams,
        response: { 204: Type.Null(), ...readErrors },
      },
    },
    async (request, reply) => {
      await endpoints().remove(request.params.id, request.params.endpointId, OPERATOR_TOKEN);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/bots/:id/webhooks/:endpointId/rotate-secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        description:
          'Replaces the signing secret with a new one (generated unless given) that this answer shows once, while the previous one keeps signing beside it until `previousSecretExpiresAt` (`overlapSeconds`, default 24 h; 0: not at all); 404 when the bot has no endpoint with that ID.',
        tags: ['webhooks'],
        summary:
          'A new signing secret (shown in this answer only); the previous one keeps signing beside it for overlapSeconds (default 24 h)',
        params: EndpointParams,
        body: SecretRotation,
        response: { 200: dataOf(RotatedSecret), ...writeErrors },
      },
    },
    async (request) => ({
      data: await endpoints().rotateSecret(request.params.id, request.params.endpointId, request.body ?? {}, OPERATOR_TOKEN),
    }),
  );

  app.delete(
    '/bots/:id/webhooks/:endpointId/previous-secret',
    {
      schema: {
        operationId: 'endWebhookSecretOverlap',
        description:
          "Ends a rotation's overlap now, so that only the new secret signs from the next attempt on; 404 when the bot has no endpoint with that ID, 409 when no overlap is running.",
        tags: ['webhooks'],
        summary: "End a rotation's overlap early: only the new secret signs from now on (409 when none runs)",
        params: EndpointParams,
        response: { 204: Type.Null(), ...readErrors, ...errorResponses('conflict') },
      },
    },
    async (request, reply) => {
      await endpoints().endOverlap(request.params.id, request.params.endpointId, OPERATOR_TOKEN);
      return reply.code(204).send(null);
    },
  );
}
