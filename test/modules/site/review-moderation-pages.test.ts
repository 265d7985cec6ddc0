/**
 * The other two sides of users' reviews on the pages (issue 32): the bot's owner replies from the
 * dashboard (the "unanswered" filter, edit and delete of the reply, the API carries it), and the
 * operator moderates in the console (held and reported queues; approve, hide with a reason the
 * author then sees, delete).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { putBot } from '../../fixtures.js';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { Browser, OWNER_A, OWNER_B, PERSONAS, VOTER, VOTER_2 } from './session-client.js';

const OPERATOR = { id: '180000000000000009', name: 'Opal <Operator>', label: 'An operator' };

for (const backend of backends()) {
  describe(`review replies and moderation on the pages (${backend})`, () => {
    let provider: DemoProvider;
    let t: TestApp;
    beforeAll(async () => {
      provider = await startDemoProvider({ personas: [...PERSONAS, OPERATOR] });
      t = await testApp(backend, { env: { ...provider.env, OPERATOR_USER_IDS: OPERATOR.id } });
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    async function signedIn(persona: { id: string }) {
      const browser = new Browser(t);
      await browser.signIn(persona.id);
      return browser;
    }
    async function write(browser: Browser, slug: string, body: string) {
      const page = await browser.get(`/en/bots/${slug}`);
      return browser.post(`/en/bots/${slug}/review`, { mode: 'create', rating: '4', body }, page.body);
    }

    it('the owner replies from the dashboard; the unanswered list empties; the API carries the reply; others are refused', async () => {
      const { id, body } = await putBot(t, { owners: [OWNER_A.id] });
      const slug = (body.slugs as { en: string }).en;
      expect((await write(await signedIn(VOTER), slug, 'Nice bot, works well.')).statusCode).toBe(303);
      const owner = await signedIn(OWNER_A);
      const overview = await owner.get(`/dashboard/bots/${id}?lang=en`);
      expect(overview.body).toContain(`href="/dashboard/bots/${id}/reviews?lang=en"`);
      const list = await owner.get(`/dashboard/bots/${id}/reviews?lang=en&filter=unanswered`);
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain('Nice bot, works well.');
      const reviewId = (await t.get(`/api/v1/bots/${id}/reviews`)).json().data[0].id as string;
      const empty = await owner.post(`/dashboard/bots/${id}/reviews/${reviewId}/reply?lang=en`, { reply: '   ' }, list.body);
      expect(empty.statusCode).toBe(422);
      expect(empty.body).toContain(`id="reply-${reviewId}-error"`);
      const saved = await owner.post(
        `/dashboard/bots/${id}/reviews/${reviewId}/reply?lang=en&filter=unanswered`,
        { reply: 'Thanks!' },
        list.body,
      );
      expect(saved.statusCode).toBe(303);
      expect((await owner.get(String(saved.headers.location))).body).toContain('No reviews here.');
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data[0].developerReply).toMatchObject({ body: 'Thanks!' });
      const german = await owner.get(`/dashboard/bots/${id}/reviews?lang=de`);
      expect(german.body).toContain('Antwort löschen');
      const removed = await owner.post(`/dashboard/bots/${id}/reviews/${reviewId}/reply/delete?lang=de`, {}, german.body);
      expect(removed.statusCode).toBe(303);
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data[0].developerReply).toBeNull();
      // Another bot's owner may not reply, nor see the list.
      const stranger = await signedIn(OWNER_B);
      expect((await stranger.get(`/dashboard/bots/${id}/reviews?lang=en`)).statusCode).toBe(403);
      const { rows } = await t.db.query<{ action: string; actor_id: string }>(
        "SELECT action, actor_id FROM audit_log WHERE bot_id = $1 AND action = 'review.reply'",
        [id],
      );
      expect(rows).toEqual([
        { action: 'review.reply', actor_id: OWNER_A.id },
        { action: 'review.reply', actor_id: OWNER_A.id },
      ]);
    });

    it('the operator approves a held review and hides a reported one; its author sees the reason', async () => {
      const { id, body } = await putBot(t, { owners: [OWNER_A.id] });
      const slug = (body.slugs as { en: string }).en;
      const author = await signedIn(VOTER_2);
      expect((await write(author, slug, 'See www.example.com for more.')).headers.location).toContain('review=held');
      const operator = await signedIn(OPERATOR);
      expect((await (await signedIn(VOTER)).get('/console/reviews?lang=en')).statusCode).toBe(403);
      const queue = await operator.get('/console/reviews?lang=en');
      expect(queue.statusCode).toBe(200);
      expect(queue.body).toContain('See www.example.com for more.');
      expect(queue.body).toContain('it contains a link');
      const reviewId = (await t.admin('GET', '/admin/v1/held-reviews?limit=100'))
        .json()
        .data.find((r: { botId: string }) => r.botId === id).id;
      const approved = await operator.post(`/console/reviews/${reviewId}/approve?lang=en&queue=held`, {}, queue.body);
      expect(approved.statusCode).toBe(303);
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data.map((r: { id: string }) => r.id)).toEqual([reviewId]);
      // Reported, then hidden with a reason.
      const reader = await signedIn(VOTER);
      const form = await reader.get(`/en/bots/${slug}/reviews/${reviewId}/report`);
      expect(
        (await reader.post(`/en/bots/${slug}/reviews/${reviewId}/report`, { reason: 'spam', details: 'An ad.' }, form.body)).statusCode,
      ).toBe(303);
      const reported = await operator.get('/console/reviews?lang=de&queue=reported');
      expect(reported.body).toContain('Spam oder Werbung');
      const noReason = await operator.post(`/console/reviews/${reviewId}/hide?lang=en&queue=reported`, { note: '' }, reported.body);
      expect(noReason.statusCode).toBe(422);
      const hidden = await operator.post(
        `/console/reviews/${reviewId}/hide?lang=en&queue=reported`,
        { note: 'Advertising <b>only</b>.' },
        reported.body,
      );
      expect(hidden.statusCode).toBe(303);
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data).toEqual([]);
      const seen = await author.get(`/en/bots/${slug}`);
      expect(seen.body).toContain('A moderator hid your review. The reason:');
      expect(seen.body).toContain('Advertising &lt;b&gt;only&lt;/b&gt;.');
      const deleted = await operator.post(`/console/reviews/${reviewId}/delete?lang=en`, {}, reported.body);
      expect(deleted.statusCode).toBe(303);
      expect((await author.get(`/en/bots/${slug}`)).body).toContain('Publish review');
    });
  });
}
