import { dataOf, errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { SynonymsBody } from './schemas.js';

/** The operator's search synonyms. */
export async function searchAdminRoutes(app: App): Promise<void> {
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
