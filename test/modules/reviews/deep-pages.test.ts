import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR_STRIDE } from '../../../src/modules/reviews/anchors.js';
import { putBot } from '../../fixtures.js';
import { backends, ManualClock, testApp, type TestApp } from '../../helpers.js';

/** More than a few strides, so deep pages are served from anchors. */
const REVIEWS = 3 * ANCHOR_STRIDE + 137;

async function referenceIds(t: TestApp, botId: string, offset: number, limit: number): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id FROM reviews WHERE bot_id = $1 AND published
      ORDER BY helpful_count DESC, created_at DESC, id LIMIT $2 OFFSET $3`,
    [botId, limit, offset],
  );
  return rows.map((row) => row.id);
}

describe.each(backends())('review pages deep into a bot with many reviews on %s', (backend) => {
  let t: TestApp;
  let botId: string;

  beforeAll(async () => {
    t = await testApp(backend);
    botId = (await putBot(t)).id;
    // Few helpful counts and few distinct times (some differing only in microseconds): long runs
    // of ties, so anchors fall inside groups of equal sort keys.
    await t.db.query(
      `INSERT INTO reviews (id, bot_id, user_id, username, rating, body, helpful_count, published, status, created_at, updated_at)
       SELECT gen_random_uuid(), $1, (100000000000000000 + g)::text, 'user' || g, 1 + g % 5, 'text ' || g, g % 4,
              g % 13 <> 0, CASE WHEN g % 13 <> 0 THEN 'published' ELSE 'hidden' END,
              timestamptz '2026-01-01 00:00:00+00' + (g % 7) * interval '1 hour' + (g % 3) * interval '1 microsecond',
              now()
         FROM generate_series(1, $2) AS g`,
      [botId, REVIEWS],
    );
    await t.db.query(
      `UPDATE bots SET rating_sum = (SELECT sum(rating) FROM reviews WHERE bot_id = $1 AND published),
                       rating_count = (SELECT count(*) FROM reviews WHERE bot_id = $1 AND published) WHERE id = $1`,
      [botId],
    );
    t.app.changes.emit({ kind: 'bot', botId, aspect: 'reviews' });
  });
  afterAll(() => t.close());

  it('answers every page in the public order, whatever the page and limit', async () => {
    const published = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews WHERE bot_id = $1 AND published', [botId]))
      .rows[0]!.n;
    for (const limit of [1, 7, 25, 100]) {
      const pages = Math.ceil(published / limit);
      // The first pages, pages around every anchor, and the last ones.
      const around = [1, 2, pages - 1, pages, pages + 1];
      for (let k = 1; k * ANCHOR_STRIDE < published; k++) {
        const page = Math.floor((k * ANCHOR_STRIDE) / limit) + 1;
        around.push(page - 1, page, page + 1);
      }
      for (const page of new Set(around.filter((p) => p >= 1))) {
        const response = await t.get(`/api/v1/bots/${botId}/reviews?page=${page}&limit=${limit}`);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.pagination).toEqual({ page, limit, total: published, pages });
        expect(
          body.data.map((r: { id: string }) => r.id),
          `page ${page} × ${limit}`,
        ).toEqual(await referenceIds(t, botId, (page - 1) * limit, limit));
      }
    }
  });

  it('follows a change of the reviews on the next request, deep pages included', async () => {
    const last = (await t.get(`/api/v1/bots/${botId}/reviews`)).json().pagination.pages as number;
    const before = (await t.get(`/api/v1/bots/${botId}/reviews?page=${last - 3}`)).json();
    const [top] = (
      await t.db.query<{ id: string }>(
        `SELECT id FROM reviews WHERE bot_id = $1 AND published ORDER BY helpful_count, created_at, id DESC LIMIT 1`,
        [botId],
      )
    ).rows;
    // The least helpful review becomes the most helpful: every page shifts by one.
    expect((await t.admin('PATCH', `/admin/v1/reviews/${top!.id}`, { helpfulCount: 1000 })).statusCode).toBe(200);
    const after = (await t.get(`/api/v1/bots/${botId}/reviews?page=${last - 3}`)).json();
    expect(after.data.map((r: { id: string }) => r.id)).toEqual(await referenceIds(t, botId, (last - 4) * 25, 25));
    expect(after.data).toHaveLength(25);
    expect(after.data).not.toEqual(before.data);
    expect((await t.get(`/api/v1/bots/${botId}/reviews?limit=1`)).json().data[0].id).toBe(top!.id);
  });

  it('answers every page newest first too (the bot page’s other order), from anchors of that order', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM reviews WHERE bot_id = $1 AND published ORDER BY created_at DESC, id DESC`,
      [botId],
    );
    const newest = rows.map((row) => row.id);
    for (const limit of [7, 100]) {
      const pages = Math.ceil(newest.length / limit);
      const around = [1, pages - 1, pages, pages + 1];
      for (let k = 1; k * ANCHOR_STRIDE < newest.length; k++) around.push(Math.floor((k * ANCHOR_STRIDE) / limit) + 1);
      for (const page of new Set(around)) {
        const found = await t.app.services.reviews.page(botId, { page, limit }, 'newest');
        expect(found.pagination).toEqual({ page, limit, total: newest.length, pages });
        expect(
          found.data.map((review) => review.id),
          `page ${page} × ${limit}`,
        ).toEqual(newest.slice((page - 1) * limit, page * limit));
      }
    }
  });
});

describe.each(backends())('deep review pages while the reviews change, on %s', (backend) => {
  const clock = new ManualClock(new Date('2026-03-02T10:00:00.000Z'));
  let t: TestApp;
  let botId: string;
  /** Reviews of the bot, `count` of them from number `from` on, each `helpful` times marked helpful. */
  const addReviews = (from: number, count: number, helpful: number) =>
    t.db.query(
      `INSERT INTO reviews (id, bot_id, user_id, username, rating, body, helpful_count, published, status, created_at, updated_at)
       SELECT gen_random_uuid(), $1, (100000000000000000 + g)::text, 'user' || g, 3, 'text ' || g, $4, true, 'published',
              timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second', now()
         FROM generate_series($2::int, $2::int + $3::int - 1) AS g`,
      [botId, from, count, helpful],
    );
  const ids = async (page: number) =>
    (await t.app.services.reviews.page(botId, { page, limit: 10 }, 'helpful')).data.map((review) => review.id);

  beforeAll(async () => {
    t = await testApp(backend, { env: { LIST_MAX_STALE_MS: '2000' }, clock });
    botId = (await putBot(t)).id;
    await addReviews(1, 2 * ANCHOR_STRIDE + 10, 1);
    t.app.changes.emit({ kind: 'bot', botId, aspect: 'reviews' });
  });
  afterAll(() => t.close());

  it('starts a deep page where it started before a change for LIST_MAX_STALE_MS at most, then where it is now', async () => {
    const deep = ANCHOR_STRIDE / 10 + 1;
    const before = await ids(deep);
    expect(before).toEqual(await referenceIds(t, botId, ANCHOR_STRIDE, 10));
    // Five reviews more helpful than all: in the order, every other review moves five places down.
    await addReviews(9000, 5, 7);
    t.app.changes.emit({ kind: 'bot', botId, aspect: 'reviews' });
    const now = await referenceIds(t, botId, ANCHOR_STRIDE, 10);
    expect(now).not.toEqual(before);
    clock.advance(1999);
    expect(await ids(deep)).toEqual(before);
    clock.advance(1);
    expect(await ids(deep)).toEqual(now);
    // The first pages never use anchors: current at once.
    expect(await ids(1)).toEqual(await referenceIds(t, botId, 0, 10));
  });
});
