import type { FastifyBaseLogger } from 'fastify';
import { LAPSE_BATCH, type OwnerService } from './service.js';

/** How often each process looks for subscriptions that ran out: the delay of their "ends" event. */
export const LAPSE_SWEEP_MS = 10_000;

/**
 * Writes the premium "ends" events of lapsed subscriptions now and then every `intervalMs`;
 * resolves to a function that stops it after the sweep in progress. Runs in every process:
 * the sweep takes rows with SKIP LOCKED, so each lapse is written once.
 */
export function startLapseSweep(owner: OwnerService, log: FastifyBaseLogger, intervalMs = LAPSE_SWEEP_MS): () => Promise<void> {
  let running: Promise<void> | undefined;
  const sweep = (): void => {
    running ??= (async () => {
      try {
        let written = 0;
        let batch: number;
        do {
          batch = await owner.recordLapsedPremium();
          written += batch;
        } while (batch === LAPSE_BATCH);
        if (written > 0) log.info({ written }, 'lapsed premium subscriptions ended');
      } catch (error) {
        log.error({ err: error }, 'premium lapse sweep failed');
      } finally {
        running = undefined;
      }
    })();
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
