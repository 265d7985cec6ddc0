/**
 * What happens in the stand-in: accounts onboard, checkouts are paid, subscriptions renew, fail,
 * cancel, charges are refunded, each change followed by the events Stripe sends for it, in the
 * order it sends them.
 */
import type { Events } from './events.js';
import { StripeFail, type Reader } from './form.js';
import type {
  Account,
  Charge,
  CheckoutSession,
  Customer,
  Invoice,
  InvoicePayment,
  PaymentIntent,
  PortalSession,
  Refund,
  Subscription,
  SubscriptionItem,
} from './objects.js';
import { APPLICATION } from './objects.js';
import { addInterval, list, newId, type Metadata, type Price, type Scope, type Store } from './store.js';

/** What a fresh Express account still has to tell Stripe. */
const DUE = ['business_profile.url', 'external_account', 'individual.first_name', 'individual.last_name', 'tos_acceptance.date'];

export class Billing {
  /** Where the stand-in listens (its pages' links start with it). */
  origin = '';

  constructor(
    readonly store: Store,
    readonly events: Events,
  ) {}

  createAccount(params: Reader): Account {
    const now = this.store.now();
    const type = params.oneOf('type', ['express', 'standard', 'custom'] as const) ?? 'express';
    return this.store.put(null, {
      id: newId('acct_', 16),
      object: 'account',
      type,
      business_profile: { name: null, url: null, mcc: null, support_email: null },
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      charges_enabled: false,
      controller: { type: 'application', is_controller: true },
      country: params.string('country') ?? 'DE',
      created: now,
      default_currency: (params.string('default_currency') ?? 'eur').toLowerCase(),
      details_submitted: false,
      email: params.string('email') ?? null,
      metadata: params.metadata() ?? {},
      payouts_enabled: false,
      requirements: {
        alternatives: [],
        current_deadline: null,
        currently_due: [...DUE],
        disabled_reason: 'requirements.past_due',
        errors: [],
        eventually_due: [...DUE],
        past_due: [...DUE],
        pending_verification: [],
      },
      tos_acceptance: { date: null },
    } satisfies Account);
  }

  accountLink(params: Reader) {
    const account = this.store.get<Account>(null, 'account', params.required('account'), 'account');
    const refreshUrl = params.required('refresh_url');
    const returnUrl = params.required('return_url');
    params.oneOf('type', ['account_onboarding', 'account_update'] as const);
    if (!params.has('type')) params.required('type');
    const token = newId('', 24).slice(1);
    this.store.accountLinks.set(token, { account: account.id, returnUrl, refreshUrl });
    const created = this.store.now();
    return {
      object: 'account_link' as const,
      created,
      expires_at: created + 300,
      url: `${this.origin}/_standin/onboard/${account.id}?link=${token}`,
    };
  }

  /** The onboarding page's "Complete": charges enabled, nothing due; `account.updated`. */
  async completeOnboarding(accountId: string): Promise<Account> {
    const account = this.store.get<Account>(null, 'account', accountId);
    const previous = {
      charges_enabled: account.charges_enabled,
      details_submitted: account.details_submitted,
      requirements: account.requirements,
    };
    Object.assign(account, {
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      business_profile: { ...account.business_profile, url: 'https://example.com' },
      requirements: { ...account.requirements, currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
      tos_acceptance: { date: this.store.now() },
    });
    await this.events.emit(account.id, [{ type: 'account.updated', object: account, previous }]);
    return account;
  }

  createCustomer(scope: Scope, params: Reader): Customer {
    return this.store.put(scope, {
      id: newId('cus_', 14),
      object: 'customer',
      created: this.store.now(),
      email: params.string('email') ?? null,
      name: params.string('name') ?? null,
      metadata: params.metadata() ?? {},
      livemode: false,
    } satisfies Customer);
  }

  createSession(scope: Scope, params: Reader): CheckoutSession {
    const mode = params.oneOf('mode', ['payment', 'subscription', 'setup'] as const);
    if (!mode) params.required('mode');
    if (mode === 'setup') throw new StripeFail(400, 'The stand-in answers `payment` and `subscription` mode only.', 'mode');
    const successUrl = params.required('success_url');
    if (scope) {
      const account = this.store.get<Account>(null, 'account', scope);
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
      if (item.has('price'))
        throw new StripeFail(400, `No such price: '${item.string('price')}'`, `${item.path}[price]`, 'resource_missing');
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
        created: this.store.now(),
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
    if (customer) this.store.get<Customer>(scope, 'customer', customer, 'customer');
    const metadata = params.metadata() ?? {};
    const now = this.store.now();
    const id = newId('cs_test_', 58);
    this.store.sessionExtras.set(id, {
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
    return this.store.put(scope, {
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
      url: `${this.origin}/_standin/checkout/${id}`,
    } satisfies CheckoutSession);
  }

  /** The checkout page's "Pay". Subscription mode: customer, subscription, paid invoice; payment mode: a payment. */
  async paySession(id: string): Promise<CheckoutSession> {
    const found = this.store.find(id);
    if (!found || found.object.object !== 'checkout.session')
      throw new StripeFail(404, `No such checkout.session: '${id}'`, 'id', 'resource_missing');
    const scope = found.scope;
    const session = found.object as CheckoutSession;
    if (session.status !== 'open')
      throw new StripeFail(400, `This Checkout Session is ${session.status}.`, undefined, 'checkout_session_not_open');
    const extra = this.store.sessionExtras.get(id)!;
    const now = this.store.now();
    const customer =
      session.customer ??
      (session.mode === 'subscription'
        ? this.store.put(scope, {
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
      const { intent } = this.payment(scope, {
        amount: session.amount_total,
        currency: session.currency,
        customer,
        fee: extra.applicationFeeAmount,
        metadata: extra.paymentIntentMetadata,
        description: extra.productName,
      });
      session.payment_intent = intent.id;
      await this.events.emit(scope, [{ type: 'checkout.session.completed', object: session }]);
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
    const subscription = this.store.put(scope, {
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
    const invoice = this.invoice(scope, subscription, 'subscription_create', now, now, true);
    Object.assign(session, { subscription: subscription.id, invoice: invoice.id });
    await this.events.emit(scope, [
      { type: 'customer.subscription.created', object: subscription },
      { type: 'invoice.paid', object: invoice },
      { type: 'checkout.session.completed', object: session },
    ]);
    return session;
  }

  /** An invoice for the subscription's current item period, paid (with a payment) or failed. */
  private invoice(
    scope: Scope,
    subscription: Subscription,
    reason: Invoice['billing_reason'],
    periodStart: number,
    periodEnd: number,
    paid: boolean,
  ): Invoice {
    const item = subscription.items.data[0]!;
    const amount = item.price.unit_amount * item.quantity;
    const now = this.store.now();
    const id = newId('in_');
    const fee =
      subscription.application_fee_percent === null
        ? null
        : Math.floor((amount * Math.round(subscription.application_fee_percent * 100)) / 10_000);
    const invoice = this.store.put(scope, {
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
              description: `${item.quantity} × ${this.productName(subscription)}`,
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
      const { intent } = this.payment(scope, {
        amount,
        currency: subscription.currency,
        customer: subscription.customer,
        fee,
        metadata: {},
        description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      });
      this.store.put(scope, {
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

  private payment(
    scope: Scope,
    p: { amount: number; currency: string; customer: string | null; fee: number | null; metadata: Metadata; description: string },
  ): { intent: PaymentIntent; charge: Charge } {
    const now = this.store.now();
    const intentId = newId('pi_');
    const chargeId = newId('ch_');
    const application = scope ? APPLICATION : null;
    const charge = this.store.put(scope, {
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
    const intent = this.store.put(scope, {
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

  productName(subscription: Subscription): string {
    const session = this.store.all<CheckoutSession>(undefined, 'checkout.session').find((s) => s.subscription === subscription.id);
    return (session && this.store.sessionExtras.get(session.id)?.productName) ?? 'Subscription';
  }

  portalSession(scope: Scope, params: Reader): PortalSession {
    const customer = this.store.get<Customer>(scope, 'customer', params.required('customer'), 'customer');
    const id = newId('bps_');
    return this.store.put(scope, {
      id,
      object: 'billing_portal.session',
      created: this.store.now(),
      customer: customer.id,
      livemode: false,
      locale: params.string('locale') ?? null,
      return_url: params.string('return_url') ?? null,
      url: `${this.origin}/_standin/portal/${id}`,
    } satisfies PortalSession);
  }

  /** `POST /v1/subscriptions/:id` (and the portal's cancel / resume): `cancel_at_period_end`, `metadata`. */
  async updateSubscription(scope: Scope, id: string, params: Reader): Promise<Subscription> {
    const subscription = this.store.get<Subscription>(scope, 'subscription', id);
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
        canceled_at: cancel ? this.store.now() : null,
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
    if (Object.keys(previous).length > 0)
      await this.events.emit(scope, [{ type: 'customer.subscription.updated', object: subscription, previous }]);
    return subscription;
  }

  /** `DELETE /v1/subscriptions/:id`: canceled now. */
  async cancelSubscription(scope: Scope, id: string): Promise<Subscription> {
    const subscription = this.store.get<Subscription>(scope, 'subscription', id);
    if (subscription.status === 'canceled') throw new StripeFail(404, `No such subscription: '${id}'`, 'id', 'resource_missing');
    const now = this.store.now();
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancel_at: null,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    await this.events.emit(scope, [{ type: 'customer.subscription.deleted', object: subscription }]);
    return subscription;
  }

  /**
   * The test clock: the subscription reaches its period end. Canceling at period end → canceled
   * (`customer.subscription.deleted`); else the next period begins and its invoice is paid
   * (`customer.subscription.updated`, `invoice.paid`) or fails (`invoice.payment_failed`, then
   * `customer.subscription.updated` with status past_due).
   */
  async advance(id: string, outcome: 'renew' | 'fail'): Promise<Subscription> {
    const found = this.store.find(id);
    if (!found || found.object.object !== 'subscription')
      throw new StripeFail(404, `No such subscription: '${id}'`, 'subscription', 'resource_missing');
    const scope = found.scope;
    const subscription = found.object as Subscription;
    if (subscription.status === 'canceled') throw new StripeFail(400, `The subscription ${id} is canceled.`, 'subscription');
    const item = subscription.items.data[0]!;
    const end = item.current_period_end;
    this.store.jumpTo(end);
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: 'canceled', ended_at: end, cancel_at: end });
      await this.events.emit(scope, [{ type: 'customer.subscription.deleted', object: subscription }]);
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
    const invoice = this.invoice(scope, subscription, 'subscription_cycle', previousItem.current_period_start, end, paid);
    subscription.status = paid ? 'active' : 'past_due';
    const previous: Record<string, unknown> = { items: { ...subscription.items, data: [previousItem] }, latest_invoice: previousInvoice };
    if (previousStatus !== subscription.status) previous.status = previousStatus;
    await this.events.emit(
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
  async refund(scope: Scope | undefined, params: Reader): Promise<Refund> {
    let chargeId = params.string('charge');
    const intentId = params.string('payment_intent');
    if (!chargeId && !intentId) params.required('charge');
    const lookup = (kind: 'charge' | 'payment_intent', id: string, param: string) => {
      const found = this.store.find(id);
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
    const refund = this.store.put(found.scope, {
      id: newId('re_'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: this.store.now(),
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
    await this.events.emit(found.scope, [{ type: 'charge.refunded', object: charge, previous }]);
    return refund;
  }
}
