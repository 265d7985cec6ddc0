import type { ErrorReason } from './error-reasons.js';

/** The closed list of error codes a client can see, and the status each one travels with. */
export const ERROR_STATUS = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type the service throws on purpose; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  /** Why, for a page to say in its reader's language (`because`); the envelope leaves it out. */
  reason?: ErrorReason;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }

  /** This error, with the reason a page shows instead of the (English) message. */
  because(reason: ErrorReason): this {
    this.reason = reason;
    return this;
  }

  static notFound(message = 'No published bot with that application ID'): AppError {
    return new AppError('not_found', message);
  }

  /** 503: the service cannot answer now (database, back-pressure); `Retry-After` says when to try again. */
  static unavailable(message: string, retryAfterSeconds: number): AppError {
    return new AppError('service_unavailable', message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }

  static validation(details: FieldError[]): AppError {
    const fields = [...new Set(details.map((d) => d.field))].join(', ');
    return new AppError('validation_failed', `Invalid request: ${fields}`, details);
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: FieldError[] };
}

export function errorBody(code: ErrorCode, message: string, details?: FieldError[]): ErrorBody {
  return { error: details ? { code, message, details } : { code, message } };
}
