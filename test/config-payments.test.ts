/** STRIPE_* and PAYMENTS_*: off without a key, a key needs its webhook secret, fees in basis points, bad values refused. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';

const base = { NODE_ENV: 'test', ADMIN_TOKEN: 'test-admin-token-0123456789' };
const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('payments configuration', () => {
  it('is off without STRIPE_SECRET_KEY, with the default limits', () => {
    expect(readConfig(base).payments).toEqual({
      enabled: false,
      feePercent: 0,
      feeBasisPoints: 0,
      donationMinMinor: 100,
      donationMaxMinor: 100_000,
    });
  });

  it('is on with a key and its webhook secret; the fee is read by its digits', () => {
    const payments = readConfig({
      ...base,
      ...keys,
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      PAYMENTS_FEE_PERCENT: '12.34',
      PAYMENTS_DONATION_MIN_MINOR: '50',
      PAYMENTS_DONATION_MAX_MINOR: '5000',
    }).payments;
    expect(payments).toEqual({
      enabled: true,
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: 'http://127.0.0.1:12111',
      feePercent: 12.34,
      feeBasisPoints: 1234,
      donationMinMinor: 50,
      donationMaxMinor: 5000,
    });
    expect(readConfig({ ...base, ...keys, PAYMENTS_FEE_PERCENT: '100' }).payments.feeBasisPoints).toBe(10_000);
    expect(readConfig({ ...base, ...keys, PAYMENTS_FEE_PERCENT: '0.5' }).payments.feeBasisPoints).toBe(50);
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'sk_test_abc123' }, /^STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }, /^STRIPE_WEBHOOK_SECRET: is set without STRIPE_SECRET_KEY/],
    [{ ...keys, STRIPE_SECRET_KEY: 'pk_test_abc' }, /^STRIPE_SECRET_KEY: must be a Stripe secret or restricted key/],
    [{ ...keys, STRIPE_WEBHOOK_SECRET: 'secret' }, /^STRIPE_WEBHOOK_SECRET: must be the signing secret/],
    [{ ...keys, STRIPE_API_URL: 'ftp://x' }, /^STRIPE_API_URL: must start with http:\/\/ or https:\/\//],
    [{ PAYMENTS_FEE_PERCENT: '100.01' }, /^PAYMENTS_FEE_PERCENT: must be a percentage from 0 to 100/],
    [{ PAYMENTS_FEE_PERCENT: '1.234' }, /^PAYMENTS_FEE_PERCENT: must be a percentage/],
    [{ PAYMENTS_FEE_PERCENT: '-1' }, /^PAYMENTS_FEE_PERCENT: must be a percentage/],
    [{ PAYMENTS_FEE_PERCENT: '1e1' }, /^PAYMENTS_FEE_PERCENT: must be a percentage/],
    [{ PAYMENTS_DONATION_MIN_MINOR: '0' }, /^PAYMENTS_DONATION_MIN_MINOR: must be between 1 and 99999999/],
    [{ PAYMENTS_DONATION_MIN_MINOR: '1.5' }, /^PAYMENTS_DONATION_MIN_MINOR: must be an integer/],
    [{ PAYMENTS_DONATION_MIN_MINOR: '500', PAYMENTS_DONATION_MAX_MINOR: '400' }, /^PAYMENTS_DONATION_MAX_MINOR: must be at least/],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig({ ...base, ...env })).toThrow(message);
  });

  it('never repeats a secret in its error', () => {
    expect(() => readConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_TOPSECRET!' })).toThrow(/^STRIPE_SECRET_KEY: /);
    try {
      readConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_TOPSECRET!' });
    } catch (error) {
      expect((error as Error).message).not.toContain('TOPSECRET');
    }
  });
});

describe('donation bounds', () => {
  it('a bound given alone moves the other default with it', () => {
    expect(readConfig({ ...base, PAYMENTS_DONATION_MIN_MINOR: '500000' }).payments).toMatchObject({
      donationMinMinor: 500_000,
      donationMaxMinor: 500_000,
    });
    expect(readConfig({ ...base, PAYMENTS_DONATION_MAX_MINOR: '50' }).payments).toMatchObject({
      donationMinMinor: 50,
      donationMaxMinor: 50,
    });
  });
});
