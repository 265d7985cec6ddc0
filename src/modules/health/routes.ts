import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import type { HealthService } from './service.js';

/** Seconds a load balancer might wait before asking again. */
const NOT_READY_RETRY_AFTER_S = 5;

/**
 * `/health/live`: the process runs and its event loop turns (restart it if not).
 * `/health/ready`: it can serve (send it traffic if so); 503 `service_unavailable` saying why not.
 * Neither is rate limited nor logged at info; both are `no-store`.
 */
export async function healthRoutes(app: App, options: { health: HealthService }): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'live' }));

  app.get('/health/ready', { schema: { hide: true } }, async () => {
    const readiness = await options.health.readiness();
    if (!readiness.ready) throw AppError.unavailable(`Not ready: ${readiness.reasons.join('; ')}`, NOT_READY_RETRY_AFTER_S);
    return { status: 'ready', checks: readiness.checks };
  });
}
