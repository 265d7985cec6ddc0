/**
 * Reports: a signed-in user reports a published bot from its page (a reason from the list and
 * text), at most 5 in 24 hours and one open report per bot, refusals beside the field; the
 * operator lists them by keyset and resolves each with an answer, which the reporter finds on their
 * reports page, marked new once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { putBot } from '../../fixtures.js';
import { backends, ManualClock, testApp, type TestApp } from '../../helpers.js';
import { Browser, OWNER_A, PERSONAS, VOTER, VOTER_2, VOTER_3 } from '../site/session-client.js';

for (const backend of backends()) {
  describe(`reports (${backend})`, () => {
    let provider: DemoProvider;
    let t: TestApp;
    const clock = new ManualClock(new Date('2026-07-01T08:00:00.000Z'));
    beforeAll(async () => {
      provider = await startDemoProvider({ personas: PERSONAS });
      t = await testApp(backend, { env: provider.env, clock });
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    async function bot(name = 'Reportable') {
      const { id, body } = await putBot(t, { name });
      return { id, slug: (body.slugs as { en: string }).en };
    }
    async function signedIn(persona: { id: string }) {
      const browser = new Browser(t);
      await browser.signIn(persona.id);
      return browser;
    }
    async function report(browser: Browser, slug: string, form: Record<string, string | string[]>, lang = 'en') {
      const page = await browser.get(`/${lang}/bots/${slug}/report`);
      return browser.post(`/${lang}/bots/${slug}/report`, form, page.body);
    }

    it('is for signed-in users: a visitor goes to sign-in first; the bot page links the form', async () => {
      const { slug } = await bot('Reportable');
      const visitor = new Browser(t);
      const form = await visitor.get(`/en/bots/${slug}/report`);
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe(`/auth/sign-in?return=${encodeURIComponent(`/en/bots/${slug}/report`)}`);
      expect((await visitor.post(`/en/bots/${slug}/report`, { reason: 'spam', details: 'x' })).statusCode).toBe(401);
      expect((await visitor.get(`/en/bots/${slug}`)).body).toContain(`href="/en/bots/${slug}/report" rel="nofollow">Report this bot</a>`);
      const user = await signedIn(VOTER);
      const page = await user.get(`/de/bots/${slug}/report`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Reportable melden</h1>');
      expect(page.body).toContain('<option value="malicious">Betrug, Phishing oder Schadsoftware</option>');
      expect((await user.get('/en/bots/no-such-bot/report')).statusCode).toBe(404);
      const hidden = await putBot(t, { published: false });
      expect((await user.get(`/en/bots/${(hidden.body.slugs as { en: string }).en}/report`)).statusCode).toBe(404);
      // A form without the session's token is refused.
      expect((await user.post(`/en/bots/${slug}/report`, { reason: 'spam', details: 'x', _csrf: 'forged' })).statusCode).toBe(403);
    });

    it('takes a report (POST → 303 → GET), then shows it waiting; a second one of the bot is refused beside the field', async () => {
      const { id, slug } = await bot('Gloomfinch');
      const user = await signedIn(VOTER_2);
      const sent = await report(user, slug, { reason: 'offensive', details: '  Sagt „böse“ Dinge 😠 <script>alert(1)</script>  ' });
      expect(sent.statusCode).toBe(303);
      expect(sent.headers.location).toBe(`/en/bots/${slug}/report?sent=1`);
      const shown = await user.get(String(sent.headers.location));
      expect(shown.body).toContain('your report was sent');
      expect(shown.body).toContain('your report waits for an answer');
      expect(shown.body).toContain('Sagt „böse“ Dinge 😠 &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(shown.body).not.toContain('<script>alert(1)');
      const listed = (await t.admin('GET', '/admin/v1/reports?limit=100')).json().data as Record<string, unknown>[];
      expect(listed.find((r) => r.botId === id)).toMatchObject({
        botName: 'Gloomfinch',
        reporterId: VOTER_2.id,
        reporterName: VOTER_2.name,
        reason: 'offensive',
        details: 'Sagt „böse“ Dinge 😠 <script>alert(1)</script>',
        status: 'open',
        resolution: null,
      });
      // The form of the same bot again (a second tab): one open report per user and bot.
      const form = await user.get(`/en/bots/${slug}/report`);
      expect(form.body).not.toContain('name="details"');
      const twice = await user.post(`/en/bots/${slug}/report`, { reason: 'spam', details: 'Again.' }, shown.body);
      expect(twice.statusCode).toBe(409);
      expect(twice.body).toMatch(/<p class="error" id="report-reason-error">You reported this bot already/);
      expect(twice.body).toContain('aria-describedby="report-reason-error"');
    });

    it('refuses bad input beside its field and keeps what was typed: empty, blank, too long, unknown reason, wrong types', async () => {
      const { slug } = await bot();
      const user = await signedIn(VOTER_3);
      const cases: [Record<string, string | string[]>, string, string][] = [
        [{ reason: 'spam', details: '' }, 'report-details', 'Fill in this field.'],
        [{ reason: 'spam', details: '   ' }, 'report-details', 'Fill in this field.'],
        [{ reason: 'spam', details: 'x'.repeat(1001) }, 'report-details', 'Use at most 1000 characters.'],
        [{ reason: 'rude', details: 'Rude.' }, 'report-reason', 'Choose one.'],
        [{ details: 'No reason.' }, 'report-reason', 'Choose one.'],
        [{ reason: ['spam', 'nonsense'], details: 'Two reasons.' }, 'report-reason', 'Choose one.'],
      ];
      for (const [form, field, message] of cases) {
        const answer = await report(user, slug, form);
        expect(answer.statusCode, JSON.stringify(form)).toBe(422);
        expect(answer.body).toContain(`<p class="error" id="${field}-error">${message}`);
      }
      const kept = await report(user, slug, { reason: 'broken', details: 'x'.repeat(1001) });
      expect(kept.body).toContain('<option value="broken" selected>');
      expect(kept.body).toContain('x'.repeat(1001));
      // Repeated fields: the last one counts, as in every form of the site.
      const repeated = await report(user, slug, { reason: ['other', 'broken'], details: ['first', 'Stopped answering.'] });
      expect(repeated.statusCode).toBe(303);
      const stored = (await t.admin('GET', '/admin/v1/reports?limit=100')).json().data as {
        reporterId: string;
        reason: string;
        details: string;
      }[];
      expect(stored.find((r) => r.reporterId === VOTER_3.id)).toMatchObject({ reason: 'broken', details: 'Stopped answering.' });
      // A body far over the limit of a form is refused before it is read.
      const huge = await user.post(`/en/bots/${slug}/report`, { reason: 'spam', details: 'x'.repeat(20_000) });
      expect(huge.statusCode).toBe(413);
    });

    it('allows 5 reports in 24 hours, also when sent at once; the 6th is refused beside the field with Retry-After, until the first is a day old', async () => {
      const user = await signedIn(OWNER_A);
      const bots = [];
      for (let i = 0; i < 7; i++) bots.push(await bot(`Limit ${i}`));
      const page = await user.get(`/en/bots/${bots[0]!.slug}/report`);
      const answers = await Promise.all(
        bots.slice(0, 6).map((b) => user.post(`/en/bots/${b.slug}/report`, { reason: 'spam', details: 'Spam.' }, page.body)),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
      const limited = answers.find((a) => a.statusCode === 429)!;
      expect(limited.body).toContain('You have sent 5 reports in the last 24 hours.');
      expect(Number(limited.headers['retry-after'])).toBe(24 * 3600);
      clock.advance(24 * 3600 * 1000 - 1000);
      expect((await report(user, bots[6]!.slug, { reason: 'spam', details: 'Spam.' })).statusCode).toBe(429);
      clock.advance(1001);
      expect((await report(user, bots[6]!.slug, { reason: 'spam', details: 'Spam.' })).statusCode).toBe(303);
    });

    it('the operator pages through the open reports by keyset and resolves them; the reporter is told on their reports page, once as new', async () => {
      const reporter = await signedIn(VOTER);
      const made: { id: string; slug: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const b = await bot(`Queue ${i}`);
        clock.advance(1000);
        expect((await report(reporter, b.slug, { reason: 'impersonation', details: `Copy of another bot (${i}).` })).statusCode).toBe(303);
        made.push(b);
      }
      const all = (await t.admin('GET', '/admin/v1/reports?limit=100')).json().data as { id: string; botId: string; createdAt: string }[];
      const ours = all.filter((r) => made.some((b) => b.id === r.botId));
      expect(ours.map((r) => r.botId)).toEqual(made.map((b) => b.id));
      const times = all.map((r) => r.createdAt);
      expect([...times].sort()).toEqual(times);
      // Page by page, two at a time: every open report once, oldest first.
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page: { data: { id: string }[]; next: string | null } = (
          await t.admin('GET', `/admin/v1/reports?limit=2${after ? `&after=${after}` : ''}`)
        ).json();
        seen.push(...page.data.map((r) => r.id));
        after = page.next;
      } while (after);
      expect(seen).toEqual(all.map((r) => r.id));

      const target = ours[1]!;
      for (const body of [
        {},
        { resolution: 'actioned' },
        { resolution: 'actioned', answer: ' ' },
        { resolution: 'maybe', answer: 'x' },
        { resolution: 'actioned', answer: 'x'.repeat(2001) },
        { resolution: 'actioned', answer: 'x', more: 1 },
      ]) {
        expect((await t.admin('POST', `/admin/v1/reports/${target.id}/resolve`, body)).statusCode, JSON.stringify(body)).toBe(422);
      }
      const resolved = await t.admin('POST', `/admin/v1/reports/${target.id}/resolve`, {
        resolution: 'actioned',
        answer: 'We removed the copy. Danke!',
      });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json().data).toMatchObject({
        status: 'resolved',
        resolution: 'actioned',
        answer: 'We removed the copy. Danke!',
        resolvedBy: null,
      });
      expect((await t.admin('POST', `/admin/v1/reports/${target.id}/resolve`, { resolution: 'dismissed', answer: 'x' })).statusCode).toBe(
        409,
      );
      expect(
        (await t.admin('POST', '/admin/v1/reports/00000000-0000-4000-8000-000000000000/resolve', { resolution: 'dismissed', answer: 'x' }))
          .statusCode,
      ).toBe(404);
      expect((await t.admin('POST', '/admin/v1/reports/not-a-uuid/resolve', { resolution: 'dismissed', answer: 'x' })).statusCode).toBe(
        422,
      );
      expect((await t.admin('GET', '/admin/v1/reports?after=bm9uc2Vuc2U')).statusCode).toBe(422);
      expect((await t.admin('GET', '/admin/v1/reports?status=closed')).statusCode).toBe(422);
      const open = (await t.admin('GET', '/admin/v1/reports?limit=100')).json().data as { id: string }[];
      expect(open.map((r) => r.id)).not.toContain(target.id);
      const done = (await t.admin('GET', '/admin/v1/reports?status=resolved&limit=1')).json();
      expect(done.data[0].id).toBe(target.id);

      // The dashboard says there is an answer, and leads to it.
      const dashboard = await reporter.get('/dashboard?lang=en');
      expect(dashboard.body).toContain('<a href="/dashboard/reports?lang=en">Your reports</a>');
      expect(dashboard.body).toContain('<strong class="badge">1 new answer</strong>');
      const mine = await reporter.get('/dashboard/reports?lang=en');
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain('We removed the copy. Danke!');
      expect(mine.body).toContain('<strong class="badge">New</strong>');
      const again = await reporter.get('/dashboard/reports?lang=de');
      expect(again.body).toContain('We removed the copy. Danke!');
      expect(again.body).not.toContain('class="badge"');
      expect((await reporter.get('/dashboard?lang=en')).body).not.toContain('new answer');
      // The bot's report page shows the answer too, and the form again (the report is closed).
      const form = await reporter.get(`/en/bots/${made[1]!.slug}/report`);
      expect(form.body).toContain('We removed the copy. Danke!');
      expect(form.body).toContain('name="details"');
      expect((await new Browser(t).get('/dashboard/reports')).statusCode).toBe(303);
    });

    it('refuses a banned user beside the field', async () => {
      const { slug } = await bot();
      const user = await signedIn(VOTER);
      await t.admin('POST', '/admin/v1/bans', { kind: 'user', subjectId: VOTER.id, reason: 'Report spam.' });
      const answer = await report(user, slug, { reason: 'spam', details: 'More.' });
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toContain('Your account is banned from this directory');
      const ban = (await t.admin('GET', '/admin/v1/bans?limit=100'))
        .json()
        .data.find((b: { subjectId: string }) => b.subjectId === VOTER.id);
      await t.admin('POST', `/admin/v1/bans/${ban.id}/lift`);
    });
  });
}
