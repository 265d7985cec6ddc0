import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/lib/clock.js';
import { historyRepository } from '../../../src/modules/history/repository.js';
import { putBot } from '../../fixtures.js';
import { backends, ManualClock, appPerFile, type TestApp } from '../../helpers.js';

const TODAY = '2026-06-15';

async function writeHistory(t: TestApp, botId: string, points: { day: string; servers: number }[]) {
  await t.db.transaction((tx) => historyRepository.upsertMany(tx, botId, points));
}

/** Every day from `from` to `to`, inclusive. */
function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

describe.each(backends())('history on %s', (backend) => {
  const clock = new ManualClock(new Date(`${TODAY}T10:00:00.000Z`));
  const t = appPerFile(backend, { clock });

  describe('GET /api/v1/bots/{id}/history', () => {
    it('defaults to 30 days: one item per day, oldest first, ending today', async () => {
      const { id } = await putBot(t, { platformServerCount: 1000 });
      const history = days(addDays(TODAY, -400), addDays(TODAY, -1)).map((day, i) => ({ day, servers: i }));
      await writeHistory(t, id, history);
      const response = await t.get(`/api/v1/bots/${id}/history`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['data', 'days', 'source']);
      expect(body.days).toBe(30);
      expect(body.source).toBe('platform');
      expect(body.data).toHaveLength(30);
      expect(body.data.map((p: { date: string }) => p.date)).toEqual(days(addDays(TODAY, -29), TODAY));
      // Collected days show their value; today (not collected yet) shows the live count.
      expect(body.data[0]).toEqual({ date: addDays(TODAY, -29), servers: 400 - 29 });
      expect(body.data[28]).toEqual({ date: addDays(TODAY, -1), servers: 399 });
      expect(body.data[29]).toEqual({ date: TODAY, servers: 1000 });
    });

    it.each([7, 30, 90, 365])('days=%i gives exactly that many days', async (n) => {
      const { id } = await putBot(t, { platformServerCount: 5 });
      await writeHistory(
        t,
        id,
        days(addDays(TODAY, -400), addDays(TODAY, -1)).map((day) => ({ day, servers: 5 })),
      );
      const body = (await t.get(`/api/v1/bots/${id}/history?days=${n}`)).json();
      expect(body.days).toBe(n);
      expect(body.data.map((p: { date: string }) => p.date)).toEqual(days(addDays(TODAY, -(n - 1)), TODAY));
    });

    it.each(['0', '1', '6', '8', '14', '31', '364', '366', '-7', '1e30', 'abc', '', '7,30', 'seven', '%00'])(
      'days=%s → 422 naming days',
      async (value) => {
        const { id } = await putBot(t);
        const response = await t.get(`/api/v1/bots/${id}/history?days=${value}`);
        expect(response.statusCode).toBe(422);
        expect(response.json().error).toMatchObject({
          code: 'validation_failed',
          details: [{ field: 'days', message: expect.any(String) }],
        });
      },
    );

    it('is cached per days value', async () => {
      const { id } = await putBot(t, { platformServerCount: 3 });
      await writeHistory(
        t,
        id,
        days(addDays(TODAY, -100), addDays(TODAY, -1)).map((day) => ({ day, servers: 3 })),
      );
      const week = (await t.get(`/api/v1/bots/${id}/history?days=7`)).json();
      const month = (await t.get(`/api/v1/bots/${id}/history?days=30`)).json();
      const quarter = (await t.get(`/api/v1/bots/${id}/history?days=90`)).json();
      expect([week.data.length, month.data.length, quarter.data.length]).toEqual([7, 30, 90]);
      expect((await t.get(`/api/v1/bots/${id}/history?days=7`)).json()).toEqual(week);
      expect((await t.get(`/api/v1/bots/${id}/history`)).json()).toEqual(month);
    });

    it("source is 'self' when the owner has reported, 'platform' otherwise", async () => {
      const platform = await putBot(t, { platformServerCount: 10 });
      const self = await putBot(t, { platformServerCount: 10 });
      await t.db.query('UPDATE bots SET reported_server_count = 42, reported_at = now() WHERE id = $1', [self.id]);
      const a = (await t.get(`/api/v1/bots/${platform.id}/history?days=7`)).json();
      const b = (await t.get(`/api/v1/bots/${self.id}/history?days=7`)).json();
      expect(a).toEqual({ data: [{ date: TODAY, servers: 10 }], days: 7, source: 'platform' });
      expect(b).toEqual({ data: [{ date: TODAY, servers: 42 }], days: 7, source: 'self' });
    });

    it('has empty data for a bot with neither a reported nor a platform count', async () => {
      const { id } = await putBot(t, { platformServerCount: null });
      expect((await t.get(`/api/v1/bots/${id}/history`)).json()).toEqual({ data: [], days: 30, source: 'platform' });
    });

    it('carries the last known value over days the collection missed', async () => {
      const { id } = await putBot(t, { platformServerCount: 70 });
      await writeHistory(t, id, [
        { day: addDays(TODAY, -20), servers: 10 },
        { day: addDays(TODAY, -5), servers: 50 },
      ]);
      const body = (await t.get(`/api/v1/bots/${id}/history?days=7`)).json();
      expect(body.data).toEqual([
        { date: addDays(TODAY, -6), servers: 10 },
        { date: addDays(TODAY, -5), servers: 50 },
        { date: addDays(TODAY, -4), servers: 50 },
        { date: addDays(TODAY, -3), servers: 50 },
        { date: addDays(TODAY, -2), servers: 50 },
        { date: addDays(TODAY, -1), servers: 50 },
        { date: TODAY, servers: 70 },
      ]);
    });

    it('shows a changed platform count at once (today is live until collected)', async () => {
      const { id } = await putBot(t, { platformServerCount: 100 });
      expect((await t.get(`/api/v1/bots/${id}/history?days=7`)).json().data).toEqual([{ date: TODAY, servers: 100 }]);
      await t.admin('PATCH', `/admin/v1/bots/${id}`, { platformServerCount: 150 });
      expect((await t.get(`/api/v1/bots/${id}/history?days=7`)).json().data).toEqual([{ date: TODAY, servers: 150 }]);
    });
  });

  describe('POST /admin/v1/history/collect', () => {
    // Its own database, so the counts of written rows are exact.
    const collectClock = new ManualClock(new Date(`${TODAY}T00:05:00.000Z`));
    const c = appPerFile(backend, { clock: collectClock });
    let platform: { id: string };
    let self: { id: string };
    let hidden: { id: string };
    beforeAll(async () => {
      platform = await putBot(c, { platformServerCount: 100 });
      self = await putBot(c, { platformServerCount: 100 });
      await c.db.query('UPDATE bots SET reported_server_count = 250, reported_at = now() WHERE id = $1', [self.id]);
      await putBot(c, { platformServerCount: null });
      hidden = await putBot(c, { platformServerCount: 300, published: false });
    });
    // The day's element of each month row (bot_days): the bots collected that day.
    const rows = async (day: string) =>
      (
        await c.db.query<{ bot_id: string; servers: number }>(
          `SELECT bot_id, servers[extract(day FROM $1::date)::integer] AS servers FROM bot_days
            WHERE month = $1::date - (extract(day FROM $1::date)::integer - 1)
              AND servers[extract(day FROM $1::date)::integer] IS NOT NULL
            ORDER BY bot_id`,
          [day],
        )
      ).rows;

    it('writes one row per published bot with a count, then nothing on a second run', async () => {
      const first = await c.admin('POST', '/admin/v1/history/collect', {});
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ data: { date: TODAY, written: 2 } });
      expect(await rows(TODAY)).toEqual(
        [
          { bot_id: platform.id, servers: 100 },
          { bot_id: self.id, servers: 250 },
        ].sort((a, b) => (a.bot_id < b.bot_id ? -1 : 1)),
      );
      expect((await rows(TODAY)).map((r) => r.bot_id)).not.toContain(hidden.id);
      const second = await c.admin('POST', '/admin/v1/history/collect', {});
      expect(second.json()).toEqual({ data: { date: TODAY, written: 0 } });
      expect(await rows(TODAY)).toHaveLength(2);
    });

    it('collects today when called without a body', async () => {
      collectClock.set(`${addDays(TODAY, 1)}T00:05:00.000Z`);
      try {
        const response = await c.inject({
          method: 'POST',
          url: '/admin/v1/history/collect',
          headers: { authorization: `Bearer ${c.app.config.adminToken}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ data: { date: addDays(TODAY, 1), written: 2 } });
      } finally {
        collectClock.set(`${TODAY}T00:05:00.000Z`);
      }
    });

    it('collects a given past date, and two concurrent runs write once', async () => {
      const day = addDays(TODAY, -3);
      const results = await Promise.all([
        c.admin('POST', '/admin/v1/history/collect', { date: day }),
        c.admin('POST', '/admin/v1/history/collect', { date: day }),
        c.admin('POST', '/admin/v1/history/collect', { date: day }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(results.map((r) => r.json().data.written).reduce((a, b) => a + b, 0)).toBe(2);
      expect(await rows(day)).toHaveLength(2);
    });

    it('shows the collected value in the history at once', async () => {
      const before = (await c.get(`/api/v1/bots/${platform.id}/history?days=7`)).json().data;
      expect(before.at(-1)).toEqual({ date: TODAY, servers: 100 });
      await c.db.query('UPDATE bots SET platform_server_count = 120 WHERE id = $1', [platform.id]);
      const day = addDays(TODAY, -2);
      await c.admin('POST', '/admin/v1/history/collect', { date: day });
      const after = (await c.get(`/api/v1/bots/${platform.id}/history?days=7`)).json().data;
      expect(after.find((p: { date: string }) => p.date === day)).toEqual({ date: day, servers: 120 });
    });

    it.each([
      [{ date: addDays(TODAY, 1) }, 'date'],
      [{ date: '2999-01-01' }, 'date'],
      [{ date: '2026-02-30' }, 'date'],
      [{ date: '2026-1-1' }, 'date'],
      [{ date: 'tomorrow' }, 'date'],
      [{ date: 20260101 }, 'date'],
      [{ date: null }, 'date'],
      [{ day: TODAY }, 'day'],
    ])('rejects %j with 422 and writes nothing', async (payload, field) => {
      const count = async () =>
        (await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bot_days, unnest(servers) AS s WHERE s IS NOT NULL')).rows[0]?.n;
      const before = await count();
      const response = await c.admin('POST', '/admin/v1/history/collect', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.map((d: { field: string }) => d.field)).toEqual([field]);
      expect(await count()).toBe(before);
    });
  });
});
