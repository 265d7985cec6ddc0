import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { offsetOf, page, type Page } from '../../lib/pagination.js';
import type { PublishedBots } from '../bots/catalog.js';
import { botRepository } from '../bots/repository.js';
import type { Change, Changes } from '../changes/change.js';
import { recordEvent } from '../webhooks/delivery/outbox.js';
import { donationRepository, type StripeDonation } from './donations-repository.js';
import type {
  Donation,
  DonationCreate,
  PremiumStatus,
  Subscription,
  SubscriptionListQuery,
  SubscriptionPatch,
  SubscriptionUpsert,
} from './schemas.js';
import { subscriptionRepository, type StripeLink, type SubscriptionWrite } from './subscriptions-repository.js';

export type { StripeDonation } from './donations-repository.js';
export type { StripeLink } from './subscriptions-repository.js';

/**
 * Runs first in the transaction of a write a payment provider's event causes (its idempotency
 * row); false: the event was handled before, and nothing is written.
 */
export type Claim = (tx: Queryable) => Promise<boolean>;

/** A subscription as Stripe holds it now, mapped to the contract's fields (payments/subscription-state.ts). */
export interface StripeSubscriptionWrite {
  botId: string;
  userId: string;
  guildId: string | null;
  tierId: string;
  tierName: string;
  interval: string;
  /** Stripe's status says it is paid for (active, trialing). */
  paying: boolean;
  /** Paid-until when paying, else when it ended. */
  expiresAt: string;
  cancelAtPeriodEnd: boolean;
  link: Omit<StripeLink, 'refundedUntil'>;
  /** A refund of the period that ends then (kept as the latest such time). */
  refundedUntil?: string;
}

/** What a provider's write did: `duplicate` when its event was handled before. */
export type SyncOutcome = 'written' | 'unchanged' | 'duplicate' | 'no_bot';

/** Lapsed subscriptions ended per transaction by the sweep. */
export const LAPSE_BATCH = 100;
/** The longest a premium status is kept (a subscription written drops it at once: `fact.premium`). */
const STATUS_LIFE_MS = 30_000;

export type PremiumScope = { userId: string } | { guildId: string };

const NO_PREMIUM: PremiumStatus = {
  active: false,
  tierId: null,
  tierName: null,
  interval: null,
  guildId: null,
  expiresAt: null,
  cancelAtPeriodEnd: false,
};

type SubscriptionFields = Omit<SubscriptionWrite, 'announced'>;

/** The `premium` event's payload; `active` says whether the subscription begins or ends. */
function premiumPayload(s: SubscriptionFields, active: boolean): Record<string, unknown> {
  const { userId, guildId, tierId, tierName, interval, expiresAt, cancelAtPeriodEnd } = s;
  return { user: userId, guildId, tierId, tierName, interval, active, expiresAt, cancelAtPeriodEnd };
}

/** Premium subscriptions and donations: the statuses owners read, the facts the operator's site feeds. */
export class PremiumService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly feed: Changes,
    /** Every published bot, in memory: reads ask it, not the database, whether the bot is listed. */
    private readonly catalog: PublishedBots,
  ) {}

  /** The subscription in force for a user (user-scoped tiers) or a server (guild-scoped tiers) of a published bot. */
  async status(botId: string, scope: PremiumScope): Promise<PremiumStatus> {
    if (!(await this.catalog.entry(botId))) throw AppError.notFound();
    const subscription = await subscriptionRepository.current(this.db.reads, botId, scope, this.clock.now());
    if (!subscription) return NO_PREMIUM;
    const { tierId, tierName, interval, guildId, expiresAt, cancelAtPeriodEnd } = subscription;
    return { active: true, tierId, tierName, interval, guildId, expiresAt, cancelAtPeriodEnd };
  }

  /** How long a status may be kept: until the subscription in force would end by itself. */
  statusLifeMs(status: PremiumStatus): number {
    if (!status.active || status.expiresAt === null) return STATUS_LIFE_MS;
    return Math.min(STATUS_LIFE_MS, Date.parse(status.expiresAt) - this.clock.now().getTime());
  }

  /** Creates or updates a subscription by id; a change of `active` records a `premium` event. */
  async upsertSubscription(botId: string, input: SubscriptionUpsert): Promise<{ subscription: Subscription; created: boolean }> {
    const id = input.id ?? randomUUID();
    const write: SubscriptionFields = {
      id,
      botId,
      userId: input.userId,
      guildId: input.guildId ?? null,
      tierId: input.tierId,
      tierName: input.tierName,
      interval: input.interval,
      expiresAt: new Date(input.expiresAt).toISOString(),
      cancelAtPeriodEnd: input.cancelAtPeriodEnd ?? false,
      active: input.active,
    };
    return this.writeSubscription(id, botId, () => write);
  }

  async listSubscriptions(query: SubscriptionListQuery): Promise<Page<Subscription>> {
    const filter = { botId: query.bot, userId: query.user, guildId: query.guild, active: query.active };
    const { items, total } = await subscriptionRepository.list(this.db, filter, query.limit, offsetOf(query));
    return page(items, total, query);
  }

  async patchSubscription(id: string, patch: SubscriptionPatch): Promise<Subscription> {
    const { subscription } = await this.writeSubscription(id, undefined, (existing) => {
      if (!existing) throw AppError.notFound('No subscription with that ID');
      return {
        ...existing,
        ...patch,
        expiresAt: patch.expiresAt ? new Date(patch.expiresAt).toISOString() : existing.expiresAt,
      };
    });
    return subscription;
  }

  async addDonation(botId: string, input: DonationCreate): Promise<Donation> {
    if (Math.round(input.amount * 100) / 100 !== input.amount) {
      throw AppError.validation([{ field: 'amount', message: 'must have at most two decimals' }]);
    }
    const now = this.clock.now();
    const donation: Donation = {
      id: randomUUID(),
      botId,
      user: input.user,
      username: input.username ?? null,
      amount: input.amount,
      currency: input.currency,
      createdAt: now.toISOString(),
    };
    await this.db.transaction(async (tx) => {
      if (!(await botRepository.lock(tx, botId))) throw AppError.notFound('No bot with that application ID');
      await donationRepository.insert(tx, donation);
      const { user, username, amount, currency } = donation;
      await recordEvent(tx, { botId, type: 'donation', payload: { user, username, amount, currency }, createdAt: now });
    });
    return donation;
  }

  /**
   * Creates or updates the subscription Stripe knows by `link.subscriptionId`, with the same
   * "in force" rule and `premium` events as every other write. A refunded period ends premium:
   * the subscription is not active while it is paid no further than `refundedUntil`.
   */
  async syncStripeSubscription(input: StripeSubscriptionWrite, claim?: Claim): Promise<SyncOutcome> {
    const now = this.clock.now();
    const written = (result: { owner: string; outcome: SyncOutcome }): Change | undefined =>
      result.outcome === 'written' ? { kind: 'bot', botId: result.owner, aspect: 'premium' } : undefined;
    const { outcome } = await this.feed.commit(this.db, written, async (tx) => {
      if (claim && !(await claim(tx))) return { owner: input.botId, outcome: 'duplicate' as const };
      // The bot first, then the subscription: the order of every other subscription write.
      const botId = input.botId;
      if (!(await botRepository.lock(tx, botId))) return { owner: botId, outcome: 'no_bot' as const };
      const locked = await subscriptionRepository.lockByStripeId(tx, input.link.subscriptionId);
      if (locked && locked.subscription.botId !== botId) {
        throw new AppError('conflict', 'A subscription with this Stripe id belongs to a different bot');
      }
      const refundedUntil = latest(locked?.link.refundedUntil ?? null, input.refundedUntil ?? null);
      const refunded = refundedUntil !== null && Date.parse(input.expiresAt) <= Date.parse(refundedUntil);
      const fields: SubscriptionFields = {
        id: locked?.subscription.id ?? randomUUID(),
        botId,
        userId: input.userId,
        guildId: input.guildId,
        tierId: input.tierId,
        tierName: input.tierName,
        interval: input.interval,
        expiresAt: new Date(input.expiresAt).toISOString(),
        cancelAtPeriodEnd: input.cancelAtPeriodEnd,
        active: input.paying && !refunded,
      };
      const link: StripeLink = { ...input.link, refundedUntil };
      if (locked && sameSubscription(locked.subscription, fields) && sameLink(locked.link, link)) {
        return { owner: botId, outcome: 'unchanged' as const };
      }
      const inForce = fields.active && Date.parse(fields.expiresAt) > now.getTime();
      const next: SubscriptionWrite = { ...fields, announced: inForce };
      if (locked) await subscriptionRepository.update(tx, next, now);
      else await subscriptionRepository.insert(tx, next, now);
      await subscriptionRepository.setStripeLink(tx, next.id, link);
      if (inForce !== (locked?.announced ?? false)) {
        await recordEvent(tx, { botId, type: 'premium', payload: premiumPayload(next, inForce), createdAt: now });
      }
      return { owner: botId, outcome: 'written' as const };
    });
    return outcome;
  }

  /**
   * Records a donation paid through Stripe once per checkout session, with its `donation` event
   * (`amount`: the exact decimal of its minor units). Undefined when the session or the event was
   * recorded before, or the bot is gone.
   */
  async addStripeDonation(
    botId: string,
    input: { user: string; username: string | null; currency: string },
    stripe: StripeDonation,
    claim?: Claim,
  ): Promise<Donation | undefined> {
    const now = this.clock.now();
    const donation: Donation = {
      id: randomUUID(),
      botId,
      user: input.user,
      username: input.username,
      amount: Number(stripe.amountText),
      currency: input.currency.toUpperCase(),
      createdAt: now.toISOString(),
    };
    return this.db.transaction(async (tx) => {
      if (claim && !(await claim(tx))) return undefined;
      if (!(await botRepository.lock(tx, botId))) return undefined;
      if (!(await donationRepository.insertFromStripe(tx, donation, stripe))) return undefined;
      const { user, username, amount, currency } = donation;
      await recordEvent(tx, { botId, type: 'donation', payload: { user, username, amount, currency }, createdAt: now });
      return donation;
    });
  }

  /** Marks the donation paid by a refunded payment intent refunded (no contract event exists for that). */
  async refundStripeDonation(paymentIntentId: string, claim?: Claim): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      if (claim && !(await claim(tx))) return false;
      return donationRepository.markRefunded(tx, paymentIntentId, now);
    });
  }

  /**
   * Writes the premium "ends" events of subscriptions whose paid period ran out without anyone
   * ending them, at most `limit` per call (the workers call it until it returns less). Answers
   * how many it wrote; every process may call it at once, each lapse is written once.
   */
  async recordLapsedPremium(limit = LAPSE_BATCH): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const lapsed = await subscriptionRepository.takeLapsed(tx, now, limit);
      for (const subscription of lapsed) {
        await recordEvent(tx, { botId: subscription.botId, type: 'premium', payload: premiumPayload(subscription, false), createdAt: now });
      }
      return lapsed.length;
    });
  }

  /**
   * Premium events follow whether a subscription is in force (active and paid beyond now), not
   * just its `active` flag: a renewal after a lapse begins it again, a write that leaves it
   * expired announces nothing, and the lapse sweep ends what runs out by itself.
   */
  private async writeSubscription(
    id: string,
    botId: string | undefined,
    build: (existing: Subscription | undefined) => SubscriptionFields,
  ): Promise<{ subscription: Subscription; created: boolean }> {
    const now = this.clock.now();
    // Announced in the transaction (subscriptions change rarely): every process forgets the bot's premium statuses.
    const written = (result: { owner: string }): Change => ({ kind: 'bot', botId: result.owner, aspect: 'premium' });
    const { created } = await this.feed.commit(this.db, written, async (tx) => {
      if (botId !== undefined && !(await botRepository.lock(tx, botId))) {
        throw AppError.notFound('No bot with that application ID');
      }
      const locked = await subscriptionRepository.lock(tx, id);
      const existing = locked?.subscription;
      if (existing && botId !== undefined && existing.botId !== botId) {
        throw new AppError('conflict', 'A subscription with this id belongs to a different bot');
      }
      const fields = build(existing);
      const inForce = fields.active && Date.parse(fields.expiresAt) > now.getTime();
      const next: SubscriptionWrite = { ...fields, announced: inForce };
      if (existing) await subscriptionRepository.update(tx, next, now);
      else await subscriptionRepository.insert(tx, next, now);
      if (inForce !== (locked?.announced ?? false)) {
        await recordEvent(tx, { botId: next.botId, type: 'premium', payload: premiumPayload(next, inForce), createdAt: now });
      }
      return { created: !existing, owner: next.botId };
    });
    return { subscription: (await subscriptionRepository.find(this.db, id)) as Subscription, created };
  }
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b === null ? null : new Date(b).toISOString();
  if (b === null) return a;
  return Date.parse(a) >= Date.parse(b) ? a : new Date(b).toISOString();
}

function sameSubscription(existing: Subscription, next: SubscriptionFields): boolean {
  return (
    existing.userId === next.userId &&
    existing.guildId === next.guildId &&
    existing.tierId === next.tierId &&
    existing.tierName === next.tierName &&
    existing.interval === next.interval &&
    existing.expiresAt === next.expiresAt &&
    existing.cancelAtPeriodEnd === next.cancelAtPeriodEnd &&
    existing.active === next.active
  );
}

function sameLink(existing: StripeLink, next: StripeLink): boolean {
  return (
    existing.accountId === next.accountId &&
    existing.customerId === next.customerId &&
    existing.status === next.status &&
    existing.refundedUntil === next.refundedUntil
  );
}
