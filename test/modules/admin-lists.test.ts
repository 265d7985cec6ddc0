import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botBody, uniqueToken } from '../fixtures.js';
import { backends, ManualClock, testApp, type Backend, type TestApp } from '../helpers.js';
import { bearer, createKey } from '../support/owner.js';

const OWNER = '223456789012345678';
const OTHER = '323456789012345678';

describe.each(backends())('management lists on %s', (backend: Backend) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-06-10T12:00:00.000Z'));
  const bots: Record<string, string> = {};
  const token = uniqueToken();

  beforeAll(async () => {
    // Webhook hosts resolve to a public address without asking DNS.
    t = await testApp(backend, { clock, lookup: async () => [{ address: '93.184.216.34', family: 4 }] });
    // Created one minute apart, so "newest first" has one answer.
    for (const [name, overrides] of [
      ['old', { name: `${token} Old Published`, owners: [OWNER] }],
      ['hidden', { name: `${token} Hidden Draft`, published: false, owners: [OWNER, OTHER] }],
      ['new', { name: `${token} New Published`, owners: [OTHER] }],
    ] as const) {
      const { id, body } = botBody(overrides);
      expect((await t.admin('PUT', `/admin/v1/bots/${id}`, body)).statusCode).toBe(201);
      bots[name] = id;
      clock.advance(60_000);
    }
  });
  afterAll(() => t.close());

  const ids = (response: { json(): any }) => response.json().data.map((item: { id?: string; botId?: string }) => item.id ?? item.botId);

  describe('GET /admin/v1/bots', () => {
    it('lists published and unpublished bots, newest first, with pagination', async () => {
      const response = await t.admin('GET', `/admin/v1/bots?q=${token}`);
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual([bots.new, bots.hidden, bots.old]);
      expect(response.json().pagination).toEqual({ page: 1, limit: 25, total: 3, pages: 1 });
      expect(response.json().data[1]).toMatchObject({ published: false, publishedAt: null });
    });

    it('filters by publication, owner, id and a part of the name (case-insensitive)', async () => {
      expect(ids(await t.admin('GET', `/admin/v1/bots?q=${token}&published=false`))).toEqual([bots.hidden]);
      expect(ids(await t.admin('GET', `/admin/v1/bots?q=${token}&published=true`))).toEqual([bots.new, bots.old]);
      expect(ids(await t.admin('GET', `/admin/v1/bots?q=${token}&owner=${OWNER}`))).toEqual([bots.hidden, bots.old]);
      expect(ids(await t.admin('GET', `/admin/v1/bots?q=${token.toUpperCase()}%20hidden`))).toEqual([bots.hidden]);
      expect(ids(await t.admin('GET', `/admin/v1/bots?q=${bots.old}`))).toEqual([bots.old]);
      expect(ids(await t.admin('GET', `/admin/v1/bots?q=${token}%25`))).toEqual([]);
    });

    it('pages without repeating or skipping', async () => {
      const first = await t.admin('GET', `/admin/v1/bots?q=${token}&limit=2`);
      const second = await t.admin('GET', `/admin/v1/bots?q=${token}&limit=2&page=2`);
      expect([...ids(first), ...ids(second)]).toEqual([bots.new, bots.hidden, bots.old]);
      expect(second.json().pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });
      expect(ids(await t.admin('GET', `/admin/v1/bots?q=${token}&limit=2&page=9`))).toEqual([]);
    });

    it('rejects bad filters with 422 and needs the operator token', async () => {
      for (const query of ['published=maybe', 'owner=12', 'limit=101', 'page=0', 'q=', `q=${'x'.repeat(101)}`]) {
        const response = await t.admin('GET', `/admin/v1/bots?${query}`);
        expect(response.statusCode, query).toBe(422);
      }
      expect((await t.get('/admin/v1/bots')).statusCode).toBe(401);
    });
  });

  describe('GET /admin/v1/reviews', () => {
    it('lists reviews of every bot, hidden ones included, newest first; by bot and publication', async () => {
      const created: string[] = [];
      for (const [botId, published] of [
        [bots.old, true],
        [bots.old, false],
        [bots.hidden, true],
      ] as const) {
        clock.advance(1000);
        const response = await t.admin('POST', `/admin/v1/bots/${botId}/reviews`, {
          // One review per user and bot: each by a user of its own.
          user: `${OWNER.slice(0, -1)}${created.length}`,
          username: 'u',
          rating: 4,
          body: `review ${created.length}`,
          published,
        });
        expect(response.statusCode).toBe(201);
        created.push(response.json().data.id);
      }
      const old = await t.admin('GET', `/admin/v1/reviews?bot=${bots.old}`);
      expect(ids(old)).toEqual([created[1], created[0]]);
      expect(old.json().data[0]).toMatchObject({ botId: bots.old, published: false });
      expect(ids(await t.admin('GET', `/admin/v1/reviews?bot=${bots.old}&published=false`))).toEqual([created[1]]);
      const all = await t.admin('GET', '/admin/v1/reviews?limit=3');
      expect(ids(all)).toEqual([created[2], created[1], created[0]]);
      expect((await t.admin('GET', '/admin/v1/reviews?bot=abc')).statusCode).toBe(422);
    });
  });

  describe('GET /admin/v1/subscriptions', () => {
    it('lists subscriptions newest first; by bot, user, guild and active', async () => {
      const write = async (overrides: Record<string, unknown>) => {
        clock.advance(1000);
        const response = await t.admin('POST', `/admin/v1/bots/${bots.new}/subscriptions`, {
          userId: OWNER,
          tierId: '00000000-0000-4000-8000-000000000001',
          tierName: 'Gold',
          interval: 'month',
          expiresAt: '2027-01-01T00:00:00.000Z',
          active: true,
          ...overrides,
        });
        expect(response.statusCode).toBe(201);
        return response.json().data.id as string;
      };
      const user = await write({});
      const guild = await write({ guildId: '423456789012345678' });
      const ended = await write({ userId: OTHER, active: false });
      expect(ids(await t.admin('GET', `/admin/v1/subscriptions?bot=${bots.new}`))).toEqual([ended, guild, user]);
      expect(ids(await t.admin('GET', `/admin/v1/subscriptions?bot=${bots.new}&user=${OWNER}`))).toEqual([guild, user]);
      expect(ids(await t.admin('GET', '/admin/v1/subscriptions?guild=423456789012345678'))).toEqual([guild]);
      expect(ids(await t.admin('GET', `/admin/v1/subscriptions?bot=${bots.new}&active=false`))).toEqual([ended]);
      expect(ids(await t.admin('GET', `/admin/v1/subscriptions?bot=${bots.old}`))).toEqual([]);
    });
  });

  describe('GET /admin/v1/webhooks', () => {
    it('finds switched-off and failing webhooks', async () => {
      for (const [name, enabled] of [
        ['old', true],
        ['new', false],
        ['hidden', true],
      ] as const) {
        const response = await t.admin('PUT', `/admin/v1/bots/${bots[name]}/webhook`, { url: 'https://hooks.example.org/in', enabled });
        expect(response.statusCode).toBe(201);
      }
      await t.db.query('UPDATE webhooks SET consecutive_failures = 3 WHERE bot_id = $1', [bots.hidden]);
      const disabled = await t.admin('GET', '/admin/v1/webhooks?state=disabled');
      expect(disabled.statusCode).toBe(200);
      expect(botIds(disabled)).toEqual([bots.new]);
      expect(disabled.json().data[0]).toEqual({
        id: expect.any(String),
        botId: bots.new,
        url: 'https://hooks.example.org/in',
        enabled: false,
        disabledAt: expect.any(String),
        consecutiveFailures: 0,
      });
      expect(disabled.json().data[0]).not.toHaveProperty('secret');
      expect(botIds(await t.admin('GET', '/admin/v1/webhooks?state=failing'))).toEqual([bots.hidden]);
      expect(botIds(await t.admin('GET', '/admin/v1/webhooks')).sort()).toEqual([bots.old, bots.new, bots.hidden].sort());
      expect((await t.admin('GET', '/admin/v1/webhooks?state=broken')).statusCode).toBe(422);
    });

    /** Webhooks are listed per endpoint; the bot is `botId`. */
    function botIds(response: { json(): any }): string[] {
      return response.json().data.map((item: { botId: string }) => item.botId);
    }
  });

  describe('keys: lastUsedAt', () => {
    it('is null until the key is used, then the time of use, written at most once a minute (in batches)', async () => {
      const { key, id } = await createKey(t, bots.new as string, ['votes:read']);
      const lastUsed = async () =>
        (await t.admin('GET', `/admin/v1/bots/${bots.new}/keys`)).json().data.find((k: { id: string }) => k.id === id).lastUsedAt;
      expect(await lastUsed()).toBeNull();

      const first = clock.now().toISOString();
      expect((await t.get(`/api/v1/bots/${bots.new}/votes`, bearer(key))).statusCode).toBe(200);
      // Uses are written every few seconds in one statement; flushing here stands for the timer.
      await t.app.services.keys.flushUses();
      expect(await lastUsed()).toBe(first);

      clock.advance(30_000);
      for (let i = 0; i < 3; i++) await t.get(`/api/v1/bots/${bots.new}/votes`, bearer(key));
      await t.app.services.keys.flushUses();
      expect(await lastUsed()).toBe(first);

      clock.advance(31_000);
      const later = clock.now().toISOString();
      await t.get(`/api/v1/bots/${bots.new}/votes`, bearer(key));
      await t.app.services.keys.flushUses();
      expect(await lastUsed()).toBe(later);
    });
  });
});
