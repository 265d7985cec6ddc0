import { AppError } from '../../lib/errors.js';
import type { StripeGateway } from './gateway.js';

/** The gateway, or the error a page shows when the directory takes no payments (STRIPE_SECRET_KEY unset). */
export function gatewayOf(gateway: StripeGateway | undefined): StripeGateway {
  if (!gateway) throw new AppError('not_found', 'This directory takes no payments');
  return gateway;
}
