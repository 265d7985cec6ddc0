import type { PaymentsConfig } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import type { Subscription } from '../premium/schemas.js';
import { accountRepository, type AccountRow } from './accounts-repository.js';
import { feeMinor } from './currencies.js';
import { customerRepository } from './customers-repository.js';
import type { StripeGateway } from './gateway.js';
import { gatewayOf } from './payments-off.js';
import { tierRepository } from './tiers-repository.js';
import { toStripeSubscription, totalsRepository } from './totals-repository.js';

/** How many subscriptions "My subscriptions" shows (newest first). */
const MY_SUBSCRIPTIONS = 100;

export interface SubscribeInput {
  botId: string;
  tierId: string;
  userId: string;
  guildId?: string;
  successUrl: string;
  cancelUrl: string;
}

export interface DonateInput {
  botId: string;
  userId: string;
  /** null: anonymous. */
  username: string | null;
  amountMinor: number;
  successUrl: string;
  cancelUrl: string;
}

export type MySubscription = Subscription & { botName: string; tierName: string };

/** Stripe Checkout for premium tiers and donations, and the user's own subscriptions. */
export class PaymentCheckout {
  constructor(
    private readonly db: Database,
    private readonly config: PaymentsConfig,
    private readonly gateway: StripeGateway | undefined,
  ) {}

  /** Answers the Checkout URL of a subscription to the tier (mode subscription). */
  async subscribe(i: SubscribeInput): Promise<string> {
    const gateway = gatewayOf(this.gateway);
    const account = await this.chargeableAccount(i.botId);
    const tier = await tierRepository.find(this.db, i.botId, i.tierId);
    if (!tier) throw AppError.notFound('No tier with that ID for this bot');
    if (tier.archived) throw new AppError('conflict', 'The tier takes no new subscriptions');
    if (tier.scope === 'guild' && (i.guildId === undefined || !isSnowflakeId(i.guildId))) {
      throw AppError.validation([{ field: 'guildId', message: 'must be the ID of one of your servers' }]);
    }
    const guildId = tier.scope === 'guild' ? i.guildId : undefined;
    return gateway.createSubscriptionCheckout({
      account: account.account_id,
      customerId: await this.customer(gateway, account.account_id, i.userId),
      successUrl: i.successUrl,
      cancelUrl: i.cancelUrl,
      productName: tier.name.en,
      amountMinor: tier.amountMinor,
      currency: tier.currency,
      interval: tier.interval,
      feePercent: this.config.feePercent,
      metadata: { kind: 'subscription', botId: i.botId, tierId: tier.id, userId: i.userId, ...(guildId && { guildId }) },
    });
  }

  /** Answers the Checkout URL of a donation (mode payment) in the bot's donation currency. */
  async donate(i: DonateInput): Promise<string> {
    const gateway = gatewayOf(this.gateway);
    const { donationMinMinor: min, donationMaxMinor: max } = this.config;
    if (!Number.isSafeInteger(i.amountMinor) || i.amountMinor < min || i.amountMinor > max) {
      throw AppError.validation([{ field: 'amountMinor', message: `must be a whole number from ${min} to ${max} minor units` }]);
    }
    if (i.username !== null && (i.username.trim() === '' || i.username.length > 100)) {
      throw AppError.validation([{ field: 'username', message: 'must be 1 to 100 characters, or anonymous' }]);
    }
    const account = await this.chargeableAccount(i.botId);
    return gateway.createDonationCheckout({
      account: account.account_id,
      customerId: await this.customer(gateway, account.account_id, i.userId),
      successUrl: i.successUrl,
      cancelUrl: i.cancelUrl,
      productName: 'Donation',
      amountMinor: i.amountMinor,
      currency: account.donation_currency.trim(),
      feeMinor: feeMinor(i.amountMinor, this.config.feeBasisPoints),
      metadata: {
        kind: 'donation',
        botId: i.botId,
        userId: i.userId,
        username: i.username ?? '',
        public: i.username === null ? 'false' : 'true',
      },
    });
  }

  /** The user's subscriptions made through Stripe, newest first (at most 100; read by index, no count). */
  async mySubscriptions(userId: string): Promise<MySubscription[]> {
    const rows = await totalsRepository.ofUser(this.db.reads, userId, MY_SUBSCRIPTIONS);
    return rows.map((row) => ({ ...toStripeSubscription(row), botName: row.bot_name }));
  }

  /** Billing portal URL for the user's customer on the account of that subscription; 404 if not theirs. */
  async portalUrl(userId: string, subscriptionId: string, returnUrl: string): Promise<string> {
    const gateway = gatewayOf(this.gateway);
    const row = /^[0-9a-f-]{36}$/i.test(subscriptionId) ? await totalsRepository.subscription(this.db, subscriptionId) : undefined;
    if (!row || row.user_id !== userId || !row.stripe_subscription_id) throw AppError.notFound('No subscription of yours with that ID');
    return gateway.portalSession(row.stripe_account_id, row.stripe_customer_id, returnUrl);
  }

  private async chargeableAccount(botId: string): Promise<AccountRow> {
    const account = await accountRepository.forBot(this.db, botId);
    if (!account?.charges_enabled) throw new AppError('conflict', 'This bot takes no payments yet');
    return account;
  }

  /** The user's customer on the account, made on first use. */
  private async customer(gateway: StripeGateway, accountId: string, userId: string): Promise<string> {
    const known = await customerRepository.find(this.db, accountId, userId);
    if (known) return known;
    return customerRepository.remember(this.db, accountId, userId, await gateway.ensureCustomer(accountId, userId));
  }
}
