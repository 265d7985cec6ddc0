/** The services the pages call: accounts (Account Links), tiers (archive, never delete with subscribers), checkout, and the operator's lists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardUser } from '../../../src/modules/audit/entry.js';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe.js';
import { botLog } from '../audit/harness.js';
import { createBot, USER } from '../../support/owner.js';

const T0 = new Date('2026-05-01T12:00:00.000Z');
const OWNER = dashboardUser(USER);
const GOLD = {
  name: { en: 'Gold', de: 'Gold' },
  description: { en: 'All of it', de: 'Alles' },
  scope: 'user' as const,
  interval: 'month' as const,
  amountMinor: 499,
  currency: 'eur',
};

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => fake?.close());

describe.each(backends())('payment services (%s)', (backend) => {
  const clock = new ManualClock(T0);
  const t = appPerFile(backend, () => ({ clock, env: { ...fake.env, PAYMENTS_FEE_PERCENT: '2.5' } }));

  async function connected() {
    const botId = await createBot(t);
    const url = await t.app.services.paymentAccounts.onboardingUrl(botId, OWNER, 'https://site/return', 'https://site/refresh');
    const accountId = url.split('/').pop()!;
    return { botId, accountId, url };
  }

  it('connects a bot once: the Express account is made on first onboarding, the link again on each', async () => {
    const { botId, accountId, url } = await connected();
    expect(url).toBe(`https://connect.example/onboard/${accountId}`);
    const again = await t.app.services.paymentAccounts.onboardingUrl(botId, OWNER, 'https://site/return', 'https://site/refresh');
    expect(again).toBe(url);
    expect(await t.app.services.paymentAccounts.forBot(botId)).toMatchObject({
      botId,
      accountId,
      chargesEnabled: false,
      requirementsDue: [],
      donationCurrency: 'eur',
      connectedBy: USER,
    });
    fake.objects.set(accountId, {
      id: accountId,
      object: 'account',
      charges_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [] },
    });
    expect(await t.app.services.paymentAccounts.refresh(botId)).toMatchObject({ chargesEnabled: true, requirementsDue: [] });
    await t.app.services.paymentAccounts.setDonationCurrency(botId, 'jpy', OWNER);
    expect((await t.app.services.paymentAccounts.forBot(botId))?.donationCurrency).toBe('jpy');
    await expect(t.app.services.paymentAccounts.setDonationCurrency(botId, 'bhd', OWNER)).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(t.app.services.paymentAccounts.onboardingUrl('99999999999999999', OWNER, 'https://a', 'https://b')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('tiers: validated, listed oldest first, archived not listed unless asked; never deleted with subscribers', async () => {
    const { botId } = await connected();
    const tiers = t.app.services.premiumTiers;
    const gold = await tiers.create(botId, GOLD, OWNER);
    clock.advance(1000);
    const silver = await tiers.create(botId, { ...GOLD, name: { en: 'Silver', de: 'Silber' }, amountMinor: 199 }, OWNER);
    expect((await tiers.list(botId)).map((tier) => tier.name.en)).toEqual(['Gold', 'Silver']);
    await expect(tiers.create(botId, { ...GOLD, currency: 'xyz' }, OWNER)).rejects.toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'currency' }],
    });
    await expect(tiers.create(botId, { ...GOLD, amountMinor: 4.99 }, OWNER)).rejects.toMatchObject({ details: [{ field: 'amountMinor' }] });
    await expect(tiers.create(botId, { ...GOLD, name: { en: ' ', de: 'x' } }, OWNER)).rejects.toMatchObject({
      details: [{ field: 'name.en' }],
    });
    expect(await tiers.update(botId, gold.id, { ...GOLD, amountMinor: 599 }, OWNER)).toMatchObject({ amountMinor: 599 });
    expect(await tiers.archive(botId, silver.id, OWNER)).toMatchObject({ archived: true });
    expect((await tiers.list(botId)).map((tier) => tier.id)).toEqual([gold.id]);
    expect(await tiers.list(botId, { includeArchived: true })).toHaveLength(2);
    await tiers.remove(botId, silver.id, OWNER);
    await expect(tiers.get(botId, silver.id)).rejects.toMatchObject({ code: 'not_found' });
    // A subscriber keeps the tier.
    await t.admin('POST', `/admin/v1/bots/${botId}/subscriptions`, {
      userId: USER,
      tierId: gold.id,
      tierName: 'Gold',
      interval: 'month',
      expiresAt: '2026-06-01T12:00:00.000Z',
      active: true,
    });
    await expect(tiers.remove(botId, gold.id, OWNER)).rejects.toMatchObject({ code: 'conflict' });
    // Another bot cannot touch it.
    const other = await createBot(t);
    await expect(tiers.archive(other, gold.id, OWNER)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('the bot’s audit log names who connected it, changed the donation currency and each tier, in the transaction of the change', async () => {
    const { botId, accountId } = await connected();
    await t.app.services.paymentAccounts.onboardingUrl(botId, dashboardUser('223456789012345678'), 'https://a', 'https://b');
    const payments = t.app.services.paymentAccounts;
    await payments.setDonationCurrency(botId, 'usd', OWNER);
    await payments.setDonationCurrency(botId, 'usd', OWNER); // unchanged: no entry
    const tiers = t.app.services.premiumTiers;
    const gold = await tiers.create(botId, GOLD, OWNER);
    await tiers.update(botId, gold.id, { ...GOLD, name: { en: 'Gold', de: 'Golden' }, amountMinor: 599 }, OWNER);
    await tiers.update(botId, gold.id, { ...GOLD, name: { en: 'Gold', de: 'Golden' }, amountMinor: 599 }, OWNER); // unchanged
    await tiers.archive(botId, gold.id, OWNER);
    await tiers.archive(botId, gold.id, OWNER); // already archived
    await tiers.remove(botId, gold.id, OWNER);
    await expect(tiers.update(botId, gold.id, GOLD, OWNER)).rejects.toMatchObject({ code: 'not_found' });

    const log = (await botLog(t, botId)).filter((entry) => entry.action.startsWith('payments.'));
    expect(log.map((entry) => entry.action)).toEqual([
      'payments.connect',
      'payments.donation_currency',
      'payments.tier_create',
      'payments.tier_update',
      'payments.tier_archive',
      'payments.tier_delete',
    ]);
    for (const entry of log) expect(entry.actor).toMatchObject({ kind: 'user', id: USER, via: 'dashboard' });
    expect(log[0]).toMatchObject({ target: accountId });
    expect(log[1]).toMatchObject({ target: accountId, diff: { currency: { before: 'eur', after: 'usd' } } });
    expect(log[2]).toMatchObject({ target: gold.id, note: 'Gold', diff: { amountMinor: { before: null, after: 499 } } });
    expect(log[3]!.diff).toEqual({
      name: { before: GOLD.name, after: { en: 'Gold', de: 'Golden' } },
      amountMinor: { before: 499, after: 599 },
    });
    expect(log[5]!.diff).toMatchObject({ currency: { before: 'eur', after: null }, amountMinor: { before: 599, after: null } });
  });

  it('checkout: refused until charges are enabled, for archived tiers, and guild tiers without a server; price_data and fee sent', async () => {
    const { botId, accountId } = await connected();
    const tiers = t.app.services.premiumTiers;
    const gold = await tiers.create(botId, GOLD, OWNER);
    const guild = await tiers.create(botId, { ...GOLD, scope: 'guild' }, OWNER);
    const checkout = t.app.services.paymentCheckout;
    const urls = { successUrl: 'https://site/ok', cancelUrl: 'https://site/cancel' };
    await expect(checkout.subscribe({ botId, tierId: gold.id, userId: USER, ...urls })).rejects.toMatchObject({ code: 'conflict' });
    fake.objects.set(accountId, {
      id: accountId,
      object: 'account',
      charges_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [] },
    });
    await t.app.services.paymentAccounts.refresh(botId);
    fake.requests.length = 0;
    expect(await checkout.subscribe({ botId, tierId: gold.id, userId: USER, ...urls })).toMatch(/^https:\/\/checkout\.example\/cs_/);
    const sessions = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.account).toBe(accountId);
    const form = new URLSearchParams(sessions[0]!.body);
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('499');
    expect(form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('subscription_data[application_fee_percent]')).toBe('2.5');
    expect(form.get('subscription_data[metadata][tierId]')).toBe(gold.id);
    expect(form.get('subscription_data[metadata][userId]')).toBe(USER);
    // The customer is made once per account and user.
    await checkout.subscribe({ botId, tierId: gold.id, userId: USER, ...urls });
    expect(fake.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    await expect(checkout.subscribe({ botId, tierId: guild.id, userId: USER, ...urls })).rejects.toMatchObject({
      details: [{ field: 'guildId' }],
    });
    await checkout.subscribe({ botId, tierId: guild.id, userId: USER, guildId: '876543210987654321', ...urls });
    await tiers.archive(botId, gold.id, OWNER);
    await expect(checkout.subscribe({ botId, tierId: gold.id, userId: USER, ...urls })).rejects.toMatchObject({ code: 'conflict' });

    fake.requests.length = 0;
    await expect(checkout.donate({ botId, userId: USER, username: null, amountMinor: 99, ...urls })).rejects.toMatchObject({
      details: [{ field: 'amountMinor' }],
    });
    await expect(checkout.donate({ botId, userId: USER, username: null, amountMinor: 100_001, ...urls })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await checkout.donate({ botId, userId: USER, username: 'Ada', amountMinor: 999, ...urls });
    const donation = new URLSearchParams(fake.requests.find((r) => r.path === '/v1/checkout/sessions')!.body);
    expect(donation.get('mode')).toBe('payment');
    expect(donation.get('payment_intent_data[application_fee_amount]')).toBe('24');
    expect(donation.get('metadata[kind]')).toBe('donation');
    expect(donation.get('metadata[username]')).toBe('Ada');
  });

  it('my subscriptions and the portal: a user reaches only their own', async () => {
    const checkout = t.app.services.paymentCheckout;
    expect(await checkout.mySubscriptions('111111111111111111')).toEqual([]);
    await expect(checkout.portalUrl(USER, '6f0c1f7e-8b4e-4c1a-9a57-4ad0f0b2a3c1', 'https://site/me')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(checkout.portalUrl(USER, 'not-a-uuid', 'https://site/me')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('admin lists: keyset pages of accounts, and totals', async () => {
    await connected();
    await connected();
    const first = await t.admin('GET', '/admin/v1/payments/accounts?limit=1');
    expect(first.statusCode).toBe(200);
    const page = first.json<{ data: Array<{ botId: string }>; next: string }>();
    expect(page.data).toHaveLength(1);
    expect(page.next).toEqual(expect.any(String));
    const second = (await t.admin('GET', `/admin/v1/payments/accounts?limit=1&after=${page.next}`)).json<{
      data: Array<{ botId: string }>;
    }>();
    expect(second.data[0]!.botId).not.toBe(page.data[0]!.botId);
    expect((await t.admin('GET', '/admin/v1/payments/accounts?after=garbage')).statusCode).toBe(422);
    expect((await t.admin('GET', '/admin/v1/payments/subscriptions')).statusCode).toBe(200);
    expect((await t.admin('GET', '/admin/v1/payments/donations')).statusCode).toBe(200);
    const totals = await t.admin('GET', '/admin/v1/payments/totals?from=2026-01&to=2026-05');
    expect(totals.statusCode).toBe(200);
    expect((await t.admin('GET', '/admin/v1/payments/totals?from=2026-06&to=2026-05')).statusCode).toBe(422);
    for (const bad of ['garbage', Buffer.from('1:1.EUR').toString('base64url'), 'x'.repeat(101)])
      expect((await t.admin('GET', `/admin/v1/payments/totals?after=${bad}`)).statusCode, bad).toBe(422);
    expect((await t.admin('GET', '/admin/v1/payments/totals?limit=1001')).statusCode).toBe(422);
  });

  it('totals: a page at a time in the order month, bot, currency, every row once', async () => {
    const bots = [await createBot(t), await createBot(t), await createBot(t)];
    // Three bots paid in three months and two currencies: 3 × 3 × 2 rows.
    for (const botId of bots)
      for (const month of ['2025-03', '2025-04', '2025-05'])
        for (const currency of ['EUR', 'USD'])
          await t.db.query(
            `INSERT INTO subscription_payments (stripe_invoice_id, stripe_account_id, stripe_subscription_id, bot_id, amount_minor, currency, paid_at)
             VALUES ($1, 'acct_t', 'sub_t', $2, 100, $3, $4)`,
            [`in_${botId}_${month}_${currency}`, botId, currency, `${month}-15T12:00:00Z`],
          );
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const url = `/admin/v1/payments/totals?from=2025-03&to=2025-05&limit=4${after ? `&after=${after}` : ''}`;
      const page: { data: Array<{ botId: string; month: string; currency: string }>; next: string | null } = (
        await t.admin('GET', url)
      ).json();
      expect(page.data.length).toBeLessThanOrEqual(4);
      seen.push(...page.data.map((row) => `${row.month} ${row.botId} ${row.currency}`));
      after = page.next;
    } while (after !== null);
    const expected = ['2025-03', '2025-04', '2025-05'].flatMap((month) =>
      [...bots].sort().flatMap((botId) => ['EUR', 'USD'].map((currency) => `${month} ${botId} ${currency}`)),
    );
    expect(seen).toEqual(expected);
    const one = (await t.admin('GET', `/admin/v1/payments/totals?from=2025-03&to=2025-05&bot=${bots[1]}`)).json();
    expect(one.data).toHaveLength(6);
    expect(one.next).toBeNull();
    expect((await t.inject({ method: 'GET', url: '/admin/v1/payments/accounts' })).statusCode).toBe(401);
  });
});
