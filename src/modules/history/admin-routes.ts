import { errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { CollectBody, CollectResponse } from './schemas.js';

export async function historyAdminRoutes(app: App): Promise<void> {
  app.post(
    '/history/collect',
    {
      schema: {
        operationId: 'collectHistory',
        description:
          "Writes every bot's count for the day (today by default) as the nightly job does; running it again the same day writes nothing.",
        tags: ['history'],
        summary: 'Run the daily history collection now (idempotent per day)',
        body: CollectBody,
        response: { 200: CollectResponse, ...errorResponses('unauthorized', 'validation_failed', 'payload_too_large') },
      },
      // Every field is optional, so no body at all (a bare `curl -X POST`) means `{}`: collect today.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const services = app.services;
      const date = request.body?.date;
      const written = await services.history.collect(date);
      return { data: { date: date ?? app.clock.now().toISOString().slice(0, 10), written } };
    },
  );
}
