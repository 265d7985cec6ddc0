/**
 * Money in the stand-in: a subscription's invoice for its current item period (paid through a
 * payment intent, a charge and an `invoice_payment` tying them to the invoice, or left open), and
 * a one-off payment.
 */
import type { Context } from './context.js';
import type { Charge, CheckoutSession, Invoice, InvoicePayment, PaymentIntent, Refund, Subscription } from './objects.js';
import { APPLICATION } from './objects.js';
import { list, newId, type Metadata, type Scope } from './store.js';

/** An invoice for the subscription's current item period, paid (with a payment) or failed. */
export function chargeInvoice(
  ctx: Context,
  scope: Scope,
  subscription: Subscription,
  reason: Invoice['billing_reason'],
  periodStart: number,
  periodEnd: number,
  paid: boolean,
): Invoice {
  const item = subscription.items.data[0]!;
  const amount = item.price.unit_amount * item.quantity;
  const now = ctx.store.now();
  const id = newId('in_');
  const fee =
    subscription.application_fee_percent === null
      ? null
      : Math.floor((amount * Math.round(subscription.application_fee_percent * 100)) / 10_000);
  const invoice = ctx.store.put(scope, {
    id,
    object: 'invoice',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    application: APPLICATION,
    attempt_count: 1,
    attempted: true,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    customer: subscription.customer,
    lines: {
      ...list(
        [
          {
            id: newId('il_'),
            object: 'line_item',
            amount,
            currency: subscription.currency,
            description: `${item.quantity} × ${productName(ctx, subscription)}`,
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                proration_details: null,
                subscription: subscription.id,
                subscription_item: item.id,
              },
            },
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              type: 'price_details',
              price_details: { price: item.price.id, product: item.price.product },
              unit_amount_decimal: item.price.unit_amount_decimal,
            },
            quantity: item.quantity,
            subtotal: amount,
          },
        ],
        `/v1/invoices/${id}/lines`,
      ),
      total_count: 1,
    },
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    period_start: periodStart,
    period_end: periodEnd,
    status: paid ? 'paid' : 'open',
    status_transitions: { finalized_at: now, paid_at: paid ? now : null, marked_uncollectible_at: null, voided_at: null },
    subtotal: amount,
    total: amount,
  } satisfies Invoice);
  subscription.latest_invoice = invoice.id;
  if (paid) {
    const { intent } = pay(ctx, scope, {
      amount,
      currency: subscription.currency,
      customer: subscription.customer,
      fee,
      metadata: {},
      description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    });
    ctx.store.put(scope, {
      id: newId('inpay_'),
      object: 'invoice_payment',
      amount_paid: amount,
      amount_requested: amount,
      created: now,
      currency: subscription.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: now },
    } satisfies InvoicePayment);
  }
  return invoice;
}

export function pay(
  ctx: Context,
  scope: Scope,
  p: { amount: number; currency: string; customer: string | null; fee: number | null; metadata: Metadata; description: string },
): { intent: PaymentIntent; charge: Charge } {
  const now = ctx.store.now();
  const intentId = newId('pi_');
  const chargeId = newId('ch_');
  const application = scope ? APPLICATION : null;
  const charge = ctx.store.put(scope, {
    id: chargeId,
    object: 'charge',
    amount: p.amount,
    amount_captured: p.amount,
    amount_refunded: 0,
    application,
    application_fee_amount: p.fee,
    billing_details: { email: null, name: 'Stand-in Payer' },
    captured: true,
    created: now,
    currency: p.currency,
    customer: p.customer,
    description: p.description,
    livemode: false,
    metadata: { ...p.metadata },
    paid: true,
    payment_intent: intentId,
    refunded: false,
    refunds: { ...list<Refund>([], `/v1/charges/${chargeId}/refunds`), total_count: 0 },
    status: 'succeeded',
  } satisfies Charge);
  const intent = ctx.store.put(scope, {
    id: intentId,
    object: 'payment_intent',
    amount: p.amount,
    amount_received: p.amount,
    application,
    application_fee_amount: p.fee,
    created: now,
    currency: p.currency,
    customer: p.customer,
    description: p.description,
    latest_charge: chargeId,
    livemode: false,
    metadata: { ...p.metadata },
    status: 'succeeded',
  } satisfies PaymentIntent);
  return { intent, charge };
}

export function productName(ctx: Context, subscription: Subscription): string {
  const session = ctx.store.all<CheckoutSession>(undefined, 'checkout.session').find((s) => s.subscription === subscription.id);
  return (session && ctx.store.sessionExtras.get(session.id)?.productName) ?? 'Subscription';
}
