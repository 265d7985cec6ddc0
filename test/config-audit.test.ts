/** AUDIT_RETENTION_DAYS: its default, and a one-line error naming it. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';

const base = { NODE_ENV: 'test', ADMIN_TOKEN: 'test-admin-token-0123456789' };

describe('audit log configuration', () => {
  it('keeps entries two years unless told otherwise', () => {
    expect(readConfig(base).auditRetentionDays).toBe(730);
    expect(readConfig({ ...base, AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays).toBe(90);
  });

  it.each([
    [{ AUDIT_RETENTION_DAYS: '0' }, /^AUDIT_RETENTION_DAYS: must be between 1 and 36500/],
    [{ AUDIT_RETENTION_DAYS: '2y' }, /^AUDIT_RETENTION_DAYS: must be an integer/],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig({ ...base, ...env })).toThrow(message);
  });
});
