/**
 * Webhook secrets at rest: the service must be able to sign with them, so
 * they cannot be hashed like API keys; they are encrypted instead, with a key
 * that lives outside the database (`SECRET_KEY` or a key file in DATA_DIR),
 * so a database dump alone does not reveal them.
 *
 * Format: `v1.<nonce>.<ciphertext+tag>`, base64url parts, AES-256-GCM with a
 * random 96-bit nonce per encryption. The version prefix leaves room for a
 * later algorithm or key rotation without guessing what a stored value is.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { decodeSecretKey } from '../../../config/index.js';

const VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export function encryptSecret(plaintext: string, key: Buffer): string {
  assertKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${nonce.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** Throws SecretBoxError when the value is malformed, was altered, or was sealed with another key. */
export function decryptSecret(boxed: string, key: Buffer): string {
  assertKey(key);
  const [version, nonceText, sealedText, ...extra] = boxed.split('.');
  if (version !== VERSION || nonceText === undefined || sealedText === undefined || extra.length > 0) {
    throw new SecretBoxError('not a v1 sealed secret');
  }
  const nonce = Buffer.from(nonceText, 'base64url');
  const sealed = Buffer.from(sealedText, 'base64url');
  if (nonce.length !== NONCE_BYTES || sealed.length < TAG_BYTES) throw new SecretBoxError('sealed secret is truncated');

  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('sealed secret was altered or the key is wrong');
  }
}

/** A key as SECRET_KEY takes it (config's decodeSecretKey: 64 hex characters or base64 of 32 bytes), else SecretBoxError. */
export function parseSecretKey(text: string): Buffer {
  const key = decodeSecretKey(text);
  if (key === undefined) throw new SecretBoxError('secret key must be 64 hex characters or base64 of 32 bytes');
  return key;
}

/**
 * Reads the key file, or creates it with a fresh random key (mode 0600) when
 * it does not exist. Creation is atomic and never overwrites: the key is
 * written to a temporary file and hard-linked into place, so two processes
 * starting together end up with the same key, and nobody reads a half-written
 * file.
 */
export async function loadOrCreateKeyFile(path: string): Promise<Buffer> {
  try {
    return parseSecretKey(await readFile(path, 'utf8'));
  } catch (error) {
    if (!isErrnoCode(error, 'ENOENT')) throw error;
  }
  await mkdir(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
  await writeFile(temporary, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, path);
  } catch (error) {
    if (!isErrnoCode(error, 'EEXIST')) throw error;
  } finally {
    await unlink(temporary);
  }
  return parseSecretKey(await readFile(path, 'utf8'));
}

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new SecretBoxError(`key must be ${KEY_BYTES} bytes, got ${key.length}`);
}

function isErrnoCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
