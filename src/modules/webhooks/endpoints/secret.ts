/** An endpoint's signing secret: `whsec_` and random bytes, shown to the owner once (signing: ../delivery/signature.ts). */
import { randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * 264 random bits: above the 192 asked for, and a whole number of base64 groups (44 characters,
 * no padding). Standard base64 (not base64url): the Standard Webhooks libraries of every language
 * decode the secret with it.
 */
const SECRET_BYTES = 33;

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}
