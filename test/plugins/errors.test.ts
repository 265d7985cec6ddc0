import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/index.js';
import { putBot } from '../fixtures.js';
import { ADMIN_TOKEN, backends, openApiDocuments, appPerFile, testApp } from '../helpers.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Sends raw bytes to a listening server and returns everything it answers before closing. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

/**
 * Runs a statement that takes an exclusive lock under a running app, giving up and retrying while
 * the lock is not free within a second: a waiting ALTER queues every later reader of the table
 * behind it, which on PostgreSQL can stall the app's own connections until the test times out.
 */
async function alterUnderLoad(db: Database, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        await tx.query("SET LOCAL lock_timeout = '1s'");
        await tx.query(statement);
      });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55P03' || attempt === 20) throw error;
    }
  }
}

function parseRaw(answer: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe.each(backends())('errors and protocol on %s', (backend) => {
  const t = appPerFile(backend);
  let botId: string;
  /** Every documented path with an existing bot and review in it, and its methods. */
  let operations: { path: string; methods: string[] }[];
  beforeAll(async () => {
    ({ id: botId } = await putBot(t));
    const review = (
      await t.admin('POST', `/admin/v1/bots/${botId}/reviews`, { user: '123456789012345678', username: 'u', rating: 4, body: 'ok' })
    ).json().data;
    const documents = await openApiDocuments(t.app);
    const concrete = (path: string) => path.replace('{id}', botId).replace('{reviewId}', review.id);
    operations = [documents.public, documents.admin].flatMap((doc) =>
      Object.entries(doc.paths).map(([path, methods]) => ({
        path: concrete(path),
        methods: Object.keys(methods).map((m) => m.toUpperCase()),
      })),
    );
    operations.push({ path: '/api/v1/openapi.json', methods: ['GET'] }, { path: '/admin/v1/openapi.json', methods: ['GET'] });
  });

  describe('405 method_not_allowed', () => {
    it('answers every wrong method on every existing path with Allow listing the right ones', async () => {
      expect(operations.length).toBeGreaterThanOrEqual(11);
      for (const { path, methods } of operations) {
        const allowed = new Set([...methods, ...(methods.includes('GET') ? ['HEAD'] : [])]);
        for (const method of METHODS.filter((m) => !allowed.has(m))) {
          const response = await t.inject({
            method,
            url: path,
            headers: auth,
            ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
          });
          expect(response.statusCode, `${method} ${path}`).toBe(405);
          expect(new Set(String(response.headers.allow).split(', '))).toEqual(allowed);
          if (method !== 'HEAD') {
            expect(response.json()).toEqual({ error: { code: 'method_not_allowed', message: expect.any(String) } });
          }
        }
      }
    });

    it('answers 405 with the query string present too', async () => {
      const response = await t.inject({ method: 'DELETE', url: '/api/v1/bots?limit=5' });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    });
  });

  describe('unknown paths', () => {
    it.each([
      '/index.html',
      '/api',
      '/api/v1',
      '/api/v2/bots',
      '/api/v1/bots/',
      `/api/v1/bots/123456789012345678/unknown`,
      '/admin/v1/nope',
      '/API/V1/BOTS',
      '/api/v1/bots/1/reviews/2',
      // A browser's probe for a file we do not have (/favicon.ico is served: the pages' icon).
      '/apple-touch-icon.png',
    ])('GET %s → 404 not_found in the envelope', async (url) => {
      const response = await t.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    });

    it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)('%s on an unknown path → 404', async (method) => {
      const response = await t.inject({ method, url: '/nowhere', payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    });
  });

  describe('HEAD and OPTIONS', () => {
    it('HEAD on a public read answers like GET without a body', async () => {
      for (const url of [
        '/api/v1/bots',
        `/api/v1/bots/${botId}`,
        `/api/v1/bots/${botId}/reviews`,
        `/api/v1/bots/${botId}/history`,
        '/api/v1/openapi.json',
      ]) {
        const get = await t.get(url);
        const head = await t.inject({ method: 'HEAD', url });
        expect(head.statusCode, url).toBe(200);
        expect(head.body).toBe('');
        expect(head.headers['content-type']).toBe(get.headers['content-type']);
        expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
      }
    });

    it('HEAD on an unknown path or bot is 404, on an admin path without token 401', async () => {
      expect((await t.inject({ method: 'HEAD', url: '/nowhere' })).statusCode).toBe(404);
      expect((await t.inject({ method: 'HEAD', url: '/api/v1/bots/999999999999999999' })).statusCode).toBe(404);
      expect((await t.inject({ method: 'HEAD', url: `/admin/v1/bots/${botId}` })).statusCode).toBe(401);
    });

    it('OPTIONS on an existing path answers 204 with Allow; on an unknown path 404', async () => {
      for (const { path, methods } of operations) {
        const response = await t.inject({ method: 'OPTIONS', url: path });
        expect(response.statusCode, path).toBe(204);
        expect(response.body).toBe('');
        const allow = new Set(String(response.headers.allow).split(', '));
        for (const method of methods) expect(allow.has(method), `${path} ${method}`).toBe(true);
      }
      const unknown = await t.inject({ method: 'OPTIONS', url: '/nowhere' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
    });
  });

  describe('request bodies', () => {
    const writes = [
      ['PUT', `/admin/v1/bots/123456789012345678`],
      ['PATCH', `/admin/v1/bots/123456789012345678`],
      ['POST', `/admin/v1/bots/123456789012345678/reviews`],
      ['PATCH', `/admin/v1/reviews/00000000-0000-4000-8000-000000000000`],
      ['PUT', `/admin/v1/reviews/00000000-0000-4000-8000-000000000000/reply`],
      ['POST', '/admin/v1/history/collect'],
    ] as const;

    it.each(writes)('%s %s: malformed JSON → 422 naming body', async (method, url) => {
      for (const payload of ['{bad', '{"name": }', '[1,', 'nul', '{"a":1}}']) {
        const response = await t.inject({ method, url, headers: { ...auth, 'content-type': 'application/json' }, payload });
        expect(response.statusCode, payload).toBe(422);
        expect(response.json().error).toMatchObject({ code: 'validation_failed', details: [{ field: 'body' }] });
      }
    });

    it.each(writes)('%s %s: wrong content type → 422', async (method, url) => {
      for (const type of [
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'image/png',
      ]) {
        const response = await t.inject({ method, url, headers: { ...auth, 'content-type': type }, payload: 'name=x' });
        expect(response.statusCode, type).toBe(422);
        expect(response.json().error.code).toBe('validation_failed');
      }
    });

    it.each(writes)('%s %s: empty JSON body → 422', async (method, url) => {
      const response = await t.inject({ method, url, headers: { ...auth, 'content-type': 'application/json' }, payload: '' });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatchObject({ code: 'validation_failed', details: [{ field: 'body' }] });
    });

    it.each(writes)('%s %s: body over 64 KiB → 413 payload_too_large', async (method, url) => {
      const payload = JSON.stringify({ name: 'x'.repeat(64 * 1024) });
      const response = await t.inject({ method, url, headers: { ...auth, 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: { code: 'payload_too_large', message: expect.any(String) } });
    });

    it.each(writes)('%s %s: unknown field → 422 naming it', async (method, url) => {
      const response = await t.inject({ method, url, headers: auth, payload: { unexpectedField: 1 } });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain('unexpectedField');
    });

    it('a JSON body with __proto__ is refused, not merged', async () => {
      const response = await t.inject({
        method: 'POST',
        url: '/admin/v1/history/collect',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"__proto__": {"polluted": true}}',
      });
      expect(response.statusCode).toBe(422);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('URLs', () => {
    it.each(['/api/v1/bots/%E0%A4%A', '/api/v1/bots/%', '/api/v1/bots/%ZZ/reviews', '/admin/v1/bots/%C0%AF'])(
      'a malformed percent-encoding %s → 422 in the envelope',
      async (url) => {
        const response = await t.inject({ method: 'GET', url, headers: auth });
        expect(response.statusCode).toBe(422);
        expect(response.json().error).toMatchObject({ code: 'validation_failed', details: [{ field: 'url' }] });
      },
    );

    it('a malformed percent-encoding in the query string is a correct answer, not an error', async () => {
      const response = await t.get('/api/v1/bots?search=%E0%A4%A');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([]);
    });
  });

  describe('on a real socket', () => {
    it('answers a malformed HTTP request in the envelope', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      for (const bytes of [
        'GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
        'NOT A REQUEST\r\n\r\n',
        'GET /api/v1/bots HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
        'GET /api/v1/bots HTTP/9.9\r\nHost: x\r\n\r\n',
      ]) {
        const answer = parseRaw(await rawRequest(port, bytes));
        expect(answer.status, bytes).toBe(422);
        expect(answer.headers['content-type'], bytes).toBe('application/json; charset=utf-8');
        const body = JSON.parse(answer.body);
        expect(body.error).toMatchObject({ code: 'validation_failed', details: [{ field: 'request' }] });
        t.contract.assert({ method: 'GET', url: '/', statusCode: answer.status, headers: answer.headers, body: answer.body });
      }
      // A well-formed request on the same server still works.
      const ok = parseRaw(await rawRequest(port, `GET /api/v1/bots/${botId} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      expect(ok.status).toBe(200);
    });
  });

  describe('500 internal_error', () => {
    it('hides the internals of an unexpected failure', async () => {
      const broken = await testApp(backend);
      try {
        const { id } = await putBot(broken);
        await alterUnderLoad(broken.db, 'ALTER TABLE bots RENAME TO bots_gone');
        // The bot and the list are answered from memory and do not notice.
        for (const url of [`/api/v1/bots/${id}`, '/api/v1/bots']) expect((await broken.get(url)).statusCode, url).toBe(200);
        for (const url of [`/api/v1/bots/${id}/reviews`, `/api/v1/bots/${id}/history`]) {
          const response = await broken.get(url);
          expect(response.statusCode, url).toBe(500);
          expect(response.json()).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
          expect(response.body).not.toMatch(/bots|relation|SELECT|stack|at /i);
        }
        await alterUnderLoad(broken.db, 'ALTER TABLE bots_gone RENAME TO bots');
        expect((await broken.get(`/api/v1/bots/${id}`)).statusCode).toBe(200);
      } finally {
        await broken.close();
      }
    });
  });
});
