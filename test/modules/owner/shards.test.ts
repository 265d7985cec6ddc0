/** GET /api/v1/bots/{id}/shards: the owner's read of each shard's latest report (docs/adding-an-endpoint.md). */
import { describe, expect, it } from 'vitest';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { bearer, createBot, createKey, keyMatrix } from '../../support/owner.js';

describe.each(backends())('GET /bots/{id}/shards (%s)', (backend) => {
  const clock = new ManualClock(new Date('2026-05-20T10:00:00.000Z'));
  const t = appPerFile(backend, { clock });

  async function setup() {
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['stats:write']);
    const report = async (payload: object) =>
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/bots/${botId}/stats`, headers: bearer(key), payload })).statusCode).toBe(
        200,
      );
    const shards = (query = '', headers = bearer(key)) => t.get(`/api/v1/bots/${botId}/shards${query}`, headers);
    return { botId, key, report, shards };
  }

  it('answers each shard reported, by shard id, with its count and the time of its last report', async () => {
    const { report, shards } = await setup();
    expect((await shards()).json()).toEqual({ data: [], nextAfter: null });
    await report({ shardId: 2, shardCount: 3, serverCount: 30 });
    clock.advance(60_000);
    await report({ shardId: 0, shardCount: 3, serverCount: 10 });
    const response = await shards();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      data: [
        { shardId: 0, serverCount: 10, reportedAt: '2026-05-20T10:01:00.000Z' },
        { shardId: 2, serverCount: 30, reportedAt: '2026-05-20T10:00:00.000Z' },
      ],
      nextAfter: null,
    });
  });

  it('shows a new report at once, though the answer before was kept (ETag, 304)', async () => {
    const { key, report, shards } = await setup();
    await report({ shardId: 0, shardCount: 1, serverCount: 5 });
    const first = await shards();
    expect(first.json().data).toEqual([{ shardId: 0, serverCount: 5, reportedAt: clock.now().toISOString() }]);
    expect((await shards('', { ...bearer(key), 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    clock.advance(1_000);
    await report({ shardId: 0, shardCount: 1, serverCount: 6 });
    const after = await shards('', { ...bearer(key), 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toEqual([{ shardId: 0, serverCount: 6, reportedAt: clock.now().toISOString() }]);
    // A total report replaces the shards.
    await report({ serverCount: 100 });
    expect((await shards()).json()).toEqual({ data: [], nextAfter: null });
  });

  it('pages by shard id: `after` the last one seen, at most `limit`, `nextAfter` until the last page', async () => {
    const { report, shards } = await setup();
    await report({ shards: Array.from({ length: 7 }, (_, i) => 100 + i) });
    const ids = async (query: string) => {
      const body = (await shards(query)).json<{ data: { shardId: number }[]; nextAfter: number | null }>();
      return { ids: body.data.map((s) => s.shardId), nextAfter: body.nextAfter };
    };
    expect(await ids('?limit=3')).toEqual({ ids: [0, 1, 2], nextAfter: 2 });
    expect(await ids('?limit=3&after=2')).toEqual({ ids: [3, 4, 5], nextAfter: 5 });
    expect(await ids('?limit=3&after=5')).toEqual({ ids: [6], nextAfter: null });
    expect(await ids('?after=6')).toEqual({ ids: [], nextAfter: null });
    expect(await ids('?limit=7')).toEqual({ ids: [0, 1, 2, 3, 4, 5, 6], nextAfter: 6 });
    expect(await ids('?limit=7&after=6')).toEqual({ ids: [], nextAfter: null });
  });

  it('422 for `after` and `limit` out of bounds or not whole numbers', async () => {
    const { shards } = await setup();
    for (const query of ['?limit=0', '?limit=1001', '?limit=x', '?after=-1', '?after=65536', '?after=1.5', '?after=', '?limit=1&limit=2']) {
      const response = await shards(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  it('404 for a bot that is not published (the key stays valid)', async () => {
    const { botId, shards } = await setup();
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { published: false })).statusCode).toBe(200);
    expect((await shards()).statusCode).toBe(404);
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { published: true })).statusCode).toBe(200);
    expect((await shards()).statusCode).toBe(200);
  });

  describe('keys', () =>
    keyMatrix(
      () => t,
      'stats:write',
      (app, id, headers) => app.get(`/api/v1/bots/${id}/shards`, headers),
    ));
});
