import { describe, expect, it } from 'vitest';
import { botBody } from '../../fixtures.js';
import { appPerFile, backends, databasePerFile } from '../../helpers.js';

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return probe();
}

describe.each(backends())('GET /api/v1/search (%s)', (backend) => {
  const t = appPerFile(backend);
  const search = (query: string) => t.get(`/api/v1/search?${query}`);

  async function putBot(overrides: Record<string, unknown>) {
    const { id, body } = botBody(overrides);
    expect((await t.admin('PUT', `/admin/v1/bots/${id}`, body)).statusCode).toBe(201);
    return id;
  }

  it('answers hits with the fields of the spec, in the requested language', async () => {
    const id = await putBot({
      name: 'Zyklotron Beats',
      slugs: { de: 'zyklotron-musik', en: 'zyklotron-music' },
      shortDescription: { de: 'Spielt Musik.', en: 'Plays music.' },
    });
    const response = await search('q=zyklotron&lang=de');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(1);
    expect(Number.isInteger(body.processingTimeMs)).toBe(true);
    expect(body.data[0]).toEqual({
      id,
      name: 'Zyklotron Beats',
      shortDescription: 'Spielt Musik.',
      slug: 'zyklotron-musik',
      iconUrl: 'https://cdn.example.org/icon.png',
      categories: ['utility'],
      votesMonth: 0,
      votesTotal: 0,
      serverCount: 100,
      rating: { average: 0, count: 0 },
      isVerified: false,
    });
    expect((await search('q=zyklotron')).json().data[0].slug).toBe('zyklotron-music');
  });

  it('shows publishing, unpublishing, renaming and new counts at once', async () => {
    const id = await putBot({ name: 'Quaxelwerk', published: false });
    expect((await search('q=quaxelwerk')).json().total).toBe(0);
    await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: true });
    expect((await search('q=quaxelwerk')).json().data.map((h: { id: string }) => h.id)).toEqual([id]);
    await t.admin('POST', `/admin/v1/bots/${id}/votes`, { user: '123456789012345678', username: 'x' });
    expect((await search('q=quaxelwerk')).json().data[0].votesMonth).toBe(1);
    await t.admin('PATCH', `/admin/v1/bots/${id}`, { name: 'Plinkerton' });
    expect((await search('q=quaxelwerk')).json().total).toBe(0);
    expect((await search('q=plinkerton')).json().total).toBe(1);
    await t.admin('PATCH', `/admin/v1/bots/${id}`, { published: false });
    expect((await search('q=plinkerton')).json().total).toBe(0);
  });

  it('validates q, limit and lang with 422 details', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(101)}`,
      'q=a&limit=0',
      'q=a&limit=51',
      'q=a&lang=fr',
      'q=a&q=b',
      'q=a&limit=1e30',
    ]) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().error.code, query).toBe('validation_failed');
      expect(response.json().error.details.length, query).toBeGreaterThan(0);
    }
    expect((await search(`q=%20${'a'.repeat(100)}%20`)).statusCode).toBe(200);
    const both = await search('limit=0&lang=xx');
    expect(
      both
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['lang', 'limit', 'q']);
  });

  it('operator synonyms apply at once, one-way and multi-way, and are validated', async () => {
    const id = await putBot({ name: 'Glimmerkatze' });
    expect((await search('q=funkelbiest')).json().total).toBe(0);
    const put = await t.admin('PUT', '/admin/v1/search/synonyms', {
      oneWay: [{ input: 'funkelbiest', synonyms: ['glimmerkatze'] }],
      multiWay: [['schnurrlicht', 'glimmerkatze']],
    });
    expect(put.statusCode).toBe(200);
    expect((await search('q=funkelbiest')).json().data.map((h: { id: string }) => h.id)).toContain(id);
    expect((await search('q=schnurrlicht')).json().data.map((h: { id: string }) => h.id)).toContain(id);
    expect((await t.admin('GET', '/admin/v1/search/synonyms')).json().data.multiWay).toEqual([['schnurrlicht', 'glimmerkatze']]);
    for (const body of [
      {},
      { oneWay: [], multiWay: [['solo']] },
      { oneWay: [{ input: '', synonyms: ['x'] }], multiWay: [] },
      { oneWay: 'x', multiWay: [] },
    ]) {
      expect((await t.admin('PUT', '/admin/v1/search/synonyms', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    await t.admin('PUT', '/admin/v1/search/synonyms', { oneWay: [], multiWay: [] });
    expect((await search('q=funkelbiest')).json().total).toBe(0);
  });

  it('explains a ranking to the operator: criteria and each word’s match, top 20 at most', async () => {
    const tagged = await putBot({
      name: 'Wobbelquiz',
      tags: ['trivia'],
      shortDescription: { de: 'Fragen.', en: 'Questions for everyone.' },
    });
    const described = await putBot({
      name: 'Plauderfuchs',
      shortDescription: { de: 'Plaudern.', en: 'Chat with a trivia question daily.' },
    });
    const response = await t.admin('GET', '/admin/v1/search/explain?q=%20trivia%20with&lang=en');
    expect(response.statusCode).toBe(200);
    const { words, quorum, total, results } = response.json().data;
    expect(words).toEqual([
      { word: 'trivia', stopWord: false, weight: expect.any(Number) },
      { word: 'with', stopWord: true, weight: 0 },
    ]);
    // One meaningful word: each bot covers its weight, and must cover 55 % of the best's.
    expect(words[0].weight).toBeGreaterThan(0);
    expect(results.map((r: { covered: number }) => r.covered)).toEqual([words[0].weight, words[0].weight]);
    expect(quorum).toBeCloseTo(0.55 * words[0].weight, 2);
    expect(total).toBe(2);
    expect(results.map((r: { id: string }) => r.id)).toEqual([tagged, described]);
    // Plauderfuchs has the word only in its description: it is returned as it shares a category with the best.
    expect(response.json().data.topicFrom).toBe(tagged);
    expect(results[0]).toMatchObject({
      rank: 1,
      name: 'Wobbelquiz',
      criteria: { fullName: false, wordsMissing: 0, typos: 0, kindsMissing: 2, stopWordsMissing: 1 },
      words: [
        { word: 'trivia', stopWord: false, match: { term: 'trivia', field: 'tags', exactness: 'exact', typos: 0 } },
        { word: 'with', stopWord: true, match: null },
      ],
    });
    expect(results[1].words[0].match).toMatchObject({ term: 'trivia', field: 'descriptionEn', position: 3 });
    expect(results[0].criteria.attribute).toBeLessThan(results[1].criteria.attribute);
    expect(results[1].criteria.stopWordsMissing).toBe(0);
    // Explaining is the operator's: without the token, 401; bad input, 422 as the search.
    expect((await t.get('/admin/v1/search/explain?q=trivia')).statusCode).toBe(401);
    for (const query of ['', 'q=', `q=${'a'.repeat(101)}`, 'q=a&lang=fr']) {
      expect((await t.admin('GET', `/admin/v1/search/explain?${query}`)).statusCode, query).toBe(422);
    }
    for (let i = 0; i < 22; i++) await putBot({ name: `Trivia Nummer ${i}` });
    expect((await t.admin('GET', '/admin/v1/search/explain?q=trivia')).json().data.results).toHaveLength(20);
  });

  it('never fails on odd input', async () => {
    for (const q of [
      '%25',
      '.*+?^${}()|[]\\',
      '🤖🎵',
      'مرحبا بوت',
      '\u202emusic\u202c',
      'mu\u200bsic\u200d bot',
      '!!!',
      '-',
      "' OR 1=1 --",
      "'; DROP TABLE bots; --",
      'a '.repeat(50).trim(),
      'x'.repeat(100),
      'bot für der die das',
    ]) {
      const response = await search(`q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
      expect(Array.isArray(response.json().data), q).toBe(true);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('search across processes (postgres)', () => {
  const shared = databasePerFile('postgres');
  const writer = appPerFile('postgres', () => ({ db: shared.db }));
  const reader = appPerFile('postgres', () => ({ db: shared.db }));

  it("another process's changes reach this process's index within a second", async () => {
    const { id, body } = botBody({ name: 'Fernwirkung' });
    await writer.admin('PUT', `/admin/v1/bots/${id}`, body);
    const found = await waitFor(
      async () => (await reader.get('/api/v1/search?q=fernwirkung')).json().total as number,
      (total) => total === 1,
    );
    expect(found).toBe(1);
    await writer.admin('PATCH', `/admin/v1/bots/${id}`, { published: false });
    const gone = await waitFor(
      async () => (await reader.get('/api/v1/search?q=fernwirkung')).json().total as number,
      (total) => total === 0,
    );
    expect(gone).toBe(0);
  });
});
