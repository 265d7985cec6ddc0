/**
 * POST /stripe/webhook against a fake Stripe: signatures (forged, stale, missing → 400, nothing
 * changes), idempotent replays, each event type's effect on the premium API and the outbox, refunds
 * and failed payments ending premium at the right moment, and a property over event sequences.
 */
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardUser } from '../../../src/modules/audit/entry.js';
import { appPerFile, backends, ManualClock, type TestApp } from '../../helpers.js';
import { startFakeStripe, WEBHOOK_SECRET, type FakeStripe } from '../../support/fake-stripe.js';
import { bearer, createBot, createKey, GUILD, USER } from '../../support/owner.js';

const T0 = new Date('2026-05-01T12:00:00.000Z');
const DAY = 86_400;
const t0 = T0.getTime() / 1000;

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => fake?.close());

let eventCounter = 0;

describe.each(backends())('Stripe webhook (%s)', (backend) => {
  const clock = new ManualClock(T0);
  const t = appPerFile(backend, () => ({ clock, env: fake.env }));

  /** A bot connected to a fake Express account with charges enabled, a tier, and a key to read premium. */
  async function setup(scope: 'user' | 'guild' = 'user') {
    clock.set(T0);
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['premium:read']);
    const link = await t.app.services.paymentAccounts.onboardingUrl(botId, dashboardUser(USER), 'https://x/return', 'https://x/refresh');
    const accountId = link.split('/').pop()!;
    fake.objects.set(accountId, {
      id: accountId,
      object: 'account',
      charges_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [] },
    });
    expect((await post(event('account.updated', accountId, { id: accountId, object: 'account' }))).statusCode).toBe(200);
    const tier = await t.app.services.premiumTiers.create(
      botId,
      { name: { en: 'Gold', de: 'Gold' }, description: { en: '', de: '' }, scope, interval: 'month', amountMinor: 499, currency: 'eur' },
      dashboardUser(USER),
    );
    const status = async () =>
      (await t.get(`/api/v1/bots/${botId}/premium/${scope === 'user' ? USER : `guild/${GUILD}`}`, bearer(key))).json().data;
    const subId = `sub_${botId}`;
    /** Puts Stripe's current state of the subscription in the fake. */
    const stripeHas = (
      state: Partial<{
        status: string;
        start: number;
        end: number;
        cancelAtPeriodEnd: boolean;
        endedAt: number | null;
        latestInvoice: string | null;
      }>,
    ) => {
      const s = { status: 'active', start: t0, end: t0 + 30 * DAY, cancelAtPeriodEnd: false, endedAt: null, latestInvoice: null, ...state };
      fake.objects.set(subId, {
        id: subId,
        object: 'subscription',
        __account: accountId,
        customer: 'cus_1',
        status: s.status,
        cancel_at_period_end: s.cancelAtPeriodEnd,
        canceled_at: s.endedAt,
        ended_at: s.endedAt,
        latest_invoice: s.latestInvoice,
        start_date: t0,
        metadata: { kind: 'subscription', botId, tierId: tier.id, userId: USER, ...(scope === 'guild' && { guildId: GUILD }) },
        items: {
          object: 'list',
          data: [
            {
              id: 'si_1',
              object: 'subscription_item',
              current_period_start: s.start,
              current_period_end: s.end,
              price: { recurring: { interval: 'month' } },
            },
          ],
        },
      });
    };
    /** Puts an invoice of the subscription in the fake: paid (4.99 € at `paidAt`) or open. */
    const invoiceHas = (id: string, state: { paid?: boolean; amount?: number; paidAt?: number } = {}) => {
      const paid = state.paid ?? true;
      const paidAt = state.paidAt ?? t0;
      fake.objects.set(id, {
        id,
        object: 'invoice',
        __account: accountId,
        status: paid ? 'paid' : 'open',
        amount_paid: paid ? (state.amount ?? 499) : 0,
        currency: 'eur',
        status_transitions: { paid_at: paid ? paidAt : null },
        parent: { subscription_details: { subscription: subId } },
        period_end: paidAt,
        lines: { object: 'list', data: [{ period: { start: paidAt, end: paidAt + 30 * DAY } }] },
      });
    };
    const events = async (type: string) =>
      (
        await t.db.query<{ payload: Record<string, unknown> }>(
          `SELECT payload FROM events WHERE bot_id = $1 AND type = $2 ORDER BY created_at`,
          [botId, type],
        )
      ).rows.map((row) => row.payload);
    /** The bot's totals of a month, as the operator's API answers them. */
    const totals = async (month: string) =>
      (await t.admin('GET', `/admin/v1/payments/totals?bot=${botId}&from=${month}&to=${month}`)).json<{ data: unknown[] }>().data;
    return { botId, accountId, tier, status, subId, stripeHas, invoiceHas, events, totals };
  }

  function event(type: string, account: string, object: Record<string, unknown>, id = `evt_${++eventCounter}`) {
    return {
      id,
      object: 'event',
      type,
      account,
      api_version: '2026-10-28.endive',
      created: Math.floor(clock.now().getTime() / 1000),
      data: { object },
    };
  }

  function post(body: Record<string, unknown>, signature?: string) {
    const signed = fake.sign(body);
    return t.inject({
      method: 'POST',
      url: '/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? signed.signature },
      payload: signed.payload,
    });
  }

  it('a subscription event writes what Stripe holds now: active, paid-until, cancel at period end, and one premium event', async () => {
    const { accountId, status, subId, stripeHas, events, tier } = await setup();
    stripeHas({});
    // The event's own copy says nothing useful: the handler fetches.
    const response = await post(
      event('customer.subscription.created', accountId, { id: subId, object: 'subscription', status: 'incomplete' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await status()).toEqual({
      active: true,
      tierId: tier.id,
      tierName: 'Gold',
      interval: 'month',
      guildId: null,
      expiresAt: new Date((t0 + 30 * DAY) * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
    stripeHas({ cancelAtPeriodEnd: true });
    await post(event('customer.subscription.updated', accountId, { id: subId }));
    expect(await status()).toMatchObject({ active: true, cancelAtPeriodEnd: true });
    expect(await events('premium')).toEqual([expect.objectContaining({ user: USER, active: true, tierId: tier.id })]);
  });

  it('a guild tier answers for the guild', async () => {
    const { accountId, status, subId, stripeHas } = await setup('guild');
    stripeHas({});
    await post(
      event('checkout.session.completed', accountId, {
        id: 'cs_g',
        object: 'checkout.session',
        mode: 'subscription',
        subscription: subId,
        customer: 'cus_1',
        metadata: { userId: USER },
      }),
    );
    expect(await status()).toMatchObject({ active: true, guildId: GUILD });
  });

  it('forged, stale or missing signatures get 400 and change nothing', async () => {
    const { accountId, status, subId, stripeHas } = await setup();
    stripeHas({});
    const body = event('customer.subscription.created', accountId, { id: subId });
    const payload = JSON.stringify(body);
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const signature of [forged, stale, 't=1,v1=00', '']) {
      const response = await t.inject({
        method: 'POST',
        url: '/stripe/webhook',
        headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
        payload,
      });
      expect(response.statusCode, signature).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    // A body altered after signing.
    const { signature } = fake.sign(body);
    const altered = await t.inject({
      method: 'POST',
      url: '/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace(subId, 'sub_other'),
    });
    expect(altered.statusCode).toBe(400);
    expect(await status()).toMatchObject({ active: false });
    const { rows } = await t.db.query('SELECT 1 FROM stripe_events WHERE id = $1', [body.id]);
    expect(rows).toHaveLength(0);
  });

  it('a replayed event does nothing; unknown types are acknowledged and recorded as seen', async () => {
    const { accountId, subId, stripeHas, events } = await setup();
    stripeHas({});
    const created = event('customer.subscription.created', accountId, { id: subId });
    await post(created);
    // Stripe changed meanwhile, but a replay of the same event id is not handled again.
    stripeHas({ status: 'canceled', endedAt: t0 + DAY });
    expect((await post(created)).statusCode).toBe(200);
    expect(await events('premium')).toHaveLength(1);
    const unknown = event('payout.paid', accountId, { id: 'po_1' });
    expect((await post(unknown)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ type: string }>('SELECT type FROM stripe_events WHERE id = $1', [unknown.id]);
    expect(rows).toEqual([{ type: 'payout.paid' }]);
  });

  it('a failed renewal ends premium at the period boundary: expiresAt is the start of the unpaid period', async () => {
    const { accountId, status, subId, stripeHas, invoiceHas, events } = await setup();
    stripeHas({});
    invoiceHas(`in_1_${subId}`);
    await post(event('invoice.paid', accountId, { id: `in_1_${subId}`, parent: { subscription_details: { subscription: subId } } }));
    expect(await status()).toMatchObject({ active: true });
    clock.set(new Date((t0 + 30 * DAY + 60) * 1000));
    stripeHas({ status: 'past_due', start: t0 + 30 * DAY, end: t0 + 60 * DAY });
    await post(event('invoice.payment_failed', accountId, { id: 'in_2', subscription: subId }));
    expect(await status()).toMatchObject({ active: false });
    const premium = await events('premium');
    expect(premium.map((p) => p.active)).toEqual([true, false]);
    expect(premium[1]).toMatchObject({ expiresAt: new Date((t0 + 30 * DAY) * 1000).toISOString() });
  });

  it('a refund of the paid invoice ends premium now; a later paid period begins it again', async () => {
    const { accountId, status, subId, stripeHas, invoiceHas, events } = await setup();
    stripeHas({});
    await post(event('customer.subscription.created', accountId, { id: subId }));
    fake.objects.set('ch_1', {
      id: 'ch_1',
      object: 'charge',
      invoice: 'in_9',
      payment_intent: 'pi_9',
      amount_refunded: 499,
      refunded: true,
    });
    fake.objects.set('in_9', {
      id: 'in_9',
      object: 'invoice',
      parent: { subscription_details: { subscription: subId } },
      period_end: t0,
      lines: { object: 'list', data: [{ period: { start: t0, end: t0 + 30 * DAY } }] },
    });
    await post(event('charge.refunded', accountId, { id: 'ch_1', object: 'charge' }));
    expect(await status()).toMatchObject({ active: false });
    expect((await events('premium')).map((p) => p.active)).toEqual([true, false]);
    // Replays of subscription events do not bring the refunded period back.
    await post(event('customer.subscription.updated', accountId, { id: subId }));
    expect(await status()).toMatchObject({ active: false });
    // The next period is paid: premium again.
    clock.set(new Date((t0 + 30 * DAY + 60) * 1000));
    stripeHas({ start: t0 + 30 * DAY, end: t0 + 60 * DAY });
    invoiceHas('in_10', { paidAt: t0 + 30 * DAY + 60 });
    await post(event('invoice.paid', accountId, { id: 'in_10', parent: { subscription_details: { subscription: subId } } }));
    expect(await status()).toMatchObject({ active: true });
  });

  it('a cancelled subscription ends premium; deleted events converge to the same state', async () => {
    const { accountId, status, subId, stripeHas, events } = await setup();
    stripeHas({});
    await post(event('customer.subscription.created', accountId, { id: subId }));
    stripeHas({ status: 'canceled', endedAt: t0 + 3 * DAY });
    clock.set(new Date((t0 + 3 * DAY) * 1000));
    await post(event('customer.subscription.deleted', accountId, { id: subId }));
    expect(await status()).toMatchObject({ active: false });
    expect((await events('premium')).map((p) => p.active)).toEqual([true, false]);
  });

  it('a donation records its exact amount once per session, with one donation event; its refund marks it', async () => {
    const { botId, accountId, events } = await setup();
    const session = {
      id: 'cs_don_' + botId,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 1999,
      currency: 'eur',
      payment_intent: 'pi_don_' + botId,
      customer: 'cus_1',
      metadata: { kind: 'donation', botId, userId: USER, username: 'Ada', public: 'true' },
    };
    await post(event('checkout.session.completed', accountId, session));
    // The same session again under another event id (Stripe re-sent it): still one donation.
    await post(event('checkout.session.completed', accountId, session));
    expect(await events('donation')).toEqual([{ user: USER, username: 'Ada', amount: 19.99, currency: 'EUR' }]);
    fake.objects.set('ch_don', {
      id: 'ch_don',
      object: 'charge',
      invoice: null,
      payment_intent: session.payment_intent,
      amount_refunded: 1999,
    });
    await post(event('charge.refunded', accountId, { id: 'ch_don' }));
    const { rows } = await t.db.query<{ amount_minor: string; refunded: boolean }>(
      'SELECT amount_minor::text, refunded_at IS NOT NULL AS refunded FROM donations WHERE stripe_session_id = $1',
      [session.id],
    );
    expect(rows).toEqual([{ amount_minor: '1999', refunded: true }]);
  });

  it('a zero-decimal donation (JPY) and an anonymous one', async () => {
    const { botId, accountId, events } = await setup();
    const base = { object: 'checkout.session', mode: 'payment', payment_status: 'paid', customer: 'cus_1' };
    await post(
      event('checkout.session.completed', accountId, {
        ...base,
        id: 'cs_jpy_' + botId,
        amount_total: 500,
        currency: 'jpy',
        metadata: { kind: 'donation', botId, userId: USER, username: '', public: 'false' },
      }),
    );
    expect(await events('donation')).toEqual([{ user: USER, username: null, amount: 500, currency: 'JPY' }]);
  });

  it("an event of another bot's account cannot write to this bot", async () => {
    const a = await setup();
    const b = await setup();
    a.stripeHas({});
    // Account B reports A's subscription (metadata names bot A): not B's, nothing written.
    await post(event('customer.subscription.created', b.accountId, { id: a.subId }));
    expect(await a.status()).toMatchObject({ active: false });
  });

  it('nightly reconciliation writes what events missed and reports it', async () => {
    const { status, stripeHas } = await setup();
    stripeHas({});
    const result = await t.app.services.stripeEvents.reconcile();
    expect(result.repaired).toBeGreaterThanOrEqual(1);
    expect(await status()).toMatchObject({ active: true });
    const again = await t.app.services.stripeEvents.reconcile();
    expect(again.subscriptions).toBeGreaterThanOrEqual(1);
    expect(again.repaired).toBe(0);
  });

  it('a paid invoice counts once in its month’s totals, however often Stripe sends it; its refunds are counted beside it', async () => {
    const { accountId, subId, stripeHas, invoiceHas, totals } = await setup();
    stripeHas({});
    const invoice = `in_paid_${subId}`;
    invoiceHas(invoice, { amount: 499, paidAt: t0 });
    const paid = event('invoice.paid', accountId, { id: invoice });
    await post(paid);
    await post(paid); // the same event again
    await post(event('invoice.paid', accountId, { id: invoice })); // another event for the same invoice
    expect(await totals('2026-05')).toEqual([
      expect.objectContaining({ month: '2026-05', currency: 'EUR', subscriptionsMinor: 499, payments: 1, subscriptionsRefundedMinor: 0 }),
    ]);
    const refund = (id: string, refunded: number) => {
      fake.objects.set(id, { id, object: 'charge', invoice, payment_intent: `pi_${id}`, amount_refunded: refunded, refunded: true });
      return post(event('charge.refunded', accountId, { id, object: 'charge' }));
    };
    await refund(`ch_part_${subId}`, 200);
    expect(await totals('2026-05')).toEqual([expect.objectContaining({ subscriptionsMinor: 499, subscriptionsRefundedMinor: 200 })]);
    await refund(`ch_part_${subId}`, 499); // the rest, on the same charge
    await refund(`ch_part_${subId}`, 200); // a late, older copy changes nothing
    expect(await totals('2026-05')).toEqual([
      expect.objectContaining({ subscriptionsMinor: 499, payments: 1, subscriptionsRefundedMinor: 499 }),
    ]);
    // An open (unpaid) invoice is not money received.
    invoiceHas(`in_open_${subId}`, { paid: false });
    await post(event('invoice.paid', accountId, { id: `in_open_${subId}` }));
    expect(await totals('2026-05')).toEqual([expect.objectContaining({ payments: 1 })]);
  });

  it('the nightly reconciliation records a current invoice whose event was lost, once', async () => {
    const { stripeHas, invoiceHas, subId, totals } = await setup();
    invoiceHas(`in_lost_${subId}`, { amount: 999, paidAt: t0 + 31 * DAY });
    stripeHas({ latestInvoice: `in_lost_${subId}` });
    await t.app.services.stripeEvents.reconcile();
    await t.app.services.stripeEvents.reconcile();
    expect(await totals('2026-06')).toEqual([expect.objectContaining({ subscriptionsMinor: 999, payments: 1 })]);
  });

  it('prunes idempotency rows older than 30 days', async () => {
    const { accountId } = await setup();
    await post(event('payout.paid', accountId, { id: 'po_old' }, 'evt_old_one'));
    clock.set(new Date(T0.getTime() + 31 * DAY * 1000));
    expect(await t.app.services.stripeEvents.prune()).toBeGreaterThanOrEqual(1);
    const { rows } = await t.db.query("SELECT 1 FROM stripe_events WHERE id = 'evt_old_one'");
    expect(rows).toHaveLength(0);
  });

  it('events delivered in any order, late and duplicated, end in the state Stripe holds last (property)', async () => {
    const { accountId, subId, stripeHas, invoiceHas, status } = await setup();
    invoiceHas('in_x');
    const states = [
      { state: {}, active: true, stripeStatus: 'active', cancel: false },
      { state: { cancelAtPeriodEnd: true }, active: true, stripeStatus: 'active', cancel: true },
      { state: { status: 'canceled', endedAt: t0 + DAY }, active: false, stripeStatus: 'canceled', cancel: false },
      { state: { status: 'past_due', start: t0 - DAY, end: t0 + 29 * DAY }, active: false, stripeStatus: 'past_due', cancel: false },
      { state: { status: 'trialing' }, active: true, stripeStatus: 'trialing', cancel: false },
    ];
    const types = [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'invoice.paid',
      'invoice.payment_failed',
      'checkout.session.completed',
    ];
    const objectFor = (type: string) =>
      type.startsWith('invoice')
        ? { id: 'in_x', subscription: subId }
        : type.startsWith('checkout')
          ? { id: 'cs_x', mode: 'subscription', subscription: subId }
          : { id: subId };
    // Each change of Stripe's state sends an event; deliveries come after their change, at any later
    // point (other changes between), some more than once.
    const change = fc.record({
      state: fc.nat({ max: states.length - 1 }),
      type: fc.constantFrom(...types),
      delays: fc.array(fc.nat({ max: 6 }), { minLength: 1, maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        clock.set(T0);
        const timeline: Array<{ at: number; order: number; run: () => Promise<unknown> }> = [];
        changes.forEach((c, i) => {
          const body = event(c.type, accountId, objectFor(c.type));
          timeline.push({ at: i, order: 0, run: async () => stripeHas(states[c.state]!.state) });
          for (const delay of c.delays) timeline.push({ at: i + delay, order: 1, run: () => post(body) });
        });
        timeline.sort((a, b) => a.at - b.at || a.order - b.order);
        for (const step of timeline) await step.run();
        const final = states[changes[changes.length - 1]!.state]!;
        expect((await status()).active).toBe(final.active);
        const { rows } = await t.db.query<{ active: boolean; stripe_status: string; cancel_at_period_end: boolean }>(
          'SELECT active, stripe_status, cancel_at_period_end FROM subscriptions WHERE stripe_subscription_id = $1',
          [subId],
        );
        expect(rows).toEqual([{ active: final.active, stripe_status: final.stripeStatus, cancel_at_period_end: final.cancel }]);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('payments off: /stripe/webhook answers 404 and the services refuse writes', async () => {
    const off = await (await import('../../helpers.js')).testApp(backend, { db: t.db });
    try {
      const response = await off.inject({
        method: 'POST',
        url: '/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 'x' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
      await expect(
        off.app.services.paymentCheckout.donate({
          botId: '1',
          userId: USER,
          username: null,
          amountMinor: 500,
          successUrl: 'https://x',
          cancelUrl: 'https://x',
        }),
      ).rejects.toMatchObject({ code: 'not_found' });
      expect(await off.app.services.premiumTiers.list('123')).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

export type { TestApp };
