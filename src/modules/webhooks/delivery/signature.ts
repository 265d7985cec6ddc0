/**
 * The sender side of webhook authentication (spec §5).
 *
 * signature = lowercase hex HMAC-SHA-256(secret, `${timestamp}.${rawBody}`),
 * keyed with the secret string exactly as shown to the owner (UTF-8 bytes,
 * prefix included). That is also how Stripe keys its `whsec_` secrets, which
 * lets Stripe's verifier serve as an independent check in the tests.
 *
 * Every call also carries the Standard Webhooks headers (standardwebhooks.com): `webhook-id` (the
 * event id), `webhook-timestamp` and `webhook-signature` = `v1,` + base64 HMAC-SHA-256 of
 * `${id}.${timestamp}.${rawBody}`, keyed with the bytes the Standard Webhooks libraries take from
 * a `whsec_` secret: the base64 after the prefix, decoded. During a secret rotation both secrets
 * sign: `webhook-signature` lists both (space-separated, as that specification allows), and
 * `x-service-signature-previous` carries the spec's signature under the previous secret.
 */
import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../endpoints/secret.js';

export const TIMESTAMP_HEADER = 'x-service-timestamp';
export const SIGNATURE_HEADER = 'x-service-signature';
export const PREVIOUS_SIGNATURE_HEADER = 'x-service-signature-previous';
export const STANDARD_ID_HEADER = 'webhook-id';
export const STANDARD_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_SIGNATURE_HEADER = 'webhook-signature';

/**
 * The Standard Webhooks signing key of a secret: its base64 after `whsec_`, decoded. Node's decoder
 * also reads the base64url alphabet, so secrets issued before (base64url) sign consistently too.
 */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA-256 of id.timestamp.body>` as the Standard Webhooks specification defines it. */
export function standardSignature(secret: string, id: string, timestampSeconds: number, rawBody: string | Buffer): string {
  const mac = createHmac('sha256', standardKey(secret)).update(`${id}.${timestampSeconds}.`).update(rawBody).digest('base64');
  return `v1,${mac}`;
}

export function signPayload(secret: string, timestampSeconds: number, rawBody: string | Buffer): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(`timestamp must be whole non-negative Unix seconds, got ${timestampSeconds}`);
  }
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
}

/** The two authentication headers for one attempt; a fresh timestamp each time. */
export function signatureHeaders(secret: string, timestampSeconds: number, rawBody: string | Buffer): Record<string, string> {
  return {
    [TIMESTAMP_HEADER]: String(timestampSeconds),
    [SIGNATURE_HEADER]: signPayload(secret, timestampSeconds, rawBody),
  };
}

/**
 * Every authentication header of one attempt: the spec's pair, and the Standard Webhooks trio.
 * With `previousSecret` (a rotation's overlap) both secrets sign.
 */
export function callHeaders(input: {
  secret: string;
  previousSecret?: string | null;
  eventId: string;
  timestampSeconds: number;
  body: string | Buffer;
}): Record<string, string> {
  const { secret, previousSecret, eventId, timestampSeconds, body } = input;
  const headers = signatureHeaders(secret, timestampSeconds, body);
  const standard = [standardSignature(secret, eventId, timestampSeconds, body)];
  if (previousSecret) {
    headers[PREVIOUS_SIGNATURE_HEADER] = signPayload(previousSecret, timestampSeconds, body);
    standard.push(standardSignature(previousSecret, eventId, timestampSeconds, body));
  }
  headers[STANDARD_ID_HEADER] = eventId;
  headers[STANDARD_TIMESTAMP_HEADER] = String(timestampSeconds);
  headers[STANDARD_SIGNATURE_HEADER] = standard.join(' ');
  return headers;
}
