import { Type } from 'typebox';
import { errorResponses, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { OPERATOR_TOKEN } from '../audit/entry.js';
import { AdminBotIdParams } from '../bots/schemas.js';
import { ApiKey, CreatedKey, KeyCreate, KeyIdParams, KeyPatch } from './schemas.js';

export async function keyAdminRoutes(app: App): Promise<void> {
  app.post(
    '/bots/:id/keys',
    {
      schema: {
        operationId: 'createKey',
        description: 'Creates an API key for a bot with the scopes given. The key is in this answer only: the directory keeps its hash.',
        tags: ['keys'],
        summary: 'Create an API key for a bot (the key is in this answer only)',
        params: AdminBotIdParams,
        body: KeyCreate,
        response: {
          201: dataOf(CreatedKey),
          ...errorResponses('unauthorized', 'not_found', 'validation_failed', 'payload_too_large'),
        },
      },
    },
    async (request, reply) => {
      const created = await app.services.keys.create(request.params.id, request.body, OPERATOR_TOKEN);
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    '/bots/:id/keys',
    {
      schema: {
        operationId: 'listKeys',
        description: "The bot's API keys, revoked ones included, with their prefix, scopes, tier and last use; never the keys themselves.",
        tags: ['keys'],
        summary: "A bot's API keys, without secrets",
        params: AdminBotIdParams,
        response: {
          200: dataOf(Type.Array(ApiKey)),
          ...errorResponses('unauthorized', 'not_found', 'validation_failed'),
        },
      },
    },
    async (request) => ({ data: await app.services.keys.list(request.params.id) }),
  );

  app.patch(
    '/keys/:keyId',
    {
      schema: {
        operationId: 'patchKey',
        description: "Changes a key's rate tier, scopes or name; every process applies it at once.",
        tags: ['keys'],
        summary: "Change a key's tier, scopes or name",
        params: KeyIdParams,
        body: KeyPatch,
        response: {
          200: dataOf(ApiKey),
          ...errorResponses('unauthorized', 'not_found', 'validation_failed', 'payload_too_large'),
        },
      },
    },
    async (request) => ({ data: await app.services.keys.patch(request.params.keyId, request.body, OPERATOR_TOKEN) }),
  );

  app.delete(
    '/keys/:keyId',
    {
      schema: {
        operationId: 'revokeKey',
        description: 'Revokes a key: every request with it answers 401 from then on, on every process.',
        tags: ['keys'],
        summary: 'Revoke a key: it gets 401 from then on, on every process',
        params: KeyIdParams,
        response: { 204: Type.Null(), ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request, reply) => {
      await app.services.keys.revoke(request.params.keyId, OPERATOR_TOKEN);
      return reply.code(204).send(null);
    },
  );
}
