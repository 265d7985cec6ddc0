import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { SearchQuery, SearchResponse, SynonymsBody } from './schemas.js';

export async function searchRoutes(app: App): Promise<void> {
  app.get(
    '/search',
    {
      // The bounds apply to the query as typed minus surrounding blanks: trim before validating.
      preValidation: async (request) => {
        const query = request.query as { q?: unknown };
        if (typeof query.q === 'string') query.q = query.q.trim();
      },
      schema: {
        operationId: 'searchBots',
        tags: ['search'],
        summary: 'Search published bots as a person types: typos, synonyms, German and English',
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request, reply) => {
      const { q, lang, limit } = request.query;
      reply.header('cache-control', 'no-cache');
      return app.services.search.search(q, lang, limit);
    },
  );
}

export async function searchAdminRoutes(app: App): Promise<void> {
  app.get(
    '/search/synonyms',
    {
      schema: {
        operationId: 'getSynonyms',
        tags: ['search'],
        summary: "The operator's search synonyms",
        response: { 200: Type.Object({ data: SynonymsBody }), ...errorResponses('unauthorized') },
      },
    },
    async () => ({ data: await app.services.search.synonyms() }),
  );

  app.put(
    '/search/synonyms',
    {
      schema: {
        operationId: 'putSynonyms',
        tags: ['search'],
        summary: 'Replace the operator synonyms (one-way and multi-way); every process applies them at once',
        body: SynonymsBody,
        response: {
          200: Type.Object({ data: SynonymsBody }),
          ...errorResponses('unauthorized', 'validation_failed', 'payload_too_large'),
        },
      },
    },
    async (request) => {
      await app.services.search.saveSynonyms(request.body);
      return { data: request.body };
    },
  );
}
