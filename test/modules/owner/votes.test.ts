import { describe, expect, it, vi } from 'vitest';
import { voteRepository } from '../../../src/modules/votes/repository.js';
import { backends, ManualClock, appPerFile } from '../../helpers.js';
import { bearer, createBot, createKey, USER } from '../../support/owner.js';

const T0 = new Date('2026-03-10T08:00:00.000Z');
const HOUR = 3_600_000;

describe.each(backends())('votes and the 12-hour window (%s)', (backend) => {
  const clock = new ManualClock(T0);
  const t = appPerFile(backend, { clock });

  const vote = (botId: string, body: Record<string, unknown>) => t.admin('POST', `/admin/v1/bots/${botId}/votes`, body);
  const check = async (botId: string, key: string, user = USER) =>
    (await t.get(`/api/v1/bots/${botId}/check/${user}`, bearer(key))).json().data;

  it('voted at 11:59:59 after the vote, not at 12:00:00; 200 with voted false for a user who never voted', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read']);
    expect(await check(botId, key)).toEqual({ voted: false, votedAt: null, expiresAt: null });
    expect((await vote(botId, { user: USER, username: 'lena' })).statusCode).toBe(201);

    clock.set(new Date(T0.getTime() + 12 * HOUR - 1000));
    expect(await check(botId, key)).toEqual({
      voted: true,
      votedAt: '2026-03-10T08:00:00.000Z',
      expiresAt: '2026-03-10T20:00:00.000Z',
    });
    clock.set(new Date(T0.getTime() + 12 * HOUR));
    expect(await check(botId, key)).toEqual({ voted: false, votedAt: null, expiresAt: null });
  });

  it('a second vote inside 12 hours is a 409 and stores nothing; at 12:00:00 it is accepted', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    expect((await vote(botId, { user: USER, username: 'lena' })).statusCode).toBe(201);
    clock.set(new Date(T0.getTime() + 12 * HOUR - 1000));
    const again = await vote(botId, { user: USER, username: 'lena' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict' } });
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data.votesTotal).toBe(1);
    clock.set(new Date(T0.getTime() + 12 * HOUR));
    expect((await vote(botId, { user: USER, username: 'lena' })).statusCode).toBe(201);
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data.votesTotal).toBe(2);
  });

  it('two racing votes of one user: exactly one is stored', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => vote(botId, { user: USER, username: 'lena' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data.votesTotal).toBe(1);
  });

  it('votes racing for several bots are written together and each answered as if alone', async () => {
    clock.set(T0);
    const bots = await Promise.all([createBot(t), createBot(t), createBot(t)]);
    const users = ['300000000000000001', '300000000000000002', '300000000000000003', '300000000000000004'];
    const missing = '999999999999999990';
    // Every user votes twice for every bot, in an order that mixes bots and users, plus votes for no bot.
    const asked = [
      ...users.flatMap((user) => bots.map((botId) => ({ botId, user }))),
      ...bots.flatMap((botId) => users.map((user) => ({ botId, user }))),
    ];
    const batches = vi.spyOn(voteRepository, 'recordMany');
    const results = await Promise.all([
      ...asked.map(({ botId, user }) =>
        vote(botId, { user, username: `u${user.slice(-1)}` }).then((r) => ({ botId, user, status: r.statusCode })),
      ),
      ...[1, 2, 3].map(() =>
        vote(missing, { user: USER, username: 'lena' }).then((r) => ({ botId: missing, user: USER, status: r.statusCode })),
      ),
    ]);
    for (const botId of bots) {
      for (const user of users) {
        const statuses = results
          .filter((r) => r.botId === botId && r.user === user)
          .map((r) => r.status)
          .sort();
        expect(statuses, `${botId} ${user}`).toEqual([201, 409]);
      }
      const bot = (await t.get(`/api/v1/bots/${botId}`)).json().data;
      expect(bot).toMatchObject({ votesTotal: users.length, votesMonth: users.length });
      const { rows } = await t.db.query<{ n: number; months: number }>(
        `SELECT (SELECT count(*)::int FROM votes WHERE bot_id = $1) AS n, (SELECT votes FROM bot_vote_months WHERE bot_id = $1) AS months`,
        [botId],
      );
      expect(rows[0]).toEqual({ n: users.length, months: users.length });
    }
    expect(results.filter((r) => r.botId === missing).map((r) => r.status)).toEqual([404, 404, 404]);
    const sizes = batches.mock.calls.map(([, votes]) => votes.length);
    batches.mockRestore();
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(asked.length + 3);
    // On a server they went out together: a round trip is long enough for the next votes to queue.
    // (PGlite answers within the same turn of the event loop, before the next request is read.)
    if (backend === 'postgres') expect(Math.max(...sizes)).toBeGreaterThan(1);
  });

  it('a back-dated vote within 12 hours before an existing one is a conflict too', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    expect((await vote(botId, { user: USER, username: 'lena' })).statusCode).toBe(201);
    const earlier = new Date(T0.getTime() - 6 * HOUR).toISOString();
    expect((await vote(botId, { user: USER, username: 'lena', votedAt: earlier })).statusCode).toBe(409);
  });

  it('votesTotal and votesMonth move at once; votesMonth counts the current UTC month only', async () => {
    clock.set('2026-03-31T23:00:00.000Z');
    const botId = await createBot(t);
    await vote(botId, { user: '111111111111111111', username: 'a' });
    await vote(botId, { user: '222222222222222222', username: 'b', votedAt: '2026-02-27T10:00:00.000Z' });
    let bot = (await t.get(`/api/v1/bots/${botId}`)).json().data;
    expect([bot.votesTotal, bot.votesMonth]).toEqual([2, 1]);
    clock.set('2026-04-01T00:00:00.000Z');
    bot = (await t.get(`/api/v1/bots/${botId}`)).json().data;
    expect([bot.votesTotal, bot.votesMonth]).toEqual([2, 0]);
  });

  it('lists votes newest first with every field; limit and hours filter', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read']);
    for (let i = 0; i < 5; i++) {
      const votedAt = new Date(T0.getTime() - i * 10 * HOUR).toISOString();
      await vote(botId, { user: `30000000000000000${i}`, username: `user${i}`, flagged: i === 2, votedAt });
    }
    const all = (await t.get(`/api/v1/bots/${botId}/votes`, bearer(key))).json().data;
    expect(all).toHaveLength(5);
    expect(all[0]).toEqual({ user: '300000000000000000', username: 'user0', votedAt: T0.toISOString(), flagged: false });
    expect(all.map((v: { votedAt: string }) => v.votedAt)).toEqual([...all.map((v: { votedAt: string }) => v.votedAt)].sort().reverse());
    expect(all[2].flagged).toBe(true);
    expect((await t.get(`/api/v1/bots/${botId}/votes?limit=2`, bearer(key))).json().data).toHaveLength(2);
    expect((await t.get(`/api/v1/bots/${botId}/votes?hours=25`, bearer(key))).json().data).toHaveLength(3);
  });

  it('the recent votes show a new vote at once, a window bounded by hours moves with the clock, and an unchanged list gets a 304', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read']);
    const list = async (query = '') => (await t.get(`/api/v1/bots/${botId}/votes${query}`, bearer(key))).json().data as { user: string }[];
    expect(await list()).toEqual([]);
    expect(await list('?hours=1')).toEqual([]);
    await vote(botId, { user: USER, username: 'lena' });
    expect((await list()).map((v) => v.user)).toEqual([USER]);
    expect((await list('?hours=1')).map((v) => v.user)).toEqual([USER]);
    clock.set(new Date(T0.getTime() + HOUR + 1000));
    expect(await list('?hours=1')).toEqual([]);
    expect((await list()).map((v) => v.user)).toEqual([USER]);
    const first = await t.get(`/api/v1/bots/${botId}/votes`, bearer(key));
    expect(first.headers['cache-control']).toBe('private, no-store');
    const again = await t.get(`/api/v1/bots/${botId}/votes`, { ...bearer(key), 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('the votes and premium reads of a bot unpublished are 404 at once, and 200 again once it is published', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read', 'premium:read']);
    await vote(botId, { user: USER, username: 'lena' });
    const reads = [`/api/v1/bots/${botId}/votes`, `/api/v1/bots/${botId}/premium/${USER}`, `/api/v1/bots/${botId}/premium/guild/${USER}`];
    for (const url of reads) expect((await t.get(url, bearer(key))).statusCode, url).toBe(200);
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { published: false })).statusCode).toBe(200);
    for (const url of reads) expect((await t.get(url, bearer(key))).json().error?.code, url).toBe('not_found');
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { published: true })).statusCode).toBe(200);
    for (const url of reads) expect((await t.get(url, bearer(key))).statusCode, url).toBe(200);
    expect((await t.get(reads[0]!, bearer(key))).json().data).toMatchObject([{ user: USER }]);
  });

  it('422 with details for out-of-range limit and hours, listing every bad field', async () => {
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read']);
    for (const query of ['limit=0', 'limit=101', 'hours=0', 'hours=721', 'limit=abc', 'hours=1.5', 'limit=1&limit=2', 'limit=1e30']) {
      const response = await t.get(`/api/v1/bots/${botId}/votes?${query}`, bearer(key));
      expect(response.statusCode, query).toBe(422);
      expect(response.json().error.details.length, query).toBeGreaterThan(0);
    }
    const both = await t.get(`/api/v1/bots/${botId}/votes?limit=0&hours=0`, bearer(key));
    expect(
      both
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['hours', 'limit']);
  });

  it('user ids in paths are validated: 422 for a bad one', async () => {
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read', 'premium:read']);
    for (const bad of ['123', 'abcdefghijklmnopqr', '1234567890123456789012', '%F0%9F%98%80']) {
      expect((await t.get(`/api/v1/bots/${botId}/check/${bad}`, bearer(key))).statusCode, bad).toBe(422);
      expect((await t.get(`/api/v1/bots/${botId}/premium/${bad}`, bearer(key))).statusCode, bad).toBe(422);
      expect((await t.get(`/api/v1/bots/${botId}/premium/guild/${bad}`, bearer(key))).statusCode, bad).toBe(422);
    }
  });

  it('management vote input is validated', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const cases = [
      {},
      { user: USER },
      { user: 'abc', username: 'x' },
      { user: USER, username: '' },
      { user: USER, username: 'x', flagged: 'yes' },
      { user: USER, username: 'x', votedAt: 'yesterday' },
      { user: USER, username: 'x', votedAt: new Date(T0.getTime() + HOUR).toISOString() },
      { user: USER, username: 'x', extra: 1 },
    ];
    for (const body of cases) {
      const response = await vote(botId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await vote('123456789012345670', { user: USER, username: 'x' })).statusCode).toBe(404);
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data.votesTotal).toBe(0);
  });

  it('a vote writes its vote event in the outbox when the bot has an endpoint for it, and none otherwise', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const lonely = await createBot(t);
    await vote(lonely, { user: USER, username: 'lena' });
    expect((await t.db.query('SELECT 1 FROM events WHERE bot_id = $1', [lonely])).rows).toEqual([]);
    // A public address literal: no lookup, and this app runs no delivery workers.
    expect((await t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url: 'https://93.184.215.14/hook' })).statusCode).toBe(201);
    await vote(botId, { user: USER, username: 'lena', flagged: true });
    const { rows } = await t.db.query<{ type: string; payload: Record<string, unknown> }>(
      'SELECT type, payload FROM events WHERE bot_id = $1',
      [botId],
    );
    expect(rows).toEqual([
      {
        type: 'vote',
        payload: {
          user: USER,
          username: 'lena',
          flagged: true,
          votedAt: T0.toISOString(),
          votesTotal: 1,
          votesMonth: 1,
          expiresAt: new Date(T0.getTime() + 12 * 3_600_000).toISOString(),
        },
      },
    ]);
  });

  it('a vote check whose lookup fails answers 500 internal_error once, without internals', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read']);
    const votes = t.app.services.votes;
    const original = votes.status;
    votes.status = () => Promise.reject(new Error('connection to the database lost'));
    try {
      const response = await t.get(`/api/v1/bots/${botId}/check/${USER}`, bearer(key));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
      expect(response.body).not.toContain('database');
    } finally {
      votes.status = original;
    }
  });
});
