/**
 * An invitation link's token: 192 random bits from the system's CSPRNG, base64url, behind a
 * prefix that secret scanners and people recognise. Only its SHA-256 is stored (like API keys,
 * src/modules/keys/key-format.ts): the link is shown once, to whoever made it.
 */
import { createHash, randomBytes } from 'node:crypto';

export const INVITATION_PREFIX = 'bdi_';
const TOKEN_BYTES = 24;
const TOKEN = /^bdi_[A-Za-z0-9_-]{32}$/;

export function newInvitationToken(): { token: string; hash: string } {
  const token = INVITATION_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

/** High-entropy random tokens need no salt or stretching: a plain SHA-256 (hex) is the lookup key. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A shape check that spares the database anything no link ever held. */
export function looksLikeInvitationToken(token: string): boolean {
  return TOKEN.test(token);
}
