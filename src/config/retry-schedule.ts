/**
 * 10·n² seconds for n = 1…6. The spec lists the first five; the sixth
 * (360 s) continues the same pattern.
 */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = [10, 40, 90, 160, 250, 360];

/** Operator overrides: at most this many repeats, each at most one day. */
const MAX_SCHEDULE_LENGTH = 20;
const MAX_SCHEDULE_DELAY_SECONDS = 86_400;

/**
 * Parses `WEBHOOK_RETRY_SCHEDULE`: comma-separated seconds such as
 * "10,40,90". Unset or blank means the default. Fractions are allowed so
 * tests can run a whole schedule quickly. Throws with a readable message on
 * anything else, so a typo fails at boot rather than at the first outage.
 */
export function parseRetrySchedule(value: string | undefined): number[] {
  if (value === undefined || value.trim() === '') return [...DEFAULT_RETRY_SCHEDULE];
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length > MAX_SCHEDULE_LENGTH) {
    throw new RangeError(`WEBHOOK_RETRY_SCHEDULE: at most ${MAX_SCHEDULE_LENGTH} delays, got ${parts.length}`);
  }
  return parts.map((part) => {
    if (!/^\d+(\.\d+)?$/.test(part)) {
      throw new RangeError(`WEBHOOK_RETRY_SCHEDULE: "${part}" is not a non-negative number of seconds`);
    }
    const seconds = Number(part);
    if (seconds > MAX_SCHEDULE_DELAY_SECONDS) {
      throw new RangeError(`WEBHOOK_RETRY_SCHEDULE: ${part} s is longer than one day`);
    }
    return seconds;
  });
}
