/**
 * The stand-in's `/v1` API: the calls our gateway makes, answered in Stripe's JSON (lists in
 * Stripe's list shape, `expand[]` for ids of stored objects and a session's `line_items`).
 */
import { accountLink, createAccount, createCustomer, createPortalSession } from './connect.js';
import { createSession } from './checkout.js';
import type { Context } from './context.js';
import { cancelSubscription, refund, updateSubscription } from './subscriptions.js';
import { Reader, StripeFail } from './form.js';
import type { Account, Charge, CheckoutSession, Customer, Invoice, InvoicePayment, Subscription } from './objects.js';
import { list, type Scope, type Stored } from './store.js';

type Answer = { status: number; body: unknown };

const SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'paused',
  'all',
  'ended',
] as const;

export async function answerApi(ctx: Context, method: string, path: string, scope: Scope, params: Reader): Promise<Answer> {
  const { store } = ctx;
  const url = path;
  const ok = (object: unknown): Answer => ({ status: 200, body: expand(ctx, object, params.strings('expand')) });
  const page = <T extends Stored>(items: T[]) => ok(store.page(items, params, url));
  const route = `${method} ${path.replace(/\/(acct|cus|cs|sub|in|inpay|ch|pi|re|evt)_[A-Za-z0-9_]+/g, '/:id')}`;
  const id = /\/((?:acct|cus|cs|sub|in|inpay|ch|pi|re|evt)_[A-Za-z0-9_]+)/.exec(path)?.[1] ?? '';
  const filter = <T extends Stored>(items: T[], fields: string[]) =>
    items.filter((item) => fields.every((field) => !params.has(field) || item[field] === params.string(field)));

  switch (route) {
    case 'GET /v1/account':
      if (!scope) throw new StripeFail(400, 'The stand-in has no platform account: send Stripe-Account.');
      return ok(store.get<Account>(null, 'account', scope));
    case 'POST /v1/accounts':
      return ok(createAccount(ctx, params));
    case 'GET /v1/accounts':
      return page(store.all<Account>(null, 'account'));
    case 'GET /v1/accounts/:id':
      return ok(store.get<Account>(null, 'account', id));
    case 'POST /v1/accounts/:id': {
      const account = store.get<Account>(null, 'account', id);
      Object.assign(account.metadata, params.metadata());
      if (params.has('email')) account.email = params.string('email') ?? null;
      return ok(account);
    }
    case 'POST /v1/account_links':
      return ok(accountLink(ctx, params));
    case 'POST /v1/customers':
      return ok(createCustomer(ctx, scope, params));
    case 'GET /v1/customers':
      return page(filter(store.all<Customer>(scope, 'customer'), ['email']));
    case 'GET /v1/customers/:id':
      return ok(store.get<Customer>(scope, 'customer', id));
    case 'POST /v1/customers/:id': {
      const customer = store.get<Customer>(scope, 'customer', id);
      if (params.has('email')) customer.email = params.string('email') ?? null;
      if (params.has('name')) customer.name = params.string('name') ?? null;
      Object.assign(customer.metadata, params.metadata());
      return ok(customer);
    }
    case 'POST /v1/checkout/sessions':
      return ok(createSession(ctx, scope, params));
    case 'GET /v1/checkout/sessions':
      return page(filter(store.all<CheckoutSession>(scope, 'checkout.session'), ['payment_intent', 'subscription', 'customer', 'status']));
    case 'GET /v1/checkout/sessions/:id':
      return ok(store.get<CheckoutSession>(scope, 'checkout.session', id));
    case 'GET /v1/checkout/sessions/:id/line_items':
      store.get<CheckoutSession>(scope, 'checkout.session', id);
      return ok(list(store.sessionExtras.get(id)?.lineItems ?? [], `/v1/checkout/sessions/${id}/line_items`));
    case 'POST /v1/checkout/sessions/:id/expire': {
      const session = store.get<CheckoutSession>(scope, 'checkout.session', id);
      if (session.status !== 'open')
        throw new StripeFail(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
          undefined,
          'checkout_session_not_open',
        );
      Object.assign(session, { status: 'expired', url: null });
      return ok(session);
    }
    case 'GET /v1/subscriptions': {
      const status = params.oneOf('status', SUBSCRIPTION_STATUSES);
      const items = filter(store.all<Subscription>(scope, 'subscription'), ['customer']).filter((s) =>
        status === 'all' ? true : status === 'ended' ? s.status === 'canceled' : status ? s.status === status : s.status !== 'canceled',
      );
      return page(items);
    }
    case 'GET /v1/subscriptions/:id':
      return ok(store.get<Subscription>(scope, 'subscription', id));
    case 'POST /v1/subscriptions/:id':
      return ok(await updateSubscription(ctx, scope, id, params));
    case 'DELETE /v1/subscriptions/:id':
      return ok(await cancelSubscription(ctx, scope, id));
    case 'GET /v1/invoices':
      return page(
        store
          .all<Invoice>(scope, 'invoice')
          .filter(
            (i) =>
              (!params.has('customer') || i.customer === params.string('customer')) &&
              (!params.has('subscription') || i.parent.subscription_details.subscription === params.string('subscription')),
          ),
      );
    case 'GET /v1/invoices/:id':
      return ok(store.get<Invoice>(scope, 'invoice', id));
    case 'GET /v1/invoice_payments': {
      const payment = params.child('payment');
      return page(
        filter(store.all<InvoicePayment>(scope, 'invoice_payment'), ['invoice', 'status']).filter(
          (p) => !payment?.has('payment_intent') || p.payment.payment_intent === payment.string('payment_intent'),
        ),
      );
    }
    case 'GET /v1/invoice_payments/:id':
      return ok(store.get<InvoicePayment>(scope, 'invoice_payment', id));
    case 'GET /v1/charges':
      return page(filter(store.all<Charge>(scope, 'charge'), ['payment_intent', 'customer']));
    case 'GET /v1/charges/:id':
      return ok(store.get<Charge>(scope, 'charge', id));
    case 'GET /v1/payment_intents/:id':
      return ok(store.get(scope, 'payment_intent', id));
    case 'POST /v1/refunds':
      return ok(await refund(ctx, scope, params));
    case 'GET /v1/refunds/:id':
      return ok(store.get(scope, 'refund', id));
    case 'POST /v1/billing_portal/sessions':
      return ok(createPortalSession(ctx, scope, params));
    case 'GET /v1/events':
      return page(filter(store.all(scope, 'event'), ['type']));
    case 'GET /v1/events/:id':
      return ok(store.get(scope, 'event', id));
    default:
      throw new StripeFail(
        404,
        `Unrecognized request URL (${method}: ${path}). The stand-in answers only the calls listed in scripts/stripe-stand-in.ts.`,
      );
  }
}

/** A copy of `object` with the `expand[]` paths (`customer`, `data.subscription`, `line_items`) replaced by their objects. */
function expand(ctx: Context, object: unknown, paths: string[]): unknown {
  const copy: unknown = structuredClone(object);
  for (const path of paths) expandPath(ctx, copy, path.split('.'));
  return copy;
}

function expandPath(ctx: Context, node: unknown, path: string[]): void {
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  const [head, ...rest] = path;
  if (!head) return;
  if (head === 'data' && Array.isArray(record.data)) {
    for (const item of record.data) expandPath(ctx, item, rest);
    return;
  }
  if (head === 'line_items' && record.object === 'checkout.session' && typeof record.id === 'string') {
    record.line_items = list(ctx.store.sessionExtras.get(record.id)?.lineItems ?? [], `/v1/checkout/sessions/${record.id}/line_items`);
  }
  const value = record[head];
  if (typeof value === 'string') {
    const found = ctx.store.find(value);
    if (found) record[head] = structuredClone(found.object);
  }
  if (rest.length > 0) expandPath(ctx, record[head], rest);
}
