/**
 * The operators' console over `app.inject`: who may open it (sign-in first, operators only, 403 for
 * everyone else on every page and form), and every action through its form: the queue with each
 * submission's changes, approve / request changes / deny with reason templates, remove, reports,
 * tier requests, bans of users and bots, the templates themselves; bad input beside the fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { startPlatformStandIn, type PlatformStandIn } from '../../../scripts/platform-stand-in.js';
import { OPERATOR_TOKEN } from '../../../src/modules/audit/entry.js';
import { putBot } from '../../fixtures.js';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { newUser, submittedListing } from '../listings/harness.js';
import { Browser, OWNER_A, PERSONAS, VOTER, VOTER_2 } from '../site/session-client.js';

const OPERATOR = { id: '180000000000000009', name: 'Opal <Operator>', label: 'An operator' };

/** Every console page, and every form's address (with a body that would do something). */
const PAGES = [
  '/console',
  '/console/reports',
  '/console/reports?status=resolved',
  '/console/tier-requests',
  '/console/bans',
  '/console/templates',
];

for (const backend of backends()) {
  describe(`operators' console (${backend})`, () => {
    let provider: DemoProvider;
    let standIn: PlatformStandIn;
    let t: TestApp;
    let operator: Browser;
    beforeAll(async () => {
      standIn = await startPlatformStandIn();
      provider = await startDemoProvider({ personas: [...PERSONAS, OPERATOR] });
      t = await testApp(backend, { env: { ...provider.env, ...standIn.env, OPERATOR_USER_IDS: `170000000000000099, ${OPERATOR.id}` } });
      operator = new Browser(t);
      await operator.signIn(OPERATOR.id, '/console');
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
      await standIn?.stop();
    });

    /** A form posted from the page it is on (its CSRF token taken from there). */
    async function send(from: string, action: string, form: Record<string, string | string[]>, as = operator) {
      const page = await as.get(from);
      return as.post(action, form, page.body);
    }

    it('sends a visitor to sign-in and back; refuses everyone but the operators (403) on every page and form; CSRF on every form', async () => {
      const visitor = new Browser(t);
      const first = await visitor.get('/console/bans?lang=de');
      expect(first.statusCode).toBe(303);
      expect(first.headers.location).toBe(`/auth/sign-in?return=${encodeURIComponent('/console/bans?lang=de')}`);
      expect((await visitor.post('/console/bans', { kind: 'user', subjectId: VOTER.id, note: 'x' })).statusCode).toBe(401);
      // Signed in from there, the operator lands on the page asked for.
      const signingIn = new Browser(t);
      expect(await signingIn.signIn(OPERATOR.id, '/console/bans?lang=de')).toBe('/console/bans?lang=de');

      const owner = new Browser(t);
      await owner.signIn(OWNER_A.id);
      const { listing, botId } = await submittedListing(t, standIn);
      const ownPage = await owner.get('/dashboard');
      // The header leads operators to the console, nobody else.
      expect(ownPage.body).not.toContain('href="/console');
      expect((await operator.get('/dashboard?lang=de')).body).toContain('<a href="/console?lang=de">Konsole</a>');
      for (const path of [...PAGES, `/console/submissions/${listing.submissionId}`, `/console/bots/${botId}`]) {
        const refused = await owner.get(path);
        expect(refused.statusCode, path).toBe(403);
        expect(refused.body).toContain('Only the operators of this directory can use the console.');
      }
      expect((await owner.get('/console?lang=de')).body).toContain('Nur die Betreiber dieses Verzeichnisses');
      for (const action of [
        `/console/submissions/${listing.submissionId}/approve`,
        `/console/submissions/${listing.submissionId}/deny`,
        `/console/bots/${botId}/remove`,
        `/console/bots/${botId}/ban`,
        '/console/bans',
        '/console/templates',
        '/console/reports/00000000-0000-4000-8000-000000000000/resolve',
        '/console/tier-requests/00000000-0000-4000-8000-000000000000/approve',
      ]) {
        expect(
          (await owner.post(action, { note: 'x', kind: 'user', subjectId: VOTER.id, title: 't', body: 'b' }, ownPage.body)).statusCode,
          action,
        ).toBe(403);
      }
      // Nothing happened.
      expect((await t.admin('GET', `/admin/v1/bots/${botId}/listing`)).json().data.status).toBe('submitted');

      for (const path of PAGES) {
        const page = await operator.get(path);
        expect(page.statusCode, path).toBe(200);
        expect(page.headers['cache-control']).toBe('private, no-store');
        expect(page.body).toContain('class="console-nav"');
        expect(page.body).toContain('Opal &lt;Operator&gt;');
      }
      const forged = await operator.post(`/console/submissions/${listing.submissionId}/approve`, { _csrf: 'forged' });
      expect(forged.statusCode).toBe(403);
      expect((await t.admin('GET', `/admin/v1/bots/${botId}/listing`)).json().data.status).toBe('submitted');
    });

    it('shows the queue oldest first, each submission with its changes escaped; approves it with a note (POST → 303 → GET)', async () => {
      const older = await submittedListing(t, standIn, { name: 'Older <Bot>' });
      const newer = await submittedListing(t, standIn, { name: 'Newer Bot' });
      const queue = await operator.get('/console?lang=en');
      expect(queue.body.indexOf('Older &lt;Bot&gt;')).toBeGreaterThan(-1);
      expect(queue.body.indexOf('Older &lt;Bot&gt;')).toBeLessThan(queue.body.indexOf('Newer Bot'));
      expect(queue.body).toContain(`href="/console/submissions/${older.listing.submissionId}?lang=en"`);
      expect(queue.body).toContain('not confirmed: check it');

      const detail = await operator.get(`/console/submissions/${older.listing.submissionId}?lang=en`);
      expect(detail.statusCode).toBe(200);
      expect(detail.body).toContain('<th scope="row">Long description (English)</th>');
      expect(detail.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(detail.body).not.toContain('<script>alert(1)');
      expect(detail.body).toContain('<th scope="row">Address (German)</th>');
      const german = await operator.get(`/console/submissions/${older.listing.submissionId}?lang=de`);
      expect(german.body).toContain('<th scope="row">Ausführliche Beschreibung (Englisch)</th>');

      const approved = await send(
        `/console/submissions/${older.listing.submissionId}?lang=en`,
        `/console/submissions/${older.listing.submissionId}/approve?lang=en`,
        { note: 'Welcome aboard! 🎉' },
      );
      expect(approved.statusCode).toBe(303);
      expect(approved.headers.location).toBe('/console?lang=en&done=approved');
      const back = await operator.get(String(approved.headers.location));
      expect(back.body).toContain('Approved: the listing or edit is public now.');
      expect(back.body).not.toContain('Older &lt;Bot&gt;');
      const listing = (await t.admin('GET', `/admin/v1/bots/${older.botId}/listing`)).json().data;
      expect(listing).toMatchObject({ status: 'published', note: 'Welcome aboard! 🎉' });
      expect(listing.history[0]).toMatchObject({ transition: 'approve', actor: 'operator', actorId: OPERATOR.id, via: 'console' });
      expect((await t.get(`/api/v1/bots/${older.botId}`)).statusCode).toBe(200);
      // Decided: the submission is gone (404), its form's address leads to it.
      expect((await operator.get(`/console/submissions/${older.listing.submissionId}`)).statusCode).toBe(404);
      expect((await send('/console', `/console/submissions/${older.listing.submissionId}/approve`, {})).statusCode).toBe(404);
      expect((await operator.get(`/console/submissions/${newer.listing.submissionId}/approve`)).statusCode).toBe(303);
    });

    it('requests changes and denies with a template and a note; refuses a missing, too long or gone reason beside the field', async () => {
      const { listing, botId } = await submittedListing(t, standIn);
      const template = await send('/console/templates', '/console/templates?lang=en', {
        title: 'German description',
        body: 'Please add a German short description.',
      });
      expect(template.statusCode).toBe(303);
      const templates = (await t.admin('GET', '/admin/v1/reason-templates')).json().data as { id: string; title: string }[];
      const chosen = templates.find((x) => x.title === 'German description')!;
      const page = `/console/submissions/${listing.submissionId}?lang=en`;
      const action = `/console/submissions/${listing.submissionId}/request-changes?lang=en`;

      const empty = await send(page, action, { template: '', note: '   ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.body).toContain('<p class="error" id="decision-note-error">Fill in this field.</p>');
      const long = await send(page, action, { note: 'ä'.repeat(2001) });
      expect(long.statusCode).toBe(422);
      expect(long.body).toContain('Use at most 2000 characters.');
      expect(long.body).toContain('ä'.repeat(2001));
      const gone = await send(page, action, { template: '00000000-0000-4000-8000-000000000000', note: 'x' });
      expect(gone.statusCode).toBe(422);
      expect(gone.body).toContain('id="decision-template-error">This template was deleted meanwhile.');
      const tooLongTogether = await send(page, action, { template: chosen.id, note: 'x'.repeat(1990) });
      expect(tooLongTogether.statusCode).toBe(422);
      expect(tooLongTogether.body).toContain(`<option value="${chosen.id}" selected>`);

      const sent = await send(page, action, { template: ['', chosen.id], note: ['first', 'Also: a banner, bitte.'] });
      expect(sent.statusCode).toBe(303);
      expect(sent.headers.location).toBe('/console?lang=en&done=changes_requested');
      const back = (await t.admin('GET', `/admin/v1/bots/${botId}/listing`)).json().data;
      expect(back).toMatchObject({ status: 'changes_requested', note: 'Please add a German short description.\n\nAlso: a banner, bitte.' });

      const again = await submittedListing(t, standIn);
      const denied = await send(
        `/console/submissions/${again.listing.submissionId}`,
        `/console/submissions/${again.listing.submissionId}/deny`,
        {
          template: chosen.id,
        },
      );
      expect(denied.statusCode).toBe(303);
      expect((await t.admin('GET', `/admin/v1/bots/${again.botId}/listing`)).json().data).toMatchObject({
        status: 'denied',
        note: 'Please add a German short description.',
      });
      // Approving needs no note.
      const third = await submittedListing(t, standIn);
      expect(
        (
          await send(`/console/submissions/${third.listing.submissionId}`, `/console/submissions/${third.listing.submissionId}/approve`, {
            note: '',
          })
        ).statusCode,
      ).toBe(303);
      // A malformed id or cursor is a 4xx page, never a 500.
      expect((await operator.get('/console/submissions/not-a-uuid')).statusCode).toBe(404);
      expect((await operator.get('/console/submissions/urn:uuid:00000000-0000-4000-8000-000000000000')).statusCode).toBe(422);
      expect((await operator.get('/console/submissions/00000000-0000-4000-8000-00000000000X')).statusCode).toBe(404);
      expect((await operator.get('/console?after=garbage')).statusCode).toBe(422);
      expect((await operator.get(`/console?after=${'x'.repeat(200)}`)).statusCode).toBe(422);
    });

    it('shows a listing with its history; removes it with a reason (out of view at once); bans the bot from there', async () => {
      const { listing, botId, content } = await submittedListing(t, standIn, { name: 'Removable' });
      await t.admin('POST', `/admin/v1/submissions/${listing.submissionId}/approve`, {});
      expect((await t.get(`/en/bots/${content.slugs!.en}`)).statusCode).toBe(200);
      const page = await operator.get(`/console/bots/${botId}?lang=en`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Listing: Removable');
      expect(page.body).toContain('approved');
      expect(page.body).toContain(`href="/en/bots/${content.slugs!.en}"`);
      const at = `/console/bots/${botId}?lang=en`;
      const missing = await send(at, `/console/bots/${botId}/remove?lang=en`, { note: '' });
      expect(missing.statusCode).toBe(422);
      expect(missing.body).toContain('id="remove-note-error"');
      const removed = await send(at, `/console/bots/${botId}/remove?lang=en`, { note: 'Breaks the rules of the platform.' });
      expect(removed.statusCode).toBe(303);
      expect(removed.headers.location).toBe(`/console/bots/${botId}?lang=en&done=removed`);
      expect((await t.get(`/en/bots/${content.slugs!.en}`)).statusCode).toBe(404);
      expect((await t.get(`/api/v1/bots/${botId}`)).statusCode).toBe(404);
      const after = await operator.get(String(removed.headers.location));
      expect(after.body).toContain('Removed: the bot is out of view.');
      expect(after.body).not.toContain(`action="/console/bots/${botId}/remove`);
      // Removed twice: the state does not allow it, said on the page (409).
      const twice = await send(at, `/console/bots/${botId}/remove?lang=en`, { note: 'Again.' });
      expect(twice.statusCode).toBe(409);
      expect(twice.body).toContain('This changed meanwhile');

      const banned = await send(at, `/console/bots/${botId}/ban?lang=en`, { note: 'Phishing.' });
      expect(banned.statusCode).toBe(303);
      expect((await operator.get(`/console/bots/${botId}?lang=en`)).body).toContain('This bot is banned.');
      const twiceBanned = await send(at, `/console/bots/${botId}/ban?lang=en`, { note: 'Again.' });
      expect(twiceBanned.statusCode).toBe(409);
      expect(twiceBanned.body).toContain('This user or bot is banned already.');

      expect((await operator.get('/console/bots/123')).statusCode).toBe(404);
      expect((await operator.get('/console/bots/999999999999999999')).statusCode).toBe(404);
      const find = await operator.get(`/console/bots?id=${botId}&lang=de`);
      expect(find.statusCode).toBe(303);
      expect(find.headers.location).toBe(`/console/bots/${botId}?lang=de`);
      const wrong = await operator.get('/console/bots?id=abc&lang=en');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toContain('Enter a bot’s ID: 17 to 20 digits.');
    });

    it('bans a user (their vote refused with 403) and lifts the ban; refuses bad input beside the fields', async () => {
      const { id: botId, body } = await putBot(t);
      const slug = (body.slugs as { en: string }).en;
      const cases: [Record<string, string | string[]>, string][] = [
        [{ kind: 'user', subjectId: '', note: 'x' }, 'id="ban-subject-error">Fill in this field.'],
        [{ kind: 'user', subjectId: 'not-an-id', note: 'x' }, 'id="ban-subject-error">This is no platform ID: enter its 17 to 20 digits.'],
        [{ kind: 'user', subjectId: '１７００００００００００００００００１', note: 'x' }, 'id="ban-subject-error"'],
        [{ kind: 'server', subjectId: VOTER_2.id, note: 'x' }, 'id="ban-kind-error">Choose one.'],
        [{ subjectId: VOTER_2.id, note: 'x' }, 'id="ban-kind-error">Choose one.'],
        [{ kind: 'user', subjectId: VOTER_2.id, note: '' }, 'id="ban-note-error">Fill in this field.'],
        [{ kind: 'user', subjectId: VOTER_2.id, note: 'x'.repeat(2001) }, 'id="ban-note-error">Use at most 2000 characters.'],
      ];
      for (const [form, error] of cases) {
        const refused = await send('/console/bans?lang=en', '/console/bans?lang=en', form);
        expect(refused.statusCode, JSON.stringify(form)).toBe(422);
        expect(refused.body).toContain(error);
      }
      const voter = new Browser(t);
      await voter.signIn(VOTER_2.id);
      const made = await send('/console/bans?lang=en', '/console/bans?lang=en', {
        kind: 'user',
        subjectId: VOTER_2.id,
        note: 'Votes from many accounts.',
      });
      expect(made.statusCode).toBe(303);
      expect(made.headers.location).toBe('/console/bans?lang=en&done=banned');
      const list = await operator.get(String(made.headers.location));
      expect(list.body).toContain('Votes from many accounts.');
      expect(list.body).toContain(VOTER_2.id);
      const twice = await send('/console/bans?lang=en', '/console/bans?lang=en', { kind: 'user', subjectId: VOTER_2.id, note: 'Again.' });
      expect(twice.statusCode).toBe(409);
      expect(twice.body).toContain('This user or bot is banned already.');

      const botPage = await voter.get(`/en/bots/${slug}`);
      const vote = await voter.post(`/en/bots/${slug}/vote`, {}, botPage.body);
      expect(vote.statusCode).toBe(403);
      expect(vote.body).toContain('Your account is banned from this directory');
      expect((await t.admin('GET', `/admin/v1/bots/${botId}`)).json().data.votesTotal).toBe(0);

      const ban = (await t.admin('GET', '/admin/v1/bans?limit=100'))
        .json()
        .data.find((b: { subjectId: string }) => b.subjectId === VOTER_2.id);
      const lifted = await send('/console/bans', `/console/bans/${ban.id}/lift?lang=en`, {});
      expect(lifted.statusCode).toBe(303);
      expect((await voter.post(`/en/bots/${slug}/vote`, {}, botPage.body)).statusCode).toBe(303);
      expect((await t.admin('GET', `/admin/v1/bots/${botId}`)).json().data.votesTotal).toBe(1);
      const liftedTwice = await send('/console/bans', `/console/bans/${ban.id}/lift?lang=en`, {});
      expect(liftedTwice.statusCode).toBe(409);
      expect(liftedTwice.body).toContain('This ban was lifted meanwhile.');
      expect((await send('/console/bans', '/console/bans/not-a-ban/lift', {})).statusCode).toBe(404);
    });

    it('resolves a report with an outcome and an answer; refuses a missing outcome or answer beside the fields', async () => {
      const { id: botId } = await putBot(t, { name: 'Reported Bot' });
      const report = await t.app.services.reports.create({ id: newUser(), name: 'Rita Reporter' }, botId, {
        reason: 'spam',
        details: 'Posts ads <b>everywhere</b>.',
      });
      const page = await operator.get('/console/reports?lang=en');
      expect(page.body).toContain('Reported Bot');
      expect(page.body).toContain('Posts ads &lt;b&gt;everywhere&lt;/b&gt;.');
      expect(page.body).toContain('Spam or advertising');
      const action = `/console/reports/${report.id}/resolve?lang=en`;
      const noOutcome = await send('/console/reports?lang=en', action, { note: 'Thanks.' });
      expect(noOutcome.statusCode).toBe(422);
      expect(noOutcome.body).toContain(`id="report-${report.id}-resolution-error">Choose one.`);
      expect(noOutcome.body).toContain('Thanks.');
      const noAnswer = await send('/console/reports?lang=en', action, { resolution: 'dismissed', note: '' });
      expect(noAnswer.statusCode).toBe(422);
      expect(noAnswer.body).toContain(`id="report-${report.id}-note-error">Fill in this field.`);
      expect(noAnswer.body).toMatch(/value="dismissed"\s+checked/);
      const wrong = await send('/console/reports?lang=en', action, { resolution: 'maybe', note: 'x' });
      expect(wrong.statusCode).toBe(422);
      const done = await send('/console/reports?lang=en', action, { resolution: 'actioned', note: 'We talked to the owner.' });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('/console/reports?lang=en&done=resolved');
      expect(await t.app.services.reports.get(report.id)).toMatchObject({
        status: 'resolved',
        resolution: 'actioned',
        resolvedBy: OPERATOR.id,
      });
      const resolved = await operator.get('/console/reports?status=resolved&lang=en');
      expect(resolved.body).toContain('We talked to the owner.');
      const twice = await send('/console/reports?lang=en', action, { resolution: 'actioned', note: 'Again.' });
      expect(twice.statusCode).toBe(409);
      expect(
        (await send('/console/reports?lang=en', '/console/reports/not-a-report/resolve', { resolution: 'actioned', note: 'x' })).statusCode,
      ).toBe(404);
      expect((await operator.get('/console/reports?after=%00')).statusCode).toBe(422);
    });

    it('approves and denies tier requests with an optional note', async () => {
      const { id: botId } = await putBot(t, { name: 'Tiered', owners: [OWNER_A.id] });
      const key = await t.app.services.keys.create(botId, { name: 'Main', scopes: ['votes:read'] }, OPERATOR_TOKEN);
      const other = await t.app.services.keys.create(botId, { name: 'Other', scopes: ['votes:read'] }, OPERATOR_TOKEN);
      const request = await t.app.services.tiers.create(botId, OWNER_A.id, { keyId: key.id, tier: 2, reason: 'Busy <server>.' });
      const second = await t.app.services.tiers.create(botId, OWNER_A.id, { keyId: other.id, tier: 3, reason: 'Partner.' });
      // Two requests made in the same millisecond have no order: the first is made clearly older.
      await t.db.query("UPDATE tier_requests SET created_at = created_at - interval '1 minute' WHERE id = $1", [request.id]);
      const page = await operator.get('/console/tier-requests?lang=en');
      expect(page.body).toContain('Busy &lt;server&gt;.');
      expect(page.body.indexOf('Busy &lt;server&gt;.')).toBeLessThan(page.body.indexOf('Partner.'));
      const long = await send('/console/tier-requests?lang=en', `/console/tier-requests/${request.id}/approve?lang=en`, {
        note: 'x'.repeat(1001),
      });
      expect(long.statusCode).toBe(422);
      expect(long.body).toContain(`id="tier-${request.id}-note-error">Use at most 1000 characters.`);
      const approved = await send('/console/tier-requests?lang=en', `/console/tier-requests/${request.id}/approve?lang=en`, { note: '' });
      expect(approved.statusCode).toBe(303);
      expect((await t.app.services.keys.list(botId)).find((k) => k.id === key.id)?.tier).toBe(2);
      const denied = await send('/console/tier-requests?lang=en', `/console/tier-requests/${second.id}/deny?lang=en`, {
        note: 'Tier 2 first.',
      });
      expect(denied.statusCode).toBe(303);
      expect((await t.app.services.tiers.recentForBot(botId)).find((r) => r.id === second.id)).toMatchObject({
        status: 'denied',
        note: 'Tier 2 first.',
      });
      const again = await send('/console/tier-requests?lang=en', `/console/tier-requests/${second.id}/approve?lang=en`, {});
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('This changed meanwhile');
      expect((await send('/console/tier-requests?lang=en', '/console/tier-requests/nope/deny', {})).statusCode).toBe(404);
    });

    it('adds and deletes reason templates; refuses an empty, too long or taken title beside the field; the management API lists the same', async () => {
      const page = '/console/templates?lang=en';
      const cases: [Record<string, string>, string][] = [
        [{ title: '', body: 'Text.' }, 'id="template-title-error">Fill in this field.'],
        [{ title: 'T', body: '  ' }, 'id="template-body-error">Fill in this field.'],
        [{ title: 'x'.repeat(81), body: 'Text.' }, 'id="template-title-error">Use at most 80 characters.'],
        [{ title: 'T', body: 'x'.repeat(2001) }, 'id="template-body-error">Use at most 2000 characters.'],
      ];
      for (const [form, error] of cases) {
        const refused = await send(page, page, form);
        expect(refused.statusCode, JSON.stringify(form)).toBe(422);
        expect(refused.body).toContain(error);
      }
      expect((await send(page, page, { title: 'Spam — 垃圾', body: 'Your bot sends unsolicited messages.' })).statusCode).toBe(303);
      const taken = await send(page, page, { title: 'Spam — 垃圾', body: 'Other.' });
      expect(taken.statusCode).toBe(409);
      expect(taken.body).toContain('id="template-title-error">Another template has this title.');
      const listed = (await t.admin('GET', '/admin/v1/reason-templates')).json().data as { id: string; title: string }[];
      const made = listed.find((x) => x.title === 'Spam — 垃圾')!;
      expect((await operator.get(page)).body).toContain('Your bot sends unsolicited messages.');
      const deleted = await send(page, `/console/templates/${made.id}/delete?lang=en`, {});
      expect(deleted.statusCode).toBe(303);
      expect(deleted.headers.location).toBe('/console/templates?lang=en&done=template_deleted');
      expect((await send(page, `/console/templates/${made.id}/delete`, {})).statusCode).toBe(404);
      expect((await send(page, '/console/templates/x/delete', {})).statusCode).toBe(404);

      // The management API: the same templates, the same rules.
      const created = await t.admin('POST', '/admin/v1/reason-templates', { title: 'Broken', body: 'The bot does not answer.' });
      expect(created.statusCode).toBe(201);
      expect((await t.admin('POST', '/admin/v1/reason-templates', { title: 'Broken', body: 'Again.' })).statusCode).toBe(409);
      for (const bad of [{}, { title: '', body: 'x' }, { title: 'x', body: 5 }, { title: 'x', body: 'y', z: 1 }]) {
        expect((await t.admin('POST', '/admin/v1/reason-templates', bad)).statusCode, JSON.stringify(bad)).toBe(422);
      }
      expect((await t.admin('DELETE', `/admin/v1/reason-templates/${created.json().data.id}`)).statusCode).toBe(204);
      expect((await t.admin('DELETE', `/admin/v1/reason-templates/${created.json().data.id}`)).statusCode).toBe(404);
    });

    it('holds at most 50 templates', async () => {
      const existing = (await t.admin('GET', '/admin/v1/reason-templates')).json().data.length as number;
      for (let i = existing; i < 50; i++) await t.app.services.reasonTemplates.create({ title: `Template ${i}`, body: `Text ${i}.` });
      const full = await send('/console/templates', '/console/templates?lang=en', { title: 'One more', body: 'Text.' });
      expect(full.statusCode).toBe(422);
      expect(full.body).toContain('There are 50 templates already: delete one first.');
      expect((await t.admin('POST', '/admin/v1/reason-templates', { title: 'One more', body: 'Text.' })).statusCode).toBe(422);
    });
  });
}
