/** /admin/v1/reason-templates: the reasons the console offers in its forms. */
import { Type } from 'typebox';
import { dataOf, errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { ReasonTemplate, ReasonTemplateCreate, ReasonTemplateIdParams, ReasonTemplateList } from './schemas.js';

export async function reasonTemplateAdminRoutes(app: App): Promise<void> {
  const templates = () => app.services.reasonTemplates;

  app.get(
    '/reason-templates',
    {
      schema: {
        operationId: 'listReasonTemplates',
        description: 'Every reason template (at most 50), by title: the texts the console offers for notes and reasons.',
        tags: ['moderation'],
        summary: 'The reason templates, by title',
        response: { 200: ReasonTemplateList, ...errorResponses('unauthorized') },
      },
    },
    async () => ({ data: await templates().list() }),
  );

  app.post(
    '/reason-templates',
    {
      schema: {
        operationId: 'createReasonTemplate',
        description: 'Adds a reason template. 409 when another has the title; 422 once there are 50.',
        tags: ['moderation'],
        summary: 'Add a reason template',
        body: ReasonTemplateCreate,
        response: { 201: dataOf(ReasonTemplate), ...errorResponses('unauthorized', 'conflict', 'validation_failed', 'payload_too_large') },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await templates().create(request.body) }),
  );

  app.delete(
    '/reason-templates/:templateId',
    {
      schema: {
        operationId: 'deleteReasonTemplate',
        description: 'Deletes a reason template (the notes written with it stay as written).',
        tags: ['moderation'],
        summary: 'Delete a reason template',
        params: ReasonTemplateIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request, reply) => {
      await templates().delete(request.params.templateId);
      return reply.code(204).send(null);
    },
  );
}
