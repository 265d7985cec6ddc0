import { AppError } from '../../lib/errors.js';
import type { Metrics } from '../../lib/metrics.js';
import type { App } from '../../lib/types.js';
import { operatorCheck } from '../admin/auth.js';
import type { HealthService } from './service.js';

/** Seconds a load balancer might wait before asking again. */
const NOT_READY_RETRY_AFTER_S = 5;

/**
 * What an operator's tooling polls, none of it rate limited or logged at info, all `no-store`:
 * `/health/live`: the process runs and its event loop turns (restart it if not).
 * `/health/ready`: it can serve (send it traffic if so); 503 `service_unavailable` saying why not.
 * `/metrics`: every metric in Prometheus text format, behind METRICS_TOKEN when it is set.
 */
export async function healthRoutes(
  app: App,
  options: { health: HealthService; metrics: Metrics; metricsToken: string | undefined },
): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'live' }));

  app.get('/health/ready', { schema: { hide: true } }, async () => {
    const readiness = await options.health.readiness();
    if (!readiness.ready) throw AppError.unavailable(`Not ready: ${readiness.reasons.join('; ')}`, NOT_READY_RETRY_AFTER_S);
    return { status: 'ready', checks: readiness.checks };
  });

  const isScraper = options.metricsToken ? operatorCheck(options.metricsToken) : () => true;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isScraper(request)) {
      throw new AppError('unauthorized', 'A valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    return reply.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics());
  });
}
