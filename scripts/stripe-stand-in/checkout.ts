/**
 * Checkout in the stand-in: a session from `line_items[].price_data` (validated as Stripe does),
 * and what the checkout page's "Pay" does in each mode, with the events Stripe sends for it.
 */
import { chargeInvoice, pay } from './charging.js';
import type { Context } from './context.js';
import { StripeFail, type Reader } from './form.js';
import type { Account, CheckoutSession, Customer, Subscription, SubscriptionItem } from './objects.js';
import { APPLICATION } from './objects.js';
import { addInterval, list, newId, type Price, type Scope } from './store.js';

export function createSession(ctx: Context, scope: Scope, params: Reader): CheckoutSession {
  const mode = params.oneOf('mode', ['payment', 'subscription', 'setup'] as const);
  if (!mode) params.required('mode');
  if (mode === 'setup') throw new StripeFail(400, 'The stand-in answers `payment` and `subscription` mode only.', 'mode');
  const successUrl = params.required('success_url');
  if (scope) {
    const account = ctx.store.get<Account>(null, 'account', scope);
    if (!account.charges_enabled)
      throw new StripeFail(
        400,
        `The account ${scope} cannot make charges yet: its onboarding is not complete.`,
        undefined,
        'account_invalid',
      );
  }
  const items = params.list('line_items');
  if (items.length === 0) params.required('line_items');
  const prices = items.map((item) => {
    if (item.has('price')) throw new StripeFail(400, `No such price: '${item.string('price')}'`, `${item.path}[price]`, 'resource_missing');
    const data = item.child('price_data');
    if (!data)
      throw new StripeFail(400, `Missing required param: ${item.path}[price_data].`, `${item.path}[price_data]`, 'parameter_missing');
    const quantity = item.integer('quantity', 1);
    if (quantity === undefined)
      throw new StripeFail(
        400,
        `Quantity is required. Add \`quantity\` to \`${item.path}\``,
        `${item.path}[quantity]`,
        'parameter_missing',
      );
    const currency = data.required('currency');
    if (!/^[a-z]{3}$/.test(currency))
      throw new StripeFail(400, `Invalid currency: ${currency}`, `${data.path}[currency]`, 'parameter_invalid');
    const unitAmount = data.integer('unit_amount', 0);
    if (unitAmount === undefined) data.required('unit_amount');
    const product = data.child('product_data');
    if (!product)
      throw new StripeFail(400, `Missing required param: ${data.path}[product_data].`, `${data.path}[product_data]`, 'parameter_missing');
    const name = product.required('name');
    const recurring = data.child('recurring');
    const interval = recurring ? recurring.oneOf('interval', ['day', 'week', 'month', 'year'] as const) : undefined;
    if (recurring && !interval) recurring.required('interval');
    const price: Price = {
      id: newId('price_'),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: ctx.store.now(),
      currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: newId('prod_', 14),
      recurring: interval
        ? { interval, interval_count: recurring?.integer('interval_count', 1) ?? 1, meter: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      type: interval ? 'recurring' : 'one_time',
      unit_amount: unitAmount ?? 0,
      unit_amount_decimal: String(unitAmount ?? 0),
    };
    return { price, quantity, name };
  });
  const currencies = new Set(prices.map((p) => p.price.currency));
  if (currencies.size > 1) throw new StripeFail(400, 'All line items must have the same currency.', 'line_items');
  const recurring = prices.some((p) => p.price.recurring);
  if (mode === 'subscription' && !recurring)
    throw new StripeFail(400, 'You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
  if (mode === 'payment' && recurring)
    throw new StripeFail(
      400,
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      'line_items',
    );
  if (mode === 'subscription' && prices.length > 1)
    throw new StripeFail(400, 'The stand-in bills one subscription item per checkout.', 'line_items');

  const subscriptionData = params.child('subscription_data');
  const paymentData = params.child('payment_intent_data');
  if (mode === 'payment' && subscriptionData)
    throw new StripeFail(400, 'You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
  if (mode === 'subscription' && paymentData)
    throw new StripeFail(400, 'You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
  const total = prices.reduce((sum, p) => sum + p.price.unit_amount * p.quantity, 0);
  const feePercent = subscriptionData?.decimal('application_fee_percent', 0, 100) ?? null;
  const feeAmount = paymentData?.integer('application_fee_amount', 0) ?? null;
  if ((feePercent !== null || feeAmount !== null) && !scope)
    throw new StripeFail(
      400,
      'Can only apply an application fee when the payment is made on a connected account (the Stripe-Account header).',
      feePercent !== null ? 'subscription_data[application_fee_percent]' : 'payment_intent_data[application_fee_amount]',
    );
  if (feeAmount !== null && feeAmount > total)
    throw new StripeFail(400, 'The application fee cannot be greater than the amount.', 'payment_intent_data[application_fee_amount]');
  const customer = params.string('customer');
  if (customer) ctx.store.get<Customer>(scope, 'customer', customer, 'customer');
  const metadata = params.metadata() ?? {};
  const now = ctx.store.now();
  const id = newId('cs_test_', 58);
  const customerCreation = params.oneOf('customer_creation', ['always', 'if_required'] as const);
  if (customerCreation && mode === 'subscription')
    throw new StripeFail(400, '`customer_creation` can only be used in `payment` mode.', 'customer_creation');
  ctx.store.sessionExtras.set(id, {
    createCustomer: customerCreation === 'always',
    lineItems: prices.map(({ price, quantity, name }) => ({
      id: newId('li_'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: price.unit_amount * quantity,
      amount_tax: 0,
      amount_total: price.unit_amount * quantity,
      currency: price.currency,
      description: name,
      price,
      quantity,
    })),
    productName: prices.map((p) => p.name).join(', '),
    subscriptionMetadata: subscriptionData?.metadata() ?? {},
    applicationFeePercent: feePercent,
    applicationFeeAmount: feeAmount,
    paymentIntentMetadata: paymentData?.metadata() ?? {},
  });
  return ctx.store.put(scope, {
    id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: params.string('cancel_url') ?? null,
    client_reference_id: params.string('client_reference_id') ?? null,
    created: now,
    currency: [...currencies][0] ?? 'eur',
    customer: customer ?? null,
    customer_details: null,
    customer_email: params.string('customer_email') ?? null,
    expires_at: params.integer('expires_at') ?? now + 86_400,
    invoice: null,
    livemode: false,
    locale: params.string('locale') ?? null,
    metadata,
    mode: mode ?? 'payment',
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    submit_type: params.string('submit_type') ?? null,
    subscription: null,
    success_url: successUrl,
    ui_mode: 'hosted',
    url: `${ctx.origin}/_standin/checkout/${id}`,
  } satisfies CheckoutSession);
}

/** The checkout page's "Pay". Subscription mode: customer, subscription, paid invoice; payment mode: a payment. */
export async function paySession(ctx: Context, id: string): Promise<CheckoutSession> {
  const found = ctx.store.find(id);
  if (!found || found.object.object !== 'checkout.session')
    throw new StripeFail(404, `No such checkout.session: '${id}'`, 'id', 'resource_missing');
  const scope = found.scope;
  const session = found.object as CheckoutSession;
  if (session.status !== 'open')
    throw new StripeFail(400, `This Checkout Session is ${session.status}.`, undefined, 'checkout_session_not_open');
  const extra = ctx.store.sessionExtras.get(id)!;
  const now = ctx.store.now();
  const customer =
    session.customer ??
    (session.mode === 'subscription' || extra.createCustomer
      ? ctx.store.put(scope, {
          id: newId('cus_', 14),
          object: 'customer',
          created: now,
          email: session.customer_email,
          name: null,
          metadata: {},
          livemode: false,
        } satisfies Customer).id
      : null);
  Object.assign(session, {
    customer,
    customer_details: { email: session.customer_email ?? 'payer@example.com', name: 'Stand-in Payer' },
    payment_status: 'paid',
    status: 'complete',
    url: null,
  });
  if (session.mode === 'payment') {
    const { intent } = pay(ctx, scope, {
      amount: session.amount_total,
      currency: session.currency,
      customer,
      fee: extra.applicationFeeAmount,
      metadata: extra.paymentIntentMetadata,
      description: extra.productName,
    });
    session.payment_intent = intent.id;
    ctx.events.emit(scope, [{ type: 'checkout.session.completed', object: session }]);
    return session;
  }
  const line = extra.lineItems[0]!;
  const subscriptionId = newId('sub_');
  const item: SubscriptionItem = {
    id: newId('si_', 14),
    object: 'subscription_item',
    created: now,
    current_period_start: now,
    current_period_end: addInterval(now, line.price.recurring!.interval, line.price.recurring!.interval_count),
    discounts: [],
    metadata: {},
    price: line.price,
    quantity: line.quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
  const subscription = ctx.store.put(scope, {
    id: subscriptionId,
    object: 'subscription',
    application: APPLICATION,
    application_fee_percent: extra.applicationFeePercent,
    billing_cycle_anchor: now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: session.currency,
    customer: customer!,
    ended_at: null,
    items: { ...list([item], `/v1/subscription_items?subscription=${subscriptionId}`), total_count: 1 },
    latest_invoice: null,
    livemode: false,
    metadata: { ...extra.subscriptionMetadata },
    start_date: now,
    status: 'active',
  } satisfies Subscription);
  const invoice = chargeInvoice(ctx, scope, subscription, 'subscription_create', now, now, true);
  Object.assign(session, { subscription: subscription.id, invoice: invoice.id });
  ctx.events.emit(scope, [
    { type: 'customer.subscription.created', object: subscription },
    { type: 'invoice.paid', object: invoice },
    { type: 'checkout.session.completed', object: session },
  ]);
  return session;
}
