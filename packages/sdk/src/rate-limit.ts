/** The `x-ratelimit-*` headers of one answer (spec §8; see the service's docs/ratelimit.md). */
export interface RateLimit {
  /** Requests allowed in the window. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** Seconds until the current window ends. */
  reset: number;
}

/** The rate-limit headers of an answer, or undefined when it has none (e.g. limiting is off). */
export function readRateLimit(headers: Headers): RateLimit | undefined {
  const limit = whole(headers.get('x-ratelimit-limit'));
  const remaining = whole(headers.get('x-ratelimit-remaining'));
  const reset = whole(headers.get('x-ratelimit-reset'));
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return { limit, remaining, reset };
}

function whole(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}
