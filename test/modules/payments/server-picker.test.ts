/**
 * A server tier's checkout with Discord sign-in while payments are on: the sign-in asks for the
 * `guilds` scope, keeps the servers the user owns or holds Manage Server in, and the bot page offers
 * them in a list (a typed ID of another server still works and wins); the subscription is for the
 * server chosen. Against the demo provider (Discord's paths) and the Stripe stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { startStripeStandIn, type StripeStandIn } from '../../../scripts/stripe-stand-in.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';
import { putBot } from '../../fixtures.js';
import { testApp, type TestApp } from '../../helpers.js';
import { bearer, createKey } from '../../support/owner.js';
import { Browser } from '../site/session-client.js';

const OWNER = { id: '193000000000000001', name: 'Pia Owner', label: 'The owner' };
const OWNED = '193000000000000101';
const MANAGED = '193000000000000102';
const MEMBER_ONLY = '193000000000000103';
const OTHER = '193000000000000104';
const VOTER = {
  id: '193000000000000002',
  name: 'Val Voter',
  label: 'A voter',
  guilds: [
    { id: OWNED, name: 'Zebra <Club>', owner: true, permissions: '0' },
    { id: MANAGED, name: 'alpha lounge', owner: false, permissions: String(0x20 | 0x400) },
    { id: MEMBER_ONLY, name: 'Just Member', owner: false, permissions: String(0x400) },
    { id: 'not-a-snowflake', name: 'Broken', owner: true, permissions: '0' },
  ],
};
const SLUG = 'server-picker-bot';

const form = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

describe('a server tier offers the servers the user manages (Discord sign-in)', () => {
  let standIn: StripeStandIn;
  let provider: DemoProvider;
  let t: TestApp;
  let voter: Browser;
  let key: string;
  let botId: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookSecret: 'whsec_server_picker_test' });
    provider = await startDemoProvider({ kind: 'discord', personas: [OWNER, VOTER] });
    t = await testApp('pglite', { env: { ...standIn.env, ...provider.env } });
    standIn.setWebhookUrl(`${await t.app.listen({ port: 0, host: '127.0.0.1' })}/stripe/webhook`);
    botId = (await putBot(t, { owners: [OWNER.id], name: 'Picker Bot', slugs: { en: SLUG, de: SLUG } })).id;
    ({ key } = await createKey(t, botId, ['premium:read']));
    const link = new URL(
      await t.app.services.paymentAccounts.onboardingUrl(botId, dashboardUser(OWNER.id), 'http://127.0.0.1:9/r', 'http://127.0.0.1:9/f'),
    );
    await form(link.origin + link.pathname, { link: link.searchParams.get('link')!, action: 'complete' });
    await t.app.services.premiumTiers.create(
      botId,
      {
        name: { en: 'Server Gold', de: 'Server-Gold' },
        description: { en: '', de: '' },
        scope: 'guild',
        interval: 'month',
        amountMinor: 999,
        currency: 'eur',
      },
      dashboardUser(OWNER.id),
    );
    voter = new Browser(t);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
    await standIn?.close();
  });

  it('asks Discord for the servers while payments are on, and keeps only those the user may manage', async () => {
    const start = await new Browser(t).get('/auth/sign-in?return=/en');
    expect(new URL(String(start.headers.location)).searchParams.get('scope')).toBe('identify guilds');
    await voter.signIn(VOTER.id);
    expect(await t.app.services.managedGuilds.of(VOTER.id)).toEqual([
      { id: MANAGED, name: 'alpha lounge' },
      { id: OWNED, name: 'Zebra <Club>' },
    ]);
    // Signing in again (another browser) replaces the list.
    VOTER.guilds.shift();
    await new Browser(t).signIn(VOTER.id);
    expect((await t.app.services.managedGuilds.of(VOTER.id)).map((guild) => guild.id)).toEqual([MANAGED]);
    VOTER.guilds.unshift({ id: OWNED, name: 'Zebra <Club>', owner: true, permissions: '0' });
    voter = new Browser(t);
    await voter.signIn(VOTER.id);
  });

  it('lists them on the bot page (names escaped) with a field for another server’s ID; the subscription is for the one chosen', async () => {
    for (const lang of ['en', 'de'] as const) {
      const page = await voter.get(`/${lang}/bots/${SLUG}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(new RegExp(`<select id="tier-[^"]+-pick" name="guildId"`));
      // By name, whatever the case; a name is text, never markup.
      expect(page.body).toMatch(
        new RegExp(`<option value="${MANAGED}"\\s*>alpha lounge</option>\\s*<option value="${OWNED}"\\s*>Zebra &lt;Club&gt;</option>`),
      );
      expect(page.body).not.toContain(MEMBER_ONLY);
      expect(page.body).toContain('name="guildIdTyped"');
      expect(page.body).toContain(lang === 'de' ? 'Einen deiner Server wählen' : 'Choose one of your servers');
    }
    const page = await voter.get(`/en/bots/${SLUG}`);
    const tierId = /name="tierId" value="([^"]+)"/u.exec(page.body)![1]!;
    const subscribeTo = async (fields: Record<string, string>, guild: string) => {
      const answer = await voter.post(`/en/bots/${SLUG}/subscribe`, { tierId, ...fields }, page.body);
      expect(answer.statusCode, answer.body).toBe(303);
      expect((await form(String(answer.headers.location), { action: 'pay' })).status).toBe(303);
      return (await t.get(`/api/v1/bots/${botId}/premium/guild/${guild}`, bearer(key))).json().data;
    };
    expect(await subscribeTo({ guildId: MANAGED, guildIdTyped: '' }, MANAGED)).toMatchObject({ active: true, guildId: MANAGED });
    // A typed ID of another server wins over the list.
    expect(await subscribeTo({ guildId: OWNED, guildIdTyped: OTHER }, OTHER)).toMatchObject({ active: true, guildId: OTHER });
    expect((await t.get(`/api/v1/bots/${botId}/premium/guild/${OWNED}`, bearer(key))).json().data).toMatchObject({ active: false });
    // Neither: the error beside the field, the page again.
    const none = await voter.post(`/en/bots/${SLUG}/subscribe`, { tierId, guildId: '', guildIdTyped: '' }, page.body);
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('aria-invalid="true"');
  });

  it('forgets a sign-in’s servers once no session of it can be alive', async () => {
    const kept = t.app.config.auth.sessionMaxAgeSeconds * 1000;
    await t.db.query('UPDATE managed_guilds SET listed_at = $1 WHERE user_id = $2', [new Date(Date.now() - kept - 60_000), VOTER.id]);
    expect(await t.app.services.managedGuilds.prune()).toBe(2);
    expect(await t.app.services.managedGuilds.of(VOTER.id)).toEqual([]);
    // Then the page asks for the ID again.
    const page = await voter.get(`/en/bots/${SLUG}`);
    expect(page.body).not.toMatch(/<select id="tier-[^"]+-pick"/u);
    expect(page.body).toMatch(/<input\s+type="text"\s+id="tier-[^"]+-guild"\s+name="guildId"/u);
  });
});
