import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config/index.js';

const base = { NODE_ENV: 'test' as const };

function configError(env: Record<string, string>): ConfigError {
  try {
    readConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('rate-limit configuration', () => {
  it('defaults to the spec: 20 anonymous, tiers 60/240/1200, embeds 300, pages 300, on, memory store', () => {
    const config = readConfig(base);
    expect(config.rateLimit).toEqual({ enabled: true, anonymous: 20, embeds: 300, pages: 300, tiers: { 1: 60, 2: 240, 3: 1200 } });
    expect(config.redisUrl).toBeUndefined();
    expect(config.redisKeyPrefix).toBe('botdir:');
    expect(config.trustProxy).toBe(false);
  });

  it('reads every variable', () => {
    const config = readConfig({
      ...base,
      RATE_LIMIT_ENABLED: 'no',
      RATE_LIMIT_ANONYMOUS: '5',
      RATE_LIMIT_EMBEDS: '1000',
      RATE_LIMIT_PAGES: '600',
      RATE_LIMIT_TIER1: '61',
      RATE_LIMIT_TIER2: '241',
      RATE_LIMIT_TIER3: '1201',
      REDIS_URL: 'rediss://user:pw@redis.internal:6380/2',
      REDIS_KEY_PREFIX: 'prod:bd:',
    });
    expect(config.rateLimit).toEqual({ enabled: false, anonymous: 5, embeds: 1000, pages: 600, tiers: { 1: 61, 2: 241, 3: 1201 } });
    expect(config.redisUrl).toBe('rediss://user:pw@redis.internal:6380/2');
    expect(config.redisKeyPrefix).toBe('prod:bd:');
  });

  it.each([
    ['RATE_LIMIT_ANONYMOUS', '0'],
    ['RATE_LIMIT_ANONYMOUS', 'twenty'],
    ['RATE_LIMIT_EMBEDS', '-1'],
    ['RATE_LIMIT_PAGES', '0'],
    ['RATE_LIMIT_PAGES', '300/min'],
    ['RATE_LIMIT_TIER1', '1.5'],
    ['RATE_LIMIT_TIER2', '1000000001'],
    ['RATE_LIMIT_TIER3', ' 60'],
    ['RATE_LIMIT_ENABLED', 'maybe'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_URL', 'not a url'],
    ['REDIS_KEY_PREFIX', 'has space'],
    ['TRUST_PROXY', 'sometimes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1,,10.0.0.1'],
    ['TRUST_PROXY', '10.0.0.1/8/8'],
  ])('rejects %s=%j naming the variable', (name, value) => {
    expect(configError({ [name]: value }).message).toMatch(new RegExp(`^${name}: `));
  });

  it('takes TRUST_PROXY as a boolean or as a list of proxy addresses', () => {
    expect(readConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(readConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8, loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });
});
