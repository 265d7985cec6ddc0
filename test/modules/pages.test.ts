import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers.js';

/** What Scalar's own Fastify plugin serves as its script (it carries the bundle in its module). */
async function scalarBundle(): Promise<Buffer> {
  const { default: scalarPlugin } = await import('@scalar/fastify-api-reference');
  const plain = Fastify();
  await plain.register(scalarPlugin, { routePrefix: '/reference', configuration: { url: '/openapi.json' } });
  const answer = await plain.inject('/reference/js/scalar.js');
  await plain.close();
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
}

describe('landing, docs and CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite');
  });
  afterAll(() => t.close());

  it('GET / sends a browser to the start page in its language, and answers JSON to a program that asks for it', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, '/en'],
      ['de-DE,de;q=0.9,en;q=0.8', '/de'],
      ['de-AT', '/de'],
      ['fr-FR,fr;q=0.9,en;q=0.8,de;q=0.7', '/en'],
      ['en;q=0.3, de;q=0.8', '/de'],
      ['dex, de;q=0', '/en'],
      ['*', '/en'],
    ];
    for (const [language, location] of cases) {
      const page = await t.get('/', {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        ...(language ? { 'accept-language': language } : {}),
      });
      expect(page.statusCode, language).toBe(302);
      expect(page.headers.location, language).toBe(location);
      expect(page.headers.vary).toBe('accept, accept-language');
    }
    const json = await t.get('/', { accept: 'application/json' });
    expect(json.headers.vary).toBe('accept, accept-language');
    expect(json.json()).toEqual({
      name: 'Bot Directory',
      version: '1.0.0',
      links: {
        docs: 'http://127.0.0.1:3000/docs',
        openapi: 'http://127.0.0.1:3000/api/v1/openapi.json',
        adminDocs: 'http://127.0.0.1:3000/admin/docs',
        health: 'http://127.0.0.1:3000/health/ready',
      },
    });
  });

  it('/docs and /admin/docs serve the reference with the document embedded, its inline script allowed by hash', async () => {
    expect((await t.get('/docs')).statusCode).toBe(301);
    const bundle = await scalarBundle();
    for (const [prefix, title] of [
      ['/docs', 'Bot Directory API 1.0.0'],
      ['/admin/docs', 'Bot Directory management API 1.0.0'],
    ]) {
      const page = await t.get(`${prefix}/`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<title>${title}</title>`);
      const inline = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
      const hash = createHash('sha256').update(inline).digest('base64');
      expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
      const script = await t.get(`${prefix}/js/scalar.js`);
      expect(script.statusCode).toBe(200);
      expect(script.headers['cache-control']).toBe('public, max-age=3600');
      expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
      // Scalar's bundle, byte for byte (read once, sent as bytes; docs/decisions.md).
      expect(script.rawPayload.equals(bundle)).toBe(true);
    }
    // The management document is readable there without the token (public-safe: every call needs it).
    const adminDocument = await t.get('/admin/docs/openapi.json');
    expect(adminDocument.statusCode).toBe(200);
    expect(Object.keys(adminDocument.json().paths)).toContain('/admin/v1/bots');
    // The pages read their documents from their own origin: those copies are not offered to other origins.
    for (const url of ['/docs/openapi.json', '/admin/docs/openapi.json']) {
      expect((await t.get(url)).headers['access-control-allow-origin'], url).toBeUndefined();
    }
    expect((await t.get('/api/v1/openapi.json')).headers['access-control-allow-origin']).toBe('*');
    // The pages' own routes are not part of either API.
    const publicPaths = Object.keys((await t.get('/api/v1/openapi.json')).json().paths);
    for (const path of [...publicPaths, ...Object.keys(adminDocument.json().paths)]) expect(path).not.toMatch(/docs/);
  });

  it('docs, documents, landing, health and metrics do not count against the anonymous limit', async () => {
    const limited = await testApp('pglite', { env: { RATE_LIMIT_ANONYMOUS: '3' } });
    try {
      for (let i = 0; i < 5; i++) {
        for (const url of ['/', '/docs/', '/admin/docs/', '/api/v1/openapi.json', '/health/live', '/metrics']) {
          const response = await limited.get(url);
          expect(response.statusCode, url).toBe(url === '/' ? 302 : 200);
          expect(response.headers['x-ratelimit-limit'], url).toBeUndefined();
        }
      }
      expect((await limited.get('/api/v1/bots')).headers['x-ratelimit-remaining']).toBe('2');
    } finally {
      await limited.close();
    }
  });

  describe('CORS preflights', () => {
    const preflight = (url: string, method: string, headers = 'authorization, content-type') =>
      t.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://dev.example.org', 'access-control-request-method': method, 'access-control-request-headers': headers },
      });

    it('the public and owner API allow any origin with Authorization and Content-Type', async () => {
      for (const [url, method] of [
        ['/api/v1/bots', 'GET'],
        ['/api/v1/bots/123456789012345678/stats', 'POST'],
        ['/api/v1/bots/123456789012345678/votes', 'GET'],
      ] as const) {
        const response = await preflight(url, method);
        expect(response.statusCode, url).toBe(204);
        expect(response.headers['access-control-allow-origin']).toBe('*');
        expect(String(response.headers['access-control-allow-methods'])).toContain(method);
        expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
        expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
        expect(response.headers['access-control-max-age']).toBe('7200');
        expect(response.headers.allow).toBeDefined();
      }
    });

    it('actual answers, errors included, carry Access-Control-Allow-Origin and expose the useful headers', async () => {
      for (const url of ['/api/v1/bots', '/api/v1/bots/123456789012345678', '/api/v1/bots?limit=0']) {
        const response = await t.get(url, { origin: 'https://dev.example.org' });
        expect(response.headers['access-control-allow-origin'], url).toBe('*');
        expect(String(response.headers['access-control-expose-headers'])).toContain('x-request-id');
      }
    });

    it('the management API answers no CORS headers, and an unknown API path no preflight', async () => {
      const admin = await preflight('/admin/v1/bots', 'GET');
      expect(admin.statusCode).toBe(204);
      expect(admin.headers['access-control-allow-origin']).toBeUndefined();
      expect(admin.headers['access-control-allow-methods']).toBeUndefined();
      expect(
        (await t.get('/admin/v1/openapi.json', { origin: 'https://dev.example.org' })).headers['access-control-allow-origin'],
      ).toBeUndefined();
      const unknown = await preflight('/api/v1/nothing-here', 'GET');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['access-control-allow-origin']).toBe('*');
    });
  });
});
