import { ConfigError } from './errors.js';
import { url } from './parsers.js';
import type { ConfigVariables } from './schema.js';

interface PaymentLimits {
  /** PAYMENTS_FEE_PERCENT as given (0–100, two decimals at most). */
  feePercent: number;
  /** The same fee in basis points (hundredths of a percent), an integer: what the arithmetic uses. */
  feeBasisPoints: number;
  donationMinMinor: number;
  donationMaxMinor: number;
}

/**
 * Payments through Stripe Connect (STRIPE_*, PAYMENTS_*): on when STRIPE_SECRET_KEY is set. The
 * secrets are kept here only to be handed to the Stripe client; nothing logs the config.
 */
export type PaymentsConfig =
  | (PaymentLimits & { enabled: true; secretKey: string; webhookSecret: string; apiUrl: string | undefined })
  | (PaymentLimits & { enabled: false });

export function readPaymentsConfig(v: ConfigVariables, given: ReadonlySet<string>): PaymentsConfig {
  const limits: PaymentLimits = {
    feePercent: Number(v.PAYMENTS_FEE_PERCENT),
    feeBasisPoints: basisPoints(v.PAYMENTS_FEE_PERCENT),
    // A bound given alone moves the other's default with it; two given bounds must agree.
    donationMinMinor: given.has('PAYMENTS_DONATION_MIN_MINOR')
      ? v.PAYMENTS_DONATION_MIN_MINOR
      : Math.min(v.PAYMENTS_DONATION_MIN_MINOR, v.PAYMENTS_DONATION_MAX_MINOR),
    donationMaxMinor: given.has('PAYMENTS_DONATION_MAX_MINOR')
      ? v.PAYMENTS_DONATION_MAX_MINOR
      : Math.max(v.PAYMENTS_DONATION_MAX_MINOR, v.PAYMENTS_DONATION_MIN_MINOR),
  };
  if (limits.donationMaxMinor < limits.donationMinMinor) {
    throw new ConfigError('PAYMENTS_DONATION_MAX_MINOR', 'must be at least PAYMENTS_DONATION_MIN_MINOR');
  }
  const apiUrl = v.STRIPE_API_URL === undefined ? undefined : url('STRIPE_API_URL', v.STRIPE_API_URL, ['http:', 'https:']);
  if (v.STRIPE_SECRET_KEY === undefined) {
    if (v.STRIPE_WEBHOOK_SECRET !== undefined) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is set without STRIPE_SECRET_KEY');
    return { enabled: false, ...limits };
  }
  // Secrets are never repeated in an error: only their expected shape is named.
  if (!/^(sk|rk)_[A-Za-z0-9_]+$/.test(v.STRIPE_SECRET_KEY)) {
    throw new ConfigError('STRIPE_SECRET_KEY', 'must be a Stripe secret or restricted key (sk_… or rk_…)');
  }
  if (v.STRIPE_WEBHOOK_SECRET === undefined) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set');
  if (!/^whsec_[A-Za-z0-9_]+$/.test(v.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be the signing secret of a Stripe webhook endpoint (whsec_…)');
  }
  return { enabled: true, secretKey: v.STRIPE_SECRET_KEY, webhookSecret: v.STRIPE_WEBHOOK_SECRET, apiUrl, ...limits };
}

/** "12.5" → 1250, by the digits (no floating-point arithmetic). */
function basisPoints(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
