import { describe, expect, it } from 'vitest';
import { startLapseSweep } from '../../../src/modules/premium/lapse-sweep.js';
import { LAPSE_BATCH } from '../../../src/modules/premium/service.js';
import { backends, ManualClock, appPerFile } from '../../helpers.js';
import { bearer, createBot, createKey, USER } from '../../support/owner.js';

const T0 = new Date('2026-05-01T12:00:00.000Z');
const END = '2026-06-01T12:00:00.000Z';
const TIER = '6f0c1f7e-8b4e-4c1a-9a57-4ad0f0b2a3c1';

describe.each(backends())('premium subscriptions that run out (%s)', (backend) => {
  const clock = new ManualClock(T0);
  const t = appPerFile(backend, { clock });
  const other = appPerFile(backend, () => ({ clock, db: t.db }));

  const subscribe = async (botId: string, body: Record<string, unknown> = {}) => {
    const response = await t.admin('POST', `/admin/v1/bots/${botId}/subscriptions`, {
      userId: USER,
      tierId: TIER,
      tierName: 'Gold',
      interval: 'month',
      expiresAt: END,
      active: true,
      ...body,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().data as { id: string };
  };
  const premiumEvents = async (botId: string) => {
    const { rows } = await t.db.query<{ payload: { active: boolean; expiresAt: string; user: string } }>(
      `SELECT payload FROM events WHERE bot_id = $1 AND type = 'premium' ORDER BY created_at, payload->>'active' DESC`,
      [botId],
    );
    return rows.map((row) => [row.payload.active, row.payload.expiresAt]);
  };

  it('gets its "ends" event once, when expiresAt passes, and the premium check agrees', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['premium:read']);
    await subscribe(botId);
    clock.set(new Date(Date.parse(END) - 1));
    expect(await t.app.services.premium.recordLapsedPremium()).toBe(0);
    expect((await t.get(`/api/v1/bots/${botId}/premium/${USER}`, bearer(key))).json().data.active).toBe(true);
    clock.set(END);
    expect((await t.get(`/api/v1/bots/${botId}/premium/${USER}`, bearer(key))).json().data.active).toBe(false);
    expect(await t.app.services.premium.recordLapsedPremium()).toBe(1);
    expect(await t.app.services.premium.recordLapsedPremium()).toBe(0);
    expect(await premiumEvents(botId)).toEqual([
      [true, END],
      [false, END],
    ]);
  });

  it('ending a lapsed subscription writes no second "ends"; renewing it begins it again', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const { id } = await subscribe(botId);
    clock.set('2026-06-02T00:00:00.000Z');
    await t.app.services.premium.recordLapsedPremium();
    clock.set('2026-06-02T01:00:00.000Z');
    expect((await t.admin('PATCH', `/admin/v1/subscriptions/${id}`, { active: false })).statusCode).toBe(200);
    expect(
      (await t.admin('PATCH', `/admin/v1/subscriptions/${id}`, { active: true, expiresAt: '2026-07-01T12:00:00.000Z' })).statusCode,
    ).toBe(200);
    expect(await premiumEvents(botId)).toEqual([
      [true, END],
      [false, END],
      [true, '2026-07-01T12:00:00.000Z'],
    ]);
  });

  it('announces nothing for a subscription written already expired', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    await subscribe(botId, { expiresAt: '2026-04-30T12:00:00.000Z' });
    expect(await t.app.services.premium.recordLapsedPremium()).toBe(0);
    expect(await premiumEvents(botId)).toEqual([]);
  });

  it('two processes sweeping at once write each lapse once', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    for (let i = 0; i < 5; i += 1) await subscribe(botId, { userId: `12345678901234567${i}` });
    clock.set(END);
    const written = await Promise.all([
      t.app.services.premium.recordLapsedPremium(2),
      other.app.services.premium.recordLapsedPremium(2),
      t.app.services.premium.recordLapsedPremium(2),
      other.app.services.premium.recordLapsedPremium(2),
    ]);
    expect(written.reduce((a, b) => a + b, 0)).toBe(5);
    expect((await premiumEvents(botId)).filter(([active]) => active === false)).toHaveLength(5);
  });

  it('the sweep ends every lapse, more than one batch of them', async () => {
    clock.set(T0);
    const botId = await createBot(t);
    const count = LAPSE_BATCH + 3;
    for (let i = 0; i < count; i += 1) await subscribe(botId, { userId: String(100000000000000000n + BigInt(i)) });
    clock.set(END);
    await startLapseSweep(t.app.services.premium, t.app.log, 3_600_000).stop();
    expect((await premiumEvents(botId)).filter(([active]) => active === false)).toHaveLength(count);
  });
});
