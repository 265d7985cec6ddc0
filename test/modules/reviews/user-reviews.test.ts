/**
 * Reviews written by users (issue 32), through the services the pages call and the operator's
 * /admin/v1 routes: one review per user and bot, the text's rules, the moderation rules that hold
 * a review, helpful marks, reports, approve/hide/delete with their audit entries and events, and
 * the bot's rating kept exact by deltas through any sequence of writes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, ManualClock, type TestApp } from '../../helpers.js';
import { AppError } from '../../../src/lib/errors.js';

const OWNER = '123456789012345678';
const CONSOLE = { kind: 'operator', id: '190000000000000009', via: 'console' } as const;
/** Accounts made in 2015 (their IDs say so): old enough for every rule. */
const user = (n: number) => ({ id: String(180000000000000100n + BigInt(n)), name: `User ${n}` });
const GOOD = 'A helpful bot that does what it says.';

/** A platform ID made at `at`: the snowflake's top bits are milliseconds since 2015-01-01. */
function idMadeAt(at: Date): string {
  return String(((BigInt(at.getTime()) - 1_420_070_400_000n) << 22n) + 1n);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.each(backends())('reviews written by users on %s', (backend) => {
  const clock = new ManualClock(new Date('2026-06-01T10:00:00.000Z'));
  const t = appPerFile(backend, { clock });
  const services = () => t.app.services;

  async function rating(t: TestApp, botId: string) {
    const { rows } = await t.db.query<{ sum: number; count: number; real_sum: number; real_count: number }>(
      `SELECT rating_sum AS sum, rating_count AS count,
              (SELECT COALESCE(sum(rating), 0)::int FROM reviews WHERE bot_id = $1 AND published) AS real_sum,
              (SELECT count(*)::int FROM reviews WHERE bot_id = $1 AND published) AS real_count
         FROM bots WHERE id = $1`,
      [botId],
    );
    return rows[0]!;
  }

  async function events(botId: string): Promise<string[]> {
    const { rows } = await t.db.query<{ action: string }>(
      "SELECT payload->>'action' AS action FROM events WHERE bot_id = $1 AND type = 'review' ORDER BY id",
      [botId],
    );
    return rows.map((row) => row.action);
  }

  it('publishes a review at once, in the API with the exact shape, the rating and a created event', async () => {
    const { id } = await putBot(t);
    const review = await services().userReviews.create(user(1), id, { rating: 4, body: `  ${GOOD}\r\nLine two.  ` });
    expect(review).toMatchObject({ status: 'published', published: true, body: `${GOOD}\nLine two.`, heldFor: [] });
    const list = (await t.get(`/api/v1/bots/${id}/reviews`)).json();
    expect(Object.keys(list.data[0])).toEqual([
      'id',
      'rating',
      'body',
      'user',
      'username',
      'helpfulCount',
      'developerReply',
      'createdAt',
      'updatedAt',
    ]);
    expect((await t.get(`/api/v1/bots/${id}`)).json().data.rating).toEqual({ average: 4, count: 1 });
    expect(await events(id)).toEqual(['created']);
  });

  it('refuses a second review, the bot team, a banned user and an unpublished or unknown bot, storing nothing', async () => {
    const { id } = await putBot(t);
    await services().userReviews.create(user(2), id, { rating: 5, body: GOOD });
    const again = await refusal(services().userReviews.create(user(2), id, { rating: 1, body: 'Changed my mind, it is bad.' }));
    expect([again.statusCode, again.reason?.kind]).toEqual([409, 'review_exists']);
    const team = await refusal(services().userReviews.create({ id: OWNER, name: 'Owner' }, id, { rating: 5, body: GOOD }));
    expect([team.statusCode, team.reason?.kind]).toEqual([403, 'review_own_bot']);
    expect((await t.admin('POST', '/admin/v1/bans', { kind: 'user', subjectId: user(3).id, reason: 'spam' })).statusCode).toBe(201);
    expect((await refusal(services().userReviews.create(user(3), id, { rating: 5, body: GOOD }))).statusCode).toBe(403);
    const hidden = await putBot(t, { published: false });
    expect((await refusal(services().userReviews.create(user(4), hidden.id, { rating: 5, body: GOOD }))).statusCode).toBe(404);
    expect((await refusal(services().userReviews.create(user(4), '999999999999999999', { rating: 5, body: GOOD }))).statusCode).toBe(404);
    expect((await refusal(services().userReviews.create(user(4), 'not-a-bot', { rating: 5, body: GOOD }))).statusCode).toBe(404);
    const stored = await services().userReviews.own(id, user(2).id);
    expect(stored).toMatchObject({ rating: 5, body: GOOD });
    expect(await rating(t, id)).toMatchObject({ sum: 5, count: 1 });
  });

  it('refuses empty, short, oversized and unstorable texts beside the body; cleans hidden and direction characters', async () => {
    const { id } = await putBot(t);
    for (const body of ['', '          ', 'too short', 'x'.repeat(2001), `${GOOD}\ud800`, '\u200b'.repeat(20) + 'abc']) {
      const error = await refusal(services().userReviews.create(user(5), id, { rating: 3, body }));
      expect(error.statusCode, JSON.stringify(body)).toBe(422);
      expect(error.details?.[0]?.field).toBe('body');
    }
    expect(await services().userReviews.own(id, user(5).id)).toBeUndefined();
    // Exactly 2,000 characters, each a 4-byte emoji, fit; RTL overrides and zero-width spaces are dropped.
    const emoji = await services().userReviews.create(user(5), id, { rating: 3, body: '😀'.repeat(2000) });
    expect([...emoji.body].length).toBe(2000);
    const hostile = await services().userReviews.create(user(6), id, {
      rating: 2,
      body: 'Good\u202e bot \u2066isolated\u2069 zero\u200bwidth \u200dfamily 👨‍👩‍👧 <b>bold</b>',
    });
    expect(hostile.body).toBe('Good bot isolated zerowidth \u200dfamily 👨‍👩‍👧 <b>bold</b>');
  });

  it('holds a review with a link, a listed word or from a new account; the API and rating leave it out until approved', async () => {
    const { id } = await putBot(t);
    const link = await services().userReviews.create(user(7), id, { rating: 1, body: 'Better: see https://other.example now' });
    const word = await services().userReviews.create(user(8), id, { rating: 1, body: 'Der Entwickler ist ein Arschloch.' });
    const young = { id: idMadeAt(new Date(clock.now().getTime() - 2 * 86_400_000)), name: 'New' };
    const fresh = await services().userReviews.create(young, id, { rating: 2, body: 'I joined yesterday and like it.' });
    expect([link.heldFor, word.heldFor, fresh.heldFor]).toEqual([['link'], ['word'], ['new_account']]);
    expect([link.status, link.published]).toEqual(['held', false]);
    expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data).toEqual([]);
    expect(await rating(t, id)).toMatchObject({ sum: 0, count: 0 });
    expect(await events(id)).toEqual([]);

    const queue = (await t.admin('GET', '/admin/v1/held-reviews?limit=100')).json();
    expect(queue.data.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([link.id, word.id, fresh.id]));
    const approved = await t.admin('POST', `/admin/v1/reviews/${link.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'published', heldFor: [] });
    expect(await rating(t, id)).toMatchObject({ sum: 1, count: 1 });
    expect(await events(id)).toEqual(['created']);
    expect((await t.admin('POST', `/admin/v1/reviews/${link.id}/approve`)).statusCode).toBe(409);

    // Events of one instant have no order among them (ids by time): each step a moment later.
    clock.advance(1000);
    const hide = await t.admin('POST', `/admin/v1/reviews/${link.id}/hide`, { reason: 'Advertises another bot.' });
    expect(hide.json().data).toMatchObject({ status: 'hidden', hideReason: 'Advertises another bot.' });
    expect(await rating(t, id)).toMatchObject({ sum: 0, count: 0 });
    expect(await events(id)).toEqual(['created', 'hidden']);
    // The author's edit of a hidden review waits for an operator again.
    const edited = await services().userReviews.edit(user(7), id, { rating: 2, body: 'Fair enough, it is fine after all.' });
    expect([edited.status, edited.heldFor, edited.hideReason]).toEqual(['held', [], null]);

    expect((await t.admin('DELETE', `/admin/v1/reviews/${word.id}`)).statusCode).toBe(204);
    expect((await t.admin('DELETE', `/admin/v1/reviews/${word.id}`)).statusCode).toBe(404);
    const { rows } = await t.db.query<{ action: string; note: string | null }>(
      "SELECT action, note FROM audit_log WHERE bot_id = $1 AND action LIKE 'review.%' ORDER BY id",
      [id],
    );
    expect(rows).toEqual([
      { action: 'review.approve', note: null },
      { action: 'review.hide', note: 'Advertises another bot.' },
      { action: 'review.delete', note: null },
    ]);
  });

  it('edits update the review (updatedAt, an updated event) and deletes take it and its rating out', async () => {
    const { id } = await putBot(t);
    const made = await services().userReviews.create(user(9), id, { rating: 2, body: GOOD });
    clock.advance(60_000);
    const same = await services().userReviews.edit(user(9), id, { rating: 2, body: `${GOOD}  ` });
    expect(same.updatedAt).toBe(made.updatedAt);
    const edited = await services().userReviews.edit(user(9), id, { rating: 5, body: `${GOOD} Even better now.` });
    expect(edited.updatedAt).not.toBe(made.updatedAt);
    expect(await rating(t, id)).toMatchObject({ sum: 5, count: 1 });
    clock.advance(1000);
    await services().userReviews.remove(user(9), id);
    expect(await rating(t, id)).toMatchObject({ sum: 0, count: 0 });
    expect(await events(id)).toEqual(['created', 'updated', 'deleted']);
    expect((await refusal(services().userReviews.remove(user(9), id))).statusCode).toBe(404);
    expect((await refusal(services().userReviews.edit(user(9), id, { rating: 1, body: GOOD }))).statusCode).toBe(404);
  });

  it('helpful marks: one per user, taken back, never on one’s own, unknown or hidden review; the order follows', async () => {
    const { id } = await putBot(t);
    const first = await services().userReviews.create(user(10), id, { rating: 4, body: GOOD });
    clock.advance(1000);
    const second = await services().userReviews.create(user(11), id, { rating: 3, body: `${GOOD} Newer.` });
    const order = async () => (await t.get(`/api/v1/bots/${id}/reviews`)).json().data.map((r: { id: string }) => r.id);
    expect(await order()).toEqual([second.id, first.id]);
    expect((await services().userReviews.helpful(user(12).id, first.id, true)).helpfulCount).toBe(1);
    expect((await services().userReviews.helpful(user(12).id, first.id, true)).helpfulCount).toBe(1);
    expect(await order()).toEqual([first.id, second.id]);
    expect([...(await services().userReviews.markedBy(user(12).id, [first.id, second.id]))]).toEqual([first.id]);
    expect((await services().userReviews.helpful(user(12).id, first.id, false)).helpfulCount).toBe(0);
    expect((await services().userReviews.helpful(user(12).id, first.id, false)).helpfulCount).toBe(0);
    const own = await refusal(services().userReviews.helpful(user(10).id, first.id, true));
    expect([own.statusCode, own.reason?.kind]).toEqual([403, 'review_own_helpful']);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nonsense', "1' OR '1'='1"]) {
      expect((await refusal(services().userReviews.helpful(user(12).id, unknown, true))).statusCode).toBe(404);
    }
    await services().reviewModeration.hide(second.id, 'Off topic.', CONSOLE);
    expect((await refusal(services().userReviews.helpful(user(12).id, second.id, true))).statusCode).toBe(404);
  });

  it('reports: one open per user and review, queued for the operator, resolved by the decision', async () => {
    const { id } = await putBot(t);
    const review = await services().userReviews.create(user(13), id, { rating: 1, body: 'This is spam spam spam spam.' });
    await services().userReviews.report(user(14), review.id, { reason: 'spam', details: 'Says nothing about the bot.' });
    const twice = await refusal(services().userReviews.report(user(14), review.id, { reason: 'spam', details: 'Again.' }));
    expect([twice.statusCode, twice.reason?.kind]).toEqual([409, 'review_report_open']);
    const queue = (await t.admin('GET', '/admin/v1/review-reports?limit=100')).json();
    const entry = queue.data.find((r: { review: { id: string } }) => r.review.id === review.id);
    expect(entry).toMatchObject({ reason: 'spam', reporterId: user(14).id, details: 'Says nothing about the bot.' });
    expect((await t.admin('POST', `/admin/v1/reviews/${review.id}/approve`)).statusCode).toBe(200);
    const after = (await t.admin('GET', '/admin/v1/review-reports?limit=100')).json();
    expect(after.data.some((r: { review: { id: string } }) => r.review.id === review.id)).toBe(false);
    // The report is resolved: the same user may report it again.
    await services().userReviews.report(user(14), review.id, { reason: 'offensive', details: 'Still bad.' });
  });

  it("the owner's reply: on a published review of the bot only, in the API, an event and an audit entry; the unanswered list", async () => {
    const { id } = await putBot(t);
    const review = await services().userReviews.create(user(15), id, { rating: 4, body: GOOD });
    const owner = { kind: 'user', id: OWNER, via: 'dashboard' } as const;
    clock.advance(1000);
    expect((await services().reviewReplies.list(id, { unanswered: true, limit: 10 })).data.map((r) => r.id)).toEqual([review.id]);
    await services().reviewReplies.reply(id, review.id, '  Thank you!  ', owner);
    expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data[0].developerReply).toMatchObject({ body: 'Thank you!' });
    expect((await services().reviewReplies.list(id, { unanswered: true, limit: 10 })).data).toEqual([]);
    expect((await services().reviewReplies.list(id, { unanswered: false, limit: 10 })).data).toHaveLength(1);
    const { id: other } = await putBot(t);
    expect((await refusal(services().reviewReplies.reply(other, review.id, 'Not mine', owner))).statusCode).toBe(404);
    expect((await refusal(services().reviewReplies.reply(id, review.id, '   ', owner))).statusCode).toBe(422);
    clock.advance(1000);
    await services().reviewReplies.reply(id, review.id, null, owner);
    expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data[0].developerReply).toBeNull();
    expect(await events(id)).toEqual(['created', 'replied', 'replied']);
  });

  it("keeps the bot's rating equal to a recomputation through any sequence of writes", async () => {
    const { id } = await putBot(t);
    const authors = [0, 1, 2, 3].map((n) => user(100 + n));
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), who: fc.nat(3), stars: fc.integer({ min: 1, max: 5 }), link: fc.boolean() }),
      fc.record({ kind: fc.constant('edit' as const), who: fc.nat(3), stars: fc.integer({ min: 1, max: 5 }), link: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), who: fc.nat(3) }),
      fc.record({ kind: fc.constant('hide' as const), who: fc.nat(3) }),
      fc.record({ kind: fc.constant('approve' as const), who: fc.nat(3) }),
      fc.record({ kind: fc.constant('admin_unpublish' as const), who: fc.nat(3) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          const author = authors[o.who]!;
          const body = `Stars and words number ${Math.random()}${'link' in o && o.link ? ' www.example.com' : ''}`;
          const existing = await services().userReviews.own(id, author.id);
          const step =
            o.kind === 'create'
              ? services().userReviews.create(author, id, { rating: o.stars, body })
              : o.kind === 'edit'
                ? services().userReviews.edit(author, id, { rating: o.stars, body })
                : o.kind === 'delete'
                  ? services().userReviews.remove(author, id)
                  : !existing
                    ? Promise.resolve()
                    : o.kind === 'hide'
                      ? services().reviewModeration.hide(existing.id, 'Because.', CONSOLE)
                      : o.kind === 'approve'
                        ? services().reviewModeration.approve(existing.id, CONSOLE)
                        : services().reviews.patch(existing.id, { published: false });
          await step.catch((error: unknown) => {
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          });
          const now = await rating(t, id);
          expect([now.sum, now.count]).toEqual([now.real_sum, now.real_count]);
        }
      }),
      { numRuns: backend === 'pglite' ? 15 : 8 },
    );
  });
});
