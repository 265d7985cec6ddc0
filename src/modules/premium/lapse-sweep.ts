import type { FastifyBaseLogger } from 'fastify';
import { inBatches, startPeriodic, type Periodic } from '../../lib/background.js';
import { LAPSE_BATCH, type PremiumService } from './service.js';

/** How often each process looks for subscriptions that ran out: the delay of their "ends" event. */
export const LAPSE_SWEEP_MS = 10_000;

/**
 * Writes the premium "ends" events of lapsed subscriptions now and then every `intervalMs`.
 * Runs in every process: the sweep takes rows with SKIP LOCKED, so each lapse is written once.
 */
export function startLapseSweep(premium: PremiumService, log: FastifyBaseLogger, intervalMs = LAPSE_SWEEP_MS): Periodic {
  return startPeriodic(async () => {
    try {
      const written = await inBatches(() => premium.recordLapsedPremium(), LAPSE_BATCH);
      if (written > 0) log.info({ written }, 'lapsed premium subscriptions ended');
    } catch (error) {
      log.error({ err: error }, 'premium lapse sweep failed');
    }
  }, intervalMs);
}
