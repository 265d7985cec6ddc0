import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocuments, testApp, type OpenApiDocument, type TestApp } from '../helpers.js';

/** Types a client generator writes from a document, as the bot-developer SDK will be generated. */
async function generate(document: OpenApiDocument): Promise<string> {
  return astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
}

/** Type-checks `files` (name → source, in one virtual folder) in memory; answers the compiler's complaints. */
function typeCheck(files: Record<string, string>): string[] {
  const folder = '/virtual-sdk';
  const virtual = new Map(Object.entries(files).map(([name, text]) => [`${folder}/${name}`, text]));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  const { directoryExists } = host;
  host.directoryExists = (name) => name === folder || (directoryExists?.call(host, name) ?? false);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, version, ...rest) => {
    const text = virtual.get(name);
    return text === undefined ? getSourceFile.call(host, name, version, ...rest) : ts.createSourceFile(name, text, version);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('OpenAPI documents for generated clients (openapi-typescript)', () => {
  let t: TestApp;
  let docs: { public: OpenApiDocument; admin: OpenApiDocument };
  beforeAll(async () => {
    t = await testApp('pglite');
    docs = await openApiDocuments(t.app);
  });
  afterAll(() => t.close());

  it('every operation of both documents has an operationId (unique) and tags', () => {
    const ids = new Set<string>();
    for (const doc of [docs.public, docs.admin]) {
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(item as Record<string, { operationId?: string; tags?: string[] }>)) {
          expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
          expect(ids.has(operation.operationId as string), `duplicate ${operation.operationId}`).toBe(false);
          ids.add(operation.operationId as string);
          expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        }
      }
    }
    expect(ids.size).toBeGreaterThanOrEqual(39);
  });

  it('names the entities in components.schemas and refers to them with $ref', () => {
    const pub = (docs.public as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    for (const name of [
      'Bot',
      'BotList',
      'SearchHit',
      'SearchResponse',
      'Review',
      'ReviewList',
      'Pagination',
      'HistoryResponse',
      'VoteEntry',
      'VoteStatus',
      'PremiumStatus',
      'StatsRecord',
      'Error',
      'VoteEvent',
      'PremiumEvent',
      'DonationEvent',
      'TestEvent',
    ]) {
      expect(pub[name], name).toBeDefined();
    }
    const admin = (docs.admin as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    for (const name of ['AdminBot', 'AdminReview', 'ApiKey', 'Subscription', 'Webhook', 'Delivery', 'Notification', 'Error'])
      expect(admin[name], name).toBeDefined();
    const json = JSON.stringify(docs.public);
    expect(json).not.toContain('x-component');
    expect(json).toContain('"$ref":"#/components/schemas/Bot"');
  });

  it('generates types a bot developer can use: components["schemas"]["Bot"], operations by id, webhook bodies', async () => {
    const [publicTypes, adminTypes] = await Promise.all([generate(docs.public), generate(docs.admin)]);
    expect(publicTypes).toContain('components["schemas"]["Bot"]');
    expect(publicTypes).toContain('components["schemas"]["BotList"]');
    const problems = typeCheck({
      'public-api.ts': publicTypes,
      'admin-api.ts': adminTypes,
      'client.ts': `
        import type { components, operations, paths } from './public-api';
        import type { components as admin, operations as adminOperations } from './admin-api';
        type Bot = components['schemas']['Bot'];
        type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
        const list = null as unknown as Json<operations['listBots']['responses'][200]>;
        const first: Bot | undefined = list.data[0];
        const pages: number = list.pagination.pages;
        const one: Bot = (null as unknown as Json<paths['/api/v1/bots/{id}']['get']['responses'][200]>).data;
        const hit: components['schemas']['SearchHit'] = (null as unknown as Json<operations['searchBots']['responses'][200]>).data[0]!;
        const status: components['schemas']['VoteStatus'] = (null as unknown as Json<operations['checkVote']['responses'][200]>).data;
        const stats: components['schemas']['StatsRecord'] = { serverCount: 5 };
        const code: components['schemas']['Error']['error']['code'] = 'service_unavailable';
        const vote: components['schemas']['VoteEvent'] = { event: 'vote', id: '', createdAt: '', botId: '', user: '', username: '', flagged: false, votedAt: '', votesTotal: 1, votesMonth: 1, expiresAt: '' };
        const key: admin['schemas']['ApiKey']['lastUsedAt'] = null;
        const page: Json<adminOperations['listAdminBots']['responses'][200]>['data'][number] = null as unknown as admin['schemas']['AdminBot'];
        // @ts-expect-error serverCount is required
        const wrong: components['schemas']['StatsRecord'] = { shardCount: 2 };
        export { first, pages, one, hit, status, stats, code, vote, key, page, wrong };
      `,
    });
    expect(problems).toEqual([]);
  }, 60_000);
});
