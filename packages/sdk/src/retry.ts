import { retryAfterSeconds } from './errors.js';

/** How failed calls are repeated. Pass `retry: false` to the client to turn repeats off. */
export interface RetryOptions {
  /** Repeats after the first attempt. Default 2. */
  retries?: number;
  /** First backoff step without a `Retry-After`; doubles per repeat, with jitter. Default 500 ms. */
  baseDelayMs?: number;
  /**
   * Longest wait before a repeat. An answer whose `Retry-After` asks for longer is not repeated:
   * the call rejects at once with `retryAfter` set, so the caller decides. Default 30 s.
   */
  maxDelayMs?: number;
  /**
   * Also repeat writes (POST, PATCH). Off by default: a write that timed out may have been
   * applied. Reporting stats is safe to repeat (it stores the values sent), so turn this on
   * when you post stats yourself and want repeats.
   */
  writes?: boolean;
  /** Waits between attempts; replace it to schedule repeats yourself (tests do). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called before each repeat with the attempt number (1 = first repeat) and the wait. */
  onRetry?: (info: { attempt: number; delayMs: number; method: string; url: string; status?: number }) => void;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** 429 and the 5xx that mean "try again": not 501 (never works) or 505. */
const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

export type FetchLike = (request: Request) => Promise<Response>;

/**
 * A fetch that repeats a request on 429, 5xx, network errors and timeouts, honouring
 * `Retry-After`, and reports every answer to `observe` (the client reads the rate-limit headers there).
 */
export function retryingFetch(
  baseFetch: typeof fetch,
  options: RetryOptions | false,
  timeoutMs: number,
  observe: (response: Response) => void,
): FetchLike {
  const retries = options === false ? 0 : Math.max(0, options.retries ?? 2);
  const baseDelayMs = options === false ? 0 : (options.baseDelayMs ?? 500);
  const maxDelayMs = options === false ? 0 : (options.maxDelayMs ?? 30_000);
  const sleep = (options !== false && options.sleep) || defaultSleep;
  const onRetry = options === false ? undefined : options.onRetry;
  const retryWrites = options !== false && options.writes === true;

  return async (request) => {
    const repeatable = IDEMPOTENT.has(request.method) || retryWrites;
    for (let attempt = 0; ; attempt++) {
      const canRepeat = repeatable && attempt < retries;
      let response: Response;
      try {
        response = await withTimeout(baseFetch, canRepeat ? request.clone() : request, timeoutMs);
      } catch (failure) {
        // The caller's own abort is final; a timeout or a network error is repeated.
        if (!canRepeat || request.signal.aborted) throw failure;
        const delayMs = backoff(baseDelayMs, maxDelayMs, attempt);
        onRetry?.({ attempt: attempt + 1, delayMs, method: request.method, url: request.url });
        await sleep(delayMs, request.signal);
        continue;
      }
      observe(response);
      if (!canRepeat || !RETRYABLE_STATUS.has(response.status)) return response;
      const retryAfter = retryAfterSeconds(response.headers);
      const delayMs = retryAfter !== undefined ? retryAfter * 1000 : backoff(baseDelayMs, maxDelayMs, attempt);
      if (delayMs > maxDelayMs) return response;
      await response.body?.cancel();
      onRetry?.({ attempt: attempt + 1, delayMs, method: request.method, url: request.url, status: response.status });
      await sleep(delayMs, request.signal);
    }
  };
}

/**
 * One attempt, aborted when no answer (status and headers) came within `timeoutMs` or when the
 * caller aborts. A timer of our own, cleared with the answer: AbortSignal.timeout combined through
 * AbortSignal.any did not fire here under Node 20 (the timeout test hung).
 */
async function withTimeout(baseFetch: typeof fetch, request: Request, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  const forward = (): void => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', forward, { once: true });
  try {
    return await baseFetch(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', forward);
  }
}

/** Exponential backoff with "equal jitter": between half and all of base × 2^attempt, capped. */
function backoff(baseDelayMs: number, maxDelayMs: number, attempt: number): number {
  const step = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  return Math.round(step / 2 + (Math.random() * step) / 2);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Why the signal aborted, as an Error (an abort reason may be anything the caller chose). */
function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}
