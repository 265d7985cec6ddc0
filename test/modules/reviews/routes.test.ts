import { describe, expect, it } from 'vitest';
import { putBot } from '../../fixtures.js';
import { backends, ManualClock, appPerFile } from '../../helpers.js';

const ISO_MS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REVIEW_FIELDS = ['id', 'rating', 'body', 'user', 'username', 'helpfulCount', 'developerReply', 'createdAt', 'updatedAt'].sort();
const UNKNOWN_REVIEW = '00000000-0000-4000-8000-000000000000';

describe.each(backends())('reviews on %s', (backend) => {
  const clock = new ManualClock(new Date('2026-05-10T08:30:00.000Z'));
  const t = appPerFile(backend, { clock });

  // One review per user and bot: each review is by a user of its own unless the test names one.
  let reviewers = 0;
  function review(botId: string, fields: Record<string, unknown> = {}) {
    return t.admin('POST', `/admin/v1/bots/${botId}/reviews`, {
      user: String(123456789012345678n + BigInt(reviewers++)),
      username: 'reviewer',
      rating: 4,
      body: 'Solid bot.',
      ...fields,
    });
  }

  async function created(botId: string, fields: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const response = await review(botId, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  describe('GET /api/v1/bots/{id}/reviews', () => {
    it('answers every Review field with the spec types, developerReply null until a reply', async () => {
      const { id } = await putBot(t);
      const made = await created(id, { user: '223456789012345678', username: 'lena', rating: 5, body: 'Great!', helpfulCount: 3 });
      expect(made).toMatchObject({ botId: id, published: true });
      const response = await t.get(`/api/v1/bots/${id}/reviews`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['data', 'pagination']);
      expect(body.pagination).toEqual({ page: 1, limit: 25, total: 1, pages: 1 });
      const [item] = body.data;
      expect(Object.keys(item).sort()).toEqual(REVIEW_FIELDS);
      expect(item).toEqual({
        id: made.id,
        rating: 5,
        body: 'Great!',
        user: '223456789012345678',
        username: 'lena',
        helpfulCount: 3,
        developerReply: null,
        createdAt: '2026-05-10T08:30:00.000Z',
        updatedAt: '2026-05-10T08:30:00.000Z',
      });
      expect(item.id).toMatch(UUID);
      expect(item.createdAt).toMatch(ISO_MS_UTC);
    });

    it('orders most helpful first, then newest, and pages without repeats', async () => {
      const { id } = await putBot(t);
      const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
      const specs = [
        { helpfulCount: 2, createdAt: day(1), username: 'a' },
        { helpfulCount: 10, createdAt: day(2), username: 'b' },
        { helpfulCount: 2, createdAt: day(5), username: 'c' },
        { helpfulCount: 0, createdAt: day(9), username: 'd' },
        { helpfulCount: 10, createdAt: day(1), username: 'e' },
        { helpfulCount: 2, createdAt: day(3), username: 'f' },
      ];
      for (const spec of specs) await created(id, spec);
      const all = (await t.get(`/api/v1/bots/${id}/reviews`)).json();
      expect(all.data.map((r: { username: string }) => r.username)).toEqual(['b', 'e', 'c', 'f', 'a', 'd']);
      const paged: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = (await t.get(`/api/v1/bots/${id}/reviews?limit=2&page=${page}`)).json();
        expect(body.pagination).toEqual({ page, limit: 2, total: 6, pages: 3 });
        paged.push(...body.data.map((r: { username: string }) => r.username));
      }
      expect(paged).toEqual(['b', 'e', 'c', 'f', 'a', 'd']);
      const past = (await t.get(`/api/v1/bots/${id}/reviews?limit=2&page=4`)).json();
      expect(past).toEqual({ data: [], pagination: { page: 4, limit: 2, total: 6, pages: 3 } });
    });

    it('hides unpublished reviews and leaves them out of the rating', async () => {
      const { id } = await putBot(t);
      const shown = await created(id, { rating: 5 });
      const hidden = await created(id, { rating: 1, published: false });
      const list = (await t.get(`/api/v1/bots/${id}/reviews`)).json();
      expect(list.data.map((r: { id: string }) => r.id)).toEqual([shown.id]);
      expect(list.pagination.total).toBe(1);
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.rating).toEqual({ average: 5, count: 1 });
      // Unpublishing a shown review takes it out of both at once (through the read cache).
      await t.admin('PATCH', `/admin/v1/reviews/${shown.id}`, { published: false });
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data).toEqual([]);
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.rating).toEqual({ average: 0, count: 0 });
      await t.admin('PATCH', `/admin/v1/reviews/${hidden.id}`, { published: true });
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data.map((r: { id: string }) => r.id)).toEqual([hidden.id]);
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.rating).toEqual({ average: 1, count: 1 });
    });

    it('an empty list for a bot without reviews', async () => {
      const { id } = await putBot(t);
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json()).toEqual({
        data: [],
        pagination: { page: 1, limit: 25, total: 0, pages: 0 },
      });
    });

    it('the reviews of an unpublished bot are not found', async () => {
      const { id } = await putBot(t, { published: false });
      await created(id);
      const response = await t.get(`/api/v1/bots/${id}/reviews`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    });

    it('a page beyond the last, near or deep (past the first 500 reviews), is empty with the total; an unknown or unpublished bot is not found there too', async () => {
      const { id } = await putBot(t);
      await created(id);
      const { id: empty } = await putBot(t);
      const { id: hidden } = await putBot(t, { published: false });
      await created(hidden);
      for (const page of [2, 6, 400]) {
        expect((await t.get(`/api/v1/bots/${id}/reviews?page=${page}&limit=100`)).json(), `page ${page}`).toEqual({
          data: [],
          pagination: { page, limit: 100, total: 1, pages: 1 },
        });
        expect((await t.get(`/api/v1/bots/${empty}/reviews?page=${page}&limit=100`)).json().pagination.total).toBe(0);
        expect((await t.get(`/api/v1/bots/${hidden}/reviews?page=${page}&limit=100`)).statusCode).toBe(404);
        expect((await t.get(`/api/v1/bots/999999999999999991/reviews?page=${page}&limit=100`)).statusCode).toBe(404);
        // An id no bot can have (a NUL would be a database error) is not found, near and deep.
        for (const odd of ['%00', 'x%00y', 'abc'])
          expect((await t.get(`/api/v1/bots/${odd}/reviews?page=${page}&limit=100`)).statusCode).toBe(404);
      }
    });

    it.each([
      ['limit=1', 200],
      ['limit=100', 200],
      ['limit=0', 422],
      ['limit=101', 422],
      ['page=0', 422],
      ['page=abc', 422],
      ['limit=2.5', 422],
    ])('%s → %i', async (query, status) => {
      const { id } = await putBot(t);
      const response = await t.get(`/api/v1/bots/${id}/reviews?${query}`);
      expect(response.statusCode).toBe(status);
      if (status === 422) expect(response.json().error.details).toEqual([{ field: query.split('=')[0], message: expect.any(String) }]);
    });

    it('lists both rejected parameters', async () => {
      const { id } = await putBot(t);
      const response = await t.get(`/api/v1/bots/${id}/reviews?page=-1&limit=1000`);
      expect(
        response
          .json()
          .error.details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual(['limit', 'page']);
    });
  });

  describe('developer reply', () => {
    it('PUT sets {body, repliedAt}, a second PUT replaces it, DELETE removes it', async () => {
      const { id } = await putBot(t);
      const made = await created(id);
      clock.advance(60_000);
      const replied = await t.admin('PUT', `/admin/v1/reviews/${made.id}/reply`, { body: 'Thanks!' });
      expect(replied.statusCode).toBe(200);
      const repliedAt = clock.now().toISOString();
      expect(replied.json().data).toMatchObject({ id: made.id, developerReply: { body: 'Thanks!', repliedAt }, updatedAt: repliedAt });
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data[0].developerReply).toEqual({ body: 'Thanks!', repliedAt });

      clock.advance(60_000);
      const again = await t.admin('PUT', `/admin/v1/reviews/${made.id}/reply`, { body: 'Fixed now.' });
      expect(again.json().data.developerReply).toEqual({ body: 'Fixed now.', repliedAt: clock.now().toISOString() });

      const removed = await t.admin('DELETE', `/admin/v1/reviews/${made.id}/reply`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.developerReply).toBeNull();
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).json().data[0].developerReply).toBeNull();
    });

    it.each([
      [{}, ['body']],
      [{ body: '' }, ['body']],
      [{ body: '   ' }, ['body']],
      [{ body: 'x'.repeat(4001) }, ['body']],
      [{ body: 5 }, ['body']],
      [{ body: 'ok', extra: 1 }, ['extra']],
    ])('rejects the reply %j', async (payload, fields) => {
      const { id } = await putBot(t);
      const made = await created(id);
      const response = await t.admin('PUT', `/admin/v1/reviews/${made.id}/reply`, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.map((d: { field: string }) => d.field)).toEqual(fields);
      expect((await t.admin('PATCH', `/admin/v1/reviews/${made.id}`, { helpfulCount: 0 })).json().data.developerReply).toBeNull();
    });
  });

  describe('management of reviews', () => {
    it('POST stores createdAt when given, and defaults helpfulCount 0 and published true', async () => {
      const { id } = await putBot(t);
      const made = await created(id, { createdAt: '2025-12-24T18:00:00+01:00' });
      expect(made).toMatchObject({
        helpfulCount: 0,
        published: true,
        createdAt: '2025-12-24T17:00:00.000Z',
        updatedAt: '2025-12-24T17:00:00.000Z',
      });
    });

    it('PATCH changes helpfulCount, published and body and stamps updatedAt', async () => {
      const { id } = await putBot(t);
      const made = await created(id);
      clock.advance(5_000);
      const patched = await t.admin('PATCH', `/admin/v1/reviews/${made.id}`, { helpfulCount: 9, body: 'Edited.' });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().data).toMatchObject({
        helpfulCount: 9,
        body: 'Edited.',
        published: true,
        createdAt: made.createdAt,
        updatedAt: clock.now().toISOString(),
      });
    });

    it.each([
      [{ rating: 0 }, ['rating']],
      [{ rating: 6 }, ['rating']],
      [{ rating: 2.5 }, ['rating']],
      [{ rating: '5' }, ['rating']],
      [{ user: 'abc' }, ['user']],
      [{ username: '' }, ['username']],
      [{ username: 'x'.repeat(101) }, ['username']],
      [{ body: '' }, ['body']],
      [{ body: 'x'.repeat(4001) }, ['body']],
      [{ body: 'a\u0000b' }, ['body']],
      [{ helpfulCount: -1 }, ['helpfulCount']],
      [{ published: 'yes' }, ['published']],
      [{ createdAt: '2026-01-01' }, ['createdAt']],
      [{ createdAt: '2026-01-01T00:00:00' }, ['createdAt']],
      [{ createdAt: '2016-12-31T23:59:60Z' }, ['createdAt']],
      [{ createdAt: '0000-01-01T00:00:00Z' }, ['createdAt']],
      [{ id: UNKNOWN_REVIEW }, ['id']],
      [{ rating: 0, user: 'x', body: '' }, ['rating', 'user', 'body']],
    ])('POST rejects %j with 422 and stores nothing', async (fields, rejected) => {
      const { id } = await putBot(t);
      const response = await review(id, fields);
      expect(response.statusCode, response.body).toBe(422);
      expect(
        response
          .json()
          .error.details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual([...rejected].sort());
      const { rows } = await t.db.query('SELECT 1 FROM reviews WHERE bot_id = $1', [id]);
      expect(rows).toHaveLength(0);
    });

    it('POST for an unknown bot is 404, for a malformed bot id 422', async () => {
      const unknown = await review('999999999999999996');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
      const malformed = await review('not-a-bot');
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().error.details.map((d: { field: string }) => d.field)).toEqual(['id']);
    });

    it.each([
      ['PATCH', '', { helpfulCount: 1 }],
      ['PUT', '/reply', { body: 'Thanks' }],
      ['DELETE', '/reply', undefined],
    ] as const)('%s /admin/v1/reviews/{reviewId}%s: unknown review 404, malformed id 422', async (method, suffix, payload) => {
      const unknown = await t.admin(method, `/admin/v1/reviews/${UNKNOWN_REVIEW}${suffix}`, payload);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
      for (const bad of ['xyz', '123', `${UNKNOWN_REVIEW}0`, encodeURIComponent("' OR 1=1 --")]) {
        const response = await t.admin(method, `/admin/v1/reviews/${bad}${suffix}`, payload);
        expect(response.statusCode, bad).toBe(422);
        expect(response.json().error.details.map((d: { field: string }) => d.field)).toEqual(['reviewId']);
      }
    });

    it('PATCH rejects an empty or unknown change', async () => {
      const { id } = await putBot(t);
      const made = await created(id);
      for (const [payload, fields] of [
        [{}, ['body']],
        [{ rating: 1 }, ['rating']],
        [{ helpfulCount: 'many' }, ['helpfulCount']],
        [{ body: '' }, ['body']],
      ] as const) {
        const response = await t.admin('PATCH', `/admin/v1/reviews/${made.id}`, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        expect(response.json().error.details.map((d: { field: string }) => d.field)).toEqual(fields);
      }
    });
  });
});
