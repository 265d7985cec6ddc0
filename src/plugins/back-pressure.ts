import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/** Seconds a client waits before trying again while the process is saturated. */
const RETRY_AFTER_S = 2;
const SAMPLE_INTERVAL_MS = 1000;

/**
 * Back-pressure: while this process's event loop lags more than `maxEventLoopDelayMs` (sampled
 * every second), requests are refused at once with 503 `service_unavailable` and `Retry-After`
 * instead of queueing behind the work already late. Health checks and metrics still answer, so
 * the operator sees why.
 */
export default fp<{ maxEventLoopDelayMs: number }>(
  async function backPressurePlugin(app: FastifyInstance, options: { maxEventLoopDelayMs: number }) {
    if (options.maxEventLoopDelayMs === 0) return;
    let lastWarning = -Infinity;
    // The first samples measure the start itself (migrations, loading the search index): not load.
    let judgeFrom = Infinity;
    app.addHook('onReady', async () => {
      judgeFrom = Date.now() + 2 * SAMPLE_INTERVAL_MS;
    });
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      sampleInterval: SAMPLE_INTERVAL_MS,
      pressureHandler: (request, _reply, type, value) => {
        if (Date.now() < judgeFrom || request.url.startsWith('/health/') || request.url.startsWith('/metrics')) return undefined;
        if (Date.now() - lastWarning > 10_000) {
          lastWarning = Date.now();
          request.log.warn({ type, value }, 'under pressure: answering 503 until the event loop catches up');
        }
        // A rejected promise goes to the error handler, which answers in the envelope.
        return Promise.reject(AppError.unavailable('The service is overloaded; retry later', RETRY_AFTER_S));
      },
    });
  },
  { name: 'back-pressure' },
);
