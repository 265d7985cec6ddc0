/**
 * What the pages (dashboard tab, bot page's premium section, "My subscriptions", the console) ask
 * of the payments module, reached through `services.paymentAccounts`, `services.premiumTiers` and
 * `services.paymentCheckout`, as small interfaces the services satisfy (and the page tests' in-memory
 * stand-in too). Undefined while payments are off (no STRIPE_SECRET_KEY): then no page offers any of it.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { UserActor } from '../audit/entry.js';

export interface PaymentAccountView {
  botId: string;
  accountId: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[];
  donationCurrency: string;
  connectedBy: string;
  updatedAt: string;
}

export interface TierView {
  id: string;
  botId: string;
  name: { en: string; de: string };
  description: { en: string; de: string };
  scope: 'user' | 'guild';
  interval: 'month' | 'year';
  amountMinor: number;
  currency: string;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}
export type TierInputView = Omit<TierView, 'id' | 'botId' | 'archived' | 'createdAt' | 'updatedAt'>;

export interface MySubscriptionView {
  id: string;
  botId: string;
  botName: string;
  tierName: string;
  guildId: string | null;
  interval: string;
  expiresAt: string;
  cancelAtPeriodEnd: boolean;
  active: boolean;
}

export interface PaymentAccountsPort {
  forBot(botId: string): Promise<PaymentAccountView | undefined>;
  onboardingUrl(botId: string, actor: UserActor, returnUrl: string, refreshUrl: string): Promise<string>;
  refresh(botId: string): Promise<PaymentAccountView | undefined>;
  setDonationCurrency(botId: string, currency: string, actor: UserActor): Promise<void>;
}

export interface PremiumTiersPort {
  list(botId: string, opts?: { includeArchived?: boolean }): Promise<TierView[]>;
  get(botId: string, tierId: string): Promise<TierView>;
  create(botId: string, input: TierInputView, actor: UserActor): Promise<TierView>;
  update(botId: string, tierId: string, input: TierInputView, actor: UserActor): Promise<TierView>;
  archive(botId: string, tierId: string, actor: UserActor): Promise<TierView>;
  remove(botId: string, tierId: string, actor: UserActor): Promise<void>;
}

export interface PaymentCheckoutPort {
  subscribe(i: { botId: string; tierId: string; userId: string; guildId?: string; successUrl: string; cancelUrl: string }): Promise<string>;
  donate(i: {
    botId: string;
    userId: string;
    username: string | null;
    amountMinor: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  mySubscriptions(userId: string): Promise<MySubscriptionView[]>;
  portalUrl(userId: string, subscriptionId: string, returnUrl: string): Promise<string>;
}

export interface PaymentSettings {
  donationMinMinor: number;
  donationMaxMinor: number;
}

export interface PaymentPages {
  settings: PaymentSettings;
  accounts: PaymentAccountsPort;
  tiers: PremiumTiersPort;
  checkout: PaymentCheckoutPort;
}

/** The payments services, or undefined when payments are off. */
export function paymentPages(app: Pick<FastifyInstance, 'config' | 'services'>): PaymentPages | undefined {
  const config = app.config.payments;
  const { services } = app;
  if (!config.enabled) return undefined;
  return {
    settings: { donationMinMinor: config.donationMinMinor, donationMaxMinor: config.donationMaxMinor },
    accounts: services.paymentAccounts,
    tiers: services.premiumTiers,
    checkout: services.paymentCheckout,
  };
}

/** The payments services for a page that exists only while payments are on: a 404 otherwise. */
export function requirePaymentPages(app: Pick<FastifyInstance, 'config' | 'services'>): PaymentPages {
  const pages = paymentPages(app);
  if (!pages) throw AppError.notFound('Payments are not set up');
  return pages;
}
