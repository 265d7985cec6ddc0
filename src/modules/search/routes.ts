import type { FastifyRequest } from 'fastify';
import { errorResponses, notModified } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { fact } from '../changes/facts.js';
import { SearchQuery, SearchResponse } from './schemas.js';

/** The bounds of `q` apply to the query as typed minus surrounding blanks: trimmed before validating. */
export async function trimQuery(request: FastifyRequest): Promise<void> {
  const query = request.query as { q?: unknown };
  if (typeof query.q === 'string') query.q = query.q.trim();
}

export async function searchRoutes(app: App): Promise<void> {
  app.get(
    '/search',
    {
      preValidation: trimQuery,
      schema: {
        operationId: 'searchBots',
        description:
          "Published bots ranked for a query as a person types it: typos within a budget per word, prefixes of the last word, synonyms, German and English equivalents; popularity breaks ties. `processingTimeMs` is the engine's own time.",
        tags: ['search'],
        summary: 'Search published bots as a person types: typos, synonyms, German and English',
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...notModified, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    (request, reply) => {
      const { q, lang, limit } = request.query;
      // As a list page (its popularity may lag as much), and the operator's synonyms at once.
      const read = app.services.bots.catalogRead(`search:${lang}:${limit}:${q}`);
      reply.answer({ ...read, facts: [...read.facts, fact.synonyms], cacheControl: 'no-cache' }, () =>
        app.services.search.search(q, lang, limit),
      );
    },
  );
}
