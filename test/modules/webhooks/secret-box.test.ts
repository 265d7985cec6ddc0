import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  loadOrCreateKeyFile,
  parseSecretKey,
  SecretBoxError,
} from '../../../src/modules/webhooks/endpoints/secret-box.js';

const key = randomBytes(32);
const secret = 'whsec_Pa4-some_secret_value';

describe('encryptSecret / decryptSecret', () => {
  it('round-trips, and never gives the same text twice', () => {
    const first = encryptSecret(secret, key);
    const second = encryptSecret(secret, key);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret);
    expect(decryptSecret(first, key)).toBe(secret);
    expect(decryptSecret(second, key)).toBe(secret);
  });

  it('detects a changed ciphertext, nonce or tag', () => {
    const sealed = encryptSecret(secret, key);
    const [version, nonce, body] = sealed.split('.') as [string, string, string];
    const flip = (text: string, at: number) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[at]! ^= 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      `${version}.${flip(nonce, 0)}.${body}`,
      `${version}.${nonce}.${flip(body, 0)}`,
      `${version}.${nonce}.${flip(body, Buffer.from(body, 'base64url').length - 1)}`,
    ]) {
      expect(() => decryptSecret(altered, key)).toThrow(SecretBoxError);
    }
  });

  it('refuses the wrong key', () => {
    expect(() => decryptSecret(encryptSecret(secret, key), randomBytes(32))).toThrow(/altered or the key is wrong/);
  });

  it.each(['', 'plain-text', 'v2.abc.def', 'v1.abc', 'v1.AAAAAAAAAAAAAAAA.AAAA', 'v1.a.b.c'])('refuses the malformed value %j', (value) => {
    expect(() => decryptSecret(value, key)).toThrow(SecretBoxError);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => encryptSecret(secret, randomBytes(16))).toThrow(SecretBoxError);
  });
});

describe('parseSecretKey', () => {
  it('accepts 64 hex characters, base64 and base64url of 32 bytes', () => {
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('hex').toUpperCase())).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretKey(` ${key.toString('hex')}\n`)).toEqual(key);
  });

  it.each([
    ['too short hex', 'ab'.repeat(31)],
    ['base64 of 16 bytes', randomBytes(16).toString('base64')],
    ['base64 of 48 bytes', randomBytes(48).toString('base64')],
    ['junk', 'not a key at all, not a key at all, not a key'],
    ['empty', ''],
  ])('refuses %s', (_label, text) => {
    expect(() => parseSecretKey(text)).toThrow(SecretBoxError);
  });
});

describe('loadOrCreateKeyFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'secret-box-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a 0600 key file once and reads the same key afterwards', async () => {
    const path = join(dir, 'data', 'secret.key');
    const created = await loadOrCreateKeyFile(path);
    expect(created).toHaveLength(32);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateKeyFile(path)).toEqual(created);
    expect(await readdir(join(dir, 'data'))).toEqual(['secret.key']);
  });

  it('gives every concurrent caller the same key', async () => {
    const path = join(dir, 'secret.key');
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateKeyFile(path)));
    for (const k of keys) expect(k).toEqual(keys[0]);
    expect(parseSecretKey(await readFile(path, 'utf8'))).toEqual(keys[0]);
  });

  it('uses an existing key file as it is, and refuses a corrupt one', async () => {
    const path = join(dir, 'secret.key');
    await writeFile(path, key.toString('base64'));
    expect(await loadOrCreateKeyFile(path)).toEqual(key);
    await writeFile(path, 'garbage');
    await expect(loadOrCreateKeyFile(path)).rejects.toThrow(SecretBoxError);
  });
});
