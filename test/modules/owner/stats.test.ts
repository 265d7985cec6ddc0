import { describe, expect, it, vi } from 'vitest';
import { statsRepository } from '../../../src/modules/stats/repository.js';
import { backends, appPerFile } from '../../helpers.js';
import { bearer, createBot, createKey } from '../../support/owner.js';

describe.each(backends())('POST /bots/{id}/stats (%s)', (backend) => {
  const t = appPerFile(backend);

  async function setup() {
    const botId = await createBot(t, { platformServerCount: 100, platformShardCount: 2 });
    const { key } = await createKey(t, botId, ['stats:write']);
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/bots/${botId}/stats`,
        headers: { ...bearer(key), 'content-type': contentType },
        payload,
      });
    return { botId, post };
  }

  it('stores the report; serverCount and the history source switch to self at once', async () => {
    const { botId, post } = await setup();
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data).toMatchObject({ serverCount: 100, shardCount: 2 });
    expect((await t.get(`/api/v1/bots/${botId}/history`)).json().source).toBe('platform');
    const response = await post(JSON.stringify({ serverCount: 1234, shardCount: 3 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { serverCount: 1234, shardCount: 3 } });
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data).toMatchObject({ serverCount: 1234, shardCount: 3 });
    const history = (await t.get(`/api/v1/bots/${botId}/history?days=7`)).json();
    expect(history.source).toBe('self');
    expect(history.data.at(-1).servers).toBe(1234);
  });

  it('reports racing for several bots are written together and each answered with its own values', async () => {
    const bots = await Promise.all([setup(), setup(), setup()]);
    const unpublished = await createBot(t, { published: false });
    const { key } = await createKey(t, unpublished, ['stats:write']);
    const batches = vi.spyOn(statsRepository, 'reportMany');
    const sent = bots.flatMap(({ botId, post }, b) =>
      [1, 2, 3, 4].map((i) => ({
        botId,
        count: 1000 * (b + 1) + i,
        post: () => post(JSON.stringify({ serverCount: 1000 * (b + 1) + i, ...(i % 2 ? { shardCount: i } : {}) })),
      })),
    );
    const [answers, missing] = await Promise.all([
      Promise.all(sent.map(async (s) => ({ ...s, response: await s.post() }))),
      t.app.inject({
        method: 'POST',
        url: `/api/v1/bots/${unpublished}/stats`,
        headers: { ...bearer(key), 'content-type': 'application/json' },
        payload: '{"serverCount":5}',
      }),
    ]);
    const sizes = batches.mock.calls.map(([, reports]) => reports.length);
    batches.mockRestore();
    expect(missing.statusCode).toBe(404);
    for (const { response, count } of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.json().data.serverCount).toBe(count);
    }
    for (const { botId } of bots) {
      const counts = answers.filter((a) => a.botId === botId).map((a) => a.count);
      expect(counts).toContain((await t.get(`/api/v1/bots/${botId}`)).json().data.serverCount);
    }
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(sent.length + 1);
    // On a server they went out together (PGlite answers before the next request is read).
    if (backend === 'postgres') expect(Math.max(...sizes)).toBeGreaterThan(1);
  });

  it('keeps the last shardCount when a report has none', async () => {
    const { post } = await setup();
    await post(JSON.stringify({ serverCount: 10, shardCount: 4 }));
    expect((await post(JSON.stringify({ serverCount: 11 }))).json()).toEqual({ data: { serverCount: 11, shardCount: 4 } });
  });

  it('rejects every invalid body with 422 and details, storing nothing', async () => {
    const { botId, post } = await setup();
    await post(JSON.stringify({ serverCount: 50 }));
    const bodies: [string, string?][] = [
      ['{}'],
      ['{"serverCount": -1}'],
      ['{"serverCount": 1.5}'],
      ['{"serverCount": "5"}'],
      ['{"serverCount": null}'],
      ['{"serverCount": true}'],
      ['{"serverCount": 1e30}'],
      ['{"serverCount": 99999999999999999999}'],
      ['{"serverCount": 5, "shardCount": 0}'],
      ['{"serverCount": 5, "shardCount": "2"}'],
      ['{"serverCount": 5, "extra": 1}'],
      ['[5]'],
      ['5'],
      ['{"serverCount": 5'],
      [''],
      ['serverCount=5', 'application/x-www-form-urlencoded'],
      ['{"serverCount": 5}', 'text/plain'],
    ];
    for (const [payload, type] of bodies) {
      const response = await post(payload, type);
      expect(response.statusCode, payload).toBe(422);
      const body = response.json();
      expect(body.error.code, payload).toBe('validation_failed');
      expect(body.error.details.length, payload).toBeGreaterThan(0);
    }
    expect((await t.get(`/api/v1/bots/${botId}`)).json().data.serverCount).toBe(50);
  });

  it('names both fields when both are wrong', async () => {
    const { post } = await setup();
    const response = await post(JSON.stringify({ serverCount: -1, shardCount: 0 }));
    expect(
      response
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['serverCount', 'shardCount']);
  });

  it('404 for an unpublished bot, after the key check', async () => {
    const { botId, post } = await setup();
    await t.admin('PATCH', `/admin/v1/bots/${botId}`, { published: false });
    expect((await post(JSON.stringify({ serverCount: 5 }))).statusCode).toBe(404);
  });
});
