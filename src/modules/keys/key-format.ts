import { createHash, randomBytes } from 'node:crypto';

/** Recognisable in logs, configs and secret scanners: `bdk_` = bot directory key. */
export const KEY_PREFIX = 'bdk_';
const KEY_BYTES = 20; // 160 bits of randomness
const DISPLAY_LENGTH = KEY_PREFIX.length + 6;
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export interface NewKey {
  key: string;
  /** The start of the key, stored and shown so an owner can tell keys apart. */
  prefix: string;
  hash: string;
}

export function generateKey(): NewKey {
  const key = KEY_PREFIX + base58(randomBytes(KEY_BYTES));
  return { key, prefix: key.slice(0, DISPLAY_LENGTH), hash: hashKey(key) };
}

/** Keys are high-entropy random strings, so a plain SHA-256 is the right hash: no salt, no stretching needed. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A quick shape check that spares the database obviously malformed tokens. */
export function looksLikeKey(token: string): boolean {
  return token.startsWith(KEY_PREFIX) && token.length >= 20 && token.length <= 64 && /^[A-Za-z0-9_]+$/.test(token);
}

function base58(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = ALPHABET[0] + out;
  }
  return out;
}
