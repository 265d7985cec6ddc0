import { describe, expect, it } from 'vitest';
import { sortKey } from '../../../src/modules/bots/repository.js';
import { CONTRACT_BOT_FIELDS, putBot, uniqueToken } from '../../fixtures.js';
import { backends, ManualClock, appPerFile } from '../../helpers.js';

const ISO_MS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const START = new Date('2026-03-15T12:00:00.000Z');

describe.each(backends())('public bots on %s', (backend) => {
  const clock = new ManualClock(START);
  const t = appPerFile(backend, { clock });

  /**
   * Facts written straight into the database (counters the API sets only through votes and
   * reports) reach the service the way every change does: through the change feed.
   */
  async function writeBehind(sql: string, params: unknown[], botIds: string[]): Promise<void> {
    await t.db.query(sql, params);
    for (const botId of botIds) t.app.changes.emit({ kind: 'bot', botId, aspect: 'profile' });
  }

  /** The bot list restricted to one test's bots (their names share the token). */
  async function listed(token: string, query = ''): Promise<{ ids: string[]; body: any }> {
    const response = await t.get(`/api/v1/bots?search=${token}&limit=100${query}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    return { ids: body.data.map((b: { id: string }) => b.id), body };
  }

  describe('GET /api/v1/bots/{id}', () => {
    it('answers every field of Bot with the spec types and nothing else', async () => {
      const { id, body } = await putBot(t, {
        bannerUrl: 'https://cdn.example.org/banner.png',
        isVerified: true,
        categories: ['music', 'fun'],
        tags: ['queue'],
        owners: ['123456789012345678', '223456789012345678'],
      });
      const response = await t.get(`/api/v1/bots/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const { data } = response.json();
      expect(Object.keys(response.json())).toEqual(['data']);
      expect(Object.keys(data).sort()).toEqual(CONTRACT_BOT_FIELDS);
      expect(data).toEqual({
        id,
        name: body.name,
        slugs: body.slugs,
        shortDescription: body.shortDescription,
        prefix: '!',
        pricing: 'free',
        iconUrl: 'https://cdn.example.org/icon.png',
        bannerUrl: 'https://cdn.example.org/banner.png',
        inviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
        supportServerUrl: 'https://discord.gg/example',
        websiteUrl: 'https://example.org',
        categories: ['music', 'fun'],
        tags: ['queue'],
        owners: ['123456789012345678', '223456789012345678'],
        serverCount: 100,
        shardCount: 1,
        votesTotal: 0,
        votesMonth: 0,
        rating: { average: 0, count: 0 },
        isVerified: true,
        publishedAt: clock.now().toISOString(),
      });
      expect(typeof data.id).toBe('string');
      expect(data.publishedAt).toMatch(ISO_MS_UTC);
    });

    it('answers bannerUrl null when the bot has no banner', async () => {
      const { id } = await putBot(t, { bannerUrl: null });
      const { data } = (await t.get(`/api/v1/bots/${id}`)).json();
      expect(data.bannerUrl).toBeNull();
    });

    it('shows the bot exactly as it appears in the list', async () => {
      const token = uniqueToken();
      const { id } = await putBot(t, { name: `${token} Same` });
      const single = (await t.get(`/api/v1/bots/${id}`)).json().data;
      const { body } = await listed(token);
      expect(body.data).toEqual([single]);
    });
  });

  describe('only published bots are visible', () => {
    const paths = ['', '/reviews', '/history'];

    it.each(paths)('unknown id → 404 not_found on /bots/{id}%s', async (suffix) => {
      const response = await t.get(`/api/v1/bots/999999999999999999${suffix}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    });

    it.each(paths)('unpublished bot → 404 not_found on /bots/{id}%s', async (suffix) => {
      const { id } = await putBot(t, { published: false });
      const response = await t.get(`/api/v1/bots/${id}${suffix}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: expect.any(String) },
      });
    });

    const garbage = [
      'abc',
      '1',
      '-1',
      '1e30',
      '99999999999999999999999999',
      encodeURIComponent("' OR 1=1 --"),
      '%00',
      'abc%00def',
      encodeURIComponent('Ä€😀'),
      '%2e%2e',
      'x'.repeat(150),
      'x'.repeat(250),
    ];
    for (const suffix of paths) {
      it.each(garbage)(`garbage id %s → 404 not_found on /bots/{id}${suffix}`, async (id) => {
        const response = await t.get(`/api/v1/bots/${id}${suffix}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      });
    }

    it('an unpublished bot never appears in the list', async () => {
      const token = uniqueToken();
      const visible = await putBot(t, { name: `${token} visible` });
      await putBot(t, { name: `${token} hidden`, published: false });
      const { ids, body } = await listed(token);
      expect(ids).toEqual([visible.id]);
      expect(body.pagination.total).toBe(1);
    });
  });

  describe('sort orders', () => {
    it('servers: highest serverCount first (owner report before platform count), ties by id', async () => {
      const token = uniqueToken();
      const a = await putBot(t, { name: `${token} a`, platformServerCount: 50 });
      const b = await putBot(t, { name: `${token} b`, platformServerCount: 500 });
      const c = await putBot(t, { name: `${token} c`, platformServerCount: 50 });
      const d = await putBot(t, { name: `${token} d`, platformServerCount: 10 });
      const e = await putBot(t, { name: `${token} e`, platformServerCount: null });
      // The owner of d reported more than b's platform count: the report wins.
      await writeBehind('UPDATE bots SET reported_server_count = 900 WHERE id = $1', [d.id], [d.id]);
      const { ids, body } = await listed(token, '&sort=servers');
      expect(ids).toEqual([d.id, b.id, ...[a.id, c.id].sort(), e.id]);
      expect(body.data.map((bot: { serverCount: number }) => bot.serverCount)).toEqual([900, 500, 50, 50, 0]);
    });

    it('votes_total and votes_month: highest first, ties by id; votes_month counts only the current UTC month', async () => {
      const token = uniqueToken();
      const bots = [];
      for (let i = 0; i < 4; i++) bots.push(await putBot(t, { name: `${token} ${i}` }));
      const [a, b, c, d] = bots.map((bot) => bot.id) as [string, string, string, string];
      await writeBehind('UPDATE bots SET votes_total = $2 WHERE id = $1', [a, 7], [a]);
      await writeBehind('UPDATE bots SET votes_total = $2 WHERE id = $1', [b, 30], [b]);
      await writeBehind('UPDATE bots SET votes_total = $2 WHERE id = $1', [c, 7], [c]);
      const month = '2026-03-01';
      const insert = 'INSERT INTO bot_vote_months (bot_id, month, votes) VALUES ($1, $2, $3)';
      await writeBehind(insert, [c, month, 5], [c]);
      await writeBehind(insert, [d, month, 9], [d]);
      await writeBehind(insert, [a, '2026-02-01', 100], [a]); // last month: not in votesMonth
      const total = await listed(token, '&sort=votes_total');
      expect(total.ids).toEqual([b, ...[a, c].sort(), d]);
      expect(total.body.data.map((bot: { votesTotal: number }) => bot.votesTotal)).toEqual([30, 7, 7, 0]);
      const month_ = await listed(token, '&sort=votes_month');
      expect(month_.ids).toEqual([d, c, ...[a, b].sort()]);
      expect(month_.body.data.map((bot: { votesMonth: number }) => bot.votesMonth)).toEqual([9, 5, 0, 0]);
      // votes_month is the default sort.
      expect((await listed(token)).ids).toEqual(month_.ids);
    });

    it('new: newest publishedAt first; a republished bot keeps its first publication time', async () => {
      const token = uniqueToken();
      const first = await putBot(t, { name: `${token} first` });
      clock.advance(60_000);
      const second = await putBot(t, { name: `${token} second` });
      clock.advance(60_000);
      const never = await putBot(t, { name: `${token} later`, published: false });
      clock.advance(60_000);
      const third = await putBot(t, { name: `${token} third` });
      clock.advance(60_000);
      // Unpublish and republish the first bot: still the oldest.
      await t.admin('PATCH', `/admin/v1/bots/${first.id}`, { published: false });
      await t.admin('PATCH', `/admin/v1/bots/${first.id}`, { published: true });
      clock.advance(60_000);
      await t.admin('PATCH', `/admin/v1/bots/${never.id}`, { published: true });
      const { ids } = await listed(token, '&sort=new');
      expect(ids).toEqual([never.id, third.id, second.id, first.id]);
    });

    it('name: ascending, case-insensitive, diacritics sort like their base letter, ties by id', async () => {
      const token = uniqueToken();
      const names = ['Zebra', 'äpfel', 'Apfel', 'Öl', 'oberon', 'apfelmus', 'Ärger', 'bär', 'Bar', 'Éclair', 'eclair'];
      const created = [];
      for (const name of names) created.push(await putBot(t, { name: `${token} ${name}` }));
      const expected = created
        .map((bot) => ({ id: bot.id, key: sortKey(String(bot.body.name)) }))
        .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.id < y.id ? -1 : 1))
        .map((bot) => bot.id);
      const { ids, body } = await listed(token, '&sort=name');
      expect(ids).toEqual(expected);
      const shown = body.data.map((bot: { name: string }) => bot.name.slice(token.length + 1));
      // Spelled out, so the expectation does not rest on sortKey alone.
      expect(new Set(shown.slice(0, 2))).toEqual(new Set(['Apfel', 'äpfel']));
      expect(shown.slice(2, 4)).toEqual(['apfelmus', 'Ärger']);
      expect(new Set(shown.slice(4, 6))).toEqual(new Set(['bär', 'Bar']));
      expect(new Set(shown.slice(6, 8))).toEqual(new Set(['Éclair', 'eclair']));
      expect(shown.slice(8)).toEqual(['oberon', 'Öl', 'Zebra']);
    });

    it.each(['votes_month', 'votes_total', 'servers', 'new', 'name'])(
      'paging through %s with ties never repeats or skips a bot',
      async (sort) => {
        const token = uniqueToken();
        const ids: string[] = [];
        // Many ties on every key: same counts, same name, same publication time for pairs.
        for (let i = 0; i < 9; i++) {
          const { id } = await putBot(t, { name: `${token} Same`, platformServerCount: i % 3 === 0 ? 5 : 10 });
          ids.push(id);
          if (i % 2 === 1) clock.advance(1000);
        }
        const whole = await listed(token, `&sort=${sort}`);
        expect(whole.ids.slice().sort()).toEqual(ids.slice().sort());
        for (const limit of [1, 2, 4]) {
          const paged: string[] = [];
          const pages = Math.ceil(ids.length / limit);
          for (let page = 1; page <= pages + 1; page++) {
            const response = await t.get(`/api/v1/bots?search=${token}&sort=${sort}&limit=${limit}&page=${page}`);
            const body = response.json();
            expect(body.pagination).toEqual({ page, limit, total: ids.length, pages });
            if (page > pages) expect(body.data).toEqual([]);
            paged.push(...body.data.map((b: { id: string }) => b.id));
          }
          expect(paged).toEqual(whole.ids);
        }
      },
    );
  });

  describe('search', () => {
    it('is a case-insensitive substring of the name', async () => {
      const token = uniqueToken();
      const a = await putBot(t, { name: `Alpha ${token} Music` });
      const b = await putBot(t, { name: `${token.toUpperCase()}-beta` });
      await putBot(t, { name: `${token.slice(0, -1)} other` });
      expect((await listed(token)).ids.sort()).toEqual([a.id, b.id].sort());
      expect((await listed(token.toUpperCase())).ids.sort()).toEqual([a.id, b.id].sort());
      expect((await listed(`${token} mus`)).ids).toEqual([a.id]);
      expect((await listed(`${token}-BET`)).ids).toEqual([b.id]);
    });

    it('takes % and _ literally', async () => {
      const token = uniqueToken();
      const percent = await putBot(t, { name: `${token} 100% Bot` });
      const under = await putBot(t, { name: `${token} my_bot` });
      await putBot(t, { name: `${token} 1000 Bot` });
      await putBot(t, { name: `${token} myXbot` });
      await putBot(t, { name: `${token} back\\slash` });
      const search = async (text: string) =>
        (await t.get(`/api/v1/bots?limit=100&search=${encodeURIComponent(text)}`)).json().data.map((b: { id: string }) => b.id);
      expect(await search(`${token} 100%`)).toEqual([percent.id]);
      expect(await search(`${token} 10%0`)).toEqual([]);
      expect(await search(`${token} my_`)).toEqual([under.id]);
      expect(await search(`${token} m_bot`)).toEqual([]);
      expect(await search(`${token}%`)).toEqual([]);
      expect(await search(`${token} back\\s`)).toHaveLength(1);
      expect(await search(`${token} back\\`)).toHaveLength(1);
    });

    it('matches unicode case-insensitively (Ä finds ä and Ä)', async () => {
      const token = uniqueToken();
      const lower = await putBot(t, { name: `${token} ärger` });
      const upper = await putBot(t, { name: `${token} ÄRGER` });
      await putBot(t, { name: `${token} arger` });
      const expected = [lower.id, upper.id].sort();
      expect((await listed(encodeURIComponent(`${token} Ä`))).ids.sort()).toEqual(expected);
      expect((await listed(encodeURIComponent(`${token} ä`))).ids.sort()).toEqual(expected);
      expect((await listed(encodeURIComponent(`${token} äRgEr`))).ids.sort()).toEqual(expected);
    });

    it('an empty search means no filter; 100 characters pass, 101 are rejected', async () => {
      const all = (await t.get('/api/v1/bots?limit=1')).json();
      const empty = (await t.get('/api/v1/bots?limit=1&search=')).json();
      expect(empty.pagination.total).toBe(all.pagination.total);
      expect((await t.get(`/api/v1/bots?search=${'a'.repeat(100)}`)).statusCode).toBe(200);
      const long = await t.get(`/api/v1/bots?search=${'a'.repeat(101)}`);
      expect(long.statusCode).toBe(422);
      expect(long.json().error.details).toEqual([{ field: 'search', message: expect.any(String) }]);
    });
  });

  describe('query defaults and bounds', () => {
    it('defaults to page 1, limit 50, sort votes_month', async () => {
      const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bots WHERE published');
      const total = rows[0]?.n ?? 0;
      const body = (await t.get('/api/v1/bots')).json();
      expect(body.pagination).toEqual({ page: 1, limit: 50, total, pages: Math.ceil(total / 50) });
      expect(body.data).toHaveLength(Math.min(50, total));
      expect(body).toEqual((await t.get('/api/v1/bots?page=1&limit=50&sort=votes_month')).json());
    });

    it.each([
      ['limit=1', 200],
      ['limit=100', 200],
      ['limit=0', 422],
      ['limit=101', 422],
      ['page=1', 200],
      ['page=0', 422],
      ['page=-1', 422],
      ['page=100000', 200],
      ['sort=name', 200],
      ['sort=NAME', 422],
      ['sort=popular', 422],
    ])('%s → %i', async (query, status) => {
      const response = await t.get(`/api/v1/bots?${query}`);
      expect(response.statusCode).toBe(status);
      if (status === 422) {
        expect(response.json().error).toMatchObject({
          code: 'validation_failed',
          details: [{ field: query.split('=')[0], message: expect.any(String) }],
        });
      }
    });

    it('a page past the end is empty but keeps the totals', async () => {
      const body = (await t.get('/api/v1/bots?page=100000&limit=100')).json();
      expect(body.data).toEqual([]);
      expect(body.pagination.page).toBe(100000);
      expect(body.pagination.total).toBeGreaterThan(0);
    });

    it('lists every rejected parameter, one entry each', async () => {
      const response = await t.get(`/api/v1/bots?page=0&limit=abc&sort=x&search=${'s'.repeat(101)}`);
      expect(response.statusCode).toBe(422);
      const details = response.json().error.details as { field: string }[];
      expect(details.map((d) => d.field).sort()).toEqual(['limit', 'page', 'search', 'sort']);
    });
  });

  describe('caching', () => {
    it('sends Cache-Control on each public read', async () => {
      const { id } = await putBot(t);
      const expected: Record<string, string> = {
        '/api/v1/bots': 'public, max-age=30',
        [`/api/v1/bots/${id}`]: 'public, max-age=60',
        [`/api/v1/bots/${id}/reviews`]: 'public, max-age=60',
        [`/api/v1/bots/${id}/history`]: 'public, max-age=300',
        [`/api/v1/bots/${id}/history?days=7`]: 'public, max-age=300',
      };
      for (const [url, value] of Object.entries(expected)) {
        const response = await t.get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe(value);
      }
    });

    it('shows a change at once after it was read (name, unpublish, republish, delete)', async () => {
      const token = uniqueToken();
      const { id } = await putBot(t, { name: `${token} Before` });
      // Fill the read cache.
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.name).toBe(`${token} Before`);
      expect((await listed(token)).body.data[0].name).toBe(`${token} Before`);
      expect((await t.get(`/api/v1/bots/${id}/reviews`)).statusCode).toBe(200);
      expect((await t.get(`/api/v1/bots/${id}/history`)).statusCode).toBe(200);

      expect((await t.admin('PATCH', `/admin/v1/bots/${id}`, { name: `${token} After` })).statusCode).toBe(200);
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.name).toBe(`${token} After`);
      expect((await listed(token)).body.data[0].name).toBe(`${token} After`);

      expect((await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: false })).statusCode).toBe(200);
      for (const suffix of ['', '/reviews', '/history']) {
        expect((await t.get(`/api/v1/bots/${id}${suffix}`)).statusCode, suffix).toBe(404);
      }
      expect((await listed(token)).ids).toEqual([]);

      expect((await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: true })).statusCode).toBe(200);
      expect((await t.get(`/api/v1/bots/${id}`)).statusCode).toBe(200);
      expect((await listed(token)).ids).toEqual([id]);

      expect((await t.admin('DELETE', `/admin/v1/bots/${id}`)).statusCode).toBe(204);
      expect((await t.get(`/api/v1/bots/${id}`)).statusCode).toBe(404);
      expect((await listed(token)).ids).toEqual([]);
    });

    it('a full PUT replacing a bot shows at once', async () => {
      const { id, body } = await putBot(t, { platformServerCount: 10 });
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.serverCount).toBe(10);
      const replaced = await t.admin('PUT', `/admin/v1/bots/${id}`, { ...body, platformServerCount: 20 });
      expect(replaced.statusCode).toBe(200);
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.serverCount).toBe(20);
    });
  });

  describe('publishedAt', () => {
    it('is set on first publication and kept across unpublish and republish (PATCH and PUT)', async () => {
      const { id, body, bot } = await putBot(t, { published: false });
      expect(bot.publishedAt).toBeNull();
      clock.advance(3_600_000);
      const firstPublication = clock.now().toISOString();
      const published = await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: true });
      expect(published.json().data.publishedAt).toBe(firstPublication);
      clock.advance(3_600_000);
      await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: false });
      const hidden = await t.admin('GET', `/admin/v1/bots/${id}`);
      expect(hidden.json().data).toMatchObject({ published: false, publishedAt: firstPublication });
      clock.advance(3_600_000);
      const republished = await t.admin('PUT', `/admin/v1/bots/${id}`, { ...body, published: true });
      expect(republished.statusCode).toBe(200);
      expect(republished.json().data.publishedAt).toBe(firstPublication);
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.publishedAt).toBe(firstPublication);
    });

    it('is the creation time for a bot created published', async () => {
      clock.advance(1234);
      const { bot } = await putBot(t, { published: true });
      expect(bot.publishedAt).toBe(clock.now().toISOString());
      expect(bot.publishedAt).toMatch(ISO_MS_UTC);
    });
  });

  describe('derived fields', () => {
    it("serverCount and shardCount are the platform's counts until the owner reports", async () => {
      const { id } = await putBot(t, { platformServerCount: 1200, platformShardCount: 2 });
      const reported = await putBot(t, { platformServerCount: 1200, platformShardCount: 2 });
      await writeBehind(
        'UPDATE bots SET reported_server_count = 1500, reported_shard_count = 3, reported_at = now() WHERE id = $1',
        [reported.id],
        [reported.id],
      );
      const none = await putBot(t, { platformServerCount: null, platformShardCount: null });
      expect((await t.get(`/api/v1/bots/${id}`)).json().data).toMatchObject({ serverCount: 1200, shardCount: 2 });
      expect((await t.get(`/api/v1/bots/${reported.id}`)).json().data).toMatchObject({ serverCount: 1500, shardCount: 3 });
      // Decision (documented in the code): no count at all shows 0 servers on 1 shard.
      expect((await t.get(`/api/v1/bots/${none.id}`)).json().data).toMatchObject({ serverCount: 0, shardCount: 1 });
    });

    it('rating is the average of published reviews rounded to 2 decimals, and their count', async () => {
      const { id } = await putBot(t);
      // One review per user and bot: each by a user of its own.
      let reviewers = 0;
      const review = (rating: number, published = true) =>
        t.admin('POST', `/admin/v1/bots/${id}/reviews`, {
          user: String(123456789012345678n + BigInt(reviewers++)),
          username: 'tester',
          rating,
          body: 'Review text',
          published,
        });
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.rating).toEqual({ average: 0, count: 0 });
      for (const rating of [5, 4, 4]) expect((await review(rating)).statusCode).toBe(201);
      const hidden = (await review(1, false)).json().data;
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.rating).toEqual({ average: 4.33, count: 3 });
      await review(5);
      await review(5);
      // 23 / 5 = 4.6
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.rating).toEqual({ average: 4.6, count: 5 });
      // Publishing the hidden 1-star review: 24 / 6 = 4
      await t.admin('PATCH', `/admin/v1/reviews/${hidden.id}`, { published: true });
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.rating).toEqual({ average: 4, count: 6 });
    });

    it('rounds two-thirds up (5, 5, 4 → 4.67) and shows the rating in the list too', async () => {
      const token = uniqueToken();
      const { id } = await putBot(t, { name: `${token} rated` });
      for (const [i, rating] of [5, 5, 4].entries()) {
        await t.admin('POST', `/admin/v1/bots/${id}/reviews`, { user: `12345678901234567${i}`, username: 'u', rating, body: 'ok' });
      }
      expect((await listed(token)).body.data[0].rating).toEqual({ average: 4.67, count: 3 });
    });

    it('votesTotal and votesMonth are 0 without votes', async () => {
      const { id } = await putBot(t);
      expect((await t.get(`/api/v1/bots/${id}`)).json().data).toMatchObject({ votesTotal: 0, votesMonth: 0 });
    });
  });
});
