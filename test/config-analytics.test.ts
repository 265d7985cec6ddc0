/** ANALYTICS_ENABLED and ANALYTICS_FLUSH_MS: their defaults, and a one-line error naming them. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';

const base = { NODE_ENV: 'test', ADMIN_TOKEN: 'test-admin-token-0123456789' };

describe('analytics configuration', () => {
  it('counts, and writes every 10 s, unless told otherwise', () => {
    expect(readConfig(base).analytics).toEqual({ enabled: true, flushMs: 10_000 });
    expect(readConfig({ ...base, ANALYTICS_ENABLED: 'false', ANALYTICS_FLUSH_MS: '60000' }).analytics).toEqual({
      enabled: false,
      flushMs: 60_000,
    });
  });

  it.each([
    [{ ANALYTICS_FLUSH_MS: '10' }, /^ANALYTICS_FLUSH_MS: must be between 1000 and 300000/],
    [{ ANALYTICS_ENABLED: 'maybe' }, /^ANALYTICS_ENABLED: /],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig({ ...base, ...env })).toThrow(message);
  });
});
