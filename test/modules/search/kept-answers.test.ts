import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putBot, uniqueToken } from '../../fixtures.js';
import { backends, ManualClock, testApp, type TestApp } from '../../helpers.js';

describe.each(backends())('search answers under changes on %s', (backend) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-31T23:59:00.000Z'));
  const token = uniqueToken();

  beforeAll(async () => {
    t = await testApp(backend, { clock, env: { LIST_MAX_STALE_MS: '2000' } });
  });
  afterAll(() => t.close());

  const vote = (id: string, user: string) => t.admin('POST', `/admin/v1/bots/${id}/votes`, { user, username: 'voter' });
  const search = (q = token, headers: Record<string, string> = {}) => t.get(`/api/v1/search?q=${q}`, headers);
  const found = async (q = token) => (await search(q)).json().data as { id: string; votesMonth: number }[];

  it('reuses an answer for at most LIST_MAX_STALE_MS while votes arrive', async () => {
    const { id } = await putBot(t, { name: `${token} one` });
    await t.app.services.catalog.ready('all');
    expect((await found()).map((b) => b.votesMonth)).toEqual([0]);
    expect((await vote(id, '400000000000000001')).statusCode).toBe(201);
    expect((await found()).map((b) => b.votesMonth)).toEqual([0]);
    // The bot itself is exact at once.
    expect((await t.get(`/api/v1/bots/${id}`)).json().data.votesMonth).toBe(1);
    clock.advance(1999);
    expect((await found()).map((b) => b.votesMonth)).toEqual([0]);
    clock.advance(1);
    expect((await found()).map((b) => b.votesMonth)).toEqual([1]);
  });

  it('serves an answer with nothing changed since however old it is, with its ETag; If-None-Match gets a 304', async () => {
    const first = await search();
    clock.advance(20_000);
    const later = await search();
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(later.body).toBe(first.body);
    expect(later.headers['cache-control']).toBe('no-cache');
    expect(later.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await search(token, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('forgets every answer when the operator changes the synonyms, even within the bound', async () => {
    const word = uniqueToken();
    expect((await found(word)).length).toBe(0);
    const put = await t.admin('PUT', '/admin/v1/search/synonyms', { oneWay: [{ input: word, synonyms: [token] }], multiWay: [] });
    expect(put.statusCode).toBe(200);
    expect((await found(word)).length).toBe(1);
  });

  it('keys answers by language and limit as well as the query', async () => {
    const { id } = await putBot(t, { name: `${token} two`, slugs: { de: `${token}-zwei`, en: `${token}-two` } });
    clock.advance(5_000);
    const slugs = async (query: string) => ((await search(query)).json().data as { slug: string }[]).map((h) => h.slug);
    expect(await slugs(`${token}&lang=de&limit=2`)).toContain(`${token}-zwei`);
    expect(await slugs(`${token}&lang=en&limit=2`)).toContain(`${token}-two`);
    expect(await slugs(`${token}&lang=en&limit=1`)).toHaveLength(1);
    expect((await t.get(`/api/v1/bots/${id}`)).statusCode).toBe(200);
  });
});
