/** POST /bots/{id}/check: many voters at once, the same answers and cache as the single check (issue 15). */
import { describe, expect, it } from 'vitest';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { bearer, createBot, createKey } from '../../support/owner.js';

const users = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `${300000000000000000n + BigInt(from + i)}`);

describe.each(backends())('POST /bots/{id}/check (%s)', (backend) => {
  const clock = new ManualClock(new Date('2026-06-01T12:00:00.000Z'));
  const t = appPerFile(backend, { clock, env: { RATE_LIMIT_TIER1: '10' } });

  async function setup() {
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read']);
    const check = (userIds: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/v1/bots/${botId}/check`, headers: bearer(key), payload: { userIds } as object });
    const single = async (userId: string) => (await t.get(`/api/v1/bots/${botId}/check/${userId}`, bearer(key))).json().data;
    const vote = async (user: string, votedAt?: string) =>
      expect(
        (await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user, username: 'u', ...(votedAt ? { votedAt } : {}) })).statusCode,
      ).toBe(201);
    return { botId, key, check, single, vote };
  }

  it('answers each id in the order asked (repeats included), exactly as the single check does', async () => {
    const { check, single, vote } = await setup();
    const [a, b, c] = users(3);
    await vote(a!);
    await vote(b!, new Date(clock.now().getTime() - 12 * 3_600_000).toISOString());
    const response = await check([c, a, b, a]);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Array<Record<string, unknown>>;
    expect(data.map((s) => s.userId)).toEqual([c, a, b, a]);
    expect(data[1]).toEqual({
      userId: a,
      voted: true,
      votedAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 12 * 3_600_000).toISOString(),
    });
    // 12:00:00 after the vote: no longer voted (the window is half-open).
    expect(data[2]).toMatchObject({ voted: false, votedAt: null, expiresAt: null });
    for (const status of data) {
      const { userId, ...rest } = status;
      expect(rest).toEqual(await single(userId as string));
    }
  });

  it('shares the cache with the single check, and a new vote shows at once', async () => {
    const { check, single, vote } = await setup();
    const [a] = users(1, 10);
    expect(await single(a!)).toMatchObject({ voted: false });
    expect((await check([a])).json().data[0]).toMatchObject({ voted: false });
    await vote(a!);
    expect((await check([a])).json().data[0]).toMatchObject({ voted: true });
    expect(await single(a!)).toMatchObject({ voted: true });
    // The window ends by itself: the cached answer does not outlive it.
    clock.advance(12 * 3_600_000);
    expect((await check([a])).json().data[0]).toMatchObject({ voted: false });
  });

  it('counts as one request for the rate limit, whatever the number of ids', async () => {
    const { check } = await setup();
    const first = await check(users(100, 100));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toHaveLength(100);
    expect(first.headers['x-ratelimit-remaining']).toBe('9');
    expect((await check(users(100, 200))).headers['x-ratelimit-remaining']).toBe('8');
  });

  it('422 for no ids, more than 100, ids that are no user id, and a body that is no list', async () => {
    const { check } = await setup();
    for (const userIds of [[], users(101), ['abc'], [123], 'x', null]) {
      const response = await check(userIds);
      expect(response.statusCode, JSON.stringify(userIds).slice(0, 40)).toBe(422);
      expect(response.json().error.details[0].field).toMatch(/^userIds/);
    }
  });

  it('404 for an unpublished bot', async () => {
    const { botId, check } = await setup();
    await t.admin('PATCH', `/admin/v1/bots/${botId}`, { published: false });
    expect((await check(users(2))).statusCode).toBe(404);
  });
});
