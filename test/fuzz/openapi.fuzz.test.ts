/**
 * Property-based fuzz of every operation of both OpenAPI documents, over real HTTP: generated
 * requests (valid-looking and hostile path parameters, query strings, headers and bodies) must
 * never get a 5xx, always get the documented envelope (an SVG or HTML page for embeds, as
 * documented) and never hang. FUZZ_RUNS sets the requests per operation (default 12, a few
 * seconds in all), FUZZ_SEED replays a run.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc, { type Arbitrary } from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, inlineComponents, openApiDocuments, testApp, type OpenApiDocument, type TestApp } from '../helpers.js';
import { createBot, createKey, USER } from '../support/owner.js';
import { hostileJson, hostileString, maybeHostile, valid, type JsonSchema } from './schema-arbitrary.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Longer than any answer may take; a request still open then is a hang. */
const HANG_MS = 10_000;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Target {
  method: string;
  path: string;
  operation: Operation;
}
interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('fuzz: hostile requests to every operation of both OpenAPI documents', () => {
  let t: TestApp;
  let port: number;
  let targets: Target[];
  const known: Record<string, string> = {};
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  beforeAll(async () => {
    t = await testApp('pglite', { lookup: async () => [{ address: '93.184.216.34', family: 4 }] });
    known.id = await createBot(t);
    const key = await createKey(t, known.id, ['votes:read', 'premium:read', 'stats:write']);
    known.key = key.key;
    known.keyId = key.id;
    known.userId = USER;
    known.guildId = '876543210987654321';
    known.reviewId = (
      await t.admin('POST', `/admin/v1/bots/${known.id}/reviews`, { user: USER, username: 'u', rating: 3, body: 'ok' })
    ).json().data.id;
    known.subscriptionId = (
      await t.admin('POST', `/admin/v1/bots/${known.id}/subscriptions`, {
        userId: USER,
        tierId: '00000000-0000-4000-8000-000000000001',
        tierName: 'Gold',
        interval: 'month',
        expiresAt: '2030-01-01T00:00:00.000Z',
        active: true,
      })
    ).json().data.id;
    const docs = await openApiDocuments(t.app);
    targets = [docs.public, docs.admin]
      .map(inlineComponents)
      .flatMap((doc: OpenApiDocument) =>
        Object.entries(doc.paths).flatMap(([path, item]) =>
          Object.entries(item).map(([method, operation]) => ({
            method: method.toUpperCase(),
            path,
            operation: operation as unknown as Operation,
          })),
        ),
      )
      // Deletions last, so the known bot, review and key live through the rest.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  it('answers every generated request in the documented envelope, without a 5xx or a hang', async () => {
    expect(targets.length).toBeGreaterThanOrEqual(43);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const target of targets) {
      await fc
        .assert(
          fc.asyncProperty(requests(target), async (request) => {
            sent += 1;
            const answer = await send(port, agent, request);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const problems = [
              ...(answer.status >= 500 ? [`status ${answer.status}: ${answer.body.slice(0, 300)}`] : []),
              ...t.contract.problems({
                method: request.method,
                url: request.path,
                statusCode: answer.status,
                headers: answer.headers,
                body: answer.body,
              }),
            ];
            if (problems.length > 0) throw new Error(`${request.method} ${request.path.slice(0, 200)}\n${problems.join('\n')}`);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch((error: Error) => failures.push(`${target.operation.operationId}: ${summary(error)}`));
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(targets.length * RUNS);
    // Not only refusals: a share of the requests gets through to the service and succeeds.
    const succeeded = [...statuses].filter(([status]) => status < 400).reduce((sum, [, n]) => sum + n, 0);
    expect(succeeded / sent).toBeGreaterThan(0.1);
    if (process.env.FUZZ_RUNS) process.stdout.write(`fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`);
  }, 300_000);

  /** Requests for one operation: its path, query, headers and body, each valid-looking or hostile. */
  function requests(target: Target): Arbitrary<FuzzRequest> {
    const parameters = target.operation.parameters ?? [];
    const pathParams = parameters.filter((p) => p.in === 'path');
    const queryParams = parameters.filter((p) => p.in === 'query');
    const path = fc
      .tuple(...pathParams.map((p) => pathValue(p)))
      .map((values) => pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i] as string), target.path));
    const query = fc.tuple(...queryParams.map(queryValue), fc.option(fc.tuple(hostileString, hostileString), { freq: 4 })).map((parts) => {
      const pairs = parts.slice(0, -1).flat() as [string, string][];
      const extra = parts.at(-1) as [string, string] | null;
      if (extra) pairs.push(extra);
      return pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
    });
    const bodySchema = target.operation.requestBody?.content['application/json']?.schema;
    // Half the requests are well-formed (they reach the service and mostly succeed), half hostile.
    const wellFormed = fc.record({
      path: fc
        .tuple(
          ...pathParams.map((p) =>
            known[p.name] === undefined ? valid(p.schema).map((v) => encodeURIComponent(String(v))) : fc.constant(known[p.name] as string),
          ),
        )
        .map((values) => pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i] as string), target.path)),
      query: fc
        .tuple(
          ...queryParams.map((p) =>
            fc.option(
              valid(p.schema).map((v) => [p.name, String(v)] as [string, string]),
              { freq: 2 },
            ),
          ),
        )
        .map((pairs) => {
          const given = pairs.filter((pair): pair is [string, string] => pair !== null);
          return given.length === 0 ? '' : `?${given.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
        }),
      auth: fc.constant(`Bearer ${target.path.startsWith('/admin/') ? ADMIN_TOKEN : known.key}`),
      accept: fc.constant(undefined),
      body: bodySchema
        ? valid(bodySchema).map((value) => ({ text: JSON.stringify(value), type: 'application/json' }))
        : fc.constant(undefined),
    });
    const hostile = fc.record({
      path,
      query,
      auth: authorization(target.path),
      accept: accept(),
      body: bodySchema ? body(bodySchema) : fc.constant(undefined),
    });
    return fc.oneof(wellFormed, hostile).map(({ path: p, query: q, auth, accept: a, body: b }) => ({
      method: target.method,
      path: p + q,
      headers: {
        ...(auth === undefined ? {} : { authorization: auth }),
        ...(a === undefined ? {} : { accept: a }),
        ...(b?.type ? { 'content-type': b.type } : {}),
      },
      body: b?.text,
    }));
  }

  function pathValue(parameter: Parameter): Arbitrary<string> {
    const known$ = known[parameter.name];
    return fc.oneof(
      { arbitrary: known$ === undefined ? (valid(parameter.schema) as Arbitrary<string>).map(String) : fc.constant(known$), weight: 3 },
      { arbitrary: valid(parameter.schema).map((v) => encodeURIComponent(String(v))), weight: 1 },
      { arbitrary: hostileString.map(encodeURIComponent), weight: 2 },
      // Broken escapes, dot segments and encoded slashes, sent as they are.
      { arbitrary: fc.constantFrom('%E0%A4%A', '%', '..', '.', '%2F', '%2e%2e', '%00', '%FF%FE'), weight: 1 },
    );
  }

  /** No value, a valid one, a hostile one, or the parameter repeated. */
  function queryValue(parameter: Parameter): Arbitrary<[string, string][]> {
    return fc.oneof(
      fc.constant([] as [string, string][]),
      valid(parameter.schema).map((v) => [[parameter.name, String(v)]] as [string, string][]),
      hostileString.map((v) => [[parameter.name, v]] as [string, string][]),
      fc.array(hostileString, { minLength: 2, maxLength: 3 }).map((values) => values.map((v) => [parameter.name, v] as [string, string])),
    );
  }

  function authorization(path: string): Arbitrary<string | undefined> {
    const admin = path.startsWith('/admin/');
    return fc.oneof(
      { arbitrary: fc.constant(`Bearer ${admin ? ADMIN_TOKEN : known.key}`), weight: 4 },
      { arbitrary: fc.constant(undefined), weight: 2 },
      {
        arbitrary: fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Basic dXNlcjpwYXNz',
          `Bearer ${'bdk_'.padEnd(5000, 'x')}`,
          'bearer bdk_1111111111111111111111111111',
          `Bearer ${admin ? known.key : ADMIN_TOKEN}`,
        ),
        weight: 1,
      },
      { arbitrary: hostileString.filter((s) => /^[\t\x20-\x7e]*$/.test(s)).map((s) => `Bearer ${s}`), weight: 1 },
    );
  }

  function accept(): Arbitrary<string | undefined> {
    return fc.constantFrom(
      undefined,
      'application/json',
      'image/png',
      'image/svg+xml',
      'text/html',
      '*/*',
      'image/png;q=0.1, application/json;q=0.9',
      'x/y;q=abc',
    );
  }

  /** A JSON body after the schema, hostile JSON, text that is not JSON, or the wrong content type. */
  function body(schema: JsonSchema): Arbitrary<{ text: string | undefined; type: string | undefined }> {
    const json = (value: unknown) => ({ text: JSON.stringify(value) ?? 'null', type: 'application/json' });
    return fc.oneof(
      { arbitrary: maybeHostile(schema).map(json), weight: 4 },
      { arbitrary: hostileJson.map(json), weight: 2 },
      {
        arbitrary: fc
          .constantFrom('{', '{"a":}', '', 'nul', '[1,', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}')
          .map((text) => ({ text, type: 'application/json' })),
        weight: 1,
      },
      { arbitrary: fc.constantFrom('a=1', '<x/>').map((text) => ({ text, type: 'application/x-www-form-urlencoded' })), weight: 1 },
      { arbitrary: fc.constant({ text: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }), type: 'application/json' }), weight: 1 },
      { arbitrary: fc.constant({ text: undefined, type: undefined }), weight: 1 },
    );
  }
});

function send(port: number, agent: http.Agent, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: request.method,
        path: request.path,
        headers: { ...request.headers, ...(request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) }) },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(HANG_MS, () => outgoing.destroy(new Error(`no answer within ${HANG_MS} ms: a hang`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** fast-check's report, shortened: the seed and path that replay it, and what went wrong. */
function summary(error: Error): string {
  const replay = /\{ seed: [^}]*\}/.exec(error.message)?.[0] ?? '';
  const cause = error.cause instanceof Error ? error.cause.message : error.message;
  return `${replay} ${cause.slice(0, 1500)}`;
}
