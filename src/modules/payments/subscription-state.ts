/**
 * Stripe's subscription, as fetched, mapped to the premium domain's write: the only place that
 * decides what a Stripe status means for premium (docs/decisions.md, "fetched, not trusted").
 */
import { isSnowflakeId } from '../../lib/schemas.js';
import { UUID_PATTERN } from '../../lib/keyset.js';
import type { StripeSubscriptionWrite } from '../premium/service.js';
import type { RemoteSubscription } from './gateway.js';

/** Statuses whose current period is paid for. */
const PAYING = new Set(['active', 'trialing']);

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** When premium ends: the paid-until date while paying, else the moment it stopped being paid. */
export function endOf(remote: RemoteSubscription): string {
  if (PAYING.has(remote.status)) return iso(remote.periodEnd);
  // past_due / unpaid / incomplete: the period that began was never paid, so premium ended at its start.
  const ended = remote.endedAt ?? (remote.status === 'canceled' ? remote.canceledAt : null) ?? remote.periodStart;
  return iso(ended);
}

/**
 * The write for a subscription our checkout made (its metadata names bot, tier and user), or
 * undefined for one that is not ours or names another bot than the account's.
 */
export function subscriptionWrite(
  remote: RemoteSubscription,
  account: { accountId: string; botId: string },
  tierName: string,
  refundedUntil?: number,
): StripeSubscriptionWrite | undefined {
  const { botId, tierId, userId, guildId } = remote.metadata;
  if (botId !== account.botId || !tierId || !UUID_PATTERN.test(tierId) || !userId || !isSnowflakeId(userId)) return undefined;
  if (guildId && !isSnowflakeId(guildId)) return undefined;
  return {
    botId,
    userId,
    guildId: guildId || null,
    tierId,
    tierName,
    interval: remote.interval ?? 'month',
    paying: PAYING.has(remote.status),
    expiresAt: endOf(remote),
    cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
    link: { subscriptionId: remote.id, accountId: account.accountId, customerId: remote.customerId, status: remote.status },
    ...(refundedUntil !== undefined && { refundedUntil: iso(refundedUntil) }),
  };
}
