import type { components } from './generated/openapi.js';
import { readRateLimit, type RateLimit } from './rate-limit.js';

/** The codes of the service's error envelope (spec §7 and the service's additions). */
export type ServiceErrorCode = components['schemas']['Error']['error']['code'];

/**
 * Every code a {@link BotDirectoryError} can carry: the service's own, plus three for failures
 * that never reached an answer from it (`network_error`, `timeout`) or got an answer that is not
 * the service's envelope (`invalid_response`, e.g. an HTML page from a proxy).
 */
export type ErrorCode = ServiceErrorCode | 'network_error' | 'timeout' | 'invalid_response';

/** One rejected field of a `validation_failed` error. */
export interface ErrorDetail {
  field: string;
  message: string;
}

export interface BotDirectoryErrorInit {
  code: ErrorCode;
  message: string;
  status?: number;
  details?: ErrorDetail[];
  retryAfter?: number;
  rateLimit?: RateLimit;
  method?: string;
  url?: string;
  cause?: unknown;
}

/** The one error every call of the SDK rejects with. */
export class BotDirectoryError extends Error {
  override readonly name = 'BotDirectoryError';
  /** Stable machine-readable code: branch on this, not on `message`. */
  readonly code: ErrorCode;
  /** HTTP status of the answer; 0 when there was none (network error, timeout). */
  readonly status: number;
  /** For `validation_failed`: one entry per rejected field. */
  readonly details: ErrorDetail[] | undefined;
  /** Seconds to wait before trying again, from `Retry-After` (429, sometimes 503). */
  readonly retryAfter: number | undefined;
  /** The `x-ratelimit-*` headers of the answer, when it had them. */
  readonly rateLimit: RateLimit | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;

  constructor(init: BotDirectoryErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status ?? 0;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
    this.rateLimit = init.rateLimit;
    this.method = init.method;
    this.url = init.url;
  }

  /** The error for an answer that is not a success; `body` is what openapi-fetch parsed (object or text). */
  static fromResponse(response: Response, body: unknown, method?: string): BotDirectoryError {
    const envelope = isEnvelope(body) ? body.error : undefined;
    const code: ErrorCode = envelope?.code ?? (response.status >= 500 ? 'internal_error' : 'invalid_response');
    return new BotDirectoryError({
      code,
      status: response.status,
      message: envelope?.message ?? `HTTP ${response.status} without the service's error envelope`,
      details: envelope?.details,
      retryAfter: retryAfterSeconds(response.headers),
      rateLimit: readRateLimit(response.headers),
      method,
      url: response.url,
    });
  }

  /** The error for a call that got no answer at all. */
  static fromFailure(failure: unknown, method?: string, url?: string): BotDirectoryError {
    if (failure instanceof BotDirectoryError) return failure;
    const timedOut = failure instanceof Error && (failure.name === 'TimeoutError' || failure.name === 'AbortError');
    return new BotDirectoryError({
      code: timedOut ? 'timeout' : 'network_error',
      message: `${method ?? 'request'} ${url ?? ''} failed: ${failure instanceof Error ? failure.message : String(failure)}`.trim(),
      method,
      url,
      cause: failure,
    });
  }
}

function isEnvelope(body: unknown): body is components['schemas']['Error'] {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = body.error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
