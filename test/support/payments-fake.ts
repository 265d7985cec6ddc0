/**
 * An in-memory payments module for the page tests: the service methods the pages call
 * (src/modules/payments/page-services.ts), with the refusals the design names (a tier with
 * subscribers: 409; a subscription of another user: 404). Installed on a test app with `install`.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../src/lib/errors.js';
import type {
  MySubscriptionView,
  PaymentAccountsPort,
  PaymentAccountView,
  PaymentCheckoutPort,
  PremiumTiersPort,
  TierInputView,
  TierView,
} from '../../src/modules/payments/page-services.js';
import type { TestApp } from '../helpers.js';

export class FakePayments {
  readonly accountsByBot = new Map<string, PaymentAccountView>();
  readonly tiersById = new Map<string, TierView>();
  readonly subscribers = new Set<string>();
  readonly subscriptions: Array<MySubscriptionView & { userId: string }> = [];
  readonly calls: Array<{ method: string; args: unknown }> = [];

  readonly accounts: PaymentAccountsPort = {
    forBot: async (botId) => this.accountsByBot.get(botId),
    onboardingUrl: async (botId, actor, returnUrl, refreshUrl) => {
      this.calls.push({ method: 'onboardingUrl', args: { botId, userId: actor.id, returnUrl, refreshUrl } });
      if (!this.accountsByBot.has(botId)) this.connect(botId, actor.id, false);
      return `https://connect.stripe.test/onboard/${botId}`;
    },
    refresh: async (botId) => {
      this.calls.push({ method: 'refresh', args: { botId } });
      return this.accountsByBot.get(botId);
    },
    setDonationCurrency: async (botId, currency) => {
      const account = this.accountsByBot.get(botId);
      if (account) account.donationCurrency = currency;
    },
  };

  readonly tiers: PremiumTiersPort = {
    list: async (botId, opts) =>
      [...this.tiersById.values()].filter((tier) => tier.botId === botId && (opts?.includeArchived || !tier.archived)),
    get: async (botId, tierId) => {
      const tier = this.tiersById.get(tierId);
      if (!tier || tier.botId !== botId) throw AppError.notFound('No such tier');
      return tier;
    },
    create: async (botId, input) => this.put(botId, randomUUID(), input),
    update: async (botId, tierId, input) => {
      await this.tiers.get(botId, tierId);
      return this.put(botId, tierId, input);
    },
    archive: async (botId, tierId) => {
      const tier = await this.tiers.get(botId, tierId);
      tier.archived = true;
      return tier;
    },
    remove: async (botId, tierId) => {
      await this.tiers.get(botId, tierId);
      if (this.subscribers.has(tierId)) throw new AppError('conflict', 'The tier has subscribers');
      this.tiersById.delete(tierId);
    },
  };

  readonly checkout: PaymentCheckoutPort = {
    subscribe: async (input) => {
      this.calls.push({ method: 'subscribe', args: input });
      return `https://checkout.stripe.test/subscribe/${input.tierId}`;
    },
    donate: async (input) => {
      this.calls.push({ method: 'donate', args: input });
      return `https://checkout.stripe.test/donate/${input.amountMinor}`;
    },
    mySubscriptions: async (userId) => this.subscriptions.filter((sub) => sub.userId === userId),
    portalUrl: async (userId, subscriptionId, returnUrl) => {
      const sub = this.subscriptions.find((s) => s.id === subscriptionId);
      if (!sub || sub.userId !== userId) throw AppError.notFound('No such subscription');
      this.calls.push({ method: 'portalUrl', args: { userId, subscriptionId, returnUrl } });
      return `https://billing.stripe.test/portal/${subscriptionId}`;
    },
  };

  connect(botId: string, userId: string, chargesEnabled: boolean): PaymentAccountView {
    const account = {
      botId,
      accountId: `acct_${botId.slice(-8)}`,
      chargesEnabled,
      detailsSubmitted: chargesEnabled,
      requirementsDue: chargesEnabled ? [] : ['external_account', 'tos_acceptance.date'],
      donationCurrency: 'eur',
      connectedBy: userId,
      updatedAt: new Date().toISOString(),
    };
    this.accountsByBot.set(botId, account);
    return account;
  }

  private put(botId: string, id: string, input: TierInputView): TierView {
    const now = new Date().toISOString();
    const tier = { ...input, id, botId, archived: this.tiersById.get(id)?.archived ?? false, createdAt: now, updatedAt: now };
    this.tiersById.set(id, tier);
    return tier;
  }

  /** Payments on, with these services, in `t`'s app. */
  install(t: TestApp): void {
    (t.app.config as unknown as { payments: unknown }).payments = {
      ...((t.app.config as unknown as { payments?: object }).payments ?? {}),
      enabled: true,
      donationMinMinor: 100,
      donationMaxMinor: 100_000,
    };
    Object.assign(t.app.services, { paymentAccounts: this.accounts, premiumTiers: this.tiers, paymentCheckout: this.checkout });
  }
}
