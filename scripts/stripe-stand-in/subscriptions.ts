/**
 * Subscriptions over time in the stand-in: updates (cancel at period end, resume, metadata),
 * cancellation, the test clock's `advance`, and refunds.
 */
import { chargeInvoice } from './charging.js';
import type { Context } from './context.js';
import { StripeFail, type Reader } from './form.js';
import type { Charge, PaymentIntent, Refund, Subscription } from './objects.js';
import { addInterval, newId, type Scope } from './store.js';

/** `POST /v1/subscriptions/:id` (and the portal's cancel / resume): `cancel_at_period_end`, `metadata`. */
export async function updateSubscription(ctx: Context, scope: Scope, id: string, params: Reader): Promise<Subscription> {
  const subscription = ctx.store.get<Subscription>(scope, 'subscription', id);
  const cancel = params.boolean('cancel_at_period_end');
  const metadata = params.metadata();
  if (subscription.status === 'canceled' && cancel !== undefined)
    throw new StripeFail(400, 'A canceled subscription can only update its cancellation_details and metadata.', 'cancel_at_period_end');
  const previous: Record<string, unknown> = {};
  if (cancel !== undefined && cancel !== subscription.cancel_at_period_end) {
    Object.assign(previous, {
      cancel_at_period_end: subscription.cancel_at_period_end,
      cancel_at: subscription.cancel_at,
      canceled_at: subscription.canceled_at,
      cancellation_details: subscription.cancellation_details,
    });
    const end = subscription.items.data[0]!.current_period_end;
    Object.assign(subscription, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? end : null,
      canceled_at: cancel ? ctx.store.now() : null,
      cancellation_details: { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null },
    });
  }
  if (metadata) {
    previous.metadata = { ...subscription.metadata };
    for (const [key, value] of Object.entries(metadata)) {
      if (value === '') delete subscription.metadata[key];
      else subscription.metadata[key] = value;
    }
  }
  if (Object.keys(previous).length > 0) ctx.events.emit(scope, [{ type: 'customer.subscription.updated', object: subscription, previous }]);
  return subscription;
}

/** `DELETE /v1/subscriptions/:id`: canceled now. */
export async function cancelSubscription(ctx: Context, scope: Scope, id: string): Promise<Subscription> {
  const subscription = ctx.store.get<Subscription>(scope, 'subscription', id);
  if (subscription.status === 'canceled') throw new StripeFail(404, `No such subscription: '${id}'`, 'id', 'resource_missing');
  const now = ctx.store.now();
  Object.assign(subscription, {
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
    cancel_at: null,
    cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
  });
  ctx.events.emit(scope, [{ type: 'customer.subscription.deleted', object: subscription }]);
  return subscription;
}

/**
 * The test clock: the subscription reaches its period end. Canceling at period end → canceled
 * (`customer.subscription.deleted`); else the next period begins and its invoice is paid
 * (`customer.subscription.updated`, `invoice.paid`) or fails (`invoice.payment_failed`, then
 * `customer.subscription.updated` with status past_due).
 */
export async function advance(ctx: Context, id: string, outcome: 'renew' | 'fail'): Promise<Subscription> {
  const found = ctx.store.find(id);
  if (!found || found.object.object !== 'subscription')
    throw new StripeFail(404, `No such subscription: '${id}'`, 'subscription', 'resource_missing');
  const scope = found.scope;
  const subscription = found.object as Subscription;
  if (subscription.status === 'canceled') throw new StripeFail(400, `The subscription ${id} is canceled.`, 'subscription');
  const item = subscription.items.data[0]!;
  const end = item.current_period_end;
  ctx.store.jumpTo(end);
  if (subscription.cancel_at_period_end) {
    Object.assign(subscription, { status: 'canceled', ended_at: end, cancel_at: end });
    ctx.events.emit(scope, [{ type: 'customer.subscription.deleted', object: subscription }]);
    return subscription;
  }
  const previousItem = structuredClone(item);
  const previousStatus = subscription.status;
  const previousInvoice = subscription.latest_invoice;
  const recurring = item.price.recurring!;
  // The next period from the billing anchor (so a month begun on the 31st keeps ending on month ends).
  let count = recurring.interval_count;
  while (addInterval(subscription.billing_cycle_anchor, recurring.interval, count) <= end) count += recurring.interval_count;
  Object.assign(item, {
    current_period_start: end,
    current_period_end: addInterval(subscription.billing_cycle_anchor, recurring.interval, count),
  });
  // As Stripe does, a cycle invoice's own period is the one that just ended; its line has the new one.
  const paid = outcome === 'renew';
  const invoice = chargeInvoice(ctx, scope, subscription, 'subscription_cycle', previousItem.current_period_start, end, paid);
  subscription.status = paid ? 'active' : 'past_due';
  const previous: Record<string, unknown> = { items: { ...subscription.items, data: [previousItem] }, latest_invoice: previousInvoice };
  if (previousStatus !== subscription.status) previous.status = previousStatus;
  ctx.events.emit(
    scope,
    paid
      ? [
          { type: 'customer.subscription.updated', object: subscription, previous },
          { type: 'invoice.paid', object: invoice },
        ]
      : [
          { type: 'invoice.payment_failed', object: invoice },
          { type: 'customer.subscription.updated', object: subscription, previous },
        ],
  );
  return subscription;
}

/** `POST /v1/refunds` (by `charge` or `payment_intent`) and `control/refund` (any account: `scope` undefined): `charge.refunded`. */
export async function refund(ctx: Context, scope: Scope | undefined, params: Reader): Promise<Refund> {
  let chargeId = params.string('charge');
  const intentId = params.string('payment_intent');
  if (!chargeId && !intentId) params.required('charge');
  const lookup = (kind: 'charge' | 'payment_intent', id: string, param: string) => {
    const found = ctx.store.find(id);
    if (!found || found.object.object !== kind || (scope !== undefined && found.scope !== scope))
      throw new StripeFail(404, `No such ${kind}: '${id}'`, param, 'resource_missing');
    return found;
  };
  if (!chargeId) chargeId = (lookup('payment_intent', intentId!, 'payment_intent').object as PaymentIntent).latest_charge;
  const found = lookup('charge', chargeId, 'charge');
  const charge = found.object as Charge;
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining === 0) throw new StripeFail(400, `Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
  const amount = params.integer('amount', 1) ?? remaining;
  if (amount > remaining)
    throw new StripeFail(
      400,
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      'amount',
      'amount_too_large',
    );
  const refund = ctx.store.put(found.scope, {
    id: newId('re_'),
    object: 'refund',
    amount,
    charge: charge.id,
    created: ctx.store.now(),
    currency: charge.currency,
    metadata: params.metadata() ?? {},
    payment_intent: charge.payment_intent,
    reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    status: 'succeeded',
  } satisfies Refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  charge.refunds.data.unshift(refund);
  charge.refunds.total_count += 1;
  ctx.events.emit(found.scope, [{ type: 'charge.refunded', object: charge, previous }]);
  return refund;
}
