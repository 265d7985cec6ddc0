import type { PaymentsConfig } from '../../config/index.js';
import { StripeGateway } from './gateway.js';

/** A Stripe call waits this long for its answer (then retried, up to MAX_RETRIES). */
const TIMEOUT_MS = 10_000;
const MAX_RETRIES = 2;

/**
 * The gateway over the Stripe client of the operator's platform account; `apiUrl` (STRIPE_API_URL)
 * points it at a stand-in on this machine (demo, tests). The key goes to the library only, never to
 * a log. The library is loaded here, only while payments are on: it adds about 36 MB to a process.
 */
export async function createStripeGateway(config: Extract<PaymentsConfig, { enabled: true }>): Promise<StripeGateway> {
  const { default: Stripe } = await import('stripe');
  const target = config.apiUrl === undefined ? undefined : new URL(config.apiUrl);
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: MAX_RETRIES,
    timeout: TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Bot Directory' },
    ...(target && {
      host: target.hostname,
      port: target.port === '' ? (target.protocol === 'https:' ? 443 : 80) : Number(target.port),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  return new StripeGateway(stripe, config.webhookSecret);
}
