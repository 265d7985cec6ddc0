/**
 * Reviews on the bot page (issue 32): a signed-in user writes, changes and deletes their review
 * through forms (POST → 303 → GET, CSRF), refusals beside the fields, held reviews explained to
 * their author, helpful marks change the order, reports go to the operator's queue, and the
 * hour's limits answer with the 429 page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoProvider, type DemoProvider } from '../../../scripts/demo-provider.js';
import { putBot } from '../../fixtures.js';
import { backends, ManualClock, testApp, type TestApp } from '../../helpers.js';
import { Browser, OWNER_A, PERSONAS, VOTER, VOTER_2, VOTER_3 } from './session-client.js';

const GOOD = 'Does what it says,\nevery day.';

for (const backend of backends()) {
  describe(`reviews on the bot page (${backend})`, () => {
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
    // Each test starts with the hour's limits of every user and address spent on nothing.
    beforeEach(() => clock.advance(2 * 3_600_000));

    async function bot(overrides: Record<string, unknown> = {}) {
      const { id, body } = await putBot(t, { owners: [OWNER_A.id], ...overrides });
      return { id, slug: (body.slugs as { en: string }).en };
    }
    async function signedIn(persona: { id: string }, ip?: string) {
      const browser = new Browser(t, ip);
      await browser.signIn(persona.id);
      return browser;
    }
    async function write(browser: Browser, slug: string, form: Record<string, string>, lang = 'en') {
      const page = await browser.get(`/${lang}/bots/${slug}`);
      return browser.post(`/${lang}/bots/${slug}/review`, { mode: 'create', ...form }, page.body);
    }

    it('a visitor is offered sign-in; a voter writes a review, sees it published and in the API; the form is now for changing it', async () => {
      const { id, slug } = await bot();
      const visitor = new Browser(t);
      const page = await visitor.get(`/en/bots/${slug}`);
      expect(page.body).toContain('Sign in to write a review');
      expect((await visitor.post(`/en/bots/${slug}/review`, { rating: '5', body: GOOD })).statusCode).toBe(401);
      const voter = await signedIn(VOTER);
      const sent = await write(voter, slug, { rating: '5', body: `${GOOD} <script>alert(1)</script> https://x.example` });
      expect(sent.statusCode).toBe(303);
      // The link holds the review for an operator: the author is told, the public sees nothing.
      expect(sent.headers.location).toBe(`/en/bots/${slug}?review=held#your-review`);
      const held = await voter.get(String(sent.headers.location));
      expect(held.body).toContain('Your review is waiting for review by a moderator');
      expect(held.body).toContain('Held because: it contains a link.');
      expect(held.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(held.body).not.toContain('<script>alert(1)');
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data).toEqual([]);
      const german = await voter.get(`/de/bots/${slug}`);
      expect(german.body).toContain('Deine Bewertung wartet auf die Prüfung durch die Moderation');
      expect(german.body).toContain('Änderungen speichern');
      // Changed without the link: published at once.
      const changed = await voter.post(`/en/bots/${slug}/review`, { mode: 'edit', rating: '4', body: GOOD }, held.body);
      expect(changed.headers.location).toBe(`/en/bots/${slug}?review=published#your-review`);
      const shown = await voter.get(String(changed.headers.location));
      expect(shown.body).toContain('Your review is published.');
      expect(shown.body).toContain('<p class="review-text" dir="auto">Does what it says,\nevery day.</p>');
      expect(shown.body).toContain('Save changes');
      const api = (await t.get(`/api/v1/bots/${id}/reviews`)).json().data;
      expect(api).toMatchObject([{ user: VOTER.id, username: VOTER.name, rating: 4, body: GOOD }]);
    });

    it('refuses bad input beside the field with 422 and a second review beside the form with 409, keeping what was stored', async () => {
      const { id, slug } = await bot();
      const voter = await signedIn(VOTER_2);
      for (const [form, field] of [
        [{ rating: '0', body: GOOD }, 'review-rating'],
        [{ rating: '6', body: GOOD }, 'review-rating'],
        [{ rating: '3.5', body: GOOD }, 'review-rating'],
        [{ rating: 'five', body: GOOD }, 'review-rating'],
        [{ body: GOOD }, 'review-rating'],
        [{ rating: '3', body: '' }, 'review-body'],
        [{ rating: '3', body: 'short' }, 'review-body'],
        [{ rating: '3', body: 'x'.repeat(2001) }, 'review-body'],
        [{ rating: '3', body: 'x'.repeat(5000) }, 'review-body'],
        [{ rating: '3', body: '\u200b\u202e'.repeat(30) }, 'review-body'],
      ] as const) {
        const response = await write(voter, slug, form);
        expect(response.statusCode, JSON.stringify(form)).toBe(422);
        expect(response.body).toContain(`id="${field}-error"`);
        expect(response.body).toContain(`aria-describedby="${field}`);
      }
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data).toEqual([]);
      expect((await write(voter, slug, { rating: '3', body: GOOD })).statusCode).toBe(303);
      const again = await write(voter, slug, { rating: '1', body: 'Something else entirely.' });
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('You have reviewed this bot already');
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data).toMatchObject([{ rating: 3, body: GOOD }]);
      // A forged token is refused; the owner cannot review their own bot.
      expect((await voter.post(`/en/bots/${slug}/review`, { rating: '5', body: GOOD, _csrf: 'forged' })).statusCode).toBe(403);
      const owner = await signedIn(OWNER_A, '192.0.2.10');
      const own = await write(owner, slug, { rating: '5', body: GOOD });
      expect(own.statusCode).toBe(403);
      expect(own.body).toContain('You are on the team of this bot');
    });

    it('another user marks a review helpful and the order changes; the author sees theirs pinned first; reports reach the queue', async () => {
      const { id, slug } = await bot();
      const first = await signedIn(VOTER_3);
      await write(first, slug, { rating: '5', body: 'First review, written early.' });
      clock.advance(60_000);
      const second = await signedIn(VOTER);
      await write(second, slug, { rating: '2', body: 'Second review, written later.' });
      const order = async () => (await t.get(`/api/v1/bots/${id}/reviews`)).json().data.map((r: { username: string }) => r.username);
      expect(await order()).toEqual([VOTER.name, VOTER_3.name]);
      const reader = await signedIn(VOTER_2);
      const page = await reader.get(`/en/bots/${slug}`);
      const firstId = (await t.get(`/api/v1/bots/${id}/reviews`)).json().data[1].id as string;
      expect(page.body).toContain(`action="/en/bots/${slug}/reviews/${firstId}/helpful"`);
      const marked = await reader.post(
        `/en/bots/${slug}/reviews/${firstId}/helpful`,
        { on: '1', reviews: 'newest', rpage: '1' },
        page.body,
      );
      expect(marked.statusCode).toBe(303);
      expect(marked.headers.location).toBe(`/en/bots/${slug}?review=marked&reviews=newest#review-${firstId}`);
      expect(await order()).toEqual([VOTER_3.name, VOTER.name]);
      const after = await reader.get(`/en/bots/${slug}`);
      expect(after.body).toContain('1 person found this helpful');
      expect(after.body).toContain('aria-pressed="true"');
      // The author of the second review sees it first even though it is less helpful, with no button of their own.
      const authorPage = (await second.get(`/en/bots/${slug}`)).body;
      expect(authorPage.indexOf('Second review')).toBeLessThan(authorPage.indexOf('First review'));
      expect(authorPage).not.toContain(`/reviews/${(await t.get(`/api/v1/bots/${id}/reviews`)).json().data[1].id}/helpful`);
      // A mark on one's own review is refused even when posted by hand.
      const ownId = (await t.get(`/api/v1/bots/${id}/reviews`)).json().data[1].id as string;
      expect((await second.post(`/en/bots/${slug}/reviews/${ownId}/helpful`, { on: '1' }, authorPage)).statusCode).toBe(403);
      expect((await reader.post(`/en/bots/${slug}/reviews/not-a-uuid/helpful`, { on: '1' }, after.body)).statusCode).toBe(404);
      // Report the first review.
      const form = await reader.get(`/de/bots/${slug}/reviews/${firstId}/report`);
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('Eine Bewertung melden');
      expect(
        (await reader.post(`/de/bots/${slug}/reviews/${firstId}/report`, { reason: 'nonsense', details: 'x' }, form.body)).statusCode,
      ).toBe(422);
      const sent = await reader.post(`/de/bots/${slug}/reviews/${firstId}/report`, { reason: 'spam', details: 'Werbung.' }, form.body);
      expect(sent.statusCode).toBe(303);
      const twice = await reader.post(`/de/bots/${slug}/reviews/${firstId}/report`, { reason: 'spam', details: 'Nochmal.' }, form.body);
      expect(twice.statusCode).toBe(409);
      expect(twice.body).toContain('Du hast diese Bewertung schon gemeldet');
      const queue = (await t.admin('GET', '/admin/v1/review-reports?limit=100')).json().data;
      expect(queue.some((r: { review: { id: string } }) => r.review.id === firstId)).toBe(true);
      // The author deletes theirs.
      const deleted = await second.post(`/en/bots/${slug}/review/delete`, {}, authorPage);
      expect(deleted.headers.location).toBe(`/en/bots/${slug}?review=deleted#reviews`);
      expect(await order()).toEqual([VOTER_3.name]);
    });

    it('answers the 429 page after 5 reviews in an hour from one address, in the page language', async () => {
      const ip = '2001:db8:77::1';
      const voter = await signedIn(VOTER_2, ip);
      const bots = await Promise.all([1, 2, 3, 4, 5, 6].map(() => bot()));
      for (const { slug } of bots.slice(0, 5)) expect((await write(voter, slug, { rating: '4', body: GOOD })).statusCode).toBe(303);
      const sixth = await write(voter, bots[5]!.slug, { rating: '4', body: GOOD }, 'de');
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect(sixth.body).toContain('<h1>');
      // The same /64 is the same address for the limit.
      const neighbour = await signedIn(VOTER_3, '2001:db8:77::2');
      expect((await write(neighbour, bots[5]!.slug, { rating: '4', body: GOOD })).statusCode).toBe(429);
    });
  });
}
