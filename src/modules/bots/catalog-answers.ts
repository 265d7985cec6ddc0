import { startOfNextUtcMonth } from '../../lib/clock.js';

/** An answer made from the catalog (a list page, a search answer): the version it was made at, and its deadline. */
export interface CatalogAnswer {
  readonly version: number;
  readonly expiresAt: number;
}

/**
 * LIST_MAX_STALE_MS's rule, for every answer made from the catalog: it is served while nothing
 * changed since it was made, or until its deadline (under a stream of votes the catalog changes
 * between any two requests, and every answer would otherwise be made again for each of them).
 */
export function stillServes(answer: CatalogAnswer, version: number, now: number): boolean {
  return answer.version === version || now < answer.expiresAt;
}

/** The deadline of an answer made now: `maxStaleMs` later, never into the next UTC month (votesMonth restarts). */
export function staleDeadline(now: Date, maxStaleMs: number): number {
  return Math.min(now.getTime() + maxStaleMs, startOfNextUtcMonth(now).getTime());
}
