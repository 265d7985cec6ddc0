/** ANALYTICS_RETENTION_DAYS: its default, and a minimum that keeps the history's year and the month before it. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';

const base = { NODE_ENV: 'test', ADMIN_TOKEN: 'test-admin-token-0123456789' };

describe('analytics retention configuration', () => {
  it('keeps daily rows 400 days unless told otherwise', () => {
    expect(readConfig(base).analyticsRetentionDays).toBe(400);
    expect(readConfig({ ...base, ANALYTICS_RETENTION_DAYS: '800' }).analyticsRetentionDays).toBe(800);
  });

  it.each([
    [{ ANALYTICS_RETENTION_DAYS: '399' }, /^ANALYTICS_RETENTION_DAYS: must be between 400 and 36500/],
    [{ ANALYTICS_RETENTION_DAYS: '1y' }, /^ANALYTICS_RETENTION_DAYS: must be an integer/],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig({ ...base, ...env })).toThrow(message);
  });
});
