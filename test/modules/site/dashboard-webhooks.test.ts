/**
 * The dashboard's webhook pages (issue 31): a bot's endpoints (`/dashboard/bots/{id}/webhooks`),
 * their edit and delete pages and actions, and the delivery log (`…/deliveries`). Each action
 * answers 303 and does what its management API route does; a form without the session's CSRF
 * token is refused; a refused form is a 422 page with the error beside its field; another bot's
 * endpoint or delivery is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import type { LookupFn } from '../../../src/modules/webhooks/endpoints/resolve-host.js';
import { putBot } from '../../fixtures.js';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { Browser, OWNER_A, OWNER_B, PERSONAS } from './session-client.js';

/** receiver.example.org (and any other name) is public, internal.example.org resolves to a private address. */
const lookup: LookupFn = async (hostname) => [{ address: hostname.startsWith('internal') ? '10.0.0.5' : '93.184.216.34', family: 4 }];
const DISCORD = 'https://discord.com/api/webhooks/123456789012345678/secret-token_value';
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

interface Endpoint {
  id: string;
  isDefault: boolean;
  url: string;
  enabled: boolean;
  events: string[];
  format: string;
  language: string;
  consecutiveFailures: number;
  previousSecretExpiresAt: string | null;
}

for (const backend of backends()) {
  describe(`dashboard webhooks (${backend})`, () => {
    let provider: DemoProvider;
    let t: TestApp;
    let a: string;
    let b: string;
    let otherEndpoint: string;
    let owner: Browser;
    let other: Browser;
    beforeAll(async () => {
      provider = await startDemoProvider({ personas: PERSONAS });
      t = await testApp(backend, { env: provider.env, lookup });
      a = (await putBot(t, { owners: [OWNER_A.id], name: 'Alpha' })).id;
      b = (await putBot(t, { owners: [OWNER_B.id], name: 'Beta' })).id;
      otherEndpoint = (await t.admin('POST', `/admin/v1/bots/${b}/webhooks`, { url: 'https://receiver.example.org/beta' })).json().data.id;
      owner = new Browser(t);
      await owner.signIn(OWNER_A.id);
      other = new Browser(t);
      await other.signIn(OWNER_B.id);
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    const endpointsOf = async (botId: string): Promise<Endpoint[]> =>
      (await t.admin('GET', `/admin/v1/bots/${botId}/webhooks`)).json().data;
    const page = (botId = a, lang = 'en') => owner.get(`/dashboard/bots/${botId}/webhooks?lang=${lang}`);
    /** Adds an endpoint through the dashboard and answers it as the API lists it. */
    async function add(botId: string, form: Record<string, string | string[]>): Promise<Endpoint> {
      const before = new Set((await endpointsOf(botId)).map((endpoint) => endpoint.id));
      const added = await owner.post(`/dashboard/bots/${botId}/webhooks?lang=en`, form, (await page(botId)).body);
      expect(added.statusCode, added.body.slice(0, 2000)).toBe(303);
      const made = (await endpointsOf(botId)).find((endpoint) => !before.has(endpoint.id));
      expect(made).toBeDefined();
      return made!;
    }

    it('is for owners only: sign-in first, 403 on a bot of someone else, CSRF token required, 404 for its endpoints and deliveries', async () => {
      const anonymous = new Browser(t);
      const signIn = await anonymous.get(`/dashboard/bots/${a}/webhooks`);
      expect(signIn.statusCode).toBe(303);
      expect(signIn.headers.location).toContain('/auth/sign-in');
      expect((await anonymous.get(`/dashboard/bots/${a}/deliveries`)).statusCode).toBe(303);
      expect((await anonymous.post(`/dashboard/bots/${a}/webhooks`, { url: 'https://receiver.example.org/x' })).statusCode).toBe(401);
      expect((await owner.get(`/dashboard/bots/${b}/webhooks`)).statusCode).toBe(403);
      expect((await owner.get(`/dashboard/bots/${b}/deliveries`)).statusCode).toBe(403);
      expect((await owner.get(`/dashboard/bots/${b}/webhooks/${otherEndpoint}`)).statusCode).toBe(403);
      const mine = await add(a, { url: 'https://receiver.example.org/owners', events: 'vote' });
      const form = (await page()).body;
      const actions = ['', '/enable', '/disable', '/test', '/rotate-secret', '/end-overlap', '/delete'];
      for (const action of actions) {
        // Another owner's bot: 403; another bot's endpoint under the owner's own bot: 404, before anything changes.
        expect(
          (await owner.post(`/dashboard/bots/${b}/webhooks/${otherEndpoint}${action}`, { url: 'https://x.example.org/' }, form)).statusCode,
          action,
        ).toBe(403);
        const response = await owner.post(
          `/dashboard/bots/${a}/webhooks/${otherEndpoint}${action}`,
          { url: 'https://x.example.org/', events: 'vote' },
          form,
        );
        expect(response.statusCode, action).toBe(404);
        expect(response.headers['content-type'], action).toContain('text/html');
        // Without the session's token: refused (403) and nothing changes.
        expect(
          (await owner.post(`/dashboard/bots/${a}/webhooks/${mine.id}${action}`, { _csrf: 'forged', url: 'https://x.example.org/' }))
            .statusCode,
          action,
        ).toBe(403);
        expect(
          (await owner.post(`/dashboard/bots/${a}/webhooks/${mine.id}${action}`, { url: 'https://x.example.org/' })).statusCode,
          action,
        ).toBe(403);
      }
      expect(
        (await owner.post(`/dashboard/bots/${a}/webhooks`, { _csrf: 'forged', url: 'https://receiver.example.org/y', events: 'vote' }))
          .statusCode,
      ).toBe(403);
      expect((await endpointsOf(a)).find((endpoint) => endpoint.id === mine.id)).toMatchObject({ url: mine.url, enabled: true });
      expect((await endpointsOf(b)).map((endpoint) => endpoint.id)).toEqual([otherEndpoint]);
      for (const path of [`webhooks/${otherEndpoint}`, `webhooks/${otherEndpoint}/delete`, `webhooks/${NO_SUCH}`]) {
        expect((await owner.get(`/dashboard/bots/${a}/${path}`)).statusCode, path).toBe(404);
      }
      expect((await owner.get(`/dashboard/bots/${a}/deliveries?endpointId=${otherEndpoint}`)).statusCode).toBe(404);
      // Another bot's delivery cannot be delivered again through the owner's bot.
      await t.app.services.webhookDeliveries.sendTest(b, otherEndpoint);
      const [delivery] = await deliverAll(t, b);
      expect((await owner.post(`/dashboard/bots/${a}/deliveries/${delivery!}/redeliver`, {}, form)).statusCode).toBe(404);
      expect((await owner.post(`/dashboard/bots/${b}/deliveries/${delivery!}/redeliver`, {}, form)).statusCode).toBe(403);
      // An id that is no UUID names nothing: refused before any query.
      expect((await owner.get(`/dashboard/bots/${a}/webhooks/urn:uuid:${NO_SUCH}`)).statusCode).toBe(422);
      await owner.post(`/dashboard/bots/${a}/webhooks/${mine.id}/delete`, {}, form);
    });

    it('adds endpoints: 303, the secret shown once on its card, the format from the address; refusals beside their fields (422); the limit (409)', async () => {
      const bot = (await putBot(t, { owners: [OWNER_A.id], name: 'Adder' })).id;
      const empty = await page(bot);
      expect(empty.statusCode).toBe(200);
      expect(empty.body).toContain('No endpoint yet');
      // The defaults of the API are ticked; the language is the page's.
      expect(empty.body).toMatch(/<input type="checkbox" name="events" value="vote"\s+checked/);
      expect(empty.body).not.toMatch(/<input type="checkbox" name="events" value="review"\s+checked/);
      const added = await owner.post(
        `/dashboard/bots/${bot}/webhooks?lang=en`,
        { url: DISCORD, events: ['vote', 'review'], format: '', language: 'de' },
        empty.body,
      );
      expect(added.statusCode).toBe(303);
      const [discord] = await endpointsOf(bot);
      expect(discord).toMatchObject({
        url: DISCORD,
        events: ['vote', 'review'],
        format: 'discord',
        language: 'de',
        isDefault: false,
        enabled: true,
      });
      expect(added.headers.location).toBe(
        `/dashboard/bots/${bot}/webhooks?lang=en&done=created&endpoint=${discord!.id}#endpoint-${discord!.id}`,
      );
      const shown = await owner.get(String(added.headers.location));
      const secret = /<code id="new-secret">([^<]+)<\/code>/.exec(shown.body)?.[1] ?? '';
      expect(secret).toMatch(/^whsec_/);
      expect(shown.body).toContain('Endpoint added.');
      // On the card: the target, the events, format and language; the Discord token is not shown.
      expect(shown.body).toContain('Discord channel');
      expect(shown.body).toContain('Vote, Review');
      expect(shown.body).toContain('Discord message');
      expect(shown.body).not.toContain('secret-token_value');
      expect(shown.body).toContain('https://discord.com/api/webhooks/123456789012345678/***');
      const again = await page(bot);
      expect(again.body).not.toContain(secret);

      const refusals: [Record<string, string | string[]>, string, string][] = [
        [
          { url: 'https://internal.example.org/hook', events: 'vote' },
          'add-url',
          'internal.example.org leads to 10.0.0.5. That is a private address: webhooks may only go to public addresses.',
        ],
        [{ url: 'ftp://receiver.example.org/hook', events: 'vote' }, 'add-url', 'Addresses starting with ftp: are not allowed.'],
        [{ url: `https://receiver.example.org/${'p'.repeat(2100)}`, events: 'vote' }, 'add-url', 'Use at most 2048 characters.'],
        [{ url: '', events: 'vote' }, 'add-url', 'Fill in this field.'],
        [{ url: 'https://receiver.example.org/hook' }, 'add-events', 'Choose at least one.'],
        [{ url: 'https://receiver.example.org/hook', events: ['vote', 'everything'] }, 'add-events', 'Choose one of: vote, vote.reminder'],
        [{ url: 'https://receiver.example.org/hook', events: 'vote', format: 'xml' }, 'add-format', 'Choose one of: json, discord.'],
        [{ url: 'https://receiver.example.org/hook', events: 'vote', language: 'fr' }, 'add-language', 'Choose one of: de, en.'],
        // As long as the longest address the API takes, in characters of several bytes each: still the field's error.
        [{ url: `https://receiver.example.org/${'ü'.repeat(2048)}`, events: 'vote' }, 'add-url', 'Use at most 2048 characters.'],
        [
          { url: 'https://receiver.example.org/hook', events: 'vote', language: '語'.repeat(2000) },
          'add-language',
          'Choose one of: de, en.',
        ],
      ];
      for (const [form, field, message] of refusals) {
        const refused = await owner.post(`/dashboard/bots/${bot}/webhooks?lang=en`, form, empty.body);
        expect(refused.statusCode, JSON.stringify(form).slice(0, 100)).toBe(422);
        expect(refused.body).toContain(`<p class="error" id="${field}-error">${message}`);
        expect(refused.body).toContain(`aria-describedby="${field}-error"`);
      }
      // A body far beyond any field's limit: refused whole (413), a page in the reader's language.
      const huge = await owner.post(`/dashboard/bots/${bot}/webhooks?lang=de`, { url: 'x'.repeat(100_000), events: 'vote' }, empty.body);
      expect(huge.statusCode).toBe(413);
      expect(huge.headers['content-type']).toContain('text/html');
      // What was typed stays in the form, escaped.
      const typed = await owner.post(
        `/dashboard/bots/${bot}/webhooks?lang=en`,
        { url: 'https://internal.example.org/"><b>x</b>', events: 'review' },
        empty.body,
      );
      expect(typed.body).toContain('value="https://internal.example.org/&quot;&gt;&lt;b&gt;x&lt;/b&gt;"');
      expect(typed.body).toMatch(/value="review"\s+checked/);
      // German on a German page; unicode addresses are checked as the API checks them.
      const german = await owner.post(
        `/dashboard/bots/${bot}/webhooks?lang=de`,
        { url: 'https://internal.example.org/hook', events: 'vote' },
        empty.body,
      );
      expect(german.statusCode).toBe(422);
      expect(german.body).toContain('id="add-url-error">internal.example.org führt zu 10.0.0.5. Das ist eine private Adresse');
      const noEvents = await owner.post(
        `/dashboard/bots/${bot}/webhooks?lang=de`,
        { url: 'https://receiver.example.org/hook' },
        empty.body,
      );
      expect(noEvents.body).toContain('id="add-events-error">Bitte wähle mindestens eines aus.</p>');
      const unicode = await add(bot, { url: 'https://bücher.example.org/ünï/😀', events: 'vote' });
      expect(unicode).toMatchObject({ url: 'https://bücher.example.org/ünï/😀', format: 'json' });
      const nul = await owner.post(
        `/dashboard/bots/${bot}/webhooks?lang=en`,
        { url: 'https://receiver.example.org/a\u0000b', events: 'vote' },
        empty.body,
      );
      expect(nul.statusCode).toBe(422);
      expect(nul.body).toContain('<p class="error" id="add-url-error">This value is not valid.</p>');
      expect(await endpointsOf(bot)).toHaveLength(2);

      // Up to the limit; beyond it the form is gone, and a post anyway is a 409 with the reason.
      for (let n = 3; n <= 10; n++) await add(bot, { url: `https://receiver.example.org/${n}`, events: 'vote' });
      const full = await page(bot);
      expect(full.body).toContain('This bot has 10 endpoints, as many as a bot can have');
      expect(full.body).not.toContain(`action="/dashboard/bots/${bot}/webhooks?lang=en"`);
      const eleventh = await owner.post(
        `/dashboard/bots/${bot}/webhooks?lang=en`,
        { url: 'https://receiver.example.org/11', events: 'vote' },
        full.body,
      );
      expect(eleventh.statusCode).toBe(409);
      expect(eleventh.body).toContain('<p class="error" role="alert">A bot has at most 10 endpoints: delete one to add another.</p>');
      expect(await endpointsOf(bot)).toHaveLength(10);
    });

    it('edits an endpoint as a PATCH of what the form changed: a new address picks its format again; state, events, language; refusals 422', async () => {
      const endpoint = await add(a, { url: 'https://receiver.example.org/edit', events: ['vote', 'premium'], language: 'en' });
      const edit = await owner.get(`/dashboard/bots/${a}/webhooks/${endpoint.id}?lang=en`);
      expect(edit.statusCode).toBe(200);
      expect(edit.body).toContain('value="https://receiver.example.org/edit"');
      expect(edit.body).toMatch(/<option value="json"\s+selected>/);
      const save = (form: Record<string, string | string[]>, lang = 'en') =>
        owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}?lang=${lang}`, form, edit.body);
      const same = { url: endpoint.url, events: ['vote', 'premium'], format: 'json', language: 'en', enabled: ['false', 'true'] };
      // Nothing changed: saved, nothing changes.
      const unchanged = await save(same);
      expect(unchanged.statusCode).toBe(303);
      expect(unchanged.headers.location).toBe(
        `/dashboard/bots/${a}/webhooks?lang=en&done=saved&endpoint=${endpoint.id}#endpoint-${endpoint.id}`,
      );
      // A Discord address with the format left as it was: a Discord endpoint now, as a PATCH of the URL alone makes it.
      expect((await save({ ...same, url: DISCORD })).statusCode).toBe(303);
      expect((await endpointsOf(a)).find((e) => e.id === endpoint.id)).toMatchObject({ url: DISCORD, format: 'discord' });
      expect(
        (await save({ ...same, url: DISCORD, format: 'json', events: ['review', 'listing'], language: 'de', enabled: 'false' })).statusCode,
      ).toBe(303);
      expect((await endpointsOf(a)).find((e) => e.id === endpoint.id)).toMatchObject({
        url: DISCORD,
        format: 'json',
        events: ['review', 'listing'],
        language: 'de',
        enabled: false,
      });
      for (const [form, field, message] of [
        [{ ...same, url: 'https://internal.example.org/x' }, 'edit-url', 'That is a private address'],
        [{ ...same, events: [] as string[] }, 'edit-events', 'Choose at least one.'],
        [{ ...same, format: 'yaml' }, 'edit-format', 'Choose one of: json, discord.'],
        [{ ...same, enabled: 'maybe' }, 'edit-enabled', ''],
      ] as const) {
        const refused = await save(form);
        expect(refused.statusCode, field).toBe(422);
        expect(refused.body, field).toContain(`id="${field}-error">`);
        expect(refused.body, field).toContain(message);
      }
      expect((await endpointsOf(a)).find((e) => e.id === endpoint.id)).toMatchObject({ url: DISCORD, enabled: false });
      // On again (from the card), then off and on again with the buttons.
      const list = (await page()).body;
      expect((await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/enable?lang=en`, {}, list)).headers.location).toContain(
        'done=enabled',
      );
      expect((await endpointsOf(a)).find((e) => e.id === endpoint.id)?.enabled).toBe(true);
      expect((await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/disable?lang=en`, {}, list)).headers.location).toContain(
        'done=disabled',
      );
      expect((await endpointsOf(a)).find((e) => e.id === endpoint.id)?.enabled).toBe(false);
    });

    it('makes a new secret with the overlap chosen, shows it once and the overlap’s end, and ends the overlap (409 when none runs)', async () => {
      const endpoint = await add(a, { url: 'https://receiver.example.org/rotate', events: 'vote' });
      const list = (await page()).body;
      // 24 hours is chosen unless another overlap is.
      expect(list).toMatch(/<option value="86400"\s+selected>for 24 hours<\/option>/);
      const rotate = (overlapSeconds: string) =>
        owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/rotate-secret?lang=en`, { overlapSeconds }, list);
      const before = Date.now();
      const rotated = await rotate('3600');
      expect(rotated.statusCode).toBe(303);
      const shown = await owner.get(String(rotated.headers.location));
      const secret = /<code id="new-secret">([^<]+)<\/code>/.exec(shown.body)?.[1] ?? '';
      expect(secret).toMatch(/^whsec_/);
      const until = (await endpointsOf(a)).find((e) => e.id === endpoint.id)?.previousSecretExpiresAt;
      expect(Date.parse(until!) - before).toBeGreaterThanOrEqual(3_600_000 - 1000);
      expect(Date.parse(until!) - before).toBeLessThan(3_600_000 + 60_000);
      expect(shown.body).toContain(`The previous secret also signs until <time datetime="${until}"`);
      expect((await page()).body).not.toContain(secret);
      for (const [value, message] of [
        ['604801', 'Enter 604800 or less.'],
        ['-1', 'Enter 0 or more.'],
        ['soon', 'Enter a number.'],
      ]) {
        const refused = await rotate(value!);
        expect(refused.statusCode, value).toBe(422);
        expect(refused.body).toContain(`<p class="error" id="endpoint-${endpoint.id}-overlap-error">${message}</p>`);
      }
      const ended = await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/end-overlap?lang=en`, {}, list);
      expect(ended.headers.location).toContain('done=overlapEnded');
      expect((await endpointsOf(a)).find((e) => e.id === endpoint.id)?.previousSecretExpiresAt).toBeNull();
      const none = await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/end-overlap?lang=en`, {}, list);
      expect(none.statusCode).toBe(409);
      expect(none.body).toContain('No overlap is running: only the current secret signs.');
      // Without overlap: the old secret stops at once.
      expect((await rotate('0')).statusCode).toBe(303);
      expect((await endpointsOf(a)).find((e) => e.id === endpoint.id)?.previousSecretExpiresAt).toBeNull();
      expect((await rotate('604800')).statusCode).toBe(303);
      const week = (await endpointsOf(a)).find((e) => e.id === endpoint.id)?.previousSecretExpiresAt;
      expect(Date.parse(week!) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    });

    it('sends a test event to one endpoint (409 when it is switched off), and deletes one after a confirmation page', async () => {
      const endpoint = await add(a, { url: 'https://receiver.example.org/test', events: 'vote' });
      const list = (await page()).body;
      const tested = await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/test?lang=en`, {}, list);
      expect(tested.headers.location).toContain('done=test');
      const events = await t.db.query<{ endpoint_id: string }>(`SELECT endpoint_id FROM events WHERE bot_id = $1 AND type = 'test'`, [a]);
      expect(events.rows.map((row) => row.endpoint_id)).toContain(endpoint.id);
      await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/disable`, {}, list);
      const off = await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/test?lang=de`, {}, list);
      expect(off.statusCode).toBe(409);
      expect(off.body).toContain('Dieser Endpunkt ist ausgeschaltet: Schalte ihn zuerst ein.');
      const confirm = await owner.get(`/dashboard/bots/${a}/webhooks/${endpoint.id}/delete?lang=en`);
      expect(confirm.statusCode).toBe(200);
      expect(confirm.body).toContain('Delete this endpoint?');
      expect(confirm.body).toContain(`<form method="post" action="/dashboard/bots/${a}/webhooks/${endpoint.id}/delete?lang=en"`);
      const deleted = await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/delete?lang=en`, {}, confirm.body);
      expect(deleted.statusCode).toBe(303);
      expect(deleted.headers.location).toBe(`/dashboard/bots/${a}/webhooks?lang=en&done=deleted`);
      expect((await endpointsOf(a)).some((e) => e.id === endpoint.id)).toBe(false);
      expect((await owner.post(`/dashboard/bots/${a}/webhooks/${endpoint.id}/delete`, {}, confirm.body)).statusCode).toBe(404);
    });

    it('shows the switch-off banner per endpoint: why, since when, its failed deliveries, and switches it on again; the bot page sums it up', async () => {
      const bot = (await putBot(t, { owners: [OWNER_A.id], name: 'Failing' })).id;
      const healthy = await add(bot, { url: 'https://receiver.example.org/fine', events: 'vote' });
      const failing = await add(bot, { url: 'https://receiver.example.org/down', events: 'vote' });
      await t.app.services.webhookDeliveries.sendTest(bot, failing.id);
      await deliverAll(t, bot, { status: 503, response: '<script>alert(1)</script>' });
      // As the worker switches it off: the state, and the notice (with its endpoint) in the same instant.
      await t.db.query(
        `UPDATE webhooks SET enabled = false, disabled_at = now() - interval '1 second', consecutive_failures = 20 WHERE id = $1`,
        [failing.id],
      );
      await t.db.query(
        `INSERT INTO notifications (id, bot_id, kind, message, details, created_at)
         VALUES (gen_random_uuid(), $1, 'webhook_disabled', 'Failed 20 times in a row', $2, now() - interval '1 second')`,
        [bot, JSON.stringify({ endpointId: failing.id })],
      );
      const list = await page(bot);
      const card = (id: string) =>
        list.body.slice(
          list.body.indexOf(`id="endpoint-${id}"`),
          list.body.indexOf('</section>', list.body.indexOf(`id="endpoint-${id}"`)),
        );
      expect(card(failing.id)).toContain('role="alert"');
      expect(card(failing.id)).toContain('Switched off after 20 deliveries in a row failed.');
      expect(card(failing.id)).toContain('Last failure: HTTP 503');
      expect(card(failing.id)).toContain(`deliveries?lang=en&amp;endpointId=${failing.id}&amp;status=failed`);
      expect(card(failing.id)).toContain('switched off after failures');
      expect(card(healthy.id)).not.toContain('role="alert"');
      const summary = await owner.get(`/dashboard/bots/${bot}?lang=en`);
      expect(summary.body).toContain('2 endpoints, 1 of them switched on.');
      expect(summary.body).toContain('Switched off after 20 deliveries in a row failed.');
      expect(summary.body).toContain(`href="/dashboard/bots/${bot}/webhooks?lang=en"`);
      expect(summary.body).toContain(`href="/dashboard/bots/${bot}/deliveries?lang=en"`);
      const enabled = await owner.post(`/dashboard/bots/${bot}/webhooks/${failing.id}/enable?lang=en`, {}, list.body);
      expect(enabled.statusCode).toBe(303);
      expect((await endpointsOf(bot)).find((e) => e.id === failing.id)).toMatchObject({ enabled: true, consecutiveFailures: 0 });
      expect((await page(bot)).body).not.toContain('role="alert"');
      // Switched off by hand: no banner.
      await owner.post(`/dashboard/bots/${bot}/webhooks/${failing.id}/disable`, {}, list.body);
      expect((await page(bot)).body).not.toContain('role="alert"');
    });

    it('lists the delivery log with filters and a next link, each delivery with its attempts, escaped; delivers one again', async () => {
      const bot = (await putBot(t, { owners: [OWNER_A.id], name: 'Logger' })).id;
      const first = await add(bot, { url: 'https://receiver.example.org/"><img src=x onerror=alert(1)>', events: ['vote', 'test'] });
      const second = await add(bot, { url: 'https://receiver.example.org/second', events: ['vote', 'test'] });
      for (let n = 0; n < 30; n++) await t.app.services.webhookDeliveries.sendTest(bot, n % 3 === 0 ? second.id : first.id);
      await deliverAll(t, bot, { status: 500, response: '<b>down</b> & "out"' });
      await t.app.services.webhookDeliveries.sendTest(bot, first.id);
      await routeOnly(t, bot);
      const log = await owner.get(`/dashboard/bots/${bot}/deliveries?lang=en`);
      expect(log.statusCode).toBe(200);
      expect(log.body).toContain('<h1>Delivery log</h1>');
      expect(log.body).not.toContain('<img src=x');
      expect(log.body).toContain('https://receiver.example.org/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
      expect(log.body).toContain('<code>&lt;b&gt;down&lt;/b&gt; &amp; &quot;out&quot;</code>');
      expect(log.body).not.toContain('<b>down</b>');
      expect(log.body).toContain('HTTP 500');
      // 25 a page: the newest (pending) first, then a next link; no page numbers or counts.
      expect(log.body.match(/<tr>/g)?.length).toBe(26);
      expect(log.body).toContain('pending');
      const next = /<a href="([^"]+)" rel="next">/.exec(log.body)?.[1]?.replaceAll('&amp;', '&');
      expect(next).toContain('after=');
      const second25 = await owner.get(next!);
      expect(second25.body.match(/<tr>/g)?.length).toBe(1 + 6);
      expect(second25.body).not.toContain('rel="next"');
      expect(second25.body).toContain(`href="/dashboard/bots/${bot}/deliveries?lang=en">Newest</a>`);
      // Filters: by endpoint, outcome and event, kept in the next link.
      const failed = await owner.get(`/dashboard/bots/${bot}/deliveries?lang=en&endpointId=${second.id}&status=failed&event=test`);
      expect(failed.body.match(/<tr>/g)?.length).toBe(1 + 10);
      expect(failed.body).toMatch(new RegExp(`<option value="${second.id}"\\s+selected>`));
      expect(failed.body).toMatch(/<option value="failed"\s+selected>failed<\/option>/);
      const pending = await owner.get(`/dashboard/bots/${bot}/deliveries?lang=en&status=pending&endpointId=&event=`);
      expect(pending.body.match(/<tr>/g)?.length).toBe(2);
      expect((await owner.get(`/dashboard/bots/${bot}/deliveries?lang=en&status=vote`)).statusCode).toBe(422);
      expect((await owner.get(`/dashboard/bots/${bot}/deliveries?lang=en&after=nonsense`)).statusCode).toBe(422);
      const none = await owner.get(`/dashboard/bots/${bot}/deliveries?lang=en&event=premium`);
      expect(none.body).toContain('No delivery matches.');
      // Deliver again: a new delivery at the top; a pending one is refused (409).
      const again = /action="(\/dashboard\/bots\/[^"]+\/redeliver[^"]*)"/.exec(failed.body)?.[1]?.replaceAll('&amp;', '&');
      expect(again).toContain(`endpointId=${second.id}`);
      const redelivered = await owner.post(again!, {}, failed.body);
      expect(redelivered.statusCode).toBe(303);
      expect(redelivered.headers.location).toBe(
        `/dashboard/bots/${bot}/deliveries?lang=en&endpointId=${second.id}&event=test&done=redelivered`,
      );
      const top = await owner.get(String(redelivered.headers.location));
      expect(top.body).toContain('Delivered again');
      const pendingId = (
        await t.db.query<{ id: string }>(`SELECT id FROM deliveries WHERE bot_id = $1 AND status = 'pending' LIMIT 1`, [bot])
      ).rows[0]!.id;
      const refused = await owner.post(`/dashboard/bots/${bot}/deliveries/${pendingId}/redeliver?lang=de`, {}, top.body);
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('Diese Zustellung steht noch aus');
      // A bot without endpoints has no log: its webhooks page instead.
      const bare = (await putBot(t, { owners: [OWNER_A.id], name: 'Bare' })).id;
      expect((await owner.get(`/dashboard/bots/${bare}/deliveries?lang=en`)).headers.location).toBe(
        `/dashboard/bots/${bare}/webhooks?lang=en`,
      );
    });

    it("answers a GET of an action's address with its page (303), never JSON", async () => {
      const endpoint = await add(a, { url: 'https://receiver.example.org/get', events: 'vote' });
      for (const action of ['enable', 'disable', 'test', 'rotate-secret', 'end-overlap']) {
        const response = await owner.get(`/dashboard/bots/${a}/webhooks/${endpoint.id}/${action}?lang=de`);
        expect(response.statusCode, action).toBe(303);
        expect(response.headers.location, action).toBe(
          `/dashboard/bots/${a}/webhooks?lang=de&endpoint=${endpoint.id}#endpoint-${endpoint.id}`,
        );
      }
      const redeliver = await owner.get(`/dashboard/bots/${a}/deliveries/${NO_SUCH}/redeliver?lang=de`);
      expect([redeliver.statusCode, redeliver.headers.location]).toEqual([303, `/dashboard/bots/${a}/deliveries?lang=de`]);
    });
  });
}

/** Routes the bot's waiting events to deliveries, as the worker does, without attempting them. */
async function routeOnly(t: TestApp, botId: string): Promise<void> {
  await t.db.query(
    `WITH routed AS (UPDATE events SET routed_at = now() WHERE bot_id = $1 AND routed_at IS NULL RETURNING id, bot_id, endpoint_id, created_at)
     INSERT INTO deliveries (id, event_id, bot_id, endpoint_id, status, next_attempt_at, created_at)
     SELECT gen_random_uuid(), r.id, r.bot_id, r.endpoint_id, 'pending', now() + interval '1 hour', now() + interval '1 minute' FROM routed r`,
    [botId],
  );
}

/**
 * Routes the bot's waiting events and records one finished attempt for each, as the delivery worker
 * records them: 200 unless `answer` says otherwise. Answers the deliveries' ids.
 */
async function deliverAll(
  t: TestApp,
  botId: string,
  answer: { status: number; response: string } = { status: 200, response: 'ok' },
): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(
    `WITH routed AS (UPDATE events SET routed_at = now() WHERE bot_id = $1 AND routed_at IS NULL RETURNING id, endpoint_id, created_at),
          made AS (
            INSERT INTO deliveries (id, event_id, bot_id, endpoint_id, status, attempts, created_at, completed_at)
            SELECT gen_random_uuid(), r.id, $1, r.endpoint_id, CASE WHEN $2 < 300 THEN 'succeeded' ELSE 'failed' END, 1,
                   r.created_at, r.created_at
            FROM routed r RETURNING id, created_at)
     INSERT INTO delivery_attempts (delivery_id, attempt, attempted_at, status_code, latency_ms, response_snippet)
     SELECT id, 1, created_at, $2, 42, $3 FROM made RETURNING delivery_id AS id`,
    [botId, answer.status, answer.response],
  );
  return rows.map((row) => row.id);
}
