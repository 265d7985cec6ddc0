/** GET /api/v1/bots/{id}/analytics: the owner's read of the bot's analytics, with a key holding `analytics:read`. */
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../../src/modules/keys/schemas.js';
import { appPerFile, backends, ManualClock } from '../../helpers.js';
import { bearer, createBot, createKey, keyMatrix } from '../../support/owner.js';
import { writeDay, writeLiveVotes, writeTops } from './rows.js';

describe.each(backends())('GET /bots/{id}/analytics (%s)', (backend) => {
  const clock = new ManualClock(new Date('2026-03-02T10:00:00.000Z'));
  const t = appPerFile(backend, { clock });
  const context = () => t;

  describe('keys', () => keyMatrix(context, 'analytics:read', (t, id, headers) => t.get(`/api/v1/bots/${id}/analytics`, headers)));

  async function setup() {
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['analytics:read']);
    const analytics = (query = '', headers = bearer(key)) => t.get(`/api/v1/bots/${botId}/analytics${query}`, headers);
    return { botId, key, analytics };
  }

  it('answers 30 days by default: every day, totals, conversion and the top lists (the response schema is checked on every answer)', async () => {
    const { botId, analytics } = await setup();
    await writeDay(t.db, botId, '2026-03-01', { views: 200, visitors: 150, invites: 10 });
    await writeDay(t.db, botId, '2026-02-01', { views: 1 }); // 30 days back from March 2 is February 1
    await writeLiveVotes(t.db, botId, '2026-03-02', 5);
    await writeTops(t.db, botId, '2026-03-01', { referrers: { 'reddit.com': 9 }, search_terms: { 'music bot': 3 } });
    const response = await analytics();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { data } = response.json();
    expect(data).toMatchObject({ days: 30, from: '2026-02-01', to: '2026-03-02' });
    expect(data.daily).toHaveLength(30);
    expect(data.daily[0]).toMatchObject({ date: '2026-02-01', views: 1 });
    expect(data.daily.at(-2)).toMatchObject({ date: '2026-03-01', views: 200, visitors: 150, invites: 10 });
    expect(data.totals).toMatchObject({ views: 201, visitors: 150, invites: 10, votes: 5 });
    expect(data.conversion).toEqual({ invites: 0.0498, votes: 0.0249 });
    expect(data.referrers).toEqual([{ value: 'reddit.com', count: 9 }]);
    expect(data.searchTerms).toEqual([{ value: 'music bot', count: 3 }]);
    expect(data.embedReferrers).toEqual([]);
    const week = (await analytics('?days=7')).json().data;
    expect(week.daily).toHaveLength(7);
    expect((await analytics('?days=90')).json().data.daily).toHaveLength(90);
  });

  it('answers 422 in the error envelope for days outside 7, 30, 90', async () => {
    const { analytics } = await setup();
    for (const days of ['14', 'abc', '', '365', '0', '-7', '7.5', '30&days=7']) {
      const response = await analytics(`?days=${days}`);
      expect(response.statusCode, `days=${days}: ${response.body}`).toBe(422);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', details: [expect.objectContaining({ field: expect.stringContaining('days') })] },
      });
    }
  });

  it('is 404 for an unpublished bot, with a key of that bot', async () => {
    const { botId, analytics } = await setup();
    expect((await analytics()).statusCode).toBe(200);
    expect((await t.admin('PATCH', `/admin/v1/bots/${botId}`, { published: false })).statusCode).toBe(200);
    const response = await analytics();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses a key made before the scope existed (votes, premium and stats scopes only): 403', async () => {
    const botId = await createBot(t);
    const { key } = await createKey(t, botId, ['votes:read', 'premium:read', 'stats:write']);
    const response = await t.get(`/api/v1/bots/${botId}/analytics`, bearer(key));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toContain('analytics:read');
    // Such a key keeps its scopes: it still reads votes.
    expect((await t.get(`/api/v1/bots/${botId}/votes`, bearer(key))).statusCode).toBe(200);
    // A key may hold every scope at once.
    const all = await t.admin('POST', `/admin/v1/bots/${botId}/keys`, { scopes: [...SCOPES] });
    expect(all.statusCode).toBe(201);
    expect(all.json().data.scopes).toEqual([...SCOPES]);
  });

  it('shows a new vote at once, and new counts within the answer’s life (ETag, 304 between)', async () => {
    const { botId, key, analytics } = await setup();
    const first = await analytics('?days=7');
    expect((await analytics('?days=7', { ...bearer(key), 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    const vote = await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: '123456789012345699', username: 'Voter' });
    expect(vote.statusCode).toBeLessThan(300);
    expect((await analytics('?days=7')).json().data.totals.votes).toBe(1);
    await writeDay(t.db, botId, '2026-03-02', { views: 3 });
    clock.advance(10_001);
    expect((await analytics('?days=7')).json().data.totals.views).toBe(3);
  });

  it('is in the OpenAPI document with its scope and schema', async () => {
    const document = (await t.get('/api/v1/openapi.json')).json();
    const operation = document.paths['/api/v1/bots/{id}/analytics'].get;
    expect(operation.operationId).toBe('getBotAnalytics');
    expect(operation.tags).toEqual(['owner']);
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'days', in: 'query' }));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '422']));
    expect(document.components.schemas.BotAnalytics.properties).toHaveProperty('referrers');
  });
});
