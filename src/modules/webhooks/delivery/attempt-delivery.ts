/**
 * One HTTP attempt of a webhook delivery; the outbox worker decides about
 * repeats with retry-policy and records what this returns.
 *
 * It never throws for anything the receiver or the network does: every
 * failure becomes an outcome, so the worker cannot lose an attempt to an
 * unexpected exception.
 */
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { FORBIDDEN_ADDRESS_CODE } from '../endpoints/resolve-host.js';
import { classifyResponse, type AttemptOutcome } from './retry-policy.js';
import { discordRetryAfter } from './discord.js';
import { callHeaders, signatureHeaders } from './signature.js';

/** Enough to show an owner the start of an error page; the rest is discarded unread. */
export const RESPONSE_SNIPPET_BYTES = 4096;

export interface AttemptInput {
  url: string;
  secret: string;
  /** A rotation's previous secret while its overlap runs: the call is signed with both. */
  previousSecret?: string | null;
  /** The event id: with it, the Standard Webhooks headers are sent too (webhook-id is the event id). */
  eventId?: string;
  /**
   * `discord`: a Discord channel webhook; no signature headers (Discord checks none, and it is a
   * third party), and the `retry_after` of its 429 body is honoured.
   */
  format?: 'json' | 'discord';
  /** The JSON body, serialised once; the signature covers exactly these bytes. */
  body: string;
  /** A safe dispatcher (see safe-dispatcher.ts); it decides where a socket may go. */
  dispatcher: Dispatcher;
  /** Budget for the whole attempt: connect, headers and the capped body read. */
  timeoutMs: number;
  userAgent: string;
  /** Clock for the signed timestamp, milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

export type AttemptErrorCode =
  'timeout' | 'forbidden_address' | 'dns_error' | 'connection_refused' | 'connection_reset' | 'tls_error' | 'network_error';

export interface AttemptResult {
  outcome: AttemptOutcome;
  /** The Unix seconds signed and sent in `x-service-timestamp`. */
  timestamp: number;
  statusCode?: number;
  error?: { code: AttemptErrorCode; message: string };
  latencyMs: number;
  /** Raw Retry-After of a 429, for nextDelaySeconds. */
  retryAfter?: string;
  responseSnippet?: string;
}

export async function attemptDelivery(input: AttemptInput): Promise<AttemptResult> {
  const timestamp = Math.floor((input.now ?? Date.now)() / 1000);
  const body = Buffer.from(input.body, 'utf8');
  const url = new URL(input.url);
  const signal = AbortSignal.timeout(input.timeoutMs);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);

  let response: Dispatcher.ResponseData;
  try {
    response = await input.dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': input.userAgent,
        ...authHeaders(input, timestamp, body),
      },
      body,
      signal,
    });
  } catch (error) {
    return { outcome: classifyResponse(error), timestamp, error: describeError(error), latencyMs: elapsed() };
  }

  const statusCode = response.statusCode;
  // Latency is time to the status line: what the receiver took to decide.
  const latencyMs = elapsed();
  const responseSnippet = await readSnippet(response.body);
  const retryAfterHeader = response.headers['retry-after'];
  const retryAfter =
    statusCode === 429
      ? longestWait([retryAfterHeader].flat()[0], input.format === 'discord' ? discordRetryAfter(responseSnippet) : undefined)
      : undefined;
  return {
    outcome: classifyResponse(statusCode),
    timestamp,
    statusCode,
    latencyMs,
    ...(retryAfter === undefined ? {} : { retryAfter }),
    ...(responseSnippet === '' ? {} : { responseSnippet }),
  };
}

function authHeaders(input: AttemptInput, timestamp: number, body: Buffer): Record<string, string> {
  if (input.format === 'discord') return {};
  if (input.eventId === undefined) return signatureHeaders(input.secret, timestamp, body);
  return callHeaders({
    secret: input.secret,
    previousSecret: input.previousSecret,
    eventId: input.eventId,
    timestampSeconds: timestamp,
    body,
  });
}

/** Of a Retry-After header and Discord's body value (both whole seconds), the longer one. */
function longestWait(header: string | undefined, body: string | undefined): string | undefined {
  if (header === undefined || body === undefined || !/^\d+$/.test(header)) return body ?? header;
  return String(Math.max(Number(header), Number(body)));
}

/**
 * Reads at most RESPONSE_SNIPPET_BYTES, then destroys the stream so a
 * receiver sending megabytes costs us one chunk, not the whole download.
 * A body that fails or times out midway keeps what was read: the status
 * already decided the outcome.
 */
async function readSnippet(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      chunks.push(buffer.subarray(0, RESPONSE_SNIPPET_BYTES - size));
      size += buffer.length;
      if (size >= RESPONSE_SNIPPET_BYTES) break;
    }
  } catch {
    // Partial body is fine; see above.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeError(error: unknown): { code: AttemptErrorCode; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  switch (true) {
    case name === 'TimeoutError' ||
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'ETIMEDOUT':
      return { code: 'timeout', message };
    case code === FORBIDDEN_ADDRESS_CODE:
      return { code: 'forbidden_address', message };
    case code === 'ENOTFOUND' || code === 'EAI_AGAIN':
      return { code: 'dns_error', message };
    case code === 'ECONNREFUSED':
      return { code: 'connection_refused', message };
    case code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE':
      return { code: 'connection_reset', message };
    case typeof code === 'string' && (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED/.test(code)):
      return { code: 'tls_error', message };
    default:
      return { code: 'network_error', message };
  }
}
