import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config/index.js';

const TOKEN = 'a-long-enough-admin-token';

function rejection(env: Record<string, string>): ConfigError {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

describe('readConfig', () => {
  it('has documented defaults when nothing is set', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: resolve('./data'),
      adminTokenGenerated: true,
      baseUrl: 'http://127.0.0.1:3000',
      logLevel: 'info',
      historyCron: '5 0 * * *',
      v1Retirement: { deprecatedAt: undefined, sunsetAt: undefined },
      trustProxy: false,
    });
    expect(config.adminToken.length).toBeGreaterThanOrEqual(16);
  });

  it('generates a different admin token on each run when none is given outside production', () => {
    const a = readConfig({ NODE_ENV: 'development' });
    const b = readConfig({ NODE_ENV: 'test' });
    expect(a.adminTokenGenerated).toBe(true);
    expect(b.adminTokenGenerated).toBe(true);
    expect(a.adminToken).not.toBe(b.adminToken);
    expect(b.logLevel).toBe('silent');
  });

  it('reads every variable when given', () => {
    const config = readConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db.internal:5432/bots',
      DATA_DIR: '/var/lib/bots',
      ADMIN_TOKEN: TOKEN,
      BASE_URL: 'https://bots.example.org/',
      LOG_LEVEL: 'warn',
      HISTORY_CRON: '0 3 * * *',
      LIST_MAX_STALE_MS: '500',
      API_V1_DEPRECATED_AT: '2027-01-01',
      API_V1_SUNSET_AT: '2027-07-01',
      TRUST_PROXY: 'true',
      SITE_URL: 'https://www.example.org/',
      RATE_LIMIT_ENABLED: 'false',
      RATE_LIMIT_ANONYMOUS: '10',
      RATE_LIMIT_EMBEDS: '100',
      RATE_LIMIT_PAGES: '150',
      RATE_LIMIT_TIER1: '11',
      RATE_LIMIT_TIER2: '22',
      RATE_LIMIT_TIER3: '33',
      REDIS_URL: 'redis://cache.internal:6379',
      REDIS_KEY_PREFIX: 'bd:',
      SECRET_KEY: 'ab'.repeat(32),
      SITE_NAME: 'Acme Bots',
      SITE_LOGO_URL: 'https://cdn.example.org/logo.svg',
      SITE_ACCENT_COLOR: '#112233',
      SITE_IMPRINT: 'Acme GmbH',
      SITE_PRIVACY: 'No cookies but the session.',
      SITE_TERMS: 'Be nice.',
      CATEGORIES: '[{"id": "music", "en": "Music", "de": "Musik"}]',
      LISTING_EDITS: 'review',
      PLATFORM_API_URL: 'https://platform.example.org/api/v10',
      PLATFORM_BOT_TOKEN: 'bot-token-of-the-operator-0123',
      OPERATOR_USER_IDS: '170000000000000001,170000000000000002',
      REVIEW_HOLD_ACCOUNT_DAYS: '30',
      REVIEW_HOLD_LINKS: 'false',
      REVIEW_HOLD_WORDS: 'Blöd, SCAM,scam',
      STRIPE_SECRET_KEY: 'sk_live_operator',
      STRIPE_WEBHOOK_SECRET: 'whsec_operator',
      PAYMENTS_FEE_PERCENT: '2.5',
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db.internal:5432/bots',
      dataDir: '/var/lib/bots',
      adminToken: TOKEN,
      adminTokenGenerated: false,
      baseUrl: 'https://bots.example.org',
      logLevel: 'warn',
      // Operating settings keep their defaults here (test/config-operations.test.ts reads them).
      logRequests: true,
      logFormat: 'json',
      databaseTimeouts: { connectMs: 2000, statementMs: 30_000 },
      databaseReadPoolSize: 5,
      requestTimeoutMs: 30_000,
      metricsToken: undefined,
      maxEventLoopDelayMs: 1000,
      historyCron: '0 3 * * *',
      listMaxStaleMs: 500,
      v1Retirement: { deprecatedAt: new Date('2027-01-01T00:00:00.000Z'), sunsetAt: new Date('2027-07-01T00:00:00.000Z') },
      trustProxy: true,
      siteUrl: 'https://www.example.org',
      rateLimit: { enabled: false, anonymous: 10, embeds: 100, pages: 150, tiers: { 1: 11, 2: 22, 3: 33 } },
      redisUrl: 'redis://cache.internal:6379',
      redisKeyPrefix: 'bd:',
      secretKey: Buffer.from('ab'.repeat(32), 'hex'),
      secretKeyFile: '/var/lib/bots/secret.key',
      webhook: { allowPrivate: false, retrySchedule: [10, 40, 90, 160, 250, 360], timeoutMs: 10_000, concurrency: 32, retentionDays: 90 },
      auditRetentionDays: 730,
      analytics: { enabled: true, flushMs: 10_000, retentionDays: 400 },
      mail: undefined,
      auth: {
        provider: undefined,
        sessionKey: expect.any(Buffer),
        sessionKeyGenerated: true,
        sessionMaxAgeSeconds: 604_800,
        secureCookies: true,
      },
      site: {
        name: 'Acme Bots',
        logoUrl: 'https://cdn.example.org/logo.svg',
        accentColor: '#112233',
        legal: { imprint: 'Acme GmbH', privacy: 'No cookies but the session.', terms: 'Be nice.' },
      },
      categories: [{ id: 'music', label: { en: 'Music', de: 'Musik' } }],
      listings: {
        edits: 'review',
        platform: { apiUrl: 'https://platform.example.org/api/v10', botToken: 'bot-token-of-the-operator-0123' },
      },
      operatorUserIds: ['170000000000000001', '170000000000000002'],
      reviewRules: { accountDays: 30, links: false, words: ['blod', 'scam'] },
      payments: {
        enabled: true,
        secretKey: 'sk_live_operator',
        webhookSecret: 'whsec_operator',
        apiUrl: undefined,
        feePercent: 2.5,
        feeBasisPoints: 250,
        donationMinMinor: 100,
        donationMaxMinor: 100_000,
      },
    });
  });

  it('reads the review rules: both default word lists, none, or words only', () => {
    const rules = readConfig({}).reviewRules;
    expect(rules).toMatchObject({ accountDays: 7, links: true });
    expect(rules.words).toEqual(expect.arrayContaining(['arschloch', 'asshole']));
    expect(readConfig({ REVIEW_HOLD_WORDS: 'none' }).reviewRules.words).toEqual([]);
    expect(() => readConfig({ REVIEW_HOLD_WORDS: 'two words' })).toThrow(/REVIEW_HOLD_WORDS/);
    expect(() => readConfig({ REVIEW_HOLD_WORDS: 'a,,b' })).toThrow(/REVIEW_HOLD_WORDS/);
    expect(() => readConfig({ REVIEW_HOLD_ACCOUNT_DAYS: '-1' })).toThrow(/REVIEW_HOLD_ACCOUNT_DAYS/);
  });

  it('derives BASE_URL from HOST and PORT, with a reachable address for a wildcard host', () => {
    expect(readConfig({ HOST: '0.0.0.0', PORT: '4000' }).baseUrl).toBe('http://127.0.0.1:4000');
    expect(readConfig({ HOST: '::1', PORT: '4000' }).baseUrl).toBe('http://[::1]:4000');
  });

  it('accepts postgresql:// as well as postgres://', () => {
    expect(readConfig({ DATABASE_URL: 'postgresql://localhost/x' }).databaseUrl).toBe('postgresql://localhost/x');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['BASE_URL', 'notaurl'],
    ['BASE_URL', 'ftp://example.org'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['HISTORY_CRON', 'bad'],
    ['HISTORY_CRON', 'a b c d e'],
    ['HISTORY_CRON', '61 0 * * *'],
    ['HISTORY_CRON', '5 25 * * *'],
    ['HISTORY_CRON', '0 0 31 2 *'],
    ['LIST_MAX_STALE_MS', '-1'],
    ['LIST_MAX_STALE_MS', '60001'],
    ['LIST_MAX_STALE_MS', '2s'],
    ['TRUST_PROXY', 'maybe'],
    ['ADMIN_TOKEN', 'short'],
    ['API_V1_DEPRECATED_AT', '2027-02-30'],
    ['API_V1_DEPRECATED_AT', 'next year'],
    ['API_V1_SUNSET_AT', '2027-7-1'],
  ])('rejects %s=%s with an error naming the variable', (name, value) => {
    const error = rejection({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message.startsWith(`${name}: `)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it.each([
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads TRUST_PROXY=%s as %s', (value, expected) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it.each(['5 0 * * *', '*/15 * * * *', '0 0 5 * * *', '@daily'])('accepts HISTORY_CRON=%s', (value) => {
    expect(readConfig({ HISTORY_CRON: value }).historyCron).toBe(value);
  });

  it('refuses a v1 sunset that is not after its deprecation', () => {
    const error = rejection({ API_V1_DEPRECATED_AT: '2027-07-01', API_V1_SUNSET_AT: '2027-07-01' });
    expect(error.message).toBe('API_V1_SUNSET_AT: must be after API_V1_DEPRECATED_AT');
  });

  it('requires ADMIN_TOKEN when NODE_ENV=production', () => {
    const error = rejection({ NODE_ENV: 'production' });
    expect(error.variable).toBe('ADMIN_TOKEN');
    expect(error.message).toMatch(/required/);
    expect(readConfig({ NODE_ENV: 'production', ADMIN_TOKEN: TOKEN }).adminToken).toBe(TOKEN);
  });

  it('treats an empty variable as unset', () => {
    expect(readConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ port: 3000, logLevel: 'info' });
  });
});

describe('server start with a bad value', () => {
  it('stops with exit code 1 and one line naming the variable', () => {
    const server = resolve('src/server.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '', BASE_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
    expect(lines).toEqual(['Invalid configuration: PORT: must be an integer, got "abc"']);
  });
});
