import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import type { LookupFn } from '../../../src/modules/webhooks/endpoints/resolve-host.js';
import { putBot } from '../../fixtures.js';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { Browser, OWNER_A, OWNER_B, PERSONAS } from './session-client.js';

/** receiver.example.org is public, internal.example.org resolves to a private address. */
const lookup: LookupFn = async (hostname) => [{ address: hostname.startsWith('internal') ? '10.0.0.5' : '93.184.216.34', family: 4 }];

for (const backend of backends()) {
  describe(`owner dashboard (${backend})`, () => {
    let provider: DemoProvider;
    let t: TestApp;
    let a: string;
    let b: string;
    let owner: Browser;
    beforeAll(async () => {
      provider = await startDemoProvider({ personas: PERSONAS });
      t = await testApp(backend, { env: provider.env, lookup });
      a = (await putBot(t, { owners: [OWNER_A.id], name: 'Alpha <b>bold</b>' })).id;
      b = (await putBot(t, { owners: [OWNER_B.id], name: 'Beta' })).id;
      owner = new Browser(t);
      await owner.signIn(OWNER_A.id);
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    it('is for owners only: sign-in first, 403 on a bot of someone else (pages and every action), escaped names', async () => {
      const anonymous = new Browser(t);
      expect((await anonymous.get(`/dashboard/bots/${a}`)).statusCode).toBe(303);
      expect((await anonymous.post(`/dashboard/bots/${a}/keys`, { scopes: 'votes:read' })).statusCode).toBe(401);
      const page = await owner.get(`/dashboard/bots/${a}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Alpha &lt;b&gt;bold&lt;/b&gt;');
      expect(page.body).not.toContain('<b>bold</b>');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect((await owner.get(`/dashboard/bots/${b}`)).statusCode).toBe(403);
      // The webhook pages' actions: dashboard-webhooks.test.ts.
      for (const action of ['keys', 'tier-requests', 'webhooks']) {
        expect(
          (await owner.post(`/dashboard/bots/${b}/${action}`, { scopes: 'votes:read', url: 'https://receiver.example.org/' }, page.body))
            .statusCode,
          action,
        ).toBe(403);
      }
      expect((await owner.get('/dashboard/bots/999999999999999999')).statusCode).toBe(404);
      // A form without the session's CSRF token is refused.
      expect((await owner.post(`/dashboard/bots/${a}/keys`, { scopes: 'votes:read', _csrf: 'forged' })).statusCode).toBe(403);
    });

    it('creates a key shown once that works on the owner API, lists it, and revokes it (401 at once)', async () => {
      const page = await owner.get(`/dashboard/bots/${a}`);
      const refused = await owner.post(`/dashboard/bots/${a}/keys`, { name: 'none' }, page.body);
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain('Choose at least one.');
      const created = await owner.post(
        `/dashboard/bots/${a}/keys?lang=en`,
        { name: 'Rewards', scopes: ['votes:read', 'stats:write'] },
        page.body,
      );
      // Post/Redirect/Get: the POST answers 303 to the page, which shows the key once.
      expect(created.statusCode).toBe(303);
      expect(created.headers.location).toBe(`/dashboard/bots/${a}?lang=en#keys`);
      expect(created.body).not.toMatch(/bdk_/);
      expect(
        (await t.admin('GET', `/admin/v1/bots/${a}/keys`)).json().data.filter((k: { name: string }) => k.name === 'Rewards'),
      ).toHaveLength(1);
      const shown = await owner.get(String(created.headers.location));
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('private, no-store');
      const key = /<code id="new-key">([^<]+)<\/code>/.exec(shown.body)?.[1] ?? '';
      expect(key).toMatch(/^bdk_/);
      expect(shown.body).toContain('data-copy="new-key"');
      // The copy button says so after copying (site.js shows data-done), in the page's language.
      expect(shown.body).toMatch(/<button type="button" data-copy="new-key" data-done="Copied" hidden>Copy<\/button>/);
      const votes = await t.get(`/api/v1/bots/${a}/votes`, { authorization: `Bearer ${key}` });
      expect(votes.statusCode).toBe(200);
      // A reload: the key is gone, and no second key was made.
      const listed = await owner.get(String(created.headers.location));
      expect(listed.body).not.toContain(key);
      expect(listed.body).not.toContain('id="new-key"');
      expect(listed.body).toContain('Rewards');
      expect(
        (await t.admin('GET', `/admin/v1/bots/${a}/keys`)).json().data.filter((k: { name: string }) => k.name === 'Rewards'),
      ).toHaveLength(1);
      const keyId = (await t.admin('GET', `/admin/v1/bots/${a}/keys`)).json().data.find((k: { name: string }) => k.name === 'Rewards').id;
      // Another owner cannot revoke it through their own bot's URL.
      const other = new Browser(t);
      await other.signIn(OWNER_B.id);
      const otherPage = await other.get(`/dashboard/bots/${b}`);
      expect((await other.post(`/dashboard/bots/${b}/keys/${keyId}/revoke`, {}, otherPage.body)).statusCode).toBe(404);
      const revoked = await owner.post(`/dashboard/bots/${a}/keys/${keyId}/revoke`, {}, listed.body);
      expect(revoked.statusCode).toBe(303);
      expect((await t.get(`/api/v1/bots/${a}/votes`, { authorization: `Bearer ${key}` })).statusCode).toBe(401);
    });

    it("checks its forms with the management API's schemas and shows each error beside its field, in the page's language", async () => {
      const page = await owner.get(`/dashboard/bots/${a}?lang=de`);
      // A name over the API's 100 characters is refused, not cut.
      const long = await owner.post(`/dashboard/bots/${a}/keys?lang=de`, { name: 'x'.repeat(101), scopes: 'votes:read' }, page.body);
      expect(long.statusCode).toBe(422);
      expect(long.body).toContain('<p class="error" id="key-name-error">Bitte verwende höchstens 100 Zeichen.</p>');
      expect(long.body).toContain('aria-describedby="key-name-error"');
      expect((await t.admin('GET', `/admin/v1/bots/${a}/keys`)).json().data.some((k: { name: string }) => k.name.startsWith('xxx'))).toBe(
        false,
      );
      const unknownScope = await owner.post(`/dashboard/bots/${a}/keys?lang=en`, { scopes: 'everything' }, page.body);
      expect(unknownScope.statusCode).toBe(422);
      expect(unknownScope.body).toContain('id="scopes-error">Choose one of: votes:read, premium:read, stats:write, analytics:read.</p>');
      const created = await owner.post(`/dashboard/bots/${a}/keys`, { name: 'Tiered', scopes: 'votes:read', tier: '3' }, page.body);
      expect(created.statusCode).toBe(303);
      // The owner cannot set a tier: the form reads only the name and the scopes.
      expect((await t.admin('GET', `/admin/v1/bots/${a}/keys`)).json().data.find((k: { name: string }) => k.name === 'Tiered').tier).toBe(
        1,
      );
      const keyId = (await t.admin('GET', `/admin/v1/bots/${a}/keys`)).json().data.find((k: { name: string }) => k.name === 'Tiered').id;
      const badTier = await owner.post(`/dashboard/bots/${a}/tier-requests?lang=de`, { keyId, tier: '7', reason: 'busy' }, page.body);
      expect(badTier.statusCode).toBe(422);
      expect(badTier.body).toContain('<p class="error" id="tier-tier-error">Bitte wähle eines von: 2, 3.</p>');
      const blank = await owner.post(`/dashboard/bots/${a}/tier-requests?lang=de`, { keyId, tier: '2', reason: '   ' }, page.body);
      expect(blank.body).toContain('<p class="error" id="tier-reason-error">Bitte fülle dieses Feld aus.</p>');
      const url = await owner.post(
        `/dashboard/bots/${a}/webhooks?lang=en`,
        { url: `https://receiver.example.org/${'p'.repeat(2100)}`, events: 'vote' },
        page.body,
      );
      expect(url.statusCode).toBe(422);
      expect(url.body).toContain('id="add-url-error">Use at most 2048 characters.</p>');
    });

    it("answers a GET of a form's address with the form's page (303), never JSON", async () => {
      const keyId = '00000000-0000-4000-8000-000000000000';
      for (const [action, anchor] of [
        ['keys', 'keys'],
        [`keys/${keyId}/revoke`, 'keys'],
        ['tier-requests', 'tier'],
      ]) {
        const response = await owner.get(`/dashboard/bots/${a}/${action}?lang=de`);
        expect(response.statusCode, action).toBe(303);
        expect(response.headers.location, action).toBe(`/dashboard/bots/${a}?lang=de#${anchor}`);
      }
      const signOut = await new Browser(t).get('/auth/sign-out');
      expect(signOut.statusCode).toBe(303);
      const vote = await new Browser(t).get('/de/bots/some-bot/vote');
      expect([vote.statusCode, vote.headers.location]).toEqual([303, '/de/bots/some-bot#vote']);
      // An address that has no page at all is still a page in the visitor's language, not the API's JSON.
      const bad = await owner.get(`/dashboard/bots/not-an-id/keys?lang=de`);
      expect(bad.headers['content-type']).toContain('text/html');
      expect(bad.body).toContain('lang="de"');
    });

    it('asks for a higher tier; the operator lists, approves and denies it in the management API; the owner sees the answers', async () => {
      const page = await owner.get(`/dashboard/bots/${a}`);
      await owner.post(`/dashboard/bots/${a}/keys`, { name: 'Busy', scopes: 'votes:read' }, page.body);
      const created = await owner.get(`/dashboard/bots/${a}`);
      const keyId = (await t.admin('GET', `/admin/v1/bots/${a}/keys`))
        .json()
        .data.find((k: { name: string; revokedAt: null }) => k.name === 'Busy').id;
      expect((await owner.post(`/dashboard/bots/${a}/tier-requests`, { keyId, tier: '2', reason: '   ' }, created.body)).statusCode).toBe(
        422,
      );
      expect(
        (await owner.post(`/dashboard/bots/${a}/tier-requests`, { keyId, tier: '2', reason: 'We run 40 shards' }, created.body)).statusCode,
      ).toBe(303);
      const twice = await owner.post(`/dashboard/bots/${a}/tier-requests`, { keyId, tier: '3', reason: 'again' }, created.body);
      expect(twice.statusCode).toBe(409);
      const pending = (await t.admin('GET', '/admin/v1/tier-requests?status=pending')).json();
      const request = pending.data.find((r: { keyId: string }) => r.keyId === keyId);
      expect(request).toMatchObject({
        botId: a,
        requestedBy: OWNER_A.id,
        tier: 2,
        reason: 'We run 40 shards',
        status: 'pending',
        note: null,
      });
      const approved = await t.admin('POST', `/admin/v1/tier-requests/${request.id}/approve`, { note: 'Granted for the launch' });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().data).toMatchObject({ status: 'approved', note: 'Granted for the launch' });
      expect((await t.admin('POST', `/admin/v1/tier-requests/${request.id}/deny`, {})).statusCode).toBe(409);
      expect((await t.admin('GET', `/admin/v1/bots/${a}/keys`)).json().data.find((k: { id: string }) => k.id === keyId).tier).toBe(2);
      const shown = await owner.get(`/dashboard/bots/${a}`);
      expect(shown.body).toContain('Granted for the launch');
      expect(shown.body).toContain('approved');
      // A second request (tier 3) is denied.
      const more = await owner.post(`/dashboard/bots/${a}/tier-requests`, { keyId, tier: '3', reason: 'More' }, shown.body);
      expect(more.statusCode, more.body.slice(0, 3000)).toBe(303);
      const next = (await t.admin('GET', '/admin/v1/tier-requests?status=pending'))
        .json()
        .data.find((r: { keyId: string }) => r.keyId === keyId);
      const denied = await t.admin('POST', `/admin/v1/tier-requests/${next.id}/deny`);
      expect(denied.statusCode, denied.body).toBe(200);
      expect(denied.json().data.status).toBe('denied');
      expect((await t.admin('POST', '/admin/v1/tier-requests/00000000-0000-4000-8000-000000000000/approve', {})).statusCode).toBe(404);
      expect((await t.admin('GET', '/admin/v1/tier-requests?status=maybe')).statusCode).toBe(422);
    });

    it('sums up the webhooks on the bot page, with their switch-off banners, and links their pages; the API keeps its English refusal', async () => {
      const none = await owner.get(`/dashboard/bots/${a}?lang=en`);
      expect(none.body).toContain('<h2 id="webhook">Webhooks</h2>');
      expect(none.body).toContain('No webhook yet.');
      expect(none.body).toContain(`<a class="button" href="/dashboard/bots/${a}/webhooks?lang=en">Manage webhooks</a>`);
      expect(none.body).not.toContain(`/dashboard/bots/${a}/deliveries`);
      expect((await t.admin('PUT', `/admin/v1/bots/${a}/webhook`, { url: 'https://receiver.example.org/hook' })).statusCode).toBe(201);
      const one = await owner.get(`/dashboard/bots/${a}?lang=de`);
      expect(one.body).toContain('1 Endpunkt, eingeschaltet.');
      expect(one.body).toContain(`href="/dashboard/bots/${a}/deliveries?lang=de">Zustellprotokoll</a>`);
      // Switched off by hand: no banner. Switched off after failures (the worker's notice): the banner, with one click back on.
      await t.admin('PUT', `/admin/v1/bots/${a}/webhook`, { url: 'https://receiver.example.org/hook', enabled: false });
      expect((await owner.get(`/dashboard/bots/${a}`)).body).not.toContain('role="alert"');
      await t.db.query(
        `INSERT INTO notifications (id, bot_id, kind, message, details, created_at) VALUES (gen_random_uuid(), $1, 'webhook_disabled', 'Failed 20 times in a row', '{}', now() + interval '1 second')`,
        [a],
      );
      await t.db.query(`UPDATE webhooks SET disabled_at = now(), consecutive_failures = 20 WHERE bot_id = $1`, [a]);
      const banner = await owner.get(`/dashboard/bots/${a}?lang=en`);
      expect(banner.body).toContain('role="alert"');
      expect(banner.body).toContain('Switched off after 20 deliveries in a row failed.');
      expect(banner.body).toContain('<p class="url">https://receiver.example.org/hook</p>');
      // The notice's stored text is the API's (English); the page says it in its own words.
      expect(banner.body).not.toContain('Failed 20 times in a row');
      const endpoint = (await t.admin('GET', `/admin/v1/bots/${a}/webhooks`)).json().data[0].id;
      const enabled = await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint}/enable?lang=en`, {}, banner.body);
      expect(enabled.statusCode).toBe(303);
      expect((await t.admin('GET', `/admin/v1/bots/${a}/webhook`)).json().data).toMatchObject({ enabled: true, consecutiveFailures: 0 });
      expect((await owner.get(`/dashboard/bots/${a}`)).body).not.toContain('role="alert"');
      // The management API refuses the same address with its own English message and the policy's code.
      const api = await t.admin('PUT', `/admin/v1/bots/${a}/webhook`, { url: 'https://internal.example.org/hook' });
      expect(api.statusCode).toBe(422);
      expect(api.json().error.details).toEqual([
        {
          field: 'url',
          message:
            'forbidden_address: internal.example.org resolves to 10.0.0.5, a private address; webhooks may only go to public addresses',
        },
      ]);
      const german = await owner.post(
        `/dashboard/bots/${a}/webhooks?lang=de`,
        { url: 'ftp://receiver.example.org/hook', events: 'vote' },
        banner.body,
      );
      expect(german.body).toContain('Adressen, die mit ftp: beginnen, sind nicht erlaubt.');
    });

    it("shows the bot's icon over its letter, as the bot page does; an icon the pages' CSP would block, the letter alone", async () => {
      const page = await owner.get(`/dashboard/bots/${a}`);
      expect(page.body).toMatch(
        /<span class="avatar avatar-large" aria-hidden="true"\s*><span class="avatar-letter">A<\/span\s*><img src="https:\/\/cdn\.example\.org\/icon\.png" alt=""/,
      );
      const plain = (await putBot(t, { owners: [OWNER_A.id], name: 'Gamma', iconUrl: 'http://cdn.example.org/icon.png' })).id;
      const lettered = await owner.get(`/dashboard/bots/${plain}`);
      expect(lettered.body).toMatch(/<span class="avatar-letter">G<\/span\s*><\/span/);
      expect(lettered.body).not.toContain('http://cdn.example.org/icon.png');
    });
  });
}
