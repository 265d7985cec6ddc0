/**
 * The Stripe webhook: verified against the raw body, handled once per event id, and never trusting
 * the event's copy of a subscription: its current state is fetched from Stripe and written through
 * the premium domain, in one transaction with the event's idempotency row. Replays and any order
 * of events so converge to Stripe's state; the nightly reconciliation repairs lost events.
 */
import type { Database, Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Claim, PremiumService } from '../premium/service.js';
import { accountRepository, type AccountRow } from './accounts-repository.js';
import type { PaymentAccounts } from './accounts-service.js';
import { customerRepository } from './customers-repository.js';
import { CURRENCIES, majorAmountText } from './currencies.js';
import { StripeMissing, type RemoteInvoice, type RemoteSubscription, type StripeEventEnvelope, type StripeGateway } from './gateway.js';
import { invoicePaymentRepository, type InvoicePayment } from './invoice-payments-repository.js';
import { gatewayOf } from './payments-off.js';
import { stripeEventRepository } from './stripe-events-repository.js';
import { subscriptionWrite } from './subscription-state.js';
import { tierRepository } from './tiers-repository.js';

/** Stripe events are kept this long for idempotency (Stripe retries for three days). */
export const STRIPE_EVENT_RETENTION_DAYS = 30;
const PRUNE_BATCH = 1000;
const RECONCILE_BATCH = 100;

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);

type Json = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const idOf = (value: unknown): string | undefined => text(value) ?? text((value as Json | null | undefined)?.id);
const objectOf = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {});

export class StripeEvents {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly gateway: StripeGateway | undefined,
    private readonly premium: PremiumService,
    private readonly accounts: PaymentAccounts,
  ) {}

  /** Verifies the signature (400 validation on a forged/stale one) and handles it idempotently. */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const gateway = gatewayOf(this.gateway);
    if (!signature) throw AppError.validation([{ field: 'stripe-signature', message: 'is missing' }]);
    let event: StripeEventEnvelope;
    try {
      event = gateway.constructEvent(rawBody, signature);
    } catch {
      throw AppError.validation([{ field: 'stripe-signature', message: 'does not verify (forged, stale or for another secret)' }]);
    }
    if (await stripeEventRepository.seen(this.db, event.id)) return;
    await this.handle(gateway, event);
  }

  /**
   * Lists every connected account's subscriptions and writes each through the same mapping, records
   * each one's current invoice if its payment is missing, and refreshes the account's state.
   * `repaired`: subscriptions whose stored state differed.
   */
  async reconcile(): Promise<{ accounts: number; subscriptions: number; repaired: number }> {
    const gateway = gatewayOf(this.gateway);
    const totals = { accounts: 0, subscriptions: 0, repaired: 0 };
    const failures: unknown[] = [];
    let after: string | undefined;
    for (;;) {
      const batch = await accountRepository.batch(this.db, after, RECONCILE_BATCH);
      for (const account of batch) {
        try {
          await this.accounts.refreshAccount(gateway, account.account_id);
          for await (const remote of gateway.listSubscriptions(account.account_id)) {
            totals.subscriptions += 1;
            const outcome = await this.writeSubscription(account, remote);
            if (outcome === 'written') totals.repaired += 1;
            if (outcome !== 'not_ours') await this.recordLatestInvoice(gateway, account, remote);
          }
          totals.accounts += 1;
        } catch (error) {
          failures.push(error);
        }
      }
      if (batch.length < RECONCILE_BATCH) break;
      after = batch[batch.length - 1]!.bot_id;
    }
    if (failures.length > 0) throw new AggregateError(failures, `reconciliation failed for ${failures.length} account(s)`);
    return totals;
  }

  /** Removes idempotency rows older than 30 days; answers how many. */
  async prune(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - STRIPE_EVENT_RETENTION_DAYS * 86_400_000);
    let total = 0;
    for (;;) {
      const deleted = await stripeEventRepository.prune(this.db, before, PRUNE_BATCH);
      total += deleted;
      if (deleted < PRUNE_BATCH) return total;
    }
  }

  private async handle(gateway: StripeGateway, event: StripeEventEnvelope): Promise<void> {
    const claim: Claim = (tx) => stripeEventRepository.claim(tx, event, this.clock.now());
    const account = event.account === undefined ? undefined : await accountRepository.byAccountId(this.db, event.account);
    if (!account) return this.acknowledge(claim);
    try {
      await this.dispatch(gateway, event, account, claim);
    } catch (error) {
      // An object Stripe does not have (any more) on that account: nothing to write, and no retry.
      if (error instanceof StripeMissing) return this.acknowledge(claim);
      throw error;
    }
  }

  private async dispatch(gateway: StripeGateway, event: StripeEventEnvelope, account: AccountRow, claim: Claim): Promise<void> {
    const object = event.object;
    switch (event.type) {
      case 'checkout.session.completed':
        return this.sessionCompleted(gateway, account, object, claim);
      case 'invoice.paid':
        return this.invoicePaid(gateway, account, object, claim);
      case 'invoice.payment_failed':
        return this.syncSubscription(gateway, account, invoiceSubscription(object), claim);
      case 'charge.refunded':
        return this.chargeRefunded(gateway, account, object, claim);
      case 'account.updated':
        await this.accounts.refreshAccount(gateway, account.account_id);
        return this.acknowledge(claim);
      default:
        if (SUBSCRIPTION_EVENTS.has(event.type)) return this.syncSubscription(gateway, account, idOf(object.id), claim);
        return this.acknowledge(claim);
    }
  }

  /** An event with nothing to write is recorded as seen. */
  private async acknowledge(claim: Claim): Promise<void> {
    await this.db.transaction(async (tx) => {
      await claim(tx);
    });
  }

  private async sessionCompleted(gateway: StripeGateway, account: AccountRow, session: Json, claim: Claim): Promise<void> {
    const metadata = objectOf(session.metadata);
    const userId = text(metadata.userId);
    const customerId = idOf(session.customer);
    if (userId && customerId) await customerRepository.remember(this.db, account.account_id, userId, customerId);
    if (session.mode === 'subscription') return this.syncSubscription(gateway, account, idOf(session.subscription), claim);
    if (session.mode !== 'payment' || metadata.kind !== 'donation' || session.payment_status !== 'paid') return this.acknowledge(claim);
    const sessionId = text(session.id);
    const amountMinor = session.amount_total;
    const currency = text(session.currency)?.toLowerCase();
    if (
      !sessionId ||
      !userId ||
      metadata.botId !== account.bot_id ||
      typeof amountMinor !== 'number' ||
      !Number.isSafeInteger(amountMinor) ||
      amountMinor <= 0 ||
      !currency ||
      !CURRENCIES.has(currency)
    ) {
      return this.acknowledge(claim);
    }
    const username = text(metadata.username) ?? null;
    const donation = await this.premium.addStripeDonation(
      account.bot_id,
      { user: userId, username, currency },
      {
        sessionId,
        paymentIntentId: idOf(session.payment_intent) ?? null,
        amountMinor,
        amountText: majorAmountText(amountMinor, currency),
        public: username !== null && metadata.public !== 'false',
      },
      claim,
    );
    // A session recorded before (another event id for it) still marks this event as seen.
    if (!donation) await this.acknowledge(claim);
  }

  private async chargeRefunded(gateway: StripeGateway, account: AccountRow, charge: Json, claim: Claim): Promise<void> {
    const chargeId = idOf(charge.id);
    if (!chargeId) return this.acknowledge(claim);
    const remote = await gateway.retrieveCharge(account.account_id, chargeId);
    if (remote.amountRefunded <= 0) return this.acknowledge(claim);
    if (remote.invoiceId) {
      const invoice = await gateway.retrieveInvoice(account.account_id, remote.invoiceId);
      return this.syncSubscription(gateway, account, invoice.subscriptionId, claim, {
        refundedUntil: invoice.periodEnd,
        // A refund made before its invoice's payment was recorded is counted with that payment.
        alongside: async (tx) => {
          const payment = paymentOf(account, invoice);
          if (payment) await invoicePaymentRepository.record(tx, payment);
          await invoicePaymentRepository.refund(tx, invoice.id, remote.amountRefunded);
        },
      });
    }
    if (remote.paymentIntentId && (await this.premium.refundStripeDonation(remote.paymentIntentId, claim))) return;
    return this.acknowledge(claim);
  }

  /** The invoice as Stripe has it now: its payment counted once, and its subscription synced. */
  private async invoicePaid(gateway: StripeGateway, account: AccountRow, object: Json, claim: Claim): Promise<void> {
    const invoiceId = idOf(object.id);
    if (!invoiceId) return this.syncSubscription(gateway, account, invoiceSubscription(object), claim);
    const invoice = await gateway.retrieveInvoice(account.account_id, invoiceId);
    const payment = paymentOf(account, invoice);
    const alongside = payment
      ? async (tx: Queryable) => {
          await invoicePaymentRepository.record(tx, payment);
        }
      : undefined;
    return this.syncSubscription(gateway, account, invoice.subscriptionId, claim, { alongside });
  }

  /** A subscription's current invoice whose `invoice.paid` never arrived (reconciliation). */
  private async recordLatestInvoice(gateway: StripeGateway, account: AccountRow, remote: RemoteSubscription): Promise<void> {
    if (!remote.latestInvoiceId || (await invoicePaymentRepository.has(this.db, remote.latestInvoiceId))) return;
    const invoice = await gateway.retrieveInvoice(account.account_id, remote.latestInvoiceId);
    const payment = paymentOf(account, invoice);
    if (payment && payment.subscriptionId === remote.id) {
      await this.db.transaction((tx) => invoicePaymentRepository.record(tx, payment));
    }
  }

  /**
   * Fetches the subscription's state from Stripe and writes it with the event's idempotency row.
   * `refundedUntil`: a refund of the period ending then; `alongside`: more to write in the same
   * transaction when (and only when) the subscription is the account's.
   */
  private async syncSubscription(
    gateway: StripeGateway,
    account: AccountRow,
    subscriptionId: string | undefined,
    claim: Claim,
    options: { refundedUntil?: number | undefined; alongside?: ((tx: Queryable) => Promise<void>) | undefined } = {},
  ): Promise<void> {
    if (!subscriptionId) return this.acknowledge(claim);
    const remote = await gateway.retrieveSubscription(account.account_id, subscriptionId);
    const { alongside } = options;
    const claimWith: Claim = alongside
      ? async (tx) => {
          if (!(await claim(tx))) return false;
          await alongside(tx);
          return true;
        }
      : claim;
    const outcome = await this.writeSubscription(account, remote, claimWith, options.refundedUntil);
    if (outcome === 'not_ours') await this.acknowledge(claim);
  }

  private async writeSubscription(account: AccountRow, remote: RemoteSubscription, claim?: Claim, refundedUntil?: number) {
    const tierId = remote.metadata.tierId;
    const tier = tierId && /^[0-9a-f-]{36}$/i.test(tierId) ? await tierRepository.byId(this.db, tierId) : undefined;
    const write = subscriptionWrite(
      remote,
      { accountId: account.account_id, botId: account.bot_id },
      tier?.name.en ?? 'Premium',
      refundedUntil,
    );
    if (!write || (tier && tier.botId !== account.bot_id)) return 'not_ours' as const;
    return this.premium.syncStripeSubscription(write, claim);
  }
}

/** A paid invoice of a subscription on the account, as the totals count it; undefined for anything else. */
function paymentOf(account: AccountRow, invoice: RemoteInvoice): InvoicePayment | undefined {
  const currency = invoice.currency.toLowerCase();
  if (invoice.status !== 'paid' || !invoice.subscriptionId || invoice.paidAt === undefined) return undefined;
  if (!Number.isSafeInteger(invoice.amountPaid) || invoice.amountPaid <= 0 || !CURRENCIES.has(currency)) return undefined;
  return {
    invoiceId: invoice.id,
    accountId: account.account_id,
    subscriptionId: invoice.subscriptionId,
    botId: account.bot_id,
    amountMinor: invoice.amountPaid,
    // Upper case, as donations keep theirs: one totals row per bot, month and currency.
    currency: currency.toUpperCase(),
    paidAt: new Date(invoice.paidAt * 1000),
  };
}

/** The subscription an invoice belongs to (API 2026: `parent.subscription_details`; older: `subscription`). */
function invoiceSubscription(invoice: Json): string | undefined {
  const details = objectOf(objectOf(invoice.parent).subscription_details);
  return idOf(details.subscription) ?? idOf(invoice.subscription);
}
