/**
 * Verifies a Bot Directory webhook call (spec §5), in constant time.
 *
 * 1. `x-service-timestamp` is present, whole Unix seconds, and at most `toleranceSeconds` from the
 *    receiver's clock either way (bounds replays). Failure → answer 400.
 * 2. `x-service-signature` is the lowercase hex HMAC-SHA-256 of `timestamp + "." + rawBody`, keyed
 *    with the webhook secret (`whsec_…` as shown, prefix included). Failure → answer 401.
 *
 * `rawBody` must be the bytes as received: parsed and re-serialised JSON no longer matches.
 * Needs `node:crypto` (Node, Deno, Bun); the client in the package root needs nothing of Node.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookHeaders = Record<string, string | string[] | undefined> | { get(name: string): string | null };

export interface VerifyOptions {
  /** Largest accepted distance between the timestamp and `now`, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The receiver's clock: a Date or milliseconds since the epoch. Default `Date.now()`. */
  now?: Date | number;
}

export type VerifyFailureReason =
  'missing_timestamp' | 'invalid_timestamp' | 'timestamp_out_of_tolerance' | 'missing_signature' | 'signature_mismatch';

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; status: 400 | 401; reason: VerifyFailureReason };

const TIMESTAMP_HEADER = 'x-service-timestamp';
const SIGNATURE_HEADER = 'x-service-signature';
const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  { toleranceSeconds = 300, now = Date.now() }: VerifyOptions = {},
): VerifyResult {
  const timestampText = headerValue(headers, TIMESTAMP_HEADER);
  if (timestampText === undefined) return fail(400, 'missing_timestamp');
  // Digits only: Number() would also take "1e9", " 12 " or "0x10".
  if (!/^\d{1,15}$/.test(timestampText)) return fail(400, 'invalid_timestamp');
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((typeof now === 'number' ? now : now.getTime()) / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return fail(400, 'timestamp_out_of_tolerance');

  const signatureText = headerValue(headers, SIGNATURE_HEADER);
  if (signatureText === undefined) return fail(401, 'missing_signature');

  const expected = createHmac('sha256', secret).update(`${timestampText}.`).update(rawBody).digest();
  // A repeated header arrives comma-joined; accept if any one value matches.
  const matches = signatureText
    .split(',')
    .map((candidate) => candidate.trim())
    .filter((candidate) => HEX_SHA256.test(candidate))
    // Both buffers are 32 bytes, as timingSafeEqual requires; only the
    // comparison of secret-dependent bytes needs to be constant-time.
    .some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
  return matches ? { ok: true, timestamp } : fail(401, 'signature_mismatch');
}

/** One header value, whatever the case of its name and however the framework stores it. */
function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    const value = (headers as { get(name: string): string | null }).get(name);
    return value === null || value.trim() === '' ? undefined : value.trim();
  }
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    values.push(...(Array.isArray(value) ? value : [value]));
  }
  const joined = values
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .join(', ');
  return joined === '' ? undefined : joined;
}

function fail(status: 400 | 401, reason: VerifyFailureReason): VerifyResult {
  return { ok: false, status, reason };
}
