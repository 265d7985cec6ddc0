/**
 * The team on the dashboard's pages over `app.inject`, as browsers without script use them: every
 * dashboard route (pages and POSTs) refuses a role too low for it with a 403 page that says why,
 * in German and English; the team page and the invitation link's page follow POST → 303 → GET with
 * the session's CSRF token; every refusal of the team's rules is a page with the reason, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { may, type Action, type Role } from '../../../src/modules/teams/permissions.js';
import { putBot } from '../../fixtures.js';
import { backends, ManualClock, testApp, type TestApp } from '../../helpers.js';
import { Browser } from '../site/session-client.js';

const OWNER = { id: '190000000000000001', name: 'Tia Owner', label: 'The owner' };
const MANAGER = { id: '190000000000000002', name: 'Max Manager', label: 'The manager' };
const EDITOR = { id: '190000000000000003', name: 'Eda Editor', label: 'The editor' };
const VIEWER = { id: '190000000000000004', name: 'Vik <Viewer>', label: 'The viewer' };
const STRANGER = { id: '190000000000000005', name: 'Sam Stranger', label: 'Someone else' };
const NEWCOMER = { id: '190000000000000006', name: 'Nia Newcomer', label: 'A newcomer' };
const PERSONAS = [OWNER, MANAGER, EDITOR, VIEWER, STRANGER, NEWCOMER];

const UUID = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

/** Every dashboard route of a bot, and what it takes. */
function dashboardRoutes(botId: string): [method: 'GET' | 'POST', path: string, action: Action][] {
  const bot = `/dashboard/bots/${botId}`;
  return [
    ['GET', bot, 'bot.view'],
    ['POST', `${bot}/keys`, 'keys.manage'],
    ['POST', `${bot}/keys/${UUID}/revoke`, 'keys.manage'],
    ['POST', `${bot}/tier-requests`, 'tiers.request'],
    ['GET', `${bot}/webhooks`, 'webhooks.manage'],
    ['POST', `${bot}/webhooks`, 'webhooks.manage'],
    ['GET', `${bot}/webhooks/${UUID}`, 'webhooks.manage'],
    ['POST', `${bot}/webhooks/${UUID}`, 'webhooks.manage'],
    ...(['enable', 'disable', 'test', 'rotate-secret', 'end-overlap'] as const).map(
      (action) => ['POST', `${bot}/webhooks/${UUID}/${action}`, 'webhooks.manage'] as ['POST', string, Action],
    ),
    ['GET', `${bot}/webhooks/${UUID}/delete`, 'webhooks.manage'],
    ['POST', `${bot}/webhooks/${UUID}/delete`, 'webhooks.manage'],
    ['GET', `${bot}/deliveries`, 'webhooks.manage'],
    ['POST', `${bot}/deliveries/${UUID}/redeliver`, 'webhooks.manage'],
    ['GET', `${bot}/listing`, 'listing.edit'],
    ['POST', `${bot}/listing`, 'listing.edit'],
    ...(['submit', 'withdraw', 'unlist', 'relist', 'discard-edit'] as const).map(
      (step) => ['POST', `${bot}/listing/${step}`, 'listing.edit'] as ['POST', string, Action],
    ),
    ['GET', `${bot}/team`, 'team.view'],
    ['POST', `${bot}/team/members/${OWNER.id}/role`, 'team.manage'],
    ['POST', `${bot}/team/members/${OWNER.id}/remove`, 'team.manage'],
    ['POST', `${bot}/team/leave`, 'team.view'],
    ['POST', `${bot}/team/transfer`, 'bot.transfer'],
    ['GET', `${bot}/delete`, 'bot.delete'],
    ['POST', `${bot}/delete`, 'bot.delete'],
    ['POST', `${bot}/team/invitations`, 'team.manage'],
    ['POST', `${bot}/team/invitations/${UUID}/revoke`, 'team.manage'],
    ['GET', `${bot}/audit`, 'audit.view'],
    ['GET', `${bot}/analytics`, 'analytics.view'],
    ['GET', `${bot}/analytics.csv`, 'analytics.view'],
    ['GET', `${bot}/reviews`, 'reviews.reply'],
    ['POST', `${bot}/reviews/${UUID}/reply`, 'reviews.reply'],
    ['POST', `${bot}/reviews/${UUID}/reply/delete`, 'reviews.reply'],
  ];
}

for (const backend of backends()) {
  describe(`the team pages (${backend})`, () => {
    const clock = new ManualClock(new Date('2026-03-02T10:00:00.000Z'));
    let provider: DemoProvider;
    let t: TestApp;
    let as: Record<'owner' | 'manager' | 'editor' | 'viewer' | 'stranger' | 'newcomer', Browser>;
    beforeAll(async () => {
      provider = await startDemoProvider({ personas: PERSONAS });
      t = await testApp(backend, { env: provider.env, clock });
      as = await Browser.signedIn(t, {
        owner: OWNER,
        manager: MANAGER,
        editor: EDITOR,
        viewer: VIEWER,
        stranger: STRANGER,
        newcomer: NEWCOMER,
      });
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    /** A fresh bot of OWNER with MANAGER, EDITOR and VIEWER on its team. */
    async function team(name = 'Beacon'): Promise<string> {
      const { id } = await putBot(t, { owners: [OWNER.id], name });
      for (const [user, role] of [
        [MANAGER, 'manager'],
        [EDITOR, 'editor'],
        [VIEWER, 'viewer'],
      ] as const) {
        const { token } = await t.app.services.invitations.create(OWNER.id, id, role);
        await t.app.services.invitations.accept(user, token);
      }
      return id;
    }

    /** A page of the browser's with its CSRF token: the dashboard's list. */
    const tokenPage = async (browser: Browser) => (await browser.get('/dashboard?lang=en')).body;

    describe('a role too low, or no role, is a 403 page on every dashboard route', () => {
      it('refuses each role every route its role may not use, and people off the team all of them', async () => {
        const botId = await team();
        const roles: [keyof typeof as, Role | undefined][] = [
          ['owner', 'owner'],
          ['manager', 'manager'],
          ['editor', 'editor'],
          ['viewer', 'viewer'],
          ['stranger', undefined],
        ];
        let refusals = 0;
        for (const [name, role] of roles) {
          const page = await tokenPage(as[name]);
          for (const [method, path, action] of dashboardRoutes(botId)) {
            if (may(role, action)) continue;
            const response = method === 'GET' ? await as[name].get(`${path}?lang=en`) : await as[name].post(`${path}?lang=en`, {}, page);
            expect(response.statusCode, `${name} ${method} ${path}`).toBe(403);
            expect(response.body, `${name} ${method} ${path}`).toContain(
              role === undefined
                ? 'You are not on the team of this bot.'
                : `Your role (${role[0]!.toUpperCase()}${role.slice(1)}) does not allow this.`,
            );
            refusals += 1;
          }
        }
        // Of the 39 routes: the manager 3 (transfer, deletion), the editor 27 (keys, tiers, webhooks,
        // managing the team, the audit log, replies to reviews), the viewer 34 (the listing too), the
        // stranger every one. Every role sees the analytics.
        expect(refusals).toBe(3 + 27 + 34 + 39);
        // Nothing changed on the way.
        expect((await t.app.services.teams.members(botId)).map((m) => m.role)).toEqual(['owner', 'manager', 'editor', 'viewer']);
      });

      it('says so in German too', async () => {
        const botId = await team();
        const refusedPage = await as.viewer.get(`/dashboard/bots/${botId}/listing?lang=de`);
        expect(refusedPage.statusCode).toBe(403);
        expect(refusedPage.body).toContain('Deine Rolle (Betrachter) erlaubt das nicht.');
        const stranger = await as.stranger.get(`/dashboard/bots/${botId}/team?lang=de`);
        expect(stranger.body).toContain('Du bist nicht im Team dieses Bots.');
      });

      it('lets each role see what its role reaches: the viewer the figures, the editor the listing too, managers keys and webhooks', async () => {
        const botId = await team('Beacon <b>');
        const viewer = await as.viewer.get(`/dashboard/bots/${botId}?lang=en`);
        expect(viewer.statusCode).toBe(200);
        expect(viewer.body).toContain('Your role: Viewer');
        expect(viewer.body).not.toContain('id="keys"');
        expect(viewer.body).not.toContain('id="webhook"');
        expect(viewer.body).not.toContain(`/dashboard/bots/${botId}/listing?`);
        expect(viewer.body).toContain(`href="/dashboard/bots/${botId}/team?lang=en"`);
        const editor = await as.editor.get(`/dashboard/bots/${botId}?lang=en`);
        expect(editor.body).toContain(`href="/dashboard/bots/${botId}/listing?lang=en"`);
        expect(editor.body).not.toContain('id="keys"');
        expect((await as.editor.get(`/dashboard/bots/${botId}/listing?lang=en`)).statusCode).toBe(200);
        const manager = await as.manager.get(`/dashboard/bots/${botId}?lang=en`);
        expect(manager.body).toContain('id="keys"');
        expect(manager.body).toContain('id="tier"');
        expect(manager.body).toContain('id="webhook"');
        // The dashboard lists every bot of the user's teams with their role; the listing's editor for those who edit it.
        const list = await as.viewer.get('/dashboard?lang=en');
        expect(list.body).toMatch(new RegExp(`<a href="/dashboard/bots/${botId}\\?lang=en">Beacon &lt;b&gt;</a></td>\\s*<td>Viewer</td>`));
        expect(list.body).not.toContain(`/dashboard/bots/${botId}/listing`);
        const editorList = await as.editor.get('/dashboard?lang=de');
        expect(editorList.body).toMatch(new RegExp(`Beacon &lt;b&gt;</a></td>\\s*<td>Bearbeiter</td>`));
        expect(editorList.body).toContain(`/dashboard/bots/${botId}/listing?lang=de`);
      });
    });

    describe('the team page', () => {
      it('shows the members with their roles, what each role may do, the forms the reader’s role may send', async () => {
        const botId = await team();
        const owner = await as.owner.get(`/dashboard/bots/${botId}/team?lang=en`);
        expect(owner.statusCode).toBe(200);
        expect(owner.headers['cache-control']).toBe('private, no-store');
        expect(owner.body).toContain('<h1>Team of Beacon</h1>');
        expect(owner.body).toContain('Vik &lt;Viewer&gt;');
        expect(owner.body).toContain(`action="/dashboard/bots/${botId}/team/transfer?lang=en"`);
        expect(owner.body).toContain(`action="/dashboard/bots/${botId}/team/invitations?lang=en"`);
        expect(owner.body).toContain('<option value="owner"');
        expect(owner.body).toMatch(/<dt>Editor<\/dt>\s*<dd>The listing only\.<\/dd>/);
        const manager = await as.manager.get(`/dashboard/bots/${botId}/team?lang=en`);
        expect(manager.body).not.toContain('/team/transfer');
        expect(manager.body).not.toContain(`/team/members/${OWNER.id}/`);
        expect(manager.body).toContain(`/team/members/${EDITOR.id}/role`);
        expect(manager.body).not.toMatch(/<select id="invite-role"[^>]*>[\s\S]*value="owner"[\s\S]*<\/select>/);
        const viewer = await as.viewer.get(`/dashboard/bots/${botId}/team?lang=de`);
        expect(viewer.statusCode).toBe(200);
        expect(viewer.body).not.toContain('/team/invitations');
        expect(viewer.body).not.toContain('/role?');
        expect(viewer.body).toContain(`action="/dashboard/bots/${botId}/team/leave?lang=de"`);
        expect(viewer.body).toContain('<h1>Team von Beacon</h1>');
      });

      it('changes a role and removes a member (POST → 303 → GET); the last owner is refused with a 409 page', async () => {
        const botId = await team();
        const page = (await as.owner.get(`/dashboard/bots/${botId}/team?lang=en`)).body;
        const changed = await as.owner.post(`/dashboard/bots/${botId}/team/members/${EDITOR.id}/role?lang=en`, { role: 'manager' }, page);
        expect(changed.statusCode).toBe(303);
        expect(changed.headers.location).toBe(`/dashboard/bots/${botId}/team?lang=en&done=role#members`);
        expect((await as.owner.get(String(changed.headers.location))).body).toContain('Role changed.');
        expect((await t.admin('GET', `/admin/v1/bots/${botId}`)).json().data.owners).toEqual([OWNER.id, MANAGER.id, EDITOR.id]);
        const removed = await as.manager.post(`/dashboard/bots/${botId}/team/members/${VIEWER.id}/remove?lang=en`, {}, page);
        expect(removed.statusCode).toBe(403); // The manager's own session has its own token: the owner's page is no use to them.
        const managerPage = (await as.manager.get(`/dashboard/bots/${botId}/team?lang=en`)).body;
        expect(
          (await as.manager.post(`/dashboard/bots/${botId}/team/members/${VIEWER.id}/remove?lang=en`, {}, managerPage)).statusCode,
        ).toBe(303);
        const last = await as.owner.post(`/dashboard/bots/${botId}/team/members/${OWNER.id}/role?lang=de`, { role: 'viewer' }, page);
        expect(last.statusCode).toBe(409);
        expect(last.body).toContain('Der letzte Besitzer kann nicht gehen, entfernt werden oder eine andere Rolle bekommen.');
        expect(last.body).toContain('aria-invalid="true"');
        const leaving = await as.owner.post(`/dashboard/bots/${botId}/team/leave?lang=en`, {}, page);
        expect(leaving.statusCode).toBe(409);
        expect(leaving.body).toContain('<p class="error" role="alert">The last owner cannot leave');
        const unknown = await as.owner.post(`/dashboard/bots/${botId}/team/members/${EDITOR.id}/role?lang=en`, { role: 'admin' }, page);
        expect(unknown.statusCode).toBe(422);
        expect(unknown.body).toContain('Choose one of the roles in the list.');
        const gone = await as.owner.post(`/dashboard/bots/${botId}/team/members/${STRANGER.id}/remove?lang=en`, {}, page);
        expect(gone.statusCode).toBe(404);
        expect(gone.body).toContain('This person is not on the team (any more).');
        expect((await t.app.services.teams.members(botId)).map((m) => [m.userId, m.role])).toEqual([
          [OWNER.id, 'owner'],
          [MANAGER.id, 'manager'],
          [EDITOR.id, 'manager'],
        ]);
      });

      it('lets a member leave (to the dashboard, which says so) and an owner hand the bot over', async () => {
        const botId = await team();
        const viewerPage = (await as.viewer.get(`/dashboard/bots/${botId}/team?lang=en`)).body;
        const left = await as.viewer.post(`/dashboard/bots/${botId}/team/leave?lang=en`, {}, viewerPage);
        expect(left.statusCode).toBe(303);
        expect(left.headers.location).toBe('/dashboard?lang=en&done=left');
        expect((await as.viewer.get(String(left.headers.location))).body).toContain('You left the team.');
        expect((await as.viewer.get(`/dashboard/bots/${botId}?lang=en`)).statusCode).toBe(403);
        const page = (await as.owner.get(`/dashboard/bots/${botId}/team?lang=en`)).body;
        const noTarget = await as.owner.post(`/dashboard/bots/${botId}/team/transfer?lang=en`, { userId: OWNER.id }, page);
        expect(noTarget.statusCode).toBe(422);
        expect(noTarget.body).toContain('<p class="error" id="transfer-to-error">Choose another member who is not an owner yet.</p>');
        const handed = await as.owner.post(
          `/dashboard/bots/${botId}/team/transfer?lang=en`,
          { userId: EDITOR.id, formerRole: 'editor' },
          page,
        );
        expect(handed.statusCode).toBe(303);
        expect((await as.owner.get(String(handed.headers.location))).body).toContain('The bot is handed over.');
        expect((await t.admin('GET', `/admin/v1/bots/${botId}`)).json().data.owners).toEqual([EDITOR.id, MANAGER.id]);
        expect((await as.owner.get(`/dashboard/bots/${botId}/keys?lang=en`)).statusCode).toBe(303);
        expect((await as.owner.post(`/dashboard/bots/${botId}/keys?lang=en`, { scopes: 'votes:read' }, page)).statusCode).toBe(403);
      });

      it('lets an owner delete the bot after a page that asks first (POST → 303 → GET), recorded as theirs', async () => {
        const botId = await team('Doomed <b>');
        const teamPage = (await as.owner.get(`/dashboard/bots/${botId}/team?lang=de`)).body;
        expect(teamPage).toContain(`href="/dashboard/bots/${botId}/delete?lang=de"`);
        expect((await as.manager.get(`/dashboard/bots/${botId}/team?lang=de`)).body).not.toContain(`/dashboard/bots/${botId}/delete`);
        const asking = await as.owner.get(`/dashboard/bots/${botId}/delete?lang=de`);
        expect(asking.statusCode).toBe(200);
        expect(asking.body).toContain('<h1>Doomed &lt;b&gt; löschen?</h1>');
        expect((await t.admin('GET', `/admin/v1/bots/${botId}`)).statusCode).toBe(200);
        const deleted = await as.owner.post(`/dashboard/bots/${botId}/delete?lang=de`, {}, asking.body);
        expect(deleted.statusCode).toBe(303);
        expect(deleted.headers.location).toBe('/dashboard?lang=de&done=deleted');
        expect((await as.owner.get(String(deleted.headers.location))).body).toContain('Der Bot ist gelöscht.');
        expect((await t.admin('GET', `/admin/v1/bots/${botId}`)).statusCode).toBe(404);
        const { rows } = await t.db.query<{ actor_kind: string; actor_id: string; via: string }>(
          `SELECT actor_kind, actor_id, via FROM audit_log WHERE bot_id = $1 AND action = 'listing.delete'`,
          [botId],
        );
        expect(rows).toEqual([{ actor_kind: 'user', actor_id: OWNER.id, via: 'dashboard' }]);
      });

      it('answers a GET of a form’s address with the team page (303), and a form without the CSRF token with 403', async () => {
        const botId = await team();
        for (const action of [
          `members/${EDITOR.id}/role`,
          `members/${EDITOR.id}/remove`,
          'leave',
          'transfer',
          'invitations',
          `invitations/${UUID}/revoke`,
        ]) {
          const response = await as.owner.get(`/dashboard/bots/${botId}/team/${action}?lang=de`);
          expect(response.statusCode, action).toBe(303);
          expect(response.headers.location).toBe(`/dashboard/bots/${botId}/team?lang=de`);
        }
        expect((await as.owner.post(`/dashboard/bots/${botId}/team/invitations`, { role: 'viewer', _csrf: 'forged' })).statusCode).toBe(
          403,
        );
        expect((await as.owner.post(`/dashboard/bots/${botId}/team/leave`, {})).statusCode).toBe(403);
        expect((await new Browser(t).post(`/dashboard/bots/${botId}/team/leave`, {})).statusCode).toBe(401);
        expect((await new Browser(t).get(`/dashboard/bots/${botId}/team`)).statusCode).toBe(303);
        expect((await t.app.services.invitations.open(botId)).length).toBe(0);
      });
    });

    describe('invitations by link', () => {
      async function invite(
        botId: string,
        role: string,
        by = as.owner,
      ): Promise<{ link: string; response: { statusCode: number; body: string } }> {
        const page = (await by.get(`/dashboard/bots/${botId}/team?lang=en`)).body;
        const made = await by.post(`/dashboard/bots/${botId}/team/invitations?lang=en`, { role }, page);
        if (made.statusCode !== 303) return { link: '', response: made };
        expect(made.headers.location).toBe(`/dashboard/bots/${botId}/team?lang=en&done=invited#invitations`);
        const shown = await by.get(String(made.headers.location));
        const link = /<code id="new-invitation">([^<]+)<\/code>/.exec(shown.body)?.[1] ?? '';
        expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:3000/dashboard/invitations/bdi_[A-Za-z0-9_-]{32}$`));
        // Shown once: a reload has no link.
        expect((await by.get(String(made.headers.location))).body).not.toContain('id="new-invitation"');
        return { link: new URL(link).pathname, response: shown };
      }

      it('is made on the team page, shown once, opened by a signed-in user who joins (POST → 303 → GET), then used up', async () => {
        const botId = await team('Lighthouse');
        const { link, response } = await invite(botId, 'editor');
        expect(response.body).toContain('Invitation created.');
        expect(response.body).toMatch(/<td>Editor<\/td>\s*<td><time/);
        // Without a session: sign in first, and back here.
        const anonymous = await new Browser(t).get(link);
        expect(anonymous.statusCode).toBe(303);
        expect(anonymous.headers.location).toBe(`/auth/sign-in?return=${encodeURIComponent(link)}`);
        const opened = await as.newcomer.get(`${link}?lang=de`);
        expect(opened.statusCode).toBe(200);
        expect(opened.body).toContain('Du bist eingeladen, dem Team von Lighthouse als Bearbeiter beizutreten.');
        expect(opened.body).toContain(`action="${link}/accept?lang=de"`);
        const member = await as.editor.get(`${link}?lang=en`);
        expect(member.body).toContain('You are on this team already, as Editor.');
        expect(member.body).not.toContain('/accept');
        expect((await as.newcomer.get(`${link}/accept`)).statusCode).toBe(303);
        const joined = await as.newcomer.post(`${link}/accept?lang=de`, {}, opened.body);
        expect(joined.statusCode).toBe(303);
        expect(joined.headers.location).toBe(`/dashboard/bots/${botId}/team?lang=de&done=joined#members`);
        const welcome = await as.newcomer.get(String(joined.headers.location));
        expect(welcome.body).toContain('Willkommen im Team.');
        expect(welcome.body).toContain('Nia Newcomer');
        const used = await as.stranger.get(`${link}?lang=en`);
        expect(used.statusCode).toBe(409);
        expect(used.body).toContain('This invitation has been used already. Ask the team for a new link.');
        const again = await as.newcomer.post(`${link}/accept?lang=en`, {}, opened.body);
        expect(again.statusCode).toBe(409);
      });

      it('refuses an existing member, an expired, revoked or unknown link, and a role that does not exist, each with its reason', async () => {
        const botId = await team();
        const { link } = await invite(botId, 'viewer');
        const editorPage = await tokenPage(as.editor);
        const member = await as.editor.post(`${link}/accept?lang=en`, {}, editorPage);
        expect(member.statusCode).toBe(409);
        expect(member.body).toContain('You are on this team already, as Editor.');
        // Revoked on the team page.
        const page = (await as.owner.get(`/dashboard/bots/${botId}/team?lang=en`)).body;
        const id = new RegExp(`/team/invitations/([0-9a-f-]{36})/revoke`).exec(page)?.[1];
        const revoked = await as.owner.post(`/dashboard/bots/${botId}/team/invitations/${id}/revoke?lang=en`, {}, page);
        expect(revoked.statusCode).toBe(303);
        expect(revoked.headers.location).toBe(`/dashboard/bots/${botId}/team?lang=en&done=revoked#invitations`);
        const afterRevoke = await as.stranger.get(`${link}?lang=de`);
        expect(afterRevoke.statusCode).toBe(409);
        expect(afterRevoke.body).toContain('Diese Einladung wurde widerrufen.');
        const twice = await as.owner.post(`/dashboard/bots/${botId}/team/invitations/${id}/revoke?lang=en`, {}, page);
        expect(twice.statusCode).toBe(409);
        expect(twice.body).toContain('This invitation was revoked.');
        // Expired after 7 days.
        const { link: late } = await invite(botId, 'viewer');
        clock.advance(7 * DAY);
        const expired = await as.stranger.get(`${late}?lang=en`);
        expect(expired.statusCode).toBe(409);
        expect(expired.body).toContain('This invitation has expired. Ask the team for a new link.');
        expect((await as.stranger.post(`${late}/accept?lang=en`, {}, await tokenPage(as.stranger))).statusCode).toBe(409);
        // Unknown.
        for (const token of ['bdi_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'nonsense', '%3Cscript%3E']) {
          const unknown = await as.stranger.get(`/dashboard/invitations/${token}?lang=en`);
          expect(unknown.statusCode, token).toBe(404);
          expect(unknown.body).toContain('This invitation link does not exist.');
        }
        // A role that does not exist, and one the manager may not give.
        const bad = await invite(botId, 'admin');
        expect(bad.response.statusCode).toBe(422);
        expect(bad.response.body).toContain('<p class="error" id="invite-role-error">Choose one of the roles in the list.</p>');
        const tooHigh = await invite(botId, 'owner', as.manager);
        expect(tooHigh.response.statusCode).toBe(403);
        expect(tooHigh.response.body).toContain('Your role (Manager) does not allow this.');
        expect((await t.app.services.teams.members(botId)).length).toBe(4);
      });
    });
  });
}
