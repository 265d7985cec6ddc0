/**
 * When a webhook attempt is repeated (spec §6, §8).
 *
 * Any 2xx is a success. 5xx, 429, timeouts and network errors are worth
 * repeating; other 4xx and every 3xx are final (redirects are never
 * followed). The schedule gives the wait before each repeat; its length is
 * the number of repeats, six by default (the schedule and its parser live
 * in config/retry-schedule.ts, with WEBHOOK_RETRY_SCHEDULE).
 */
import { DEFAULT_RETRY_SCHEDULE } from '../../../config/index.js';
import { FORBIDDEN_ADDRESS_CODE } from '../endpoints/resolve-host.js';

export type AttemptOutcome = 'success' | 'retry' | 'final';

/** A 429's Retry-After is honoured up to one hour; a longer ask waits one hour, then tries again. */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/** `statusOrError`: the HTTP status of the answer, or what was thrown instead of one. */
export function classifyResponse(statusOrError: unknown): AttemptOutcome {
  if (typeof statusOrError !== 'number') {
    // The address policy refused the connection: the owner's DNS points at a
    // forbidden network, which a retry a minute later will not change.
    const code = (statusOrError as { code?: unknown } | null)?.code;
    return code === FORBIDDEN_ADDRESS_CODE ? 'final' : 'retry';
  }
  if (statusOrError >= 200 && statusOrError < 300) return 'success';
  if (statusOrError >= 500 && statusOrError < 600) return 'retry';
  if (statusOrError === 429) return 'retry';
  return 'final';
}

export interface DelayOptions {
  /** For an HTTP-date Retry-After; milliseconds since the epoch. Default `Date.now()`. */
  now?: number;
  /**
   * Source of jitter in [0, 1): the scheduled delay is spread by ±10 % so
   * deliveries that failed together (a receiver outage) do not all come back
   * at the same second. Pass `() => 0.5` for no jitter. Default Math.random.
   */
  random?: () => number;
}

/**
 * Seconds to wait after attempt number `attemptNumber` (1 = the first call)
 * failed with a retryable outcome, or null when the schedule is used up.
 * `retryAfterHeader` is the Retry-After of a 429; it wins when it asks for
 * longer than the schedule, up to MAX_RETRY_AFTER_SECONDS.
 */
export function nextDelaySeconds(
  attemptNumber: number,
  schedule: readonly number[] = DEFAULT_RETRY_SCHEDULE,
  retryAfterHeader?: string | null,
  { now = Date.now(), random = Math.random }: DelayOptions = {},
): number | null {
  const scheduled = schedule[attemptNumber - 1];
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1 || scheduled === undefined) return null;
  const jittered = scheduled * (0.9 + 0.2 * random());
  const asked = retryAfterHeader == null ? null : parseRetryAfter(retryAfterHeader, now);
  const delay = asked === null ? jittered : Math.max(jittered, Math.min(asked, MAX_RETRY_AFTER_SECONDS));
  return Math.round(delay * 1000) / 1000;
}

/** Retry-After as seconds from `now` (delta-seconds or HTTP-date), or null when unusable. */
export function parseRetryAfter(header: string, now: number = Date.now()): number | null {
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // Demand a letter before trusting Date.parse, which also reads "-5" or "2024" as dates.
  if (!/[A-Za-z]/.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
