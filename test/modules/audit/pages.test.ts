/**
 * The log's pages over `app.inject`: the console's `/console/audit` (operators only; by bot, user,
 * action and time; "next") and a bot's `/dashboard/bots/{id}/audit` (its owners only; by actor and
 * action), each entry with who, from where, what, on what and the diff, every value escaped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { startPlatformStandIn, type PlatformStandIn } from '../../../scripts/platform-stand-in.js';
import { AUDIT_ACTIONS, consoleOperator, dashboardUser } from '../../../src/modules/audit/entry.js';
import { TEXTS } from '../../../src/html/i18n/index.js';
import { putBot } from '../../fixtures.js';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { completeContent, newApplication } from '../listings/harness.js';
import { Browser, OWNER_A, OWNER_B, PERSONAS } from '../site/session-client.js';
import { publicDns } from './harness.js';

const OPERATOR = { id: '180000000000000019', name: 'Olga <Operator>', label: 'An operator' };
const HOSTILE = '<script>alert("audit")</script>';

/** The log's table of a page (the filter form above it names every action too). */
function rows(body: string): string {
  const start = body.indexOf('<table class="audit">');
  return start === -1 ? '' : body.slice(start, body.indexOf('</table>', start));
}

describe("the audit log's words", () => {
  it('name every action in both languages, each in its own words', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(TEXTS.en.audit.actions[action], action).toBeTruthy();
      expect(TEXTS.de.audit.actions[action], action).toBeTruthy();
      expect(TEXTS.de.audit.actions[action], action).not.toBe(TEXTS.en.audit.actions[action]);
    }
  });
});

for (const backend of backends()) {
  describe(`the audit log's pages (${backend})`, () => {
    let provider: DemoProvider;
    let standIn: PlatformStandIn;
    let t: TestApp;
    let operator: Browser;
    let owner: Browser;
    let botId: string;
    beforeAll(async () => {
      standIn = await startPlatformStandIn();
      provider = await startDemoProvider({ personas: [...PERSONAS, OPERATOR] });
      t = await testApp(backend, { env: { ...provider.env, ...standIn.env, OPERATOR_USER_IDS: OPERATOR.id }, lookup: publicDns });
      operator = new Browser(t);
      await operator.signIn(OPERATOR.id, '/console');
      owner = new Browser(t);
      await owner.signIn(OWNER_A.id);
      // OWNER_A's listing: added and edited on the dashboard with a hostile name, sent back in the console.
      botId = newApplication(standIn, 'Harbor');
      const by = dashboardUser(OWNER_A.id);
      await t.app.services.listings.create(by, botId);
      await t.app.services.listings.edit(by, botId, completeContent({ name: HOSTILE }));
      const { submissionId } = await t.app.services.listings.submit(by, botId);
      await t.app.services.moderation.requestChanges(submissionId!, consoleOperator(OPERATOR.id), `Fix ${HOSTILE}`);
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
      await standIn?.stop();
    });

    it("shows a bot's log to its owner: who (you), from where, what, the diff escaped; linked from the bot's page", async () => {
      const botPage = await owner.get(`/dashboard/bots/${botId}?lang=en`);
      expect(botPage.body).toContain(`href="/dashboard/bots/${botId}/audit?lang=en"`);
      const page = await owner.get(`/dashboard/bots/${botId}/audit?lang=en`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.body).not.toContain('<script>alert');
      expect(page.body).toContain('&lt;script&gt;alert(&quot;audit&quot;)&lt;/script&gt;');
      expect(page.body).toContain('<strong>Name</strong>: <span class="before">Harbor</span>');
      expect(page.body).toContain('Listing edited');
      expect(page.body).toContain('Listing: changes requested');
      expect(page.body).toContain(`Ada Owner <span class="muted">${OWNER_A.id}</span> <span class="muted">(you)</span>`);
      expect(page.body).toContain(`Operator: ${OPERATOR.id}`);
      expect(page.body).toContain('from dashboard');
      expect(page.body).toContain('from console');
      // Newest first: the decision above the edit.
      expect(rows(page.body).indexOf('Listing: changes requested')).toBeLessThan(rows(page.body).indexOf('Listing edited'));
      const german = await owner.get(`/dashboard/bots/${botId}/audit?lang=de`);
      expect(german.body).toContain('Eintrag bearbeitet');
      expect(german.body).toContain('über Dashboard');
    });

    it("narrows a bot's log by actor and action; refuses what is no action beside the field; pages with next", async () => {
      const byOperator = await owner.get(`/dashboard/bots/${botId}/audit?lang=en&user=${OPERATOR.id}`);
      expect(rows(byOperator.body)).toContain('Listing: changes requested');
      expect(rows(byOperator.body)).not.toContain('Listing edited');
      const edits = await owner.get(`/dashboard/bots/${botId}/audit?lang=en&action=listing.edit`);
      expect(rows(edits.body)).toContain('Listing edited');
      expect(rows(edits.body)).not.toContain('Listing: changes requested');
      expect(edits.body).toContain('<option value="listing.edit" selected>');
      const none = await owner.get(`/dashboard/bots/${botId}/audit?lang=en&action=team.role`);
      expect(none.body).toContain('No entry matches these filters.');
      const wrong = await owner.get(`/dashboard/bots/${botId}/audit?lang=en&action=nonsense&user=${encodeURIComponent('a b')}`);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toContain('id="audit-action-error"');
      expect(wrong.body).toContain('id="audit-user-error"');
      const badPosition = await owner.get(`/dashboard/bots/${botId}/audit?lang=en&after=nonsense`);
      expect(badPosition.statusCode).toBe(422);
      expect(badPosition.body).toContain('start from the first page');

      // More entries than a page: the keys of a busy bot, created on the dashboard's form.
      const { id: busy } = await putBot(t, { name: 'Busy', owners: [OWNER_A.id] });
      for (let i = 0; i < 26; i++) {
        const form = await owner.get(`/dashboard/bots/${busy}?lang=en`);
        const created = await owner.post(`/dashboard/bots/${busy}/keys?lang=en`, { name: `k${i}`, scopes: ['votes:read'] }, form.body);
        expect(created.statusCode).toBe(303);
      }
      const first = await owner.get(`/dashboard/bots/${busy}/audit?lang=en&action=key.create`);
      expect(rows(first.body).match(/API key created/g)).toHaveLength(25);
      const next = /<a href="([^"]+)" rel="next">/.exec(first.body)?.[1];
      expect(next).toContain('action=key.create');
      const second = await owner.get(next!.replaceAll('&amp;', '&'));
      expect(rows(second.body).match(/API key created/g)).toHaveLength(1);
      expect(second.body).not.toContain('rel="next"');
      // The dashboard's user is the actor of what they did there.
      const entry = (await t.admin('GET', `/admin/v1/bots/${busy}/audit?limit=1`)).json().data[0];
      expect(entry.actor).toEqual({ kind: 'user', id: OWNER_A.id, via: 'dashboard' });
    });

    it("keeps a bot's log from anyone but its owners (403) and a visitor (to sign-in)", async () => {
      const other = new Browser(t);
      await other.signIn(OWNER_B.id);
      expect((await other.get(`/dashboard/bots/${botId}/audit?lang=en`)).statusCode).toBe(403);
      const visitor = await new Browser(t).get(`/dashboard/bots/${botId}/audit?lang=en`);
      expect(visitor.statusCode).toBe(303);
      expect(visitor.headers.location).toContain('/auth/sign-in');
      expect((await operator.get(`/dashboard/bots/${botId}/audit?lang=en`)).statusCode).toBe(403);
    });

    it('shows the whole log in the console, linked from its navigation, narrowed by bot, user, action and time', async () => {
      const all = await operator.get('/console/audit?lang=en');
      expect(all.statusCode).toBe(200);
      expect(all.body).toContain('href="/console/audit?lang=en" aria-current="page"');
      expect(all.body).toContain('rel="next"');
      const page = await operator.get(`/console/audit?lang=en&bot=${botId}`);
      expect((await operator.get('/console/bans?lang=en')).body).toContain('href="/console/audit?lang=en"');
      expect(page.body).toContain('Olga &lt;Operator&gt;');
      expect(page.body).toContain(`<a href="/console/bots/${botId}?lang=en">${botId}</a>`);
      expect(page.body).not.toContain('<script>alert');
      expect(page.body).toContain('Fix &lt;script&gt;alert(&quot;audit&quot;)&lt;/script&gt;');
      // The operator's own entries name them.
      expect(page.body).toContain(`Operator: Olga &lt;Operator&gt; <span class="muted">${OPERATOR.id}</span>`);

      const byBot = await operator.get(`/console/audit?lang=en&bot=${botId}&user=${OWNER_A.id}&action=listing.edit`);
      expect(rows(byBot.body).match(/Listing edited/g)).toHaveLength(1);
      expect(rows(byBot.body)).not.toContain('Listing: changes requested');
      expect(byBot.body).toContain(`value="${botId}"`);
      const later = await operator.get(`/console/audit?lang=en&bot=${botId}&from=2999-01-01`);
      expect(later.body).toContain('No entry matches these filters.');
      const today = new Date().toISOString().slice(0, 10);
      const within = await operator.get(`/console/audit?lang=en&bot=${botId}&from=2000-01-01&to=${today}`);
      expect(rows(within.body)).toContain('Listing edited');

      const wrong = await operator.get('/console/audit?lang=de&bot=abc&from=gestern&to=2026-13-01');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toContain('id="audit-bot-error"');
      expect(wrong.body).toContain('id="audit-from-error"');
      expect(wrong.body).toContain('id="audit-to-error"');
      expect(wrong.body).toContain('value="gestern"');
      const backwards = await operator.get('/console/audit?lang=en&from=2026-05-02&to=2026-05-01T10:00');
      expect(backwards.body).toContain('“Until” must be after “From”.');
    });

    it('keeps the console log from everyone but the operators (403), a visitor to sign-in', async () => {
      expect((await owner.get('/console/audit?lang=en')).statusCode).toBe(403);
      const visitor = await new Browser(t).get('/console/audit?lang=de');
      expect(visitor.statusCode).toBe(303);
      expect(visitor.headers.location).toBe(`/auth/sign-in?return=${encodeURIComponent('/console/audit?lang=de')}`);
    });
  });
}
