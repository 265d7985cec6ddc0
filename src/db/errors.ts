/**
 * The database could not be reached in time: refused, reset, partitioned (no answer within the
 * bounds), shutting down, or out of connections. Requests answer 503 `service_unavailable` with
 * `Retry-After` for it; any other database error stays a 500.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DB_UNAVAILABLE';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a connection that is gone or never came. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own messages for a lost connection or an exceeded bound. */
const CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended|not queryable/i;

/**
 * SQLSTATE classes and codes that say "not now" rather than "wrong": connection exceptions (08),
 * insufficient resources (53, e.g. too many connections), shutdown or restart (57P01–57P03), and
 * a statement cancelled by `statement_timeout` (57014).
 */
function unavailableState(state: string): boolean {
  return state.startsWith('08') || state.startsWith('53') || /^57P0[1-3]$/.test(state) || state === '57014';
}

/** The error as a DatabaseUnavailableError when it means the database cannot answer now; else undefined. */
export function asUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error;
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && unavailableState(code)))) {
    return new DatabaseUnavailableError(`Database unavailable: ${error.message}`, { cause: error });
  }
  if (CLIENT_MESSAGES.test(error.message)) return new DatabaseUnavailableError(`Database unavailable: ${error.message}`, { cause: error });
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return asUnavailable(error) !== undefined;
}
