import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../lib/metrics.js';

/** A request id a proxy may hand us (nginx's $request_id, a UUID); anything else is replaced. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id of a request: the caller's `x-request-id` when it is a plain token, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

/** Requests an operator's tooling makes all the time: logged at debug only. */
function isProbe(url: string): boolean {
  return url.startsWith('/health/') || url === '/metrics' || url.startsWith('/metrics?');
}

export interface ObservabilityOptions {
  metrics: Metrics;
  logRequests: boolean;
}

/**
 * What an operator sees of each request: its id back in `x-request-id`, one log line when it is
 * answered (method, route, status, ms, request id; no headers, so no Authorization), and the
 * HTTP metrics (served by `GET /metrics`, see modules/health).
 */
export default fp<ObservabilityOptions>(
  async function observabilityPlugin(app: FastifyInstance, options: ObservabilityOptions) {
    const { metrics } = options;

    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });

    // Decided once: a request line is built (an object, the URL) only when it will be written.
    const log = app.log as { isLevelEnabled?: (level: string) => boolean };
    const logLines = options.logRequests && log.isLevelEnabled?.('info') !== false;
    const debugLines = log.isLevelEnabled?.('debug') !== false;
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      metrics.http.record(request.method, route, status, ms / 1000);
      if (status === 429) metrics.rateLimited.inc({ route });
      if (logLines && !isProbe(request.url)) {
        request.log.info({ method: request.method, route, url: request.url, status, ms: Math.round(ms * 10) / 10 }, 'request');
      } else if (debugLines) {
        request.log.debug({ method: request.method, route, url: request.url, status, ms }, 'request');
      }
      done();
    });
  },
  { name: 'observability' },
);
