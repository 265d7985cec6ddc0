/**
 * The calls we make to Stripe, and the shapes we read from its answers: with stripe-client.ts
 * (which loads the library), the only module that knows `stripe`'s types. Every call on a bot's
 * money names the connected account (`Stripe-Account`). Answers are turned into small plain
 * objects here, so the rest of the module never depends on the library's types.
 */
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';

/** A verified webhook event: its object as sent, read by the handler only for ids. */
export interface StripeEventEnvelope {
  id: string;
  type: string;
  /** The connected account it happened on; undefined for the platform's own events. */
  account: string | undefined;
  object: Record<string, unknown>;
}

export interface RemoteAccount {
  id: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[];
}

/** A subscription as Stripe holds it now (times in Unix seconds). */
export interface RemoteSubscription {
  id: string;
  customerId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** The first item's period (API 2026-10-28: periods live on subscription items). */
  periodStart: number;
  periodEnd: number;
  endedAt: number | null;
  canceledAt: number | null;
  interval: string | null;
  metadata: Record<string, string>;
  /** The invoice of its current period (the nightly reconciliation records it when its event was lost). */
  latestInvoiceId: string | undefined;
}

export interface RemoteInvoice {
  id: string;
  subscriptionId: string | undefined;
  /** The end of the period its subscription line paid for. */
  periodEnd: number | undefined;
  /** Stripe's status: `paid` once the money is in. */
  status: string | undefined;
  /** Minor units of `currency` paid. */
  amountPaid: number;
  currency: string;
  /** When it was paid (Unix seconds), undefined while unpaid. */
  paidAt: number | undefined;
}

export interface RemoteCharge {
  id: string;
  invoiceId: string | undefined;
  paymentIntentId: string | undefined;
  amountRefunded: number;
}

export interface CheckoutSessionInput {
  account: string;
  customerId: string | undefined;
  successUrl: string;
  cancelUrl: string;
  productName: string;
  amountMinor: number;
  currency: string;
  metadata: Record<string, string>;
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : typeof value === 'string' ? value : value.id;

export class StripeGateway {
  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {}

  /** Verifies the signature over the exact bytes received (5 minutes' tolerance); throws when forged, stale or missing. */
  constructEvent(rawBody: Buffer, signature: string): StripeEventEnvelope {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, 300);
    return {
      id: event.id,
      type: event.type,
      account: event.account ?? undefined,
      object: event.data.object as unknown as Record<string, unknown>,
    };
  }

  async createAccount(botId: string): Promise<string> {
    const account = await this.call('accounts.create', () => this.stripe.accounts.create({ type: 'express', metadata: { botId } }));
    return account.id;
  }

  async accountLink(account: string, returnUrl: string, refreshUrl: string): Promise<string> {
    const link = await this.call('accountLinks.create', () =>
      this.stripe.accountLinks.create({
        account,
        return_url: returnUrl,
        refresh_url: refreshUrl,
        type: 'account_onboarding',
      }),
    );
    return link.url;
  }

  async retrieveAccount(account: string): Promise<RemoteAccount> {
    const found = await this.call('accounts.retrieve', () => this.stripe.accounts.retrieve(account));
    return {
      id: found.id,
      chargesEnabled: found.charges_enabled ?? false,
      detailsSubmitted: found.details_submitted ?? false,
      requirementsDue: found.requirements?.currently_due ?? [],
    };
  }

  /** A customer on the connected account for one of our users. */
  async ensureCustomer(account: string, userId: string): Promise<string> {
    const customer = await this.call('customers.create', () =>
      this.stripe.customers.create({ metadata: { userId } }, { stripeAccount: account }),
    );
    return customer.id;
  }

  /** Checkout in subscription mode, priced by `price_data` (no synced products); answers its URL. */
  async createSubscriptionCheckout(input: CheckoutSessionInput & { interval: 'month' | 'year'; feePercent: number }): Promise<string> {
    const session = await this.call('checkout.sessions.create', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          ...(input.customerId && { customer: input.customerId }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amountMinor,
                product_data: { name: input.productName },
                recurring: { interval: input.interval },
              },
            },
          ],
          metadata: input.metadata,
          subscription_data: {
            metadata: input.metadata,
            ...(input.feePercent > 0 && { application_fee_percent: input.feePercent }),
          },
        },
        { stripeAccount: input.account },
      ),
    );
    return this.urlOf(session);
  }

  /** Checkout in payment mode for a donation; answers its URL. */
  async createDonationCheckout(input: CheckoutSessionInput & { feeMinor: number }): Promise<string> {
    const session = await this.call('checkout.sessions.create', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          ...(input.customerId && { customer: input.customerId }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          line_items: [
            {
              quantity: 1,
              price_data: { currency: input.currency, unit_amount: input.amountMinor, product_data: { name: input.productName } },
            },
          ],
          metadata: input.metadata,
          payment_intent_data: {
            metadata: input.metadata,
            ...(input.feeMinor > 0 && { application_fee_amount: input.feeMinor }),
          },
        },
        { stripeAccount: input.account },
      ),
    );
    return this.urlOf(session);
  }

  async portalSession(account: string, customerId: string, returnUrl: string): Promise<string> {
    const session = await this.call('billingPortal.sessions.create', () =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }, { stripeAccount: account }),
    );
    return session.url;
  }

  async retrieveSubscription(account: string, id: string): Promise<RemoteSubscription> {
    return toSubscription(
      await this.call('subscriptions.retrieve', () => this.stripe.subscriptions.retrieve(id, {}, { stripeAccount: account })),
    );
  }

  /** Every subscription of a connected account, any status (auto-pagination). */
  async *listSubscriptions(account: string): AsyncIterable<RemoteSubscription> {
    try {
      for await (const subscription of this.stripe.subscriptions.list({ status: 'all', limit: 100 }, { stripeAccount: account })) {
        yield toSubscription(subscription);
      }
    } catch (error) {
      throw stripeFailure('subscriptions.list', error);
    }
  }

  async retrieveInvoice(account: string, id: string): Promise<RemoteInvoice> {
    const invoice = await this.call('invoices.retrieve', () => this.stripe.invoices.retrieve(id, {}, { stripeAccount: account }));
    const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
    const line = invoice.lines?.data?.[0];
    return {
      id: invoice.id ?? id,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription),
      periodEnd: line?.period?.end ?? invoice.period_end,
      status: invoice.status ?? undefined,
      amountPaid: invoice.amount_paid ?? 0,
      currency: invoice.currency ?? '',
      paidAt: invoice.status_transitions?.paid_at ?? undefined,
    };
  }

  async retrieveCharge(account: string, id: string): Promise<RemoteCharge> {
    const charge = await this.call('charges.retrieve', () => this.stripe.charges.retrieve(id, {}, { stripeAccount: account }));
    // `invoice` left the Charge object in newer API versions; the stand-in and older events still carry it.
    const legacy = charge as unknown as { invoice?: string | { id: string } | null };
    const paymentIntentId = idOf(charge.payment_intent);
    return {
      id: charge.id,
      invoiceId: idOf(legacy.invoice) ?? (paymentIntentId && (await this.invoicePaidBy(account, paymentIntentId))),
      paymentIntentId,
      amountRefunded: charge.amount_refunded,
    };
  }

  /** The invoice a payment intent paid (a subscription's), or undefined (a donation's). */
  private async invoicePaidBy(account: string, paymentIntentId: string): Promise<string | undefined> {
    const payments = await this.call('invoicePayments.list', () =>
      this.stripe.invoicePayments.list(
        { payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 },
        { stripeAccount: account },
      ),
    );
    return idOf(payments.data[0]?.invoice);
  }

  /**
   * A Stripe call whose failure becomes ours: no answer (network, Stripe's 5xx, rate limit) → 503
   * with Retry-After, anything else → a plain error (500). Stripe's own status never passes for
   * the client's fault, and its message stays in the log.
   */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw stripeFailure(what, error);
    }
  }

  private urlOf(session: Stripe.Checkout.Session): string {
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
    return session.url;
  }
}

function toSubscription(subscription: Stripe.Subscription): RemoteSubscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    periodStart: item?.current_period_start ?? subscription.start_date,
    periodEnd: item?.current_period_end ?? subscription.start_date,
    endedAt: subscription.ended_at,
    canceledAt: subscription.canceled_at,
    interval: item?.price?.recurring?.interval ?? null,
    metadata: { ...subscription.metadata },
    latestInvoiceId: idOf(subscription.latest_invoice),
  };
}

/** Stripe has no such object (on that account): an event about it has nothing to write. */
export class StripeMissing extends Error {
  override name = 'StripeMissing';
}

/** Seconds a caller is asked to wait when Stripe did not answer. */
const RETRY_AFTER_SECONDS = 30;

function stripeFailure(what: string, error: unknown): Error {
  if (error instanceof AppError) return error;
  const { type, statusCode, message } = (error ?? {}) as { type?: string; statusCode?: number; message?: string };
  const unanswered =
    type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError' || (statusCode ?? 0) >= 500;
  if (unanswered) return AppError.unavailable('Stripe did not answer; try again shortly', RETRY_AFTER_SECONDS);
  if (statusCode === 404) return new StripeMissing(`Stripe ${what}: ${message ?? 'no such object'}`);
  return new Error(`Stripe ${what} failed: ${type ?? 'error'}${statusCode ? ` ${statusCode}` : ''}: ${message ?? String(error)}`);
}
