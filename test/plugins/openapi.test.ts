import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_BOT_FIELDS, putBot } from '../fixtures.js';
import { ContractChecker, backends, inlineComponents, openApiDocuments, appPerFile, testApp, type OpenApiDocument } from '../helpers.js';

const PUBLIC_PATHS = [
  '/api/v1/bots',
  '/api/v1/bots/{id}',
  '/api/v1/bots/{id}/reviews',
  '/api/v1/bots/{id}/analytics',
  '/api/v1/bots/{id}/history',
  '/api/v1/search',
  '/api/v1/bots/{id}/votes',
  '/api/v1/bots/{id}/check/{userId}',
  '/api/v1/bots/{id}/premium/{userId}',
  '/api/v1/bots/{id}/premium/guild/{guildId}',
  '/api/v1/bots/{id}/shards',
  '/api/badge/{id}',
  '/api/badge/{id}/shields.json',
  '/api/widget/{id}',
  '/api/card/{id}.svg',
  '/api/card/{id}.png',
  '/api/chart/{id}',
];
const POST_PATHS = ['/api/v1/bots/{id}/stats', '/api/v1/bots/{id}/check', '/api/v1/bots/{id}/stats/history'];
const ADMIN_PATHS = [
  '/admin/v1/bots',
  '/admin/v1/reviews',
  '/admin/v1/subscriptions',
  '/admin/v1/payments/accounts',
  '/admin/v1/payments/subscriptions',
  '/admin/v1/payments/donations',
  '/admin/v1/payments/totals',
  '/admin/v1/payments/reconcile',
  '/admin/v1/webhooks',
  '/admin/v1/bots/{id}',
  '/admin/v1/bots/{id}/reviews',
  '/admin/v1/history/collect',
  '/admin/v1/reviews/{reviewId}',
  '/admin/v1/reviews/{reviewId}/reply',
  '/admin/v1/held-reviews',
  '/admin/v1/review-reports',
  '/admin/v1/reviews/{reviewId}/approve',
  '/admin/v1/reviews/{reviewId}/hide',
  '/admin/v1/reviews/{reviewId}/helpful/{userId}',
  '/admin/v1/bots/{id}/keys',
  '/admin/v1/keys/{keyId}',
  '/admin/v1/bots/{id}/votes',
  '/admin/v1/bots/{id}/subscriptions',
  '/admin/v1/subscriptions/{subscriptionId}',
  '/admin/v1/bots/{id}/donations',
  '/admin/v1/search/explain',
  '/admin/v1/search/synonyms',
  '/admin/v1/bots/{id}/webhook',
  '/admin/v1/bots/{id}/webhook/test',
  '/admin/v1/bots/{id}/webhook/deliveries',
  '/admin/v1/webhook/deliveries/{deliveryId}/redeliver',
  '/admin/v1/notifications',
  '/admin/v1/bots/{id}/webhooks',
  '/admin/v1/bots/{id}/webhooks/{endpointId}',
  '/admin/v1/bots/{id}/webhooks/{endpointId}/test',
  '/admin/v1/bots/{id}/webhooks/{endpointId}/rotate-secret',
  '/admin/v1/bots/{id}/webhooks/{endpointId}/previous-secret',
  '/admin/v1/tier-requests',
  '/admin/v1/tier-requests/{requestId}/approve',
  '/admin/v1/tier-requests/{requestId}/deny',
  '/admin/v1/submissions',
  '/admin/v1/submissions/{id}/approve',
  '/admin/v1/submissions/{id}/request-changes',
  '/admin/v1/submissions/{id}/deny',
  '/admin/v1/bots/{id}/listing',
  '/admin/v1/bots/{id}/remove',
  '/admin/v1/bans',
  '/admin/v1/bans/{banId}/lift',
  '/admin/v1/reason-templates',
  '/admin/v1/reason-templates/{templateId}',
  '/admin/v1/reports',
  '/admin/v1/reports/{reportId}/resolve',
  '/admin/v1/submissions/{id}',
  '/admin/v1/bots/{id}/members',
  '/admin/v1/audit',
  '/admin/v1/bots/{id}/audit',
];

type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, any> }> }>;
  security?: unknown[];
  requestBody?: unknown;
};
const op = (doc: OpenApiDocument, path: string, method = 'get') => doc.paths[path]?.[method] as unknown as Operation;
const param = (operation: Operation, name: string) => operation.parameters?.find((p) => p.name === name);

describe.each(backends())('OpenAPI documents on %s', (backend) => {
  const t = appPerFile(backend, { env: { BASE_URL: 'https://bots.example.org/' } });
  let docs: Awaited<ReturnType<typeof openApiDocuments>>;
  beforeAll(async () => {
    docs = await openApiDocuments(t.app);
  });

  describe('GET /api/v1/openapi.json', () => {
    it('is OpenAPI 3.1.0 and valid for an independent validator', async () => {
      const response = await t.get('/api/v1/openapi.json');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      const doc = response.json();
      expect(doc.openapi).toBe('3.1.0');
      const validator = new Validator();
      const result = await validator.validate(doc);
      expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
      expect(result.valid).toBe(true);
      expect(validator.version).toBe('3.1');
      expect(doc.servers).toEqual([{ url: 'https://bots.example.org' }]);
    });

    it('describes exactly the public paths, no admin path', () => {
      expect(Object.keys(docs.public.paths).sort()).toEqual([...PUBLIC_PATHS, ...POST_PATHS].sort());
      for (const path of PUBLIC_PATHS) expect(Object.keys(docs.public.paths[path] ?? {})).toEqual(['get']);
      for (const path of POST_PATHS) expect(Object.keys(docs.public.paths[path] ?? {})).toEqual(['post']);
    });

    it('documents every query parameter with its bounds and default, optional when it has a default', () => {
      const list = op(docs.public, '/api/v1/bots');
      expect(param(list, 'page')).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } });
      expect(param(list, 'limit')).toMatchObject({
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
      });
      expect(param(list, 'sort')).toMatchObject({
        in: 'query',
        required: false,
        schema: { type: 'string', default: 'votes_month', enum: ['votes_month', 'votes_total', 'servers', 'new', 'name'] },
      });
      expect(param(list, 'search')).toMatchObject({ in: 'query', required: false, schema: { type: 'string', maxLength: 100 } });
      const reviews = op(docs.public, '/api/v1/bots/{id}/reviews');
      expect(param(reviews, 'page')).toMatchObject({ required: false, schema: { minimum: 1, default: 1 } });
      expect(param(reviews, 'limit')).toMatchObject({ required: false, schema: { minimum: 1, maximum: 100, default: 25 } });
      const history = op(docs.public, '/api/v1/bots/{id}/history');
      expect(param(history, 'days')).toMatchObject({ required: false, schema: { type: 'integer', enum: [7, 30, 90, 365], default: 30 } });
      for (const path of PUBLIC_PATHS.filter((p) => p.includes('{id}'))) {
        expect(param(op(docs.public, path), 'id'), path).toMatchObject({ in: 'path', required: true, schema: { type: 'string' } });
      }
    });

    it('documents the success body and the error responses of each operation', () => {
      const expected: Record<string, string[]> = {
        '/api/v1/bots': ['200', '304', '401', '405', '422', '429', '500', '503'],
        '/api/v1/bots/{id}': ['200', '304', '401', '404', '405', '429', '500', '503'],
        '/api/v1/bots/{id}/reviews': ['200', '304', '401', '404', '405', '422', '429', '500', '503'],
        '/api/v1/bots/{id}/history': ['200', '304', '401', '404', '405', '422', '429', '500', '503'],
      };
      const inlined = inlineComponents(docs.public);
      for (const [path, statuses] of Object.entries(expected)) {
        const operation = op(inlined, path);
        expect(Object.keys(operation.responses).sort(), path).toEqual(statuses.sort());
        for (const status of statuses.filter((s) => Number(s) >= 400)) {
          const schema = operation.responses[status]?.content?.['application/json']?.schema;
          expect(schema?.properties?.error?.required, `${path} ${status}`).toEqual(['code', 'message']);
        }
      }
      const bot = op(inlined, '/api/v1/bots/{id}').responses['200']?.content?.['application/json']?.schema;
      expect(Object.keys(bot?.properties?.data?.properties ?? {}).sort()).toEqual(CONTRACT_BOT_FIELDS);
      const list = op(inlined, '/api/v1/bots').responses['200']?.content?.['application/json']?.schema;
      expect(Object.keys(list?.properties ?? {}).sort()).toEqual(['data', 'pagination']);
      expect(list?.properties?.pagination?.required).toEqual(['page', 'limit', 'total', 'pages']);
      const history = op(inlined, '/api/v1/bots/{id}/history').responses['200']?.content?.['application/json']?.schema;
      expect(history?.required?.sort()).toEqual(['data', 'days', 'source']);
    });
  });

  describe('GET /admin/v1/openapi.json', () => {
    it('needs the operator token', async () => {
      const response = await t.get('/admin/v1/openapi.json');
      expect(response.statusCode).toBe(401);
    });

    it('is OpenAPI 3.1.0, valid, with the admin paths only, each guarded by the token', async () => {
      const validator = new Validator();
      const result = await validator.validate(docs.admin as unknown as Record<string, unknown>);
      expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
      expect(result.valid).toBe(true);
      expect(docs.admin.openapi).toBe('3.1.0');
      const paths = Object.keys(docs.admin.paths);
      expect(paths.sort()).toEqual([...ADMIN_PATHS].sort());
      expect(Object.keys(docs.admin.paths['/admin/v1/bots/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch', 'put']);
      for (const [path, methods] of Object.entries(docs.admin.paths)) {
        for (const [method, operation] of Object.entries(methods) as [string, Operation][]) {
          expect(operation.security, `${method} ${path}`).toEqual([{ adminToken: [] }]);
          expect(Object.keys(operation.responses), `${method} ${path}`).toContain('401');
          if (['put', 'post', 'patch'].includes(method)) {
            expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['413', '422']));
          }
        }
      }
      const put = op(docs.admin, '/admin/v1/bots/{id}', 'put');
      expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '201']));
      expect(param(put, 'id')?.schema).toMatchObject({ pattern: '^[0-9]{17,20}$' });
    });
  });

  describe('contract checker', () => {
    let checker: ContractChecker;
    beforeAll(() => {
      checker = new ContractChecker([docs.public, docs.admin]);
    });
    const ok = { data: { date: '2026-01-01', servers: 1 } };
    const response = (over: Partial<Parameters<ContractChecker['problems']>[0]>) => ({
      method: 'GET',
      url: '/api/v1/bots/123456789012345678/history',
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ data: [ok.data], days: 30, source: 'platform' }),
      ...over,
    });

    it('accepts a response that keeps the contract', () => {
      expect(checker.problems(response({}))).toEqual([]);
    });

    it.each([
      [
        'a wrong type in the body',
        { body: JSON.stringify({ data: [{ date: '2026-01-01', servers: 'many' }], days: 30, source: 'platform' }) },
      ],
      ['a missing field', { body: JSON.stringify({ data: [], days: 30 }) }],
      ['a value outside the enum', { body: JSON.stringify({ data: [], days: 30, source: 'owner' }) }],
      ['a malformed date', { body: JSON.stringify({ data: [{ date: '01.01.2026', servers: 1 }], days: 30, source: 'self' }) }],
      ['a body that is not JSON', { body: '{"data": [' }],
      ['an undocumented status', { statusCode: 403, body: JSON.stringify({ error: { code: 'forbidden', message: 'no' } }) }],
      [
        'Fastify’s own error shape',
        { statusCode: 404, body: JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Route GET:/x not found' }) },
      ],
      [
        'a code that does not fit the status',
        {
          statusCode: 404,
          body: JSON.stringify({ error: { code: 'validation_failed', message: 'x', details: [{ field: 'a', message: 'b' }] } }),
        },
      ],
      [
        'validation_failed without details',
        { statusCode: 422, body: JSON.stringify({ error: { code: 'validation_failed', message: 'x' } }) },
      ],
      [
        'details on another error',
        { statusCode: 404, body: JSON.stringify({ error: { code: 'not_found', message: 'x', details: [{ field: 'a', message: 'b' }] } }) },
      ],
      ['an unknown error code', { statusCode: 404, body: JSON.stringify({ error: { code: 'gone', message: 'x' } }) }],
      [
        'an unrouted error outside the envelope',
        { url: '/nowhere', statusCode: 404, body: 'Not Found', headers: { 'content-type': 'text/plain' } },
      ],
      [
        'a 405 without Allow',
        { method: 'DELETE', statusCode: 405, body: JSON.stringify({ error: { code: 'method_not_allowed', message: 'x' } }) },
      ],
      ['a success for an undocumented operation', { url: '/api/v1/secret', body: '{}' }],
    ])('rejects %s', (_label, over) => {
      expect(checker.problems(response(over as Partial<ReturnType<typeof response>>))).not.toEqual([]);
      expect(() => checker.assert(response(over as Partial<ReturnType<typeof response>>))).toThrow(/OpenAPI contract violated/);
    });

    it('fails a request made through testApp when the service answers a wrong body', async () => {
      const other = await testApp(backend);
      try {
        const { id } = await putBot(other);
        expect((await other.get(`/api/v1/bots/${id}`)).statusCode).toBe(200);
        // Make the service answer a Bot without most of its fields.
        const services = other.app.services as unknown as { bots: { published: (id: string) => Promise<unknown> } };
        services.bots.published = async (botId: string) => ({ data: { id: botId, name: 5 } });
        await expect(other.get(`/api/v1/bots/${id}`)).rejects.toThrow(/does not match the documented schema/);
        await expect(other.app.inject({ method: 'GET', url: `/api/v1/bots/${id}` })).rejects.toThrow(/OpenAPI contract violated/);
      } finally {
        await other.close();
      }
    });
  });
});
