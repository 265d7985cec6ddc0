/** Webhook, secret-key and e-mail settings: defaults, and a one-line error naming the variable. */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config/index.js';
import { freshDatabase } from './helpers.js';

const base = { NODE_ENV: 'test', ADMIN_TOKEN: 'test-admin-token-0123456789' };
const KEY = 'ab'.repeat(32);

describe('webhook configuration', () => {
  it('has the documented defaults', () => {
    const config = readConfig({ ...base, DATA_DIR: '/srv/bd' });
    expect(config.webhook).toEqual({
      allowPrivate: false,
      retrySchedule: [10, 40, 90, 160, 250, 360],
      timeoutMs: 10_000,
      concurrency: 32,
      retentionDays: 90,
    });
    expect(config.secretKey).toBeUndefined();
    expect(config.secretKeyFile).toBe('/srv/bd/secret.key');
    expect(config.mail).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = readConfig({
      ...base,
      SECRET_KEY: KEY,
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_SCHEDULE: '1, 2.5 ,3',
      WEBHOOK_TIMEOUT_MS: '250',
      WEBHOOK_CONCURRENCY: '8',
      WEBHOOK_LOG_RETENTION_DAYS: '7',
      SMTP_URL: 'smtps://user:pw@mail.example.org:465',
      OPERATOR_EMAIL: 'ops@example.org',
      BASE_URL: 'https://bots.example.org',
    });
    expect(config.secretKey).toEqual(Buffer.from(KEY, 'hex'));
    expect(config.webhook).toEqual({ allowPrivate: true, retrySchedule: [1, 2.5, 3], timeoutMs: 250, concurrency: 8, retentionDays: 7 });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pw@mail.example.org:465',
      to: 'ops@example.org',
      from: 'Bot Directory <webhooks@bots.example.org>',
    });
  });

  it.each([
    [{ SECRET_KEY: 'not-a-key' }, /^SECRET_KEY: must be 64 hex characters/],
    [
      { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/bd' },
      /^SECRET_KEY: is required when NODE_ENV=production and DATABASE_URL is set/,
    ],
    [
      { NODE_ENV: 'production', SECRET_KEY: KEY, WEBHOOK_ALLOW_PRIVATE: '1' },
      /^WEBHOOK_ALLOW_PRIVATE: must not be set when NODE_ENV=production/,
    ],
    [{ WEBHOOK_ALLOW_PRIVATE: 'maybe' }, /^WEBHOOK_ALLOW_PRIVATE: must be 1\/0/],
    [{ WEBHOOK_RETRY_SCHEDULE: '10,soon' }, /^WEBHOOK_RETRY_SCHEDULE: "soon" is not a non-negative number of seconds$/],
    [{ WEBHOOK_TIMEOUT_MS: '10' }, /^WEBHOOK_TIMEOUT_MS: must be between 50 and 60000/],
    [{ WEBHOOK_CONCURRENCY: '0' }, /^WEBHOOK_CONCURRENCY: must be between 1 and 256/],
    [{ WEBHOOK_LOG_RETENTION_DAYS: '0' }, /^WEBHOOK_LOG_RETENTION_DAYS: must be between 1 and 3650/],
    [{ WEBHOOK_LOG_RETENTION_DAYS: '30d' }, /^WEBHOOK_LOG_RETENTION_DAYS: must be an integer/],
    [{ SMTP_URL: 'http://mail.example.org' }, /^SMTP_URL: must start with smtp:\/\/ or smtps:\/\//],
    [{ SMTP_URL: 'smtp://mail.example.org' }, /^OPERATOR_EMAIL: is required when SMTP_URL is set$/],
    [{ OPERATOR_EMAIL: 'nobody' }, /^OPERATOR_EMAIL: must be an e-mail address/],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig({ ...base, ...env })).toThrow(message);
  });

  it('accepts production on the embedded database without SECRET_KEY (the key file)', () => {
    expect(readConfig({ ...base, NODE_ENV: 'production' }).secretKey).toBeUndefined();
  });

  it('creates the key file in DATA_DIR, readable by the owner only, when SECRET_KEY is not set', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bd-key-'));
    const db = await freshDatabase('pglite');
    try {
      const app = await buildApp({ config: readConfig({ ...base, DATA_DIR: dataDir }), db, logger: false });
      await app.close();
      expect((await stat(join(dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);
    } finally {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
