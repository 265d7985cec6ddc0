import { describe, expect, it, vi } from 'vitest';
import { backends, databasePerFile, ManualClock, appPerFile } from '../../helpers.js';
import { bearer, createBot, createKey, GUILD, USER } from '../../support/owner.js';

const T0 = new Date('2026-05-01T12:00:00.000Z');
const TIER = '6f0c1f7e-8b4e-4c1a-9a57-4ad0f0b2a3c1';
const INACTIVE = {
  active: false,
  tierId: null,
  tierName: null,
  interval: null,
  guildId: null,
  expiresAt: null,
  cancelAtPeriodEnd: false,
};

describe.each(backends())('premium status (%s)', (backend) => {
  const clock = new ManualClock(T0);
  const t = appPerFile(backend, { clock });

  const subscribe = (botId: string, body: Record<string, unknown>) =>
    t.admin('POST', `/admin/v1/bots/${botId}/subscriptions`, {
      userId: USER,
      tierId: TIER,
      tierName: 'Gold',
      interval: 'month',
      expiresAt: '2026-06-01T12:00:00.000Z',
      active: true,
      ...body,
    });

  async function setup() {
    clock.set(T0);
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['premium:read']);
    const status = async (path: string) => (await t.get(`/api/v1/bots/${botId}/premium/${path}`, bearer(key))).json().data;
    return { botId, status };
  }

  it('none → 200 active false with null tier fields', async () => {
    const { status } = await setup();
    expect(await status(USER)).toEqual(INACTIVE);
    expect(await status(`guild/${GUILD}`)).toEqual(INACTIVE);
  });

  it('a user-scoped subscription is active for the user, not for a guild', async () => {
    const { botId, status } = await setup();
    expect((await subscribe(botId, {})).statusCode).toBe(201);
    expect(await status(USER)).toEqual({
      active: true,
      tierId: TIER,
      tierName: 'Gold',
      interval: 'month',
      guildId: null,
      expiresAt: '2026-06-01T12:00:00.000Z',
      cancelAtPeriodEnd: false,
    });
    expect(await status(`guild/${GUILD}`)).toEqual(INACTIVE);
  });

  it('a guild-scoped subscription is active for the guild, not for its buyer as a user', async () => {
    const { botId, status } = await setup();
    await subscribe(botId, { guildId: GUILD, cancelAtPeriodEnd: true });
    expect(await status(`guild/${GUILD}`)).toMatchObject({ active: true, guildId: GUILD, cancelAtPeriodEnd: true });
    expect(await status(USER)).toEqual(INACTIVE);
  });

  it('past expiresAt it is not active, without anyone ending it', async () => {
    const { botId, status } = await setup();
    await subscribe(botId, {});
    clock.set('2026-06-01T12:00:00.000Z');
    expect(await status(USER)).toEqual(INACTIVE);
  });

  it('a status asked before is exact after every subscription write, and ends at expiresAt, not later', async () => {
    const { botId, status } = await setup();
    expect(await status(USER)).toEqual(INACTIVE);
    expect(await status(`guild/${GUILD}`)).toEqual(INACTIVE);
    const created = await subscribe(botId, { expiresAt: '2026-05-01T13:00:00.000Z' });
    expect(await status(USER)).toMatchObject({ active: true, tierName: 'Gold' });
    const id = created.json().data.id as string;
    expect((await t.admin('PATCH', `/admin/v1/subscriptions/${id}`, { tierName: 'Platinum' })).statusCode).toBe(200);
    expect(await status(USER)).toMatchObject({ active: true, tierName: 'Platinum' });
    clock.set('2026-05-01T12:59:59.999Z');
    expect(await status(USER)).toMatchObject({ active: true });
    clock.set('2026-05-01T13:00:00.000Z');
    expect(await status(USER)).toEqual(INACTIVE);
    expect((await t.admin('PATCH', `/admin/v1/subscriptions/${id}`, { expiresAt: '2026-07-01T00:00:00.000Z' })).statusCode).toBe(200);
    expect(await status(USER)).toMatchObject({ active: true, expiresAt: '2026-07-01T00:00:00.000Z' });
    expect((await t.admin('PATCH', `/admin/v1/subscriptions/${id}`, { active: false })).statusCode).toBe(200);
    expect(await status(USER)).toEqual(INACTIVE);
    expect(await status(`guild/${GUILD}`)).toEqual(INACTIVE);
  });

  it('answers with an ETag; the same status asked again with it is a 304', async () => {
    const { botId } = await setup();
    const { key } = await createKey(t, botId, ['premium:read']);
    const first = await t.get(`/api/v1/bots/${botId}/premium/${USER}`, bearer(key));
    expect(first.headers['cache-control']).toBe('private, no-store');
    const again = await t.get(`/api/v1/bots/${botId}/premium/${USER}`, { ...bearer(key), 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    await subscribe(botId, {});
    const changed = await t.get(`/api/v1/bots/${botId}/premium/${USER}`, { ...bearer(key), 'if-none-match': first.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.active).toBe(true);
  });

  it('upsert by id updates; PATCH active false ends it; events mark begin and end only', async () => {
    const { botId, status } = await setup();
    const created = (await subscribe(botId, {})).json().data;
    const updated = await subscribe(botId, { id: created.id, tierName: 'Platinum' });
    expect(updated.statusCode).toBe(200);
    expect(await status(USER)).toMatchObject({ active: true, tierName: 'Platinum' });
    const ended = await t.admin('PATCH', `/admin/v1/subscriptions/${created.id}`, { active: false });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.active).toBe(false);
    expect(await status(USER)).toEqual(INACTIVE);
    const { rows } = await t.db.query<{ payload: { active: boolean; tierName: string; user: string } }>(
      `SELECT payload FROM events WHERE bot_id = $1 AND type = 'premium' ORDER BY created_at, payload->>'active' DESC`,
      [botId],
    );
    expect(rows.map((r) => [r.payload.active, r.payload.tierName, r.payload.user])).toEqual([
      [true, 'Gold', USER],
      [false, 'Platinum', USER],
    ]);
  });

  it('rejects bad subscription input with 422 and unknown ids with 404', async () => {
    const { botId } = await setup();
    for (const body of [
      { tierId: 'not-a-uuid' },
      { userId: '1' },
      { expiresAt: 'soon' },
      { active: 'yes' },
      { interval: '' },
      { extra: true },
    ]) {
      expect((await subscribe(botId, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await t.admin('PATCH', '/admin/v1/subscriptions/6f0c1f7e-8b4e-4c1a-9a57-4ad0f0b2a3c9', { active: false })).statusCode).toBe(
      404,
    );
    expect((await t.admin('PATCH', '/admin/v1/subscriptions/nope', { active: false })).statusCode).toBe(422);
  });
});

describe.each(backends())('donations (%s)', (backend) => {
  const t = appPerFile(backend);

  it('records a donation and its event', async () => {
    const botId = await createBot(t);
    const response = await t.admin('POST', `/admin/v1/bots/${botId}/donations`, {
      user: USER,
      username: 'lena',
      amount: 12.5,
      currency: 'EUR',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ user: USER, username: 'lena', amount: 12.5, currency: 'EUR' });
    const { rows } = await t.db.query<{ payload: unknown }>(`SELECT payload FROM events WHERE bot_id = $1 AND type = 'donation'`, [botId]);
    expect(rows.map((r) => r.payload)).toEqual([{ user: USER, username: 'lena', amount: 12.5, currency: 'EUR' }]);
  });

  it('rejects bad amounts and currencies, storing nothing', async () => {
    const botId = await createBot(t);
    for (const body of [
      { amount: 0, currency: 'EUR' },
      { amount: -1, currency: 'EUR' },
      { amount: 1.234, currency: 'EUR' },
      { amount: '5', currency: 'EUR' },
      { amount: 5, currency: 'eur' },
      { amount: 5, currency: 'EURO' },
      { amount: 1e30, currency: 'EUR' },
    ]) {
      const response = await t.admin('POST', `/admin/v1/bots/${botId}/donations`, { user: USER, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    const { rows } = await t.db.query('SELECT 1 FROM donations WHERE bot_id = $1', [botId]);
    expect(rows).toHaveLength(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('premium statuses across processes (postgres)', () => {
  const shared = databasePerFile('postgres');
  const writer = appPerFile('postgres', () => ({ db: shared.db }));
  const reader = appPerFile('postgres', () => ({ db: shared.db }));

  it("another process's subscription write reaches this process's statuses", async () => {
    const botId = await createBot(writer);
    const { key } = await createKey(writer, botId, ['premium:read']);
    const status = async () =>
      (await reader.get(`/api/v1/bots/${botId}/premium/${USER}`, bearer(key))).json().data?.active as boolean | undefined;
    await vi.waitFor(async () => expect(await status()).toBe(false), { timeout: 10_000, interval: 25 });
    const created = await writer.admin('POST', `/admin/v1/bots/${botId}/subscriptions`, {
      userId: USER,
      tierId: TIER,
      tierName: 'Gold',
      interval: 'month',
      expiresAt: '2099-01-01T00:00:00.000Z',
      active: true,
    });
    expect(created.statusCode).toBe(201);
    await vi.waitFor(async () => expect(await status()).toBe(true), { timeout: 10_000, interval: 25 });
    await writer.admin('PATCH', `/admin/v1/subscriptions/${created.json().data.id}`, { active: false });
    await vi.waitFor(async () => expect(await status()).toBe(false), { timeout: 10_000, interval: 25 });
  });
});
