/**
 * Where rate-limit counters live. One call per request: count it in the caller's bucket and say
 * where the bucket stands. Windows are fixed and start at a bucket's first request: the count
 * runs for `windowMs`, then the next request starts a new window at 1.
 */
export interface RateLimitStore {
  /**
   * Counts one request in `bucket`. `limit` is passed for stores that want it; the caller decides
   * (count > limit) whether the request is refused. May answer synchronously (memory) or not.
   */
  hit(bucket: string, limit: number, windowMs: number): RateLimitHit | Promise<RateLimitHit>;
  close?(): Promise<void>;
  /** A shared store: whether it answers now (counting falls back to this process while it does not). */
  available?(): boolean;
}

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the current window ends (> 0). */
  resetMs: number;
}
