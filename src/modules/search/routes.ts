import { JSON_TYPE, sendCached } from '../../lib/http.js';
import { errorResponses, notModified } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { SearchQuery, SearchResponse } from './schemas.js';

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
        response: { 200: SearchResponse, ...notModified, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request, reply) => {
      const { q, lang, limit } = request.query;
      const answer = await app.services.search.searchJson(q, lang, limit);
      return sendCached(request, reply, answer, { contentType: JSON_TYPE, cacheControl: 'no-cache' });
    },
  );
}
