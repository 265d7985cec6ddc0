import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';

/** Starts the background jobs of this process; returns a function that stops them. */
export function startWorkers(app: FastifyInstance): () => void {
  const history = new Cron(app.config.historyCron, { timezone: 'UTC', protect: true }, async () => {
    try {
      const written = await app.services.history.collect();
      app.log.info({ written }, 'history collected');
    } catch (error) {
      app.log.error({ err: error }, 'history collection failed');
    }
  });
  return () => history.stop();
}
