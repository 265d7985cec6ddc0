/** Shard-aware stats and the history backfill (issue 15): additive forms of the owner's reports. */
import { describe, expect, it } from 'vitest';
import { snowflakeTime } from '../../../src/lib/snowflake.js';
import { SHARD_REPORT_TTL_MS } from '../../../src/modules/stats/service.js';
import { addDays, utcDay } from '../../../src/lib/clock.js';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { bearer, createBot, createKey } from '../../support/owner.js';

describe.each(backends())('shard reports and history backfill (%s)', (backend) => {
  const clock = new ManualClock(new Date('2026-05-20T10:00:00.000Z'));
  const t = appPerFile(backend, { clock });

  async function setup() {
    const botId = await createBot(t, { platformServerCount: 100, platformShardCount: 2 });
    const { key } = await createKey(t, botId, ['stats:write']);
    const post = (path: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/v1/bots/${botId}${path}`, headers: bearer(key), payload: payload as object });
    const bot = async () => (await t.get(`/api/v1/bots/${botId}`)).json().data as { serverCount: number; shardCount: number };
    return { botId, post, bot };
  }

  it('sums the latest report of each shard; processes reporting their own shards do not overwrite each other', async () => {
    const { post, bot } = await setup();
    expect((await post('/stats', { shardId: 0, shardCount: 3, serverCount: 10 })).json()).toEqual({
      data: { serverCount: 10, shardCount: 3 },
    });
    expect((await post('/stats', { shardId: 2, shardCount: 3, serverCount: 30 })).json()).toEqual({
      data: { serverCount: 40, shardCount: 3 },
    });
    expect((await post('/stats', { shardId: 1, shardCount: 3, serverCount: 20 })).json()).toEqual({
      data: { serverCount: 60, shardCount: 3 },
    });
    // A shard's newer report replaces its older one.
    expect((await post('/stats', { shardId: 0, shardCount: 3, serverCount: 15 })).json().data.serverCount).toBe(65);
    expect(await bot()).toMatchObject({ serverCount: 65, shardCount: 3 });
  });

  it('counts concurrent reports of different shards', async () => {
    const { post, bot } = await setup();
    const shards = 16;
    await Promise.all(
      Array.from({ length: shards }, (_, shardId) => post('/stats', { shardId, shardCount: shards, serverCount: 100 + shardId })),
    );
    const expected = Array.from({ length: shards }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
    expect((await bot()).serverCount).toBe(expected);
  });

  it(`forgets a shard not reported for ${SHARD_REPORT_TTL_MS / 3_600_000} hours, and shards beyond a smaller shard count`, async () => {
    const { post } = await setup();
    await post('/stats', { shardId: 0, shardCount: 2, serverCount: 10 });
    clock.advance(SHARD_REPORT_TTL_MS);
    await post('/stats', { shardId: 1, shardCount: 2, serverCount: 20 });
    expect((await post('/stats', { shardId: 1, shardCount: 2, serverCount: 21 })).json().data.serverCount).toBe(21);
    await post('/stats', { shardId: 0, shardCount: 2, serverCount: 10 });
    expect((await post('/stats', { shardId: 0, shardCount: 1, serverCount: 10 })).json()).toEqual({
      data: { serverCount: 10, shardCount: 1 },
    });
  });

  it('takes every shard at once; a plain total replaces the shard reports', async () => {
    const { post, bot } = await setup();
    expect((await post('/stats', { shards: [5, 6, 7] })).json()).toEqual({ data: { serverCount: 18, shardCount: 3 } });
    expect((await post('/stats', { shardId: 1, shardCount: 3, serverCount: 10 })).json().data.serverCount).toBe(22);
    expect((await post('/stats', { shards: [1] })).json()).toEqual({ data: { serverCount: 1, shardCount: 1 } });
    expect((await post('/stats', { serverCount: 500 })).json()).toEqual({ data: { serverCount: 500, shardCount: 1 } });
    // After a total, a shard report starts from its own shards only.
    expect((await post('/stats', { shardId: 0, shardCount: 2, serverCount: 7 })).json().data.serverCount).toBe(7);
    expect(await bot()).toMatchObject({ serverCount: 7, shardCount: 2 });
  });

  it('rejects mixed and out-of-range shard bodies with 422 naming the field', async () => {
    const { post, bot } = await setup();
    const cases: [unknown, string][] = [
      [{ shardId: 2, shardCount: 2, serverCount: 1 }, 'shardId'],
      [{ shardId: -1, shardCount: 2, serverCount: 1 }, 'shardId'],
      [{ shardId: 0, shardCount: 0, serverCount: 1 }, 'shardCount'],
      [{ shardId: 0, shardCount: 2, serverCount: -1 }, 'serverCount'],
      [{ shardId: 0, serverCount: 1 }, 'shardId'],
      [{ shards: [] }, 'shards'],
      [{ shards: [1, -2] }, 'shards.1'],
      [{ shards: Array.from({ length: 5001 }, () => 1) }, 'shards'],
      [{ shards: [1], serverCount: 1 }, 'shards'],
    ];
    for (const [body, field] of cases) {
      const response = await post('/stats', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(
        response.json().error.details.map((d: { field: string }) => d.field),
        JSON.stringify(body).slice(0, 80),
      ).toContain(field);
    }
    expect((await bot()).serverCount).toBe(100);
  });

  /** A bot (its application ID dates from 2015), with today 2026-05-20. */
  async function olderBot() {
    clock.set('2026-05-20T10:00:00.000Z');
    const bot = await setup();
    expect(utcDay(snowflakeTime(bot.botId)) < '2016-01-01').toBe(true);
    return bot;
  }

  it('backfills past days idempotently, within the life of the bot, for the chart and history', async () => {
    const { botId, post } = await olderBot();
    const today = '2026-05-20';
    const points = [
      { date: addDays(today, -3), serverCount: 300 },
      { date: addDays(today, -2), serverCount: 320 },
    ];
    for (let i = 0; i < 2; i++) expect((await post('/stats/history', { points })).json()).toEqual({ data: { stored: 2 } });
    await post('/stats/history', { points: [{ date: addDays(today, -2), serverCount: 330 }] });
    const history = (await t.get(`/api/v1/bots/${botId}/history?days=7`)).json();
    expect(history.data.filter((d: { date: string }) => d.date <= addDays(today, -2))).toEqual([
      { date: addDays(today, -3), servers: 300 },
      { date: addDays(today, -2), servers: 330 },
    ]);
  });

  it('refuses today, the future, days before the bot was created, repeated dates, and more than 100 points', async () => {
    const { post } = await olderBot();
    const cases: [unknown, string][] = [
      [{ points: [{ date: '2026-05-20', serverCount: 1 }] }, 'points.0.date'],
      [{ points: [{ date: '2027-01-01', serverCount: 1 }] }, 'points.0.date'],
      [{ points: [{ date: '2015-01-01', serverCount: 1 }] }, 'points.0.date'],
      [
        {
          points: [
            { date: '2026-05-01', serverCount: 1 },
            { date: '2026-05-01', serverCount: 2 },
          ],
        },
        'points.1.date',
      ],
      [{ points: [{ date: '2026-02-30', serverCount: 1 }] }, 'points.0.date'],
      [{ points: [{ date: '2026-05-01', serverCount: -1 }] }, 'points.0.serverCount'],
      [{ points: [] }, 'points'],
      [{ points: Array.from({ length: 101 }, (_, i) => ({ date: addDays('2026-05-19', -i), serverCount: 1 })) }, 'points'],
    ];
    for (const [body, field] of cases) {
      const response = await post('/stats/history', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });
});
