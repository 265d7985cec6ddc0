/**
 * The Stripe stand-in driven by the real `stripe` library: Connect onboarding, a subscription
 * checkout on a connected account, the portal, the test clock, refunds, a donation, and Stripe's
 * error envelope; every event arrives signed, in order, before the page that caused it answers.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/stripe-stand-in.js';

const SECRET = 'whsec_standin_test_0123456789';

/** A webhook receiver on 127.0.0.1 that keeps what it got (and answers `status`). */
async function startReceiver() {
  const got: Array<{ raw: string; signature: string }> = [];
  const state = { status: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.status === 200)
        got.push({ raw: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['stripe-signature']) });
      response.writeHead(state.status, { 'content-type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stripe/webhook`,
    got,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let account: string;

  /** The events received since the last call, each verified with the library's constructEvent. */
  const received = (): Stripe.Event[] =>
    receiver.got.splice(0).map(({ raw, signature }) => stripe.webhooks.constructEvent(raw, signature, SECRET));
  const form = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const on = () => ({ stripeAccount: account });

  /** A paid subscription checkout on the connected account (events drained). */
  async function subscribe(metadata: Record<string, string> = {}, interval: 'month' | 'year' = 'month') {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [
          { price_data: { currency: 'eur', unit_amount: 499, product_data: { name: 'Gold tier' }, recurring: { interval } }, quantity: 1 },
        ],
        subscription_data: { metadata, application_fee_percent: 10 },
        success_url: 'http://127.0.0.1:9/done?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://127.0.0.1:9/cancelled',
      },
      on(),
    );
    const paid = await form(session.url!, { action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:9/done?session=${session.id}`);
    const events = received();
    const done = await stripe.checkout.sessions.retrieve(session.id, {}, on());
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string, {}, on());
    return { session: done, subscription, events };
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    standIn = await startStripeStandIn({ webhookSecret: SECRET });
    standIn.setWebhookUrl(receiver.url);
    const url = new URL(standIn.env.STRIPE_API_URL);
    // The library as the app configures it: host, port and protocol from STRIPE_API_URL.
    stripe = new Stripe(standIn.env.STRIPE_SECRET_KEY, { host: url.hostname, port: url.port, protocol: 'http' });
  });
  afterAll(async () => {
    await standIn.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.state.status = 200;
    receiver.got.length = 0;
  });

  it('onboards an Express account through an Account Link and its page', async () => {
    const created = await stripe.accounts.create({ type: 'express', country: 'DE', metadata: { botId: 'b1' } });
    account = created.id;
    expect(created).toMatchObject({ object: 'account', charges_enabled: false, details_submitted: false, metadata: { botId: 'b1' } });
    expect(created.id).toMatch(/^acct_/);
    expect(created.requirements?.currently_due?.length).toBeGreaterThan(0);
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', success_url: 'http://x/', line_items: [] }, on()),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });

    const link = await stripe.accountLinks.create({
      account,
      refresh_url: 'http://127.0.0.1:9/refresh',
      return_url: 'http://127.0.0.1:9/return',
      type: 'account_onboarding',
    });
    expect(link.object).toBe('account_link');
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(account);
    const token = new URL(link.url).searchParams.get('link')!;
    const done = await form(new URL(link.url).origin + new URL(link.url).pathname, { link: token, action: 'complete' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://127.0.0.1:9/return');

    const events = received();
    expect(events.map((e) => e.type)).toEqual(['account.updated']);
    expect(events[0]).toMatchObject({
      object: 'event',
      account,
      livemode: false,
      api_version: Stripe.API_VERSION,
      data: { object: { id: account, charges_enabled: true } },
    });
    const retrieved = await stripe.accounts.retrieve(account);
    expect(retrieved).toMatchObject({ charges_enabled: true, details_submitted: true, requirements: { currently_due: [] } });
    // A used link leads to its refresh_url (where the platform makes a new one); an unknown one is a 404.
    const used = await fetch(link.url, { redirect: 'manual' });
    expect(used.status).toBe(303);
    expect(used.headers.get('location')).toBe('http://127.0.0.1:9/refresh');
    expect((await fetch(`${standIn.origin}/_standin/onboard/${account}?link=nothing`)).status).toBe(404);
  });

  it('sells a monthly subscription with price_data and metadata on the connected account: events in order, objects linked', async () => {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [
          {
            price_data: {
              currency: 'eur',
              unit_amount: 1250,
              product_data: { name: 'Lantern <Premium>' },
              recurring: { interval: 'month' },
            },
            quantity: 1,
          },
        ],
        subscription_data: { metadata: { tierId: 't-1', userId: 'u-1', botId: 'b1' }, application_fee_percent: 12.5 },
        success_url: 'http://127.0.0.1:9/done',
        cancel_url: 'http://127.0.0.1:9/cancelled',
        client_reference_id: 'u-1',
      },
      on(),
    );
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1250,
      currency: 'eur',
    });
    expect(session.id).toMatch(/^cs_test_/);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Lantern &#60;Premium&#62;');
    expect(page).toContain('€12.50 per month');
    expect(page).toMatch(/<form method="post"/);

    const cancelled = await form(session.url!, { action: 'cancel' });
    expect(cancelled.headers.get('location')).toBe('http://127.0.0.1:9/cancelled');
    expect(receiver.got).toHaveLength(0);
    const paid = await form(session.url!, { action: 'pay' });
    expect(paid.headers.get('location')).toBe('http://127.0.0.1:9/done');

    const events = received();
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    for (const event of events) expect(event).toMatchObject({ account, livemode: false, api_version: Stripe.API_VERSION });
    expect(new Set(events.map((e) => e.id)).size).toBe(3);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] }, on());
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'u-1' });
    expect(done.line_items?.data[0]).toMatchObject({ description: 'Lantern <Premium>', amount_total: 1250, quantity: 1 });
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string, {}, on());
    const item = subscription.items.data[0]!;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      customer: done.customer,
      metadata: { tierId: 't-1', userId: 'u-1', botId: 'b1' },
      application_fee_percent: 12.5,
    });
    expect(item).toMatchObject({
      object: 'subscription_item',
      price: { unit_amount: 1250, currency: 'eur', recurring: { interval: 'month' } },
    });
    expect(item.id).toMatch(/^si_/);
    const start = new Date(item.current_period_start * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect(events[0]!.data.object).toMatchObject({ id: subscription.id, status: 'active' });

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string, {}, on());
    expect(invoice).toMatchObject({ object: 'invoice', status: 'paid', amount_paid: 1250, billing_reason: 'subscription_create' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.lines.data[0]!.period).toEqual({ start: item.current_period_start, end: item.current_period_end });

    // charge → payment intent → invoice payment → invoice → subscription.
    const [payment] = (await stripe.invoicePayments.list({ invoice: invoice.id }, on())).data;
    const intent = payment!.payment.payment_intent as string;
    const charge = (await stripe.charges.list({ payment_intent: intent }, on())).data[0]!;
    expect(charge).toMatchObject({ object: 'charge', amount: 1250, paid: true, refunded: false, payment_intent: intent });
    // The fee: floor(1250 × 12.5 %) on the invoice's payment.
    expect(charge.application_fee_amount).toBe(156);
    const back = await stripe.invoicePayments.list(
      { payment: { type: 'payment_intent', payment_intent: charge.payment_intent as string } },
      on(),
    );
    expect(back.data.map((p) => p.invoice)).toEqual([invoice.id]);

    // Only on its own account.
    await expect(stripe.subscriptions.retrieve(subscription.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('lists subscriptions by status with pages, and expands', async () => {
    const { subscription: a } = await subscribe({ n: 'a' });
    const { subscription: b } = await subscribe({ n: 'b' }, 'year');
    expect(b.items.data[0]!.price.recurring?.interval).toBe('year');
    const first = await stripe.subscriptions.list({ status: 'all', limit: 1 }, on());
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/subscriptions' });
    expect(first.data[0]!.id).toBe(b.id);
    const next = await stripe.subscriptions.list({ status: 'all', limit: 1, starting_after: b.id }, on());
    expect(next.data[0]!.id).toBe(a.id);
    const all = await stripe.subscriptions
      .list({ status: 'all', limit: 100 }, { stripeAccount: account })
      .autoPagingToArray({ limit: 1000 });
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const expanded = await stripe.subscriptions.retrieve(a.id, { expand: ['latest_invoice', 'customer'] }, on());
    expect((expanded.latest_invoice as Stripe.Invoice).object).toBe('invoice');
    expect((expanded.customer as Stripe.Customer).object).toBe('customer');
    await stripe.subscriptions.cancel(a.id, {}, on());
    await standIn.control.settle();
    expect(received().map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    const active = await stripe.subscriptions.list({ limit: 100 }, on());
    expect(active.data.map((s) => s.id)).not.toContain(a.id);
    const canceled = await stripe.subscriptions.list({ status: 'canceled' }, on());
    expect(canceled.data.map((s) => s.id)).toContain(a.id);
  });

  it('cancels at period end and resumes through the portal page; the period end then cancels', async () => {
    const { subscription } = await subscribe({ tierId: 't-2' });
    const portal = await stripe.billingPortal.sessions.create(
      { customer: subscription.customer as string, return_url: 'http://127.0.0.1:9/mine' },
      on(),
    );
    expect(portal.id).toMatch(/^bps_/);
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('Gold tier');
    expect(html).toContain('€4.99 per month');
    expect(html).toContain('href="http://127.0.0.1:9/mine"');

    const cancel = await form(portal.url, { subscription: subscription.id, action: 'cancel' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(new URL(portal.url).pathname);
    let events = received();
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated']);
    expect(events[0]!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    const cancelling = await stripe.subscriptions.retrieve(subscription.id, {}, on());
    const end = cancelling.items.data[0]!.current_period_end;
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    expect(await (await fetch(portal.url)).text()).toContain('Resume subscription');

    await form(portal.url, { subscription: subscription.id, action: 'resume' });
    expect((await stripe.subscriptions.retrieve(subscription.id, {}, on())).cancel_at_period_end).toBe(false);
    await form(portal.url, { subscription: subscription.id, action: 'cancel' });
    expect(received().map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.updated']);

    await standIn.control.advance(subscription.id, 'renew');
    events = received();
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    const ended = await stripe.subscriptions.retrieve(subscription.id, {}, on());
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end });
    expect(ended.canceled_at).not.toBeNull();
  });

  it('renews at the period end (new period, invoice paid) over HTTP, and fails into past_due', async () => {
    const { subscription } = await subscribe();
    const item = subscription.items.data[0]!;
    const answer = await fetch(`${standIn.origin}/_standin/control/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: subscription.id, outcome: 'renew' }),
    });
    expect(answer.status).toBe(200);
    let events = received();
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    const renewed = await stripe.subscriptions.retrieve(subscription.id, {}, on());
    const next = renewed.items.data[0]!;
    expect(renewed.status).toBe('active');
    expect(next.current_period_start).toBe(item.current_period_end);
    expect(next.current_period_end).toBeGreaterThan(next.current_period_start + 27 * 86_400);
    expect(renewed.latest_invoice).not.toBe(subscription.latest_invoice);
    const invoice = events[1]!.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({ id: renewed.latest_invoice, status: 'paid', billing_reason: 'subscription_cycle' });
    expect(invoice.lines.data[0]!.period.end).toBe(next.current_period_end);

    await standIn.control.advance(subscription.id, 'fail');
    events = received();
    expect(events.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    const failed = await stripe.subscriptions.retrieve(subscription.id, {}, on());
    expect(failed.status).toBe('past_due');
    expect(failed.items.data[0]!.current_period_start).toBe(next.current_period_end);
    expect(events[0]!.data.object).toMatchObject({ status: 'open', amount_paid: 0 });
    expect(events[1]!.data.previous_attributes).toMatchObject({ status: 'active' });
  });

  it('refunds a subscription charge: charge.refunded, and the way back to the subscription', async () => {
    const { subscription } = await subscribe();
    const [payment] = (await stripe.invoicePayments.list({ invoice: subscription.latest_invoice as string }, on())).data;
    const charge = (await stripe.charges.list({ payment_intent: payment!.payment.payment_intent as string }, on())).data[0]!;
    const refund = await stripe.refunds.create({ charge: charge.id }, on());
    expect(refund).toMatchObject({ object: 'refund', amount: 499, charge: charge.id, status: 'succeeded' });
    expect(refund.id).toMatch(/^re_/);
    await standIn.control.settle();
    const events = received();
    expect(events.map((e) => e.type)).toEqual(['charge.refunded']);
    const refunded = events[0]!.data.object as Stripe.Charge;
    expect(refunded).toMatchObject({ id: charge.id, refunded: true, amount_refunded: 499 });
    const paidBy = await stripe.invoicePayments.list(
      { payment: { type: 'payment_intent', payment_intent: refunded.payment_intent as string } },
      on(),
    );
    const invoice = await stripe.invoices.retrieve(paidBy.data[0]!.invoice as string, {}, on());
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    await expect(stripe.refunds.create({ charge: charge.id }, on())).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
    });
  });

  it('takes a donation in payment mode with an application fee', async () => {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        submit_type: 'donate',
        line_items: [{ price_data: { currency: 'jpy', unit_amount: 500, product_data: { name: 'Donation to Lantern' } }, quantity: 1 }],
        payment_intent_data: { application_fee_amount: 25, metadata: { botId: 'b1', userId: 'u-1' } },
        metadata: { kind: 'donation' },
        customer_creation: 'always',
        success_url: 'http://127.0.0.1:9/thanks',
      },
      on(),
    );
    expect(session.payment_intent).toBeNull();
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('Donation to Lantern');
    expect(html).toContain('¥500');
    expect((await form(session.url!, { action: 'pay' })).headers.get('location')).toBe('http://127.0.0.1:9/thanks');
    const events = received();
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed']);
    const completed = events[0]!.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 500,
      currency: 'jpy',
      metadata: { kind: 'donation' },
    });
    expect(completed.customer).toMatch(/^cus_/);
    const intent = await stripe.paymentIntents.retrieve(completed.payment_intent as string, {}, on());
    expect(intent).toMatchObject({
      amount: 500,
      application_fee_amount: 25,
      status: 'succeeded',
      metadata: { botId: 'b1', userId: 'u-1' },
    });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string, {}, on());
    expect(charge).toMatchObject({ amount: 500, application_fee_amount: 25 });
    const found = await stripe.checkout.sessions.list({ payment_intent: intent.id }, on());
    expect(found.data.map((s) => s.id)).toEqual([session.id]);
    // The control refunds too (a donation has no invoice).
    await standIn.control.refund(charge.id);
    expect(received().map((e) => e.type)).toEqual(['charge.refunded']);
    expect((await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intent.id } }, on())).data).toEqual([]);
  });

  it("answers bad input with Stripe's error envelope (the library throws its errors)", async () => {
    const missing = await stripe.checkout.sessions
      .create(
        {
          mode: 'subscription',
          line_items: [
            {
              price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' }, recurring: { interval: 'month' } },
              quantity: 1,
            },
          ],
        },
        on(),
      )
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 400, param: 'success_url', code: 'parameter_missing' });
    await expect(
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          success_url: 'http://x/',
          line_items: [
            {
              price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' }, recurring: { interval: 'month' } },
              quantity: 1,
            },
          ],
        },
        on(),
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          success_url: 'http://x/',
          line_items: [{ price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' } } }],
        },
        on(),
      ),
    ).rejects.toMatchObject({ param: 'line_items[0][quantity]' });
    await expect(
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          success_url: 'http://x/',
          line_items: [{ price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 }],
          payment_intent_data: { application_fee_amount: 101 },
        },
        on(),
      ),
    ).rejects.toMatchObject({ param: 'payment_intent_data[application_fee_amount]' });
    await expect(stripe.subscriptions.retrieve('sub_nothing', {}, on())).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_nothing'",
    });
    await expect(stripe.accounts.retrieve('acct_nothing')).rejects.toMatchObject({ statusCode: 404 });
    // The request options in the parameters' place: Stripe refuses the unknown parameter.
    await expect(stripe.subscriptions.retrieve('sub_nothing', on() as Stripe.SubscriptionRetrieveParams)).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
    });
    await expect(stripe.customers.list({}, { stripeAccount: 'acct_nothing' })).rejects.toBeInstanceOf(Stripe.errors.StripePermissionError);
    const wrongKey = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: new URL(standIn.origin).port, protocol: 'http' });
    await expect(wrongKey.accounts.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const raw = await fetch(`${standIn.origin}/v1/nothing`, { headers: { authorization: `Bearer ${standIn.env.STRIPE_SECRET_KEY}` } });
    expect(raw.status).toBe(404);
    expect(((await raw.json()) as any).error).toMatchObject({ type: 'invalid_request_error' });
  });

  it('keeps undelivered events for redeliver, resends one as a duplicate, and lists them all', async () => {
    receiver.state.status = 500;
    const { subscription } = await subscribe();
    expect(receiver.got).toHaveLength(0);
    const pending = standIn.control.events().filter((r) => !r.delivered);
    expect(pending.map((r) => r.event.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    expect(pending.every((r) => r.lastStatus === 500 && r.attempts === 1)).toBe(true);

    receiver.state.status = 200;
    const answer = await fetch(`${standIn.origin}/_standin/control/redeliver`, { method: 'POST' });
    expect(await answer.json()).toEqual({ delivered: 3, failed: 0 });
    const redelivered = received();
    expect(redelivered.map((e) => e.id)).toEqual(pending.map((r) => r.event.id));
    expect((redelivered[0]!.data.object as Stripe.Subscription).id).toBe(subscription.id);

    await standIn.control.resend(pending[0]!.event.id);
    expect(received().map((e) => e.id)).toEqual([pending[0]!.event.id]);
    const listed: any = await (await fetch(`${standIn.origin}/_standin/control/events`)).json();
    expect(listed.data.length).toBe(standIn.control.events().length);
    expect(listed.data.every((r: { delivered: boolean }) => r.delivered)).toBe(true);
    // A forged signature is refused by the library.
    const event = standIn.control.events()[0]!.event;
    const payload = JSON.stringify(event);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => stripe.webhooks.constructEvent(payload, forged, SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
  it('keeps its objects and events in a state file across a restart, when asked', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'stripe-stand-in-')), 'state.json');
    const first = await startStripeStandIn({ webhookSecret: SECRET, stateFile: file });
    const created = await first.stripe.accounts.create({ type: 'express' });
    const link = new URL(
      (
        await first.stripe.accountLinks.create({
          account: created.id,
          refresh_url: 'http://x/r',
          return_url: 'http://x/r',
          type: 'account_onboarding',
        })
      ).url,
    );
    await form(link.origin + link.pathname, { link: link.searchParams.get('link')!, action: 'complete' });
    await first.close();
    const second = await startStripeStandIn({ webhookSecret: SECRET, stateFile: file });
    try {
      expect(await second.stripe.accounts.retrieve(created.id)).toMatchObject({ id: created.id, charges_enabled: true });
      expect(second.control.events().map((r) => r.event.type)).toEqual(['account.updated']);
      expect((await second.stripe.accounts.create({ type: 'express' })).id).not.toBe(created.id);
    } finally {
      await second.close();
    }
  });
});
