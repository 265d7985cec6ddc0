/** ANALYTICS_*: their defaults, a retention that keeps the history's year and the month before it, and one-line errors naming them. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';

const base = { NODE_ENV: 'test', ADMIN_TOKEN: 'test-admin-token-0123456789' };

describe('analytics configuration', () => {
  it('counts, writes every 10 s and keeps daily rows 400 days, unless told otherwise', () => {
    expect(readConfig(base).analytics).toEqual({ enabled: true, flushMs: 10_000, retentionDays: 400 });
    expect(
      readConfig({ ...base, ANALYTICS_ENABLED: 'false', ANALYTICS_FLUSH_MS: '60000', ANALYTICS_RETENTION_DAYS: '800' }).analytics,
    ).toEqual({ enabled: false, flushMs: 60_000, retentionDays: 800 });
  });

  it.each([
    [{ ANALYTICS_RETENTION_DAYS: '399' }, /^ANALYTICS_RETENTION_DAYS: must be between 400 and 36500/],
    [{ ANALYTICS_RETENTION_DAYS: '1y' }, /^ANALYTICS_RETENTION_DAYS: must be an integer/],
    [{ ANALYTICS_FLUSH_MS: '10' }, /^ANALYTICS_FLUSH_MS: must be between 1000 and 300000/],
    [{ ANALYTICS_ENABLED: 'maybe' }, /^ANALYTICS_ENABLED: /],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig({ ...base, ...env })).toThrow(message);
  });
});
