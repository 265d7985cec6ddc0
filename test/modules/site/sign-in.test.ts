import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/config/index.js';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { putBot } from '../../fixtures.js';
import { ADMIN_TOKEN, backends, testApp, type TestApp } from '../../helpers.js';
import { Browser, OWNER_A, PERSONAS } from './session-client.js';

for (const backend of backends()) {
  for (const kind of ['oidc', 'discord'] as const) {
    describe(`sign-in through a local ${kind} provider (${backend})`, () => {
      let provider: DemoProvider;
      let t: TestApp;
      let botId: string;
      beforeAll(async () => {
        provider = await startDemoProvider({ kind, personas: PERSONAS });
        t = await testApp(backend, { env: provider.env });
        botId = (await putBot(t, { owners: [OWNER_A.id], name: 'Alpha' })).id;
      });
      afterAll(async () => {
        await t?.close();
        await provider?.stop();
      });

      it('starts with state and a PKCE challenge, comes back signed in, and shows the owner their bot', async () => {
        const browser = new Browser(t);
        const start = await browser.get('/auth/sign-in?return=%2Fdashboard%3Flang%3Dde');
        expect(start.statusCode).toBe(302);
        const authorize = new URL(String(start.headers.location));
        expect(authorize.origin).toBe(provider.origin);
        expect(authorize.searchParams.get('scope')).toBe(kind === 'discord' ? 'identify' : 'openid profile');
        expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
        expect(authorize.searchParams.get('state')).toMatch(/.{16,}/);
        expect(authorize.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/auth/callback');
        // State and verifier travel in HttpOnly cookies limited to /auth/.
        expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly/);
        const landed = await browser.signIn(OWNER_A.id, '/dashboard?lang=de');
        expect(landed).toBe('/dashboard?lang=de');
        const dashboard = await browser.get(landed);
        expect(dashboard.statusCode).toBe(200);
        expect(dashboard.headers['cache-control']).toBe('private, no-store');
        expect(dashboard.body).toContain('Deine Bots');
        expect(dashboard.body).toContain('Alpha');
        expect(dashboard.body).toContain(`/dashboard/bots/${botId}`);
        expect(dashboard.body).toContain('Ada Owner');
      });

      it('signs out with a CSRF-protected form: the session is gone', async () => {
        const browser = new Browser(t);
        await browser.signIn(OWNER_A.id);
        const page = await browser.get('/dashboard');
        expect((await browser.post('/auth/sign-out', {}, undefined)).statusCode).toBe(403);
        const out = await browser.post('/auth/sign-out', {}, page.body);
        expect(out.statusCode).toBe(303);
        expect(out.headers.location).toBe('/');
        // From a page, the form names its language: back to that start page.
        await browser.signIn(OWNER_A.id);
        const german = await browser.get('/de');
        expect(german.body).toContain('<input type="hidden" name="lang" value="de" />');
        const back = await browser.post('/auth/sign-out', { lang: 'de' }, german.body);
        expect(back.headers.location).toBe('/de');
        const after = await browser.get('/dashboard');
        expect(after.statusCode).toBe(303);
        expect(after.headers.location).toBe('/auth/sign-in?return=%2Fdashboard');
      });

      it('refuses a callback whose state does not match (401 page), and never returns to another site', async () => {
        const browser = new Browser(t);
        await browser.get('/auth/sign-in');
        const forged = await browser.get('/auth/callback?code=abc&state=forged');
        expect(forged.statusCode).toBe(401);
        expect(forged.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(await browser.signIn(OWNER_A.id, '//evil.example.org/x')).toBe('/dashboard');
        expect(await new Browser(t).signIn(OWNER_A.id, 'https://evil.example.org/')).toBe('/dashboard');
      });

      it('a session cookie from another secret or a tampered one is no session', async () => {
        const browser = new Browser(t);
        await browser.signIn(OWNER_A.id);
        const [name, value] = [...browser.cookies].find(([cookie]) => cookie.endsWith('bd_session'))!;
        browser.cookies.set(name, `${value.slice(0, -4)}AAAA`);
        expect((await browser.get('/dashboard')).statusCode).toBe(303);
      });
    });
  }
}

describe('sign-in settings', () => {
  const base = { NODE_ENV: 'production', ADMIN_TOKEN: 'a-long-enough-admin-token' };
  it('needs the client, the issuer for OIDC, and SESSION_SECRET in production', () => {
    expect(() => readConfig({ ...base, AUTH_PROVIDER: 'github' })).toThrow(/AUTH_PROVIDER/);
    expect(() => readConfig({ ...base, AUTH_PROVIDER: 'discord', AUTH_CLIENT_SECRET: 's' })).toThrow(/AUTH_CLIENT_ID/);
    expect(() =>
      readConfig({ ...base, AUTH_PROVIDER: 'oidc', AUTH_CLIENT_ID: 'i', AUTH_CLIENT_SECRET: 's', SESSION_SECRET: 'x'.repeat(32) }),
    ).toThrow(/AUTH_ISSUER/);
    expect(() => readConfig({ ...base, AUTH_PROVIDER: 'discord', AUTH_CLIENT_ID: 'i', AUTH_CLIENT_SECRET: 's' })).toThrow(/SESSION_SECRET/);
    expect(() => readConfig({ ...base, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(() => readConfig({ ...base, SESSION_MAX_AGE_HOURS: '0' })).toThrow(/SESSION_MAX_AGE_HOURS/);
    const config = readConfig({
      ...base,
      AUTH_PROVIDER: 'discord',
      AUTH_CLIENT_ID: 'i',
      AUTH_CLIENT_SECRET: 's',
      SESSION_SECRET: 'y'.repeat(40),
    });
    expect(config.auth.provider).toEqual({ kind: 'discord', clientId: 'i', clientSecret: 's', baseUrl: 'https://discord.com' });
    expect(config.auth.secureCookies).toBe(true);
    // Every process derives the same key from the same secret, so a session works on any of them.
    const again = readConfig({ ...base, SESSION_SECRET: 'y'.repeat(40) });
    expect(again.auth.sessionKey.equals(config.auth.sessionKey)).toBe(true);
    // Without a provider, production needs no session secret (sign-in is simply off).
    expect(readConfig(base).auth.provider).toBeUndefined();
  });

  it('without a provider the sign-in page says so and the dashboard answers 401', async () => {
    const t = await testApp('pglite');
    try {
      const signIn = await t.get('/auth/sign-in');
      expect(signIn.statusCode).toBe(503);
      expect(signIn.body).toContain('AUTH_PROVIDER');
      expect((await t.get('/dashboard')).statusCode).toBe(401);
      expect((await t.get('/admin/v1/tier-requests', { authorization: `Bearer ${ADMIN_TOKEN}` })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
