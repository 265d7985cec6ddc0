/**
 * The whole path against the Stripe stand-in (scripts/stripe-stand-in.ts), the app listening on a
 * port for its signed events: an owner connects, defines a tier, a voter subscribes through the
 * stand-in's checkout, premium is active and announced; cancel at period end, the period's end,
 * a refund, a failed renewal, a donation; the nightly reconciliation finds nothing to repair.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../scripts/stripe-stand-in.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';
import { appPerFile, backends } from '../../helpers.js';
import { bearer, createBot, createKey, USER } from '../../support/owner.js';

const SECRET = 'whsec_standin_flow_test';
const VOTER = '223456789012345678';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret: SECRET });
});
afterAll(async () => standIn?.close());

interface Totals {
  botId: string;
  month: string;
  currency: string;
  donationsMinor: number;
  donations: number;
  refundedMinor: number;
  subscriptionsMinor: number;
  payments: number;
  subscriptionsRefundedMinor: number;
}

const form = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

describe.each(backends())('payments against the Stripe stand-in (%s)', (backend) => {
  const t = appPerFile(backend, () => ({ env: standIn.env }));

  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    standIn.setWebhookUrl(`${address}/stripe/webhook`);
  });

  async function connectedBot() {
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['premium:read']);
    const link = await t.app.services.paymentAccounts.onboardingUrl(
      botId,
      dashboardUser(USER),
      'http://127.0.0.1:9/return',
      'http://127.0.0.1:9/refresh',
    );
    const page = new URL(link);
    const done = await form(page.origin + page.pathname, { link: page.searchParams.get('link')!, action: 'complete' });
    expect(done.status).toBe(303);
    // account.updated reached /stripe/webhook before the page answered.
    expect(await t.app.services.paymentAccounts.forBot(botId)).toMatchObject({ chargesEnabled: true, requirementsDue: [] });
    const tier = await t.app.services.premiumTiers.create(
      botId,
      {
        name: { en: 'Gold', de: 'Gold' },
        description: { en: '', de: '' },
        scope: 'user',
        interval: 'month',
        amountMinor: 499,
        currency: 'eur',
      },
      dashboardUser(USER),
    );
    const status = async () => (await t.get(`/api/v1/bots/${botId}/premium/${VOTER}`, bearer(key))).json().data;
    const events = async (type: string) =>
      (
        await t.db.query<{ payload: Record<string, unknown> }>(
          'SELECT payload FROM events WHERE bot_id = $1 AND type = $2 ORDER BY created_at',
          [botId, type],
        )
      ).rows.map((row) => row.payload);
    const account = (await t.app.services.paymentAccounts.forBot(botId))!.accountId;
    return { botId, tier, status, events, account };
  }

  /** Subscribes the voter through the stand-in's checkout page; answers Stripe's subscription. */
  async function subscribe(botId: string, tierId: string, account: string): Promise<Stripe.Subscription> {
    const url = await t.app.services.paymentCheckout.subscribe({
      botId,
      tierId,
      userId: VOTER,
      successUrl: 'http://127.0.0.1:9/ok',
      cancelUrl: 'http://127.0.0.1:9/no',
    });
    expect((await form(url, { action: 'pay' })).status).toBe(303);
    const mine = await t.app.services.paymentCheckout.mySubscriptions(VOTER);
    const ours = mine.find((s) => s.botId === botId)!;
    const stored = await t.db.query<{ stripe_subscription_id: string }>('SELECT stripe_subscription_id FROM subscriptions WHERE id = $1', [
      ours.id,
    ]);
    return standIn.stripe.subscriptions.retrieve(stored.rows[0]!.stripe_subscription_id, {}, { stripeAccount: account });
  }

  it('subscribe → active and announced; cancel at period end shows; the period end ends it and announces it', async () => {
    const { botId, tier, status, events, account } = await connectedBot();
    const subscription = await subscribe(botId, tier.id, account);
    expect(await status()).toMatchObject({ active: true, tierId: tier.id, tierName: 'Gold', interval: 'month', cancelAtPeriodEnd: false });
    expect(await events('premium')).toEqual([expect.objectContaining({ user: VOTER, active: true })]);

    const mine = (await t.app.services.paymentCheckout.mySubscriptions(VOTER)).find((s) => s.botId === botId)!;
    expect(mine).toMatchObject({ tierName: 'Gold', active: true, botName: expect.any(String) });
    await expect(t.app.services.paymentCheckout.portalUrl(USER, mine.id, 'http://127.0.0.1:9/mine')).rejects.toMatchObject({
      code: 'not_found',
    });
    const portal = await t.app.services.paymentCheckout.portalUrl(VOTER, mine.id, 'http://127.0.0.1:9/mine');
    expect((await form(portal, { subscription: subscription.id, action: 'cancel' })).status).toBe(303);
    expect(await status()).toMatchObject({ active: true, cancelAtPeriodEnd: true });

    await standIn.control.advance(subscription.id, 'renew');
    expect(await status()).toMatchObject({ active: false });
    expect((await events('premium')).map((e) => e.active)).toEqual([true, false]);
  });

  it('a refund of the paid invoice ends premium at once', async () => {
    const { botId, tier, status, events, account } = await connectedBot();
    const subscription = await subscribe(botId, tier.id, account);
    const on = { stripeAccount: account };
    const payments = await standIn.stripe.invoicePayments.list({ invoice: subscription.latest_invoice as string }, on);
    const intent = await standIn.stripe.paymentIntents.retrieve(payments.data[0]!.payment.payment_intent as string, {}, on);
    await standIn.control.refund(intent.latest_charge as string);
    expect(await status()).toMatchObject({ active: false });
    expect((await events('premium')).map((e) => e.active)).toEqual([true, false]);
  });

  it('a failed renewal ends premium; renewing again would begin it', async () => {
    const { botId, tier, status, events, account } = await connectedBot();
    const subscription = await subscribe(botId, tier.id, account);
    await standIn.control.advance(subscription.id, 'fail');
    expect(await status()).toMatchObject({ active: false });
    expect((await events('premium')).map((e) => e.active)).toEqual([true, false]);
  });

  it('a donation sends its donation event once, also when Stripe sends it twice', async () => {
    const { botId, events } = await connectedBot();
    const url = await t.app.services.paymentCheckout.donate({
      botId,
      userId: VOTER,
      username: 'Ada',
      amountMinor: 1250,
      successUrl: 'http://127.0.0.1:9/ok',
      cancelUrl: 'http://127.0.0.1:9/no',
    });
    expect((await form(url, { action: 'pay' })).status).toBe(303);
    expect(await events('donation')).toEqual([{ user: VOTER, username: 'Ada', amount: 12.5, currency: 'EUR' }]);
    const completed = standIn.control
      .events()
      .filter((e) => e.event.type === 'checkout.session.completed')
      .pop()!;
    await standIn.control.resend(completed.event.id);
    expect(await events('donation')).toHaveLength(1);
  });

  it("the operator's lists show what was paid: subscriptions, donations and totals in minor units", async () => {
    const subscriptions = (await t.admin('GET', '/admin/v1/payments/subscriptions?limit=100')).json<{
      data: Array<Record<string, unknown>>;
    }>();
    expect(subscriptions.data.length).toBeGreaterThanOrEqual(3);
    expect(subscriptions.data[0]).toMatchObject({ stripeSubscriptionId: expect.stringMatching(/^sub_/), userId: VOTER });
    const donations = (await t.admin('GET', '/admin/v1/payments/donations')).json<{ data: Array<Record<string, unknown>> }>();
    expect(donations.data).toEqual([
      expect.objectContaining({ amountMinor: 1250, currency: 'EUR', username: 'Ada', public: true, refundedAt: null }),
    ]);
    const month = new Date().toISOString().slice(0, 7);
    // The stand-in's clock moves on with each period it advances: invoices after the first test's are paid months later.
    const later = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 7);
    const totals = (await t.admin('GET', `/admin/v1/payments/totals?from=${month}&to=${later}`)).json<{ data: Totals[] }>();
    // Four bots: a donation; three subscriptions paid 4.99 € each, one of them refunded (the failed
    // renewal's invoice is not paid, the cancelled one ends without another).
    expect(totals.data).toHaveLength(4);
    for (const row of totals.data) expect(row).toMatchObject({ currency: 'EUR' });
    expect(totals.data.filter((row) => row.donations > 0)).toEqual([
      expect.objectContaining({ donationsMinor: 1250, donations: 1, refundedMinor: 0, subscriptionsMinor: 0, payments: 0 }),
    ]);
    const paid = totals.data.filter((row) => row.payments > 0);
    expect(paid.map((row) => [row.subscriptionsMinor, row.payments, row.subscriptionsRefundedMinor]).sort()).toEqual([
      [499, 1, 0],
      [499, 1, 0],
      [499, 1, 499],
    ]);
  });

  it('the reconciliation reads every account and finds nothing to repair after the events', async () => {
    const answer = await t.admin('POST', '/admin/v1/payments/reconcile');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.repaired).toBe(0);
    const result = await t.app.services.stripeEvents.reconcile();
    expect(result.accounts).toBeGreaterThanOrEqual(4);
    expect(result.subscriptions).toBeGreaterThanOrEqual(3);
    expect(result.repaired).toBe(0);
  });
});
