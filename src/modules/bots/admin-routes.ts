import { OPERATOR_TOKEN } from '../audit/entry.js';
import { Type } from 'typebox';
import { errorResponses, dataOf } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { AdminBot, AdminBotIdParams, AdminBotList, AdminBotListQuery, BotPatch, BotPut } from './schemas.js';

const BotResponse = dataOf(AdminBot);

export async function botAdminRoutes(app: App): Promise<void> {
  app.get(
    '/bots',
    {
      schema: {
        operationId: 'listAdminBots',
        description: 'Every bot, published or not, newest first, filtered by publication, by id or name, or by owner; for the operator.',
        tags: ['bots'],
        summary: 'Every bot, published or not, newest first; by publication, id or name, owner',
        querystring: AdminBotListQuery,
        response: { 200: AdminBotList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => app.services.botAdmin.list(request.query),
  );

  app.get(
    '/bots/:id',
    {
      schema: {
        operationId: 'adminGetBot',
        description: 'One bot with every field the operator manages (owners, platform counts, publication), published or not.',
        tags: ['bots'],
        summary: 'One bot, published or not',
        params: AdminBotIdParams,
        response: { 200: BotResponse, ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request) => ({ data: await app.services.bots.adminGet(request.params.id) }),
  );

  app.put(
    '/bots/:id',
    {
      schema: {
        operationId: 'putBot',
        description:
          'Creates the bot (201) or replaces every writable field (200). A bot is published when `published` is true; its first publication time is kept ever after.',
        tags: ['bots'],
        summary: 'Create or replace a bot',
        params: AdminBotIdParams,
        body: BotPut,
        response: {
          200: BotResponse,
          201: BotResponse,
          ...errorResponses('unauthorized', 'validation_failed', 'payload_too_large'),
        },
      },
    },
    async (request, reply) => {
      const { bot, created } = await app.services.bots.put(request.params.id, request.body);
      return reply.code(created ? 201 : 200).send({ data: bot });
    },
  );

  app.patch(
    '/bots/:id',
    {
      schema: {
        operationId: 'patchBot',
        description:
          'Changes the fields given and leaves the others. Unpublishing removes the bot from every public answer before this answer is sent.',
        tags: ['bots'],
        summary: 'Change some fields of a bot',
        params: AdminBotIdParams,
        body: BotPatch,
        response: {
          200: BotResponse,
          ...errorResponses('unauthorized', 'not_found', 'validation_failed', 'payload_too_large'),
        },
      },
    },
    async (request) => ({ data: await app.services.bots.patch(request.params.id, request.body) }),
  );

  app.delete(
    '/bots/:id',
    {
      schema: {
        operationId: 'deleteBot',
        description:
          'Deletes the bot with everything that belongs to it (reviews, votes, history, keys, webhooks); it is gone from every public answer at once.',
        tags: ['bots'],
        summary: 'Delete a bot with its reviews, votes and history',
        params: AdminBotIdParams,
        response: { 204: Type.Null(), ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request, reply) => {
      await app.services.bots.delete(request.params.id, OPERATOR_TOKEN);
      return reply.code(204).send(null);
    },
  );
}
