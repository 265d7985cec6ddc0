import { beforeAll, describe, expect, it } from 'vitest';
import { botBody } from '../fixtures.js';
import { backends, appPerFile } from '../helpers.js';

/** Raw query-string values (already URL-encoded where needed) thrown at every parameter. */
const BAD_VALUES: [string, string][] = [
  ['non-numeric', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['huge float', '1e30'],
  ['huge integer', '99999999999999999999'],
  ['beyond safe integers', '9007199254740993'],
  ['fraction', '1.5'],
  ['empty', ''],
  ['unicode', encodeURIComponent('ä€😀')],
  ['fullwidth digit', encodeURIComponent('５')],
  ['SQL', encodeURIComponent("' OR 1=1 --")],
  ['SQL 2', encodeURIComponent('1; DROP TABLE bots')],
  ['NUL', '%00'],
  ['digit and NUL', '5%00'],
  ['bad escape', '%E0%A4%A'],
  ['space', '%205'],
  ['hex', '0x10'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['-Infinity', '-Infinity'],
  ['overflowing exponent', '1e400'],
  ['boolean', 'true'],
  ['array-ish', '[]'],
  ['object-ish', encodeURIComponent('{"$gt":0}')],
  ['long', 'x'.repeat(5000)],
];

const REPEATS = ['1&{p}=2', '7&{p}=30', 'name&{p}=new', 'a&{p}=b'];

describe.each(backends())('bad input on every public parameter on %s', (backend) => {
  const t = appPerFile(backend);
  // The id is fixed while the file is collected (the cases are named by it); the bot is made with the app.
  const { id, body: target } = botBody({ name: 'Bad Input Target' });
  beforeAll(async () => {
    expect((await t.admin('PUT', `/admin/v1/bots/${id}`, target)).statusCode).toBe(201);
    await t.admin('POST', `/admin/v1/bots/${id}/reviews`, { user: '123456789012345678', username: 'u', rating: 5, body: 'ok' });
  });

  const endpoints: { path: string; params: string[] }[] = [
    { path: '/api/v1/bots', params: ['page', 'limit', 'sort', 'search'] },
    { path: `/api/v1/bots/${id}/reviews`, params: ['page', 'limit'] },
    { path: `/api/v1/bots/${id}/history`, params: ['days'] },
  ];

  /** A 200 must still be a correct answer for what the parameter was taken to mean. */
  function expectCorrect(param: string, body: any): void {
    if ('pagination' in body) {
      const { page, limit, total, pages } = body.pagination;
      expect(Number.isSafeInteger(page) && page >= 1).toBe(true);
      expect(Number.isSafeInteger(limit) && limit >= 1 && limit <= 100).toBe(true);
      expect(pages).toBe(Math.ceil(total / limit));
      expect(body.data.length).toBeLessThanOrEqual(limit);
    }
    if ('days' in body) expect([7, 30, 90, 365]).toContain(body.days);
    if (param === 'search') {
      const query = body.__search as string;
      for (const bot of body.data) expect(bot.name.toLowerCase()).toContain(query.toLowerCase());
    }
  }

  for (const { path, params } of endpoints) {
    for (const param of params) {
      const label = path.replace(id, '{id}');
      it.each(BAD_VALUES)(`${label}?${param}= %s → 422 naming it, or a correct 200`, async (_kind, value) => {
        const response = await t.get(`${path}?${param}=${value}`);
        expect([200, 422], response.body).toContain(response.statusCode);
        const body = response.json();
        if (response.statusCode === 422) {
          expect(body.error.code).toBe('validation_failed');
          expect(body.error.details).toEqual([{ field: param, message: expect.any(String) }]);
        } else {
          let decoded = value;
          try {
            decoded = decodeURIComponent(value);
          } catch {
            // The query parser keeps an undecodable value as it is.
          }
          expectCorrect(param, { ...body, __search: decoded });
        }
      });

      it.each(REPEATS)(`${label}?${param}=%s (repeated) → 422 or a correct 200`, async (repeat) => {
        const response = await t.get(`${path}?${param}=${repeat.replace('{p}', param)}`);
        expect([200, 422]).toContain(response.statusCode);
        if (response.statusCode === 422) {
          expect(response.json().error.details).toEqual([{ field: param, message: expect.any(String) }]);
        }
      });
    }

    it(`${path.replace(id, '{id}')}: every parameter bad at once lists each`, async () => {
      const numeric = params.filter((p) => p !== 'search');
      const query = numeric.map((p) => `${p}=abc`).join('&');
      const response = await t.get(`${path}?${query}`);
      expect(response.statusCode).toBe(422);
      expect(
        response
          .json()
          .error.details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual(numeric.sort());
    });

    it(`${path.replace(id, '{id}')}: unknown parameters are ignored`, async () => {
      const plain = await t.get(path);
      const extra = await t.get(`${path}?foo=bar&__proto__=x&constructor=1&${encodeURIComponent("' OR 1=1")}=1`);
      expect(extra.statusCode).toBe(200);
      expect(extra.json()).toEqual(plain.json());
    });
  }

  it('a SQL-looking search finds nothing and leaves the table intact', async () => {
    const before = (await t.get('/api/v1/bots?limit=1')).json().pagination.total;
    for (const search of ["' OR 1=1 --", "'; DROP TABLE bots; --", '%', '_', '\\', "Bad Input' --"]) {
      const response = await t.get(`/api/v1/bots?search=${encodeURIComponent(search)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([]);
    }
    expect((await t.get('/api/v1/bots?limit=1')).json().pagination.total).toBe(before);
    expect((await t.get(`/api/v1/bots?search=${encodeURIComponent('bad input')}`)).json().data.map((b: { id: string }) => b.id)).toEqual([
      id,
    ]);
  });

  it('numbers written differently but meaning the same give the same answer', async () => {
    const base = (await t.get('/api/v1/bots?limit=5')).json();
    for (const limit of ['05', '5.0', '+5']) {
      const response = await t.get(`/api/v1/bots?limit=${limit}`);
      if (response.statusCode === 200) expect(response.json()).toEqual(base);
      else expect(response.statusCode).toBe(422);
    }
  });
});
