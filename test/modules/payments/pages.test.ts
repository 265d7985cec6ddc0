/**
 * The payment pages over `app.inject`, with an in-memory payments module (test/support/payments-fake.ts):
 * the dashboard's payments tab for the roles that manage payments only (another bot's owner: 403),
 * connecting (POST → 303 to onboarding, the return refreshes), tiers (price typed as a decimal made
 * into minor units exactly, errors beside the fields, archive, a 409 delete beside the list), the bot
 * page's premium section (prices with Intl, subscribe and donate → 303 to Checkout, signed-out
 * visitors sent to sign in), "My subscriptions" (only the user's own, Manage → portal; another's: 404),
 * CSRF refused without a token, and no English on the German pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { CURRENCIES } from '../../../src/modules/payments/currencies.js';
import { parseAmount } from '../../../src/modules/payments/money-input.js';
import { putBot } from '../../fixtures.js';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { FakePayments } from '../../support/payments-fake.js';
import { wordsOf, wordsOnlyIn } from '../../support/ui-words.js';
import { visibleTexts } from '../../support/visible-text.js';
import { Browser } from '../site/session-client.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';

const OWNER = { id: '192000000000000001', name: 'Pia Owner', label: 'The owner' };
const OTHER_OWNER = { id: '192000000000000002', name: 'Olli Other', label: 'Another owner' };
const VOTER = { id: '192000000000000003', name: 'Val Voter', label: 'A voter' };
const VOTER_2 = { id: '192000000000000004', name: 'Vera Voter', label: 'Another voter' };
const VIEWER = { id: '192000000000000005', name: 'Vi Viewer', label: 'A viewer' };
const OPERATOR = { id: '192000000000000006', name: 'Opa Operator', label: 'The operator' };
const PERSONAS = [OWNER, OTHER_OWNER, VOTER, VOTER_2, VIEWER, OPERATOR];

/** Words of English on a German page (and the other way round), outside names shown as written. */
function foreignWords(lang: 'en' | 'de', markup: string, names: string[]): string[] {
  const foreign = wordsOnlyIn(lang === 'en' ? 'de' : 'en');
  const found: string[] = [];
  for (const text of visibleTexts(markup)) {
    const rest = names.reduce((remaining, name) => remaining.split(name).join(' '), text).replace(/\S*[\d_]\S*/gu, ' ');
    for (const word of wordsOf(rest)) if (foreign.has(word)) found.push(`"${word}" in "${text}"`);
  }
  return found;
}

describe('amounts typed in a form', () => {
  it('become minor units with the currency’s exponent, without floating point', () => {
    expect(parseAmount('4.99', 'eur')).toBe(499);
    expect(parseAmount('4,99', 'eur')).toBe(499);
    expect(parseAmount('5', 'eur')).toBe(500);
    expect(parseAmount('0.1', 'eur')).toBe(10);
    expect(parseAmount('19.9', 'usd')).toBe(1990);
    expect(parseAmount('1000', 'jpy')).toBe(1000);
    expect(parseAmount('0.29', 'eur')).toBe(29);
    expect(parseAmount('1.15', 'eur')).toBe(115);
    for (const bad of ['', 'abc', '4.999', '-1', '0', '0.00', '1.000,50', '1e3', '4.', '.5', ' ', '9999999999'])
      expect(parseAmount(bad, 'eur'), bad).toBeUndefined();
    expect(parseAmount('4.5', 'jpy')).toBeUndefined();
    expect(parseAmount('5', 'xxx')).toBeUndefined();
  });
});

for (const backend of backends()) {
  describe(`the payment pages (${backend})`, () => {
    let provider: DemoProvider;
    let t: TestApp;
    const fake = new FakePayments();
    const as = {} as Record<'owner' | 'other' | 'voter' | 'voter2' | 'viewer' | 'operator', Browser>;
    let botId: string;
    let otherBotId: string;
    const BOT_NAME = 'Premium & Co';
    const SLUG = 'premium-co';

    beforeAll(async () => {
      provider = await startDemoProvider({ personas: PERSONAS });
      t = await testApp(backend, { env: { ...provider.env, OPERATOR_USER_IDS: OPERATOR.id } });
      fake.install(t);
      for (const [name, persona] of Object.entries({
        owner: OWNER,
        other: OTHER_OWNER,
        voter: VOTER,
        voter2: VOTER_2,
        viewer: VIEWER,
        operator: OPERATOR,
      })) {
        as[name as keyof typeof as] = new Browser(t);
        await as[name as keyof typeof as].signIn(persona.id);
      }
      botId = (await putBot(t, { owners: [OWNER.id], name: BOT_NAME, slugs: { en: SLUG, de: SLUG } })).id;
      otherBotId = (await putBot(t, { owners: [OTHER_OWNER.id], name: 'Other Bot' })).id;
      const { token } = await t.app.services.invitations.create(OWNER.id, botId, 'viewer');
      await t.app.services.invitations.accept(VIEWER, token);
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    const tab = (browser: Browser, lang = 'en', query = '') => browser.get(`/dashboard/bots/${botId}/payments?lang=${lang}${query}`);

    it('shows the tab to the owner only: linked from the bot’s page; a viewer and another bot’s owner are refused', async () => {
      const page = await tab(as.owner);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.body).toContain('No Stripe account is connected yet.');
      expect((await as.owner.get(`/dashboard/bots/${botId}?lang=en`)).body).toContain(
        `href="/dashboard/bots/${botId}/payments?lang=en">Payments</a>`,
      );
      expect((await tab(as.viewer)).statusCode).toBe(403);
      expect((await as.viewer.get(`/dashboard/bots/${botId}?lang=en`)).body).not.toContain('/payments?');
      expect((await tab(as.other)).statusCode).toBe(403);
      expect(
        (
          await as.other.post(
            `/dashboard/bots/${botId}/payments/connect`,
            {},
            (await as.other.get(`/dashboard/bots/${otherBotId}/payments`)).body,
          )
        ).statusCode,
      ).toBe(403);
      const anonymous = await t.get(`/dashboard/bots/${botId}/payments?lang=en`);
      expect(anonymous.statusCode).toBe(303);
      expect(anonymous.headers.location).toContain('/auth/sign-in?return=');
    });

    it('connects: POST → 303 to Stripe’s onboarding; back on the return route, refreshed, onboarding shows what is due', async () => {
      const page = await tab(as.owner);
      expect((await as.owner.post(`/dashboard/bots/${botId}/payments/connect?lang=en`, {})).statusCode).toBe(403); // no CSRF token
      const connect = await as.owner.post(`/dashboard/bots/${botId}/payments/connect?lang=en`, {}, page.body);
      expect(connect.statusCode).toBe(303);
      expect(connect.headers.location).toBe(`https://connect.stripe.test/onboard/${botId}`);
      const call = fake.calls.find((c) => c.method === 'onboardingUrl')?.args as { returnUrl: string; userId: string };
      expect(call.userId).toBe(OWNER.id);
      expect(call.returnUrl).toMatch(new RegExp(`/dashboard/bots/${botId}/payments/return\\?lang=en$`));
      const back = await as.owner.get(`/dashboard/bots/${botId}/payments/return?lang=en`);
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`/dashboard/bots/${botId}/payments?lang=en&done=refreshed#connection`);
      expect(fake.calls.some((c) => c.method === 'refresh')).toBe(true);
      const onboarding = await tab(as.owner, 'en', '&done=refreshed');
      expect(onboarding.body).toContain('Stripe still needs details');
      expect(onboarding.body).toContain('tos_acceptance.date');
      expect(onboarding.body).toContain('Continue on Stripe');
      fake.connect(botId, OWNER.id, true);
      expect((await tab(as.owner)).body).toContain('Connected: this account can take payments.');
    });

    it('sets the currency of donations (a code not on Stripe’s list is refused beside the select)', async () => {
      const page = await tab(as.owner);
      const refused = await as.owner.post(`/dashboard/bots/${botId}/payments/currency?lang=en`, { currency: 'xxx' }, page.body);
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain('id="donation-currency-error"');
      const saved = await as.owner.post(`/dashboard/bots/${botId}/payments/currency?lang=en`, { currency: 'USD' }, page.body);
      expect(saved.statusCode).toBe(303);
      expect(saved.headers.location).toBe(`/dashboard/bots/${botId}/payments?lang=en&done=currency#donations`);
      expect(fake.accountsByBot.get(botId)?.donationCurrency).toBe('usd');
      await as.owner.post(`/dashboard/bots/${botId}/payments/currency?lang=en`, { currency: 'eur' }, page.body);
      // The form's address opened by itself leads to the tab.
      expect((await as.owner.get(`/dashboard/bots/${botId}/payments/currency?lang=en`)).headers.location).toBe(
        `/dashboard/bots/${botId}/payments?lang=en`,
      );
    });

    it('creates, edits, archives tiers; the price is minor units exactly; errors beside the fields; a tier with subscribers is not deleted', async () => {
      let page = await tab(as.owner);
      const refused = await as.owner.post(
        `/dashboard/bots/${botId}/payments/tiers?lang=en`,
        { nameEn: '', nameDe: 'Gold', scope: 'user', interval: 'month', price: '4.999', currency: 'eur' },
        page.body,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain('id="tier-name-en-error"');
      expect(refused.body).toContain('Enter an amount above zero with at most 2 decimals.');
      expect(refused.body).toContain('value="4.999"');
      const created = await as.owner.post(
        `/dashboard/bots/${botId}/payments/tiers?lang=en`,
        {
          nameEn: 'Gold',
          nameDe: 'Gold DE',
          descriptionEn: 'All of it',
          descriptionDe: 'Alles',
          scope: 'user',
          interval: 'month',
          price: '4,99',
          currency: 'eur',
        },
        page.body,
      );
      expect(created.statusCode).toBe(303);
      expect(created.headers.location).toBe(`/dashboard/bots/${botId}/payments?lang=en&done=created#tiers`);
      const gold = [...fake.tiersById.values()].find((tier) => tier.name.en === 'Gold');
      expect(gold).toMatchObject({ amountMinor: 499, currency: 'eur', scope: 'user', interval: 'month', name: { de: 'Gold DE' } });
      await as.owner.post(
        `/dashboard/bots/${botId}/payments/tiers?lang=en`,
        { nameEn: 'Server', nameDe: 'Server', scope: 'guild', interval: 'year', price: '1000', currency: 'jpy' },
        page.body,
      );
      expect([...fake.tiersById.values()].find((tier) => tier.name.en === 'Server')?.amountMinor).toBe(1000);
      page = await tab(as.owner, 'de', `&edit=${gold!.id}`);
      expect(page.body).toContain('4,99\u00a0€');
      expect(page.body).toContain('value="4.99"');
      const saved = await as.owner.post(
        `/dashboard/bots/${botId}/payments/tiers/${gold!.id}?lang=de`,
        { nameEn: 'Gold', nameDe: 'Gold DE', scope: 'user', interval: 'year', price: '49.90', currency: 'eur' },
        page.body,
      );
      expect(saved.statusCode).toBe(303);
      expect(fake.tiersById.get(gold!.id)).toMatchObject({ amountMinor: 4990, interval: 'year' });
      fake.subscribers.add(gold!.id);
      const conflict = await as.owner.post(`/dashboard/bots/${botId}/payments/tiers/${gold!.id}/delete?lang=en`, {}, page.body);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.body).toContain('id="tiers-error"');
      expect(conflict.body).toContain('This tier has subscribers');
      const archived = await as.owner.post(`/dashboard/bots/${botId}/payments/tiers/${gold!.id}/archive?lang=en`, {}, page.body);
      expect(archived.statusCode).toBe(303);
      expect(fake.tiersById.get(gold!.id)?.archived).toBe(true);
      expect((await tab(as.owner)).body).toContain('archived');
      // Another bot's owner cannot touch this bot's tiers.
      const foreign = await as.other.post(
        `/dashboard/bots/${botId}/payments/tiers/${gold!.id}/archive?lang=en`,
        {},
        (await as.other.get(`/dashboard/bots/${otherBotId}/payments?lang=en`)).body,
      );
      expect(foreign.statusCode).toBe(403);
    });

    it('shows the premium section on the bot page: active tiers, prices with Intl, subscribe and donate → 303 to Checkout', async () => {
      const tier = await fake.tiers.create(
        botId,
        {
          name: { en: 'Plus', de: 'Plus' },
          description: { en: 'More commands', de: 'Mehr Befehle' },
          scope: 'user',
          interval: 'month',
          amountMinor: 499,
          currency: 'eur',
        },
        dashboardUser(OWNER.id),
      );
      const server = [...fake.tiersById.values()].find((t2) => t2.name.en === 'Server')!;
      const visitor = await t.get(`/de/bots/${SLUG}`);
      expect(visitor.body).toContain('id="premium"');
      expect(visitor.body).toContain('4,99\u00a0€');
      expect(visitor.body).toContain('Mehr Befehle');
      expect(visitor.body).not.toContain('Gold DE'); // archived
      expect(visitor.body).toContain(`/auth/sign-in?return=${encodeURIComponent(`/de/bots/${SLUG}#premium`)}`);
      const en = await as.voter.get(`/en/bots/${SLUG}`);
      expect(en.body).toContain('€4.99');
      expect((await as.voter.post(`/en/bots/${SLUG}/subscribe`, { tierId: tier.id })).statusCode).toBe(403); // no CSRF token
      const subscribe = await as.voter.post(`/en/bots/${SLUG}/subscribe`, { tierId: tier.id }, en.body);
      expect(subscribe.statusCode).toBe(303);
      expect(subscribe.headers.location).toBe(`https://checkout.stripe.test/subscribe/${tier.id}`);
      expect(fake.calls.at(-1)?.args).toMatchObject({ botId, tierId: tier.id, userId: VOTER.id });
      const badGuild = await as.voter.post(`/en/bots/${SLUG}/subscribe`, { tierId: server.id, guildId: '123' }, en.body);
      expect(badGuild.statusCode).toBe(422);
      expect(badGuild.body).toContain(`id="tier-${server.id}-guild-error"`);
      const guild = await as.voter.post(`/en/bots/${SLUG}/subscribe`, { tierId: server.id, guildId: '123456789012345678' }, en.body);
      expect(guild.statusCode).toBe(303);
      expect(fake.calls.at(-1)?.args).toMatchObject({ guildId: '123456789012345678' });
      const tooMuch = await as.voter.post(`/en/bots/${SLUG}/donate`, { amount: '5000' }, en.body);
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.body).toContain('Enter an amount between €1.00 and €1,000.00.');
      const donate = await as.voter.post(`/en/bots/${SLUG}/donate`, { amount: '2.50', anonymous: '1' }, en.body);
      expect(donate.statusCode).toBe(303);
      expect(donate.headers.location).toBe('https://checkout.stripe.test/donate/250');
      expect(fake.calls.at(-1)?.args).toMatchObject({ amountMinor: 250, username: null, userId: VOTER.id });
      await as.voter.post(`/en/bots/${SLUG}/donate`, { amount: '3' }, en.body);
      expect(fake.calls.at(-1)?.args).toMatchObject({ amountMinor: 300, username: VOTER.name });
      const thanks = await as.voter.get(`/de/bots/${SLUG}/premium/thanks?kind=donation`);
      expect(thanks.body).toContain('Vielen Dank für deine Spende!');
      expect((await t.get(`/en/bots/${SLUG}/premium/cancelled`)).body).toContain('Nothing was charged.');
    });

    it('lists a user’s own subscriptions only; Manage → 303 to the portal; another user’s is 404', async () => {
      fake.subscriptions.push(
        {
          id: '00000000-0000-4000-8000-000000000001',
          userId: VOTER.id,
          botId,
          botName: BOT_NAME,
          tierName: 'Plus',
          guildId: null,
          interval: 'month',
          expiresAt: '2026-12-27T00:00:00.000Z',
          cancelAtPeriodEnd: true,
          active: true,
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          userId: VOTER_2.id,
          botId,
          botName: BOT_NAME,
          tierName: 'Secret Tier',
          guildId: null,
          interval: 'month',
          expiresAt: '2026-12-27T00:00:00.000Z',
          cancelAtPeriodEnd: false,
          active: true,
        },
      );
      const mine = await as.voter.get('/en/subscriptions');
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain('Ends at the end of the period');
      expect(mine.body).not.toContain('Secret Tier');
      expect(mine.body).toContain('href="/en/subscriptions">My subscriptions</a>');
      const manage = await as.voter.post('/en/subscriptions/00000000-0000-4000-8000-000000000001/manage', {}, mine.body);
      expect(manage.statusCode).toBe(303);
      expect(manage.headers.location).toBe('https://billing.stripe.test/portal/00000000-0000-4000-8000-000000000001');
      expect((await as.voter.post('/en/subscriptions/00000000-0000-4000-8000-000000000002/manage', {}, mine.body)).statusCode).toBe(404);
      expect((await as.voter.post('/en/subscriptions/00000000-0000-4000-8000-000000000001/manage', {})).statusCode).toBe(403);
      expect((await t.get('/en/subscriptions')).statusCode).toBe(303);
    });

    it('shows the operators the console’s payments page (accounts, subscriptions, donations, totals); nobody else', async () => {
      // A paid invoice of 4.99 € this month, 1.00 € of it refunded: the totals' trigger counts it.
      await t.db.query(
        `INSERT INTO subscription_payments (stripe_invoice_id, stripe_account_id, stripe_subscription_id, bot_id, amount_minor, currency, paid_at)
         VALUES ('in_console', 'acct_console', 'sub_console', $1, 499, 'EUR', now())`,
        [botId],
      );
      await t.db.query("UPDATE subscription_payments SET refunded_minor = 100 WHERE stripe_invoice_id = 'in_console'");
      const page = await as.operator.get('/console/payments?lang=en');
      expect(page.statusCode).toBe(200);
      for (const heading of ['Connected accounts', 'Subscriptions', 'Donations', 'Paid per bot and month (last 12 months)'])
        expect(page.body).toContain(heading);
      const totals = page.body.slice(page.body.indexOf('id="totals"'), page.body.indexOf('id="accounts"'));
      expect(totals).toContain(`>${botId}</a>`);
      expect(totals).toMatch(/€4\.99<\/td>\s*<td class="number">1<\/td>/);
      expect(totals).toContain('€1.00');
      expect(page.body).toContain('href="/console/payments?lang=en" aria-current="page">Payments</a>');
      expect((await as.owner.get('/console/payments?lang=en')).statusCode).toBe(403);
      const german = await as.operator.get('/console/payments?lang=de');
      expect(german.body).toContain('Verbundene Konten');
      expect(foreignWords('de', german.body, ['Bot Directory', 'Opa Operator', 'Bot-ID'])).toEqual([]);
    });

    it('has no English on the German pages and no German on the English ones', async () => {
      const names = [
        'Bot Directory',
        BOT_NAME,
        'Pia Owner',
        'Val Voter',
        'Plus',
        'Server',
        'Gold',
        'Gold DE',
        'All of it',
        'Alles',
        'More commands',
        'Mehr Befehle',
        'Premium',
        // The currency select's ISO codes (ALL: the Albanian lek, TRY: the Turkish lira) are codes, not words.
        ...[...CURRENCIES.keys()].map((code) => code.toUpperCase()),
      ];
      for (const lang of ['de', 'en'] as const) {
        const pages = [
          (await as.owner.get(`/dashboard/bots/${botId}/payments?lang=${lang}`)).body,
          (await as.voter.get(`/${lang}/bots/${SLUG}`)).body,
          (await as.voter.get(`/${lang}/subscriptions`)).body,
          (await as.voter.get(`/${lang}/bots/${SLUG}/premium/thanks`)).body,
          (await as.voter.get(`/${lang}/bots/${SLUG}/premium/cancelled`)).body,
        ];
        for (const page of pages) expect(foreignWords(lang, page, names)).toEqual([]);
      }
    });
  });
}

describe('the payment pages while payments are off', () => {
  let provider: DemoProvider;
  let t: TestApp;
  let owner: Browser;
  let botId: string;

  beforeAll(async () => {
    provider = await startDemoProvider({ personas: [OWNER] });
    t = await testApp('pglite', { env: provider.env });
    owner = new Browser(t);
    await owner.signIn(OWNER.id);
    botId = (await putBot(t, { owners: [OWNER.id], name: 'Plain Bot', slugs: { en: 'plain-bot', de: 'plain-bot' } })).id;
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  it('offers none of them: no tab, no premium section, no header link; their addresses are 404', async () => {
    const dashboard = await owner.get(`/dashboard/bots/${botId}?lang=en`);
    expect(dashboard.body).not.toContain('/payments?');
    expect(dashboard.body).not.toContain('/en/subscriptions');
    const page = await owner.get('/en/bots/plain-bot');
    expect(page.body).not.toContain('id="premium"');
    expect((await owner.get(`/dashboard/bots/${botId}/payments?lang=en`)).statusCode).toBe(404);
    expect((await owner.get('/en/subscriptions')).statusCode).toBe(404);
    expect((await owner.post('/en/bots/plain-bot/donate', { amount: '5' }, page.body)).statusCode).toBe(404);
    expect(dashboard.headers['content-security-policy']).toContain("form-action 'self';");
  });
});
