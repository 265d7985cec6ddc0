import { dataOf, errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { trimQuery } from './routes.js';
import { ExplainQuery, SearchExplanation, SynonymsBody } from './schemas.js';

/** The operator's search synonyms, and why a search ranks as it does. */
export async function searchAdminRoutes(app: App): Promise<void> {
  app.get(
    '/search/explain',
    {
      // The same bounds as the search.
      preValidation: trimQuery,
      schema: {
        operationId: 'explainSearch',
        description:
          'The top 20 of `GET /api/v1/search` for a query, each with the ranking criteria that placed it (words matched, typos, proximity, attribute, exactness, stop words, popularity bands) and each query word’s best match in it. For debugging a complaint about search.',
        tags: ['search'],
        summary: 'Why a search ranks its top 20 as it does',
        querystring: ExplainQuery,
        response: { 200: dataOf(SearchExplanation), ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => ({ data: await app.services.search.explain(request.query.q, request.query.lang) }),
  );

  app.get(
    '/search/synonyms',
    {
      schema: {
        operationId: 'getSynonyms',
        description: "The operator's synonyms, one-way and multi-way, used by search beside the built-in German and English ones.",
        tags: ['search'],
        summary: "The operator's search synonyms",
        response: { 200: dataOf(SynonymsBody), ...errorResponses('unauthorized') },
      },
    },
    async () => ({ data: await app.services.search.synonyms() }),
  );

  app.put(
    '/search/synonyms',
    {
      schema: {
        operationId: 'putSynonyms',
        description: "Replaces the operator's synonyms; every process applies them to its search index at once.",
        tags: ['search'],
        summary: 'Replace the operator synonyms (one-way and multi-way); every process applies them at once',
        body: SynonymsBody,
        response: {
          200: dataOf(SynonymsBody),
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
