import { describe, expect, it } from 'vitest';
import { botBody, putBot } from '../../fixtures.js';
import { ADMIN_TOKEN, backends, openApiDocuments, appPerFile } from '../../helpers.js';

const URL_FIELDS = ['iconUrl', 'bannerUrl', 'inviteUrl', 'supportServerUrl', 'websiteUrl'];

describe.each(backends())('management API for bots on %s', (backend) => {
  const t = appPerFile(backend);

  async function stored(id: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await t.db.query<Record<string, unknown>>('SELECT * FROM bots WHERE id = $1', [id]);
    return rows[0];
  }

  /** A rejected PUT: 422 naming exactly these fields, and nothing stored. */
  async function rejectedPut(id: string, body: unknown, fields: string[]): Promise<void> {
    const before = await stored(id);
    const response = await t.admin('PUT', `/admin/v1/bots/${encodeURI(id)}`, body);
    expect(response.statusCode, response.body).toBe(422);
    const error = response.json().error;
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d: { field: string }) => d.field).sort()).toEqual([...fields].sort());
    if (/^[0-9]+$/.test(id)) expect(await stored(id)).toEqual(before);
  }

  describe('PUT /admin/v1/bots/{id}', () => {
    it('creates (201) and then replaces (200), answering the bot plus published', async () => {
      const { id, body } = botBody({ published: false });
      const created = await t.admin('PUT', `/admin/v1/bots/${id}`, body);
      expect(created.statusCode).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');
      expect(created.json().data).toMatchObject({ id, name: body.name, published: false, publishedAt: null });
      const replaced = await t.admin('PUT', `/admin/v1/bots/${id}`, { ...body, name: 'Replaced', prefix: '?' });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().data).toMatchObject({ id, name: 'Replaced', prefix: '?', published: false });
      expect(await stored(id)).toMatchObject({ name: 'Replaced', prefix: '?' });
    });

    it('fills the optional fields with their defaults, also when replacing', async () => {
      const { id, body } = botBody({
        bannerUrl: 'https://cdn.example.org/b.png',
        isVerified: true,
        platformServerCount: 5,
        platformShardCount: 2,
      });
      expect((await t.admin('PUT', `/admin/v1/bots/${id}`, body)).statusCode).toBe(201);
      const { bannerUrl: _b, isVerified: _v, published: _p, platformServerCount: _s, platformShardCount: _h, ...required } = body;
      const replaced = await t.admin('PUT', `/admin/v1/bots/${id}`, required);
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().data).toMatchObject({ bannerUrl: null, isVerified: false, published: false, serverCount: 0, shardCount: 1 });
      expect(await stored(id)).toMatchObject({ platform_server_count: null, platform_shard_count: null });
    });

    it.each(['12345678901234567', '12345678901234567890'])('accepts a %s-shaped id (17 and 20 digits)', async (id) => {
      const response = await t.admin('PUT', `/admin/v1/bots/${id}`, botBody().body);
      expect([200, 201]).toContain(response.statusCode);
      expect(response.json().data.id).toBe(id);
    });

    it.each([
      '1234567890123456',
      '123456789012345678901',
      'abc',
      '12345678901234567a',
      '-12345678901234567',
      '1.2345678901234567',
      '１２３４５６７８９０１２３４５６７８',
      '%20123456789012345678',
    ])('rejects the id %s with 422 and stores nothing', async (id) => {
      const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bots')).rows[0]?.n;
      const before = await count();
      await rejectedPut(id, botBody().body, ['id']);
      expect(await count()).toBe(before);
    });

    it.each(URL_FIELDS)('rejects javascript:, data: and other non-http URLs in %s', async (field) => {
      for (const url of [
        'javascript:alert(1)',
        'JAVASCRIPT:alert(1)',
        'data:text/html,<script>1</script>',
        'ftp://example.org/x',
        '//example.org',
        'https://exa mple.org',
        'example.org',
        `https://example.org/${'a'.repeat(2048)}`,
      ]) {
        const { id, body } = botBody({ [field]: url });
        await rejectedPut(id, body, [field]);
        expect(await stored(id)).toBeUndefined();
      }
    });

    it.each([
      ['name', 'x'.repeat(101)],
      ['name', ''],
      ['name', '   '],
      ['prefix', 'x'.repeat(33)],
      ['prefix', ''],
      ['pricing', 'Free Forever'],
      ['slugs.en', { de: 'ok', en: 'Not A Slug' }],
      ['slugs.de', { de: 'x'.repeat(101), en: 'ok' }],
      ['shortDescription.en', { de: 'ok', en: 'x'.repeat(301) }],
      ['shortDescription.de', { de: '', en: 'ok' }],
      ['categories', Array.from({ length: 11 }, (_, i) => `c${i}`)],
      ['categories', ['music', 'music']],
      ['categories.0', ['x'.repeat(41)]],
      ['tags', Array.from({ length: 21 }, (_, i) => `t${i}`)],
      ['tags.1', ['ok', 'Bad Tag!']],
      ['owners', []],
      ['owners', Array.from({ length: 21 }, (_, i) => `1234567890123456${String(i).padStart(2, '0')}`)],
      ['owners.0', ['123']],
    ])('rejects %s = %j', async (field, value) => {
      const path = field.split('.');
      const key = path[0] as string;
      const { id, body } = botBody({ [key]: value });
      await rejectedPut(id, body, [field]);
      expect(await stored(id)).toBeUndefined();
    });

    it.each([
      ['name', 5],
      ['name', null],
      ['isVerified', 'true'],
      ['isVerified', 1],
      ['published', 'false'],
      ['platformServerCount', '100'],
      ['platformServerCount', -1],
      ['platformServerCount', 1.5],
      ['platformServerCount', 2 ** 31],
      ['platformShardCount', 0],
      ['owners', '123456789012345678'],
      ['slugs', 'melody'],
      ['categories', 'music'],
      ['tags', { 0: 'x' }],
      ['shortDescription', ['de', 'en']],
    ])('rejects the wrong type %s = %j', async (field, value) => {
      const { id, body } = botBody({ [field]: value });
      await rejectedPut(id, body, [field]);
      expect(await stored(id)).toBeUndefined();
    });

    it('rejects an unknown field and a missing required field, listing each', async () => {
      const { id, body } = botBody({ votesTotal: 1000, published: true });
      const { name: _n, owners: _o, ...rest } = body;
      await rejectedPut(id, rest, ['name', 'owners', 'votesTotal']);
      expect(await stored(id)).toBeUndefined();
    });

    it('lists every rejected field of the body, one entry each', async () => {
      const { id, body } = botBody({ name: '', prefix: 'x'.repeat(40), iconUrl: 'javascript:1', owners: ['1'], isVerified: 'yes' });
      await rejectedPut(id, body, ['name', 'prefix', 'iconUrl', 'owners.0', 'isVerified']);
    });

    it('lists a bad id and bad body fields together', async () => {
      await rejectedPut('abc', { ...botBody().body, name: '', iconUrl: 'javascript:1' }, ['id', 'name', 'iconUrl']);
    });

    it('rejects text with a NUL character instead of failing in the database', async () => {
      const { id, body } = botBody({ name: 'Bad\u0000Name', shortDescription: { de: 'ok', en: 'a\u0000b' } });
      await rejectedPut(id, body, ['name', 'shortDescription.en']);
      expect(await stored(id)).toBeUndefined();
    });

    it('leaves an existing bot unchanged after a rejected replace', async () => {
      const { id, body } = await putBot(t, { name: 'Kept' });
      const row = await stored(id);
      await rejectedPut(id, { ...body, name: 'Changed', websiteUrl: 'javascript:alert(1)' }, ['websiteUrl']);
      expect(await stored(id)).toEqual(row);
      expect((await t.get(`/api/v1/bots/${id}`)).json().data.name).toBe('Kept');
    });

    it('accepts the whole demo sample (240 bots) as it is', async () => {
      const { sampleBots } = await import('../../fixtures.js');
      const bots = sampleBots();
      expect(bots.length).toBeGreaterThan(200);
      for (const { id, ...body } of bots.slice(0, 40)) {
        const response = await t.admin('PUT', `/admin/v1/bots/${id}`, body);
        expect([200, 201], response.body).toContain(response.statusCode);
      }
    });
  });

  describe('PATCH /admin/v1/bots/{id}', () => {
    it('changes only the given fields', async () => {
      const { id, bot } = await putBot(t, { prefix: '!' });
      const response = await t.admin('PATCH', `/admin/v1/bots/${id}`, { prefix: '?', bannerUrl: 'https://cdn.example.org/x.png' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ ...bot, prefix: '?', bannerUrl: 'https://cdn.example.org/x.png' });
      const cleared = await t.admin('PATCH', `/admin/v1/bots/${id}`, { bannerUrl: null, platformServerCount: null });
      expect(cleared.json().data).toMatchObject({ bannerUrl: null, serverCount: 0 });
    });

    it('answers 404 for an unknown bot and 422 for an empty, unknown or mistyped patch', async () => {
      const missing = await t.admin('PATCH', '/admin/v1/bots/999999999999999998', { name: 'x' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('not_found');
      const { id } = await putBot(t);
      for (const [patch, fields] of [
        [{}, ['body']],
        [{ published: 'no' }, ['published']],
        [{ name: null }, ['name']],
        [{ id: '123456789012345678' }, ['id']],
        [{ votesMonth: 5, rating: 1 }, ['votesMonth', 'rating']],
      ] as const) {
        const response = await t.admin('PATCH', `/admin/v1/bots/${id}`, patch);
        expect(response.statusCode, JSON.stringify(patch)).toBe(422);
        expect(
          response
            .json()
            .error.details.map((d: { field: string }) => d.field)
            .sort(),
        ).toEqual([...fields].sort());
      }
    });
  });

  describe('GET and DELETE /admin/v1/bots/{id}', () => {
    it('shows an unpublished bot to the operator', async () => {
      const { id } = await putBot(t, { published: false });
      const response = await t.admin('GET', `/admin/v1/bots/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id, published: false, publishedAt: null });
      expect((await t.admin('GET', '/admin/v1/bots/999999999999999997')).statusCode).toBe(404);
    });

    it('deletes a bot with its reviews and history (204, then 404)', async () => {
      const { id } = await putBot(t);
      await t.admin('POST', `/admin/v1/bots/${id}/reviews`, { user: '123456789012345678', username: 'u', rating: 3, body: 'meh' });
      await t.admin('POST', '/admin/v1/history/collect', {});
      const deleted = await t.admin('DELETE', `/admin/v1/bots/${id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect(await stored(id)).toBeUndefined();
      const reviews = await t.db.query('SELECT 1 FROM reviews WHERE bot_id = $1', [id]);
      const history = await t.db.query('SELECT 1 FROM bot_days WHERE bot_id = $1', [id]);
      expect(reviews.rows).toHaveLength(0);
      expect(history.rows).toHaveLength(0);
      expect((await t.admin('DELETE', `/admin/v1/bots/${id}`)).statusCode).toBe(404);
      expect((await t.get(`/api/v1/bots/${id}`)).statusCode).toBe(404);
    });
  });

  describe('operator token', () => {
    const bad: [string, Record<string, string>][] = [
      ['no Authorization header', {}],
      ['a wrong token', { authorization: 'Bearer wrong-token-0123456789' }],
      ['the token with a suffix', { authorization: `Bearer ${ADMIN_TOKEN}x` }],
      ['a prefix of the token', { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }],
      ['Basic auth', { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` }],
      ['the bare token', { authorization: ADMIN_TOKEN }],
      ['an empty Bearer', { authorization: 'Bearer ' }],
    ];

    it('answers 401 in the envelope on every admin route, before looking at the body', async () => {
      const { admin } = await openApiDocuments(t.app);
      const routes: [string, string][] = [['GET', '/admin/v1/openapi.json']];
      for (const [path, methods] of Object.entries(admin.paths)) {
        for (const method of Object.keys(methods)) {
          const url = path.replace('{id}', '123456789012345678').replace('{reviewId}', '00000000-0000-4000-8000-000000000000');
          routes.push([method.toUpperCase(), url]);
        }
      }
      expect(routes.length).toBeGreaterThanOrEqual(10);
      for (const [method, url] of routes) {
        for (const [label, headers] of bad) {
          const response = await t.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{"not": "valid for any route"}' }),
          });
          expect(response.statusCode, `${method} ${url} with ${label}`).toBe(401);
          expect(response.json().error.code).toBe('unauthorized');
          expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
        }
      }
      // The same routes answer something else than 401 with the token.
      const ok = await t.admin('GET', '/admin/v1/openapi.json');
      expect(ok.statusCode).toBe(200);
    });

    it('accepts the scheme in any case', async () => {
      const response = await t.inject({
        method: 'GET',
        url: '/admin/v1/openapi.json',
        headers: { authorization: `bearer ${ADMIN_TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
    });

    it('does not let a public read carry admin effects, nor an admin read be public', async () => {
      const { id } = await putBot(t, { published: false });
      expect((await t.get(`/admin/v1/bots/${id}`)).statusCode).toBe(401);
      expect((await t.get(`/api/v1/bots/${id}`, { authorization: `Bearer ${ADMIN_TOKEN}` })).statusCode).toBe(404);
    });
  });
});
