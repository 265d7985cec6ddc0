import { randomBytes } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { readConfig, type Config } from '../src/config/index.js';
import type { Database } from '../src/db/index.js';
import type { Clock } from '../src/lib/clock.js';
import type { LookupFn } from '../src/modules/webhooks/endpoints/resolve-host.js';

/*
 * The app, the databases and their drivers are imported when a hook or test first builds one, not
 * when a file is collected: listing the tests (`vitest list`) loads none of them.
 */
export type Backend = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export function backends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Connections of a test database's read pool (PostgreSQL). */
export const TEST_READ_POOL_SIZE = 3;

const images = new Map<'migrated' | 'empty', Promise<Blob>>();

/**
 * An image of an in-memory PGlite database, made once per worker and copied for every database:
 * opening a copy costs a fraction of PGlite's initdb.
 */
export async function pgliteImage(kind: 'migrated' | 'empty'): Promise<Blob> {
  let image = images.get(kind);
  if (!image) {
    const { databaseImage } = await import('../src/db/embedded.js');
    image = databaseImage(kind);
    images.set(kind, image);
  }
  return image;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on the test server that is
 * dropped when the test file ends.
 */
export async function freshDatabase(backend: Backend): Promise<Database> {
  const { migrate } = await import('../src/db/migrate.js');
  if (backend === 'pglite') {
    const { openEmbedded } = await import('../src/db/embedded.js');
    // Migrating a copy of the migrated image only (re)applies the functions.
    const db = await openEmbedded(undefined, await pgliteImage('migrated'));
    await migrate(db);
    return db;
  }
  const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
  const { openPostgres } = await import('../src/db/postgres.js');
  // A read pool of its own, as DATABASE_URL gets: every PostgreSQL test reads through it.
  const db = await openPostgres(url, 5, undefined, TEST_READ_POOL_SIZE);
  await migrate(db);
  const close = db.close.bind(db);
  let closed = false;
  db.close = async () => {
    if (closed) return;
    closed = true;
    await close();
    await drop();
  };
  return db;
}

/** A new, empty database on the server of `serverUrl`: its URL, and a function that drops it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(serverUrl);
  const name = `bd_test_${randomBytes(6).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A new, empty database on the test server and a function that drops it (PostgreSQL only). */
export function freshPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DATABASE_URL is not set');
  return createPostgresDatabase(server);
}

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
/** A fixed key for webhook secrets, so tests never write a key file. */
export const TEST_SECRET_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

/**
 * Tests make many requests from one address: the limits are raised out of the way unless a test
 * sets them (the rate-limit tests do).
 */
const GENEROUS_LIMITS = {
  RATE_LIMIT_ANONYMOUS: '1000000',
  RATE_LIMIT_EMBEDS: '1000000',
  RATE_LIMIT_PAGES: '1000000',
  RATE_LIMIT_TIER1: '1000000',
  RATE_LIMIT_TIER2: '1000000',
  RATE_LIMIT_TIER3: '1000000',
  // A test's own synchronous work would read as an overloaded server; the back-pressure test turns it on.
  MAX_EVENT_LOOP_DELAY_MS: '0',
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return readConfig({
    NODE_ENV: 'test',
    ADMIN_TOKEN,
    BASE_URL: 'http://127.0.0.1:3000',
    SECRET_KEY: TEST_SECRET_KEY,
    ...GENEROUS_LIMITS,
    // Tests read their own writes in lists; the staleness rule has tests of its own.
    LIST_MAX_STALE_MS: '0',
    ...overrides,
  });
}

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** Closes the app and the database it made; also done after the suite for apps made during collection. */
  close(): Promise<void>;
  /** The OpenAPI contract every response of this app is checked against. */
  contract: ContractChecker;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  admin(method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export interface TestAppOptions {
  clock?: Clock;
  env?: Record<string, string>;
  db?: Database;
  workers?: boolean;
  lookup?: LookupFn;
}

/**
 * A fresh database for the apps of a describe block (processes that share one database): made in
 * its `beforeAll`, closed in its `afterAll` after the apps declared later in the block.
 */
export function databasePerFile(backend: Backend): { readonly db: Database } {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await freshDatabase(backend);
  });
  afterAll(async () => db?.close());
  return {
    get db(): Database {
      if (!db) throw new Error('The database is made in beforeAll: use it inside hooks and tests');
      return db;
    },
  };
}

/**
 * The app of a describe block, built in its `beforeAll` and closed in its `afterAll`, so that
 * collecting the file (`vitest list`) builds nothing. The answer stands for the app: use it inside
 * hooks and tests only. `options` may be a function, asked when the app is built (for what another
 * app of the block holds, such as its `db`). A `ManualClock` is set back to where it stood when the
 * app was built before each test, so no test runs on the time another test left behind.
 */
export function appPerFile(backend: Backend, options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let built: TestApp | undefined;
  let start: { clock: ManualClock; at: Date } | undefined;
  beforeAll(async () => {
    const resolved = typeof options === 'function' ? options() : options;
    if (resolved.clock instanceof ManualClock) start = { clock: resolved.clock, at: resolved.clock.now() };
    built = await testApp(backend, resolved);
  });
  beforeEach(() => start?.clock.set(start.at));
  afterAll(async () => built?.close());
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!built) throw new Error('The test app is built in beforeAll: use it inside hooks and tests, not while the file is collected');
      return built[key as keyof TestApp];
    },
  });
}

/**
 * An app on a fresh database, closed (with its database) when the test file ends. Vitest ignores
 * hooks registered while a hook runs: a caller in `beforeAll` must call `close()` from its own
 * `afterAll`. Every response of `app.inject` (and so of `admin`, `get`, `inject`) is checked against
 * the app's own OpenAPI documents; a mismatch rejects the request's promise and so fails the test.
 */
export async function testApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.db ?? (await freshDatabase(backend));
  const replyMistakes = replyMistakeLog();
  const { buildApp } = await import('../src/app.js');
  const app = await buildApp({
    config: testConfig(options.env),
    db,
    clock: options.clock,
    logger: replyMistakes.logger,
    workers: options.workers,
    lookup: options.lookup,
  });
  await app.ready();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      if (!options.db) await db.close();
      replyMistakes.assertNone();
    })());
  // Runs when the app was made while the suite was collected; an app made inside a test must be
  // closed by the test itself (vitest ignores afterAll there).
  afterAll(close);
  const contract = await contractOf(app);
  const rawInject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const checkedInject = async (injectOptions: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await rawInject(injectOptions);
    contract.assert(response);
    replyMistakes.assertNone();
    return response;
  };
  (app as unknown as { inject: typeof checkedInject }).inject = checkedInject;
  return {
    app,
    db,
    close,
    contract,
    inject: checkedInject,
    admin: (method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    get: (url, headers = {}) => app.inject({ method: 'GET', url, headers }),
  };
}

/**
 * A logger that remembers a route answering twice (Fastify logs it and the client may get either
 * answer): such a mistake fails the next request of the test, or the file when the app closes.
 */
export function replyMistakeLog() {
  const mistakes: string[] = [];
  const twice = /FST_ERR_REP_ALREADY_SENT|ERR_HTTP_HEADERS_SENT/;
  return {
    logger: {
      level: 'warn',
      stream: {
        write(line: string) {
          if (twice.test(line)) mistakes.push(line);
        },
      },
    },
    assertNone() {
      if (mistakes.length > 0) throw new Error(`A reply was sent twice:\n${mistakes.join('\n')}`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Contract checker: every response against the service's own OpenAPI documents.

interface OpenApiMedia {
  schema?: object;
}
interface OpenApiOperation {
  responses: Record<string, { content?: Record<string, OpenApiMedia> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Status of each error code (spec §7, plus the codes the service adds). */
const CODE_STATUS: Record<string, number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** The envelope of spec §7, written here independently of the service's own schema. */
const ENVELOPE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'message'],
      properties: {
        code: { enum: Object.keys(CODE_STATUS) },
        message: { type: 'string', minLength: 1 },
        details: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['field', 'message'],
            properties: { field: { type: 'string', minLength: 1 }, message: { type: 'string', minLength: 1 } },
          },
        },
      },
    },
  },
};

/**
 * Answers outside the API documents, described in the README instead: the landing page, the docs
 * pages, health checks, metrics, and the site's pages (bot pages and their vote and report, sign-in,
 * the dashboard, the operators' console, their assets, robots.txt and the sitemap).
 */
const OPERATOR_PAGES = [/^\/$/, /^\/(admin\/)?docs(\/.*)?$/, /^\/health\/(live|ready)$/, /^\/metrics$/, ...sitePages()];

/** The server-rendered pages, whose errors are pages too (HTML, not the JSON envelope). */
function sitePages(): RegExp[] {
  return [
    /^\/(en|de)\/bots\/[^/]+(\/vote)?$/,
    // Any other address under a page's prefix is a page too: its 404 or 405 is HTML.
    /^\/(en|de|dashboard|auth|console)(\/.*)?$/,
    /^\/dashboard(\/.*)?$/,
    /^\/console(\/.*)?$/,
    /^\/auth\/(sign-in|callback|sign-out)$/,
    /^\/assets\/site\.(css|js)$/,
    /^\/(en|de)\/(imprint|privacy|terms)$/,
    /^\/(en|de)(\/(bots|categories|search))?$/,
    /^\/(en|de)\/(categories|tags)\/[^/]*$/,
    /^\/(favicon\.ico|manifest\.webmanifest|assets\/brand\.css|assets\/icon-(192|512)\.png)$/,
    /^\/(robots\.txt|sitemap\.xml|sitemaps\/[^/]+\.xml)$/,
  ];
}

/** A response as the checker needs it; light-my-request responses and real HTTP ones both fit. */
export interface CheckedResponse {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

interface Route {
  template: string;
  pattern: RegExp;
  params: number;
  methods: Record<string, OpenApiOperation>;
}

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly routes: Route[];
  private readonly envelope: ValidateFunction;

  constructor(documents: OpenApiDocument[]) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.envelope = this.ajv.compile(ENVELOPE_SCHEMA);
    this.routes = documents
      .map(inlineComponents)
      .flatMap((document) => Object.entries(document.paths))
      .map(([template, methods]) => ({
        template,
        methods,
        params: (template.match(/\{[^}]+\}/g) ?? []).length,
        pattern: new RegExp(
          // A parameter may be empty: the router matches `/api/badge/` to `/api/badge/{id}` too.
          `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]*')}$`,
        ),
      }))
      // Static segments win over parameters, as in the router.
      .sort((a, b) => a.params - b.params);
  }

  /** Every way the response breaks the contract; empty when it keeps it. */
  problems(response: CheckedResponse): string[] {
    const problems: string[] = [];
    const method = response.method.toUpperCase();
    const status = response.statusCode;
    const path = response.url.split('?', 1)[0] ?? '/';
    const contentType = String(response.headers['content-type'] ?? '');
    let json: unknown;
    let parsed = false;
    if (response.body.length > 0 && contentType.startsWith('application/json')) {
      try {
        json = JSON.parse(response.body);
        parsed = true;
      } catch {
        problems.push('body is not valid JSON although Content-Type says so');
      }
    }
    if (parsed && isFastifyErrorShape(json)) problems.push("body has Fastify's {statusCode, error, message} shape");
    if (path === '/stripe/webhook') {
      // Stripe's contract, not ours: 200 `{received: true}`, or the envelope (400 for a bad signature, as Stripe expects).
      if (status === 200 && JSON.stringify(json) !== '{"received":true}') problems.push('200 without {received: true}');
      if (status >= 400 && !(parsed && this.envelope(json))) problems.push(`error ${status} is not the envelope`);
      return problems.map((p) => `${method} ${response.url} → ${status}: ${p}`);
    }

    const route = decodable(path) ? this.routes.find((r) => r.pattern.test(path)) : undefined;
    const operation = route?.methods[method === 'HEAD' ? 'get' : method.toLowerCase()];
    const documented = operation && (operation.responses[String(status)] ?? operation.responses.default);
    const mediaType = contentType.split(';', 1)[0]?.trim() ?? '';
    // An operation may document a non-JSON rendering of its errors (the embeds: an image or a page).
    const sitePage = sitePages().some((pattern) => pattern.test(path));
    const renderedError =
      status >= 400 &&
      mediaType !== '' &&
      !mediaType.endsWith('json') &&
      (documented?.content?.[mediaType] !== undefined || (sitePage && mediaType === 'text/html'));

    if (method === 'HEAD') {
      // Node drops the body of any HEAD response on the wire; light-my-request shows what an
      // error handler passed, so only routed answers (which Fastify strips itself) are checked.
      if (status < 400 && response.body.length > 0) problems.push('HEAD response has a body');
    } else if (renderedError) {
      if (response.body.length === 0) problems.push(`error ${status} rendered as ${mediaType} without a body`);
    } else if (status >= 400) {
      if (!parsed) problems.push(`error ${status} without a JSON body`);
      else if (!this.envelope(json)) problems.push(`error body is not the envelope: ${this.ajv.errorsText(this.envelope.errors)}`);
      else {
        const code = (json as { error: { code: string } }).error.code;
        if (CODE_STATUS[code] !== status) problems.push(`code ${code} travels with ${CODE_STATUS[code]}, not ${status}`);
        const details = (json as { error: { details?: unknown[] } }).error.details;
        if (details !== undefined && code !== 'validation_failed') problems.push(`details on a ${code} error`);
        if (code === 'validation_failed' && details === undefined) problems.push('validation_failed without details');
      }
    }
    if (status === 405 && !response.headers.allow) problems.push('405 without an Allow header');

    if (!route || !operation) {
      // Not a documented operation: an error in the envelope (checked above), an OPTIONS probe,
      // or one of the two OpenAPI documents themselves (checked by their own test).
      const docs = /^\/(api|admin)\/v1\/openapi\.json$/.test(path) && status === 200;
      const options = method === 'OPTIONS' && status === 204 && response.body.length === 0;
      const page = OPERATOR_PAGES.some((pattern) => pattern.test(path));
      if (status < 400 && !docs && !options && !page) problems.push(`${status} for an undocumented operation`);
      return problems.map((p) => `${method} ${response.url} → ${status}: ${p}`);
    }
    if (!documented) {
      problems.push(`status ${status} is not documented for ${method} ${route.template}`);
    } else if (method !== 'HEAD' && mediaType !== '' && !mediaType.endsWith('json')) {
      if (documented.content?.[mediaType] === undefined) problems.push(`${mediaType} is not documented for ${status}`);
    } else if (method !== 'HEAD') {
      const schema = documented.content?.['application/json']?.schema;
      if (schema === undefined) {
        if (response.body.length > 0) problems.push('documented without a body, but has one');
      } else if (!parsed) {
        problems.push('documented with a JSON body, but has none');
      } else {
        const key = `${route.template} ${method} ${status}`;
        let validate = this.compiled.get(key);
        if (!validate) {
          validate = this.ajv.compile(schema);
          this.compiled.set(key, validate);
        }
        if (!validate(json)) problems.push(`body does not match the documented schema: ${this.ajv.errorsText(validate.errors)}`);
      }
    }
    return problems.map((p) => `${method} ${response.url} → ${status}: ${p}`);
  }

  /** Throws when the response breaks the contract. */
  assert(response: LightMyRequestResponse | CheckedResponse): void {
    const problems = this.problems(toChecked(response));
    if (problems.length > 0) throw new Error(`OpenAPI contract violated:\n  ${problems.join('\n  ')}`);
  }
}

/** The document with every `$ref` to components.schemas replaced by the schema itself (none is recursive). */
export function inlineComponents(document: OpenApiDocument): OpenApiDocument {
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const resolved = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value)]));
    if (typeof $ref !== 'string') return resolved;
    const target = schemas[$ref.replace('#/components/schemas/', '')];
    if (target === undefined) throw new Error(`unresolved ${$ref}`);
    return { ...(inline(target) as object), ...resolved };
  };
  const inlined = { ...document, paths: inline(document.paths) as OpenApiDocument['paths'] };
  const webhooks = (document as { webhooks?: unknown }).webhooks;
  return webhooks === undefined ? inlined : ({ ...inlined, webhooks: inline(webhooks) } as OpenApiDocument);
}

function toChecked(response: LightMyRequestResponse | CheckedResponse): CheckedResponse {
  if ('method' in response) return response;
  const req = response.raw.req;
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    statusCode: response.statusCode,
    headers: response.headers,
    body: response.body,
  };
}

function isFastifyErrorShape(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'statusCode' in value && 'error' in value && 'message' in value;
}

/** A path with a broken percent-escape never reaches a route: the router rejects it first. */
function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The public and the management document of a running app, fetched past the checker. */
export async function openApiDocuments(app: FastifyInstance): Promise<{ public: OpenApiDocument; admin: OpenApiDocument }> {
  const texts = await openApiTexts(app);
  return { public: JSON.parse(texts.public) as OpenApiDocument, admin: JSON.parse(texts.admin) as OpenApiDocument };
}

async function openApiTexts(app: FastifyInstance): Promise<{ public: string; admin: string }> {
  const [publicDoc, adminDoc] = await Promise.all([
    app.inject({ method: 'GET', url: '/api/v1/openapi.json' }),
    app.inject({ method: 'GET', url: '/admin/v1/openapi.json', headers: { authorization: `Bearer ${app.config.adminToken}` } }),
  ]);
  if (publicDoc.statusCode !== 200 || adminDoc.statusCode !== 200) {
    throw new Error(`OpenAPI documents not served: ${publicDoc.statusCode}, ${adminDoc.statusCode}`);
  }
  return { public: publicDoc.body, admin: adminDoc.body };
}

/**
 * Checkers by the documents they check: most apps of a worker serve the same documents, and a
 * checker compiles each schema once, when a response first needs it.
 */
const checkers = new Map<string, ContractChecker>();

async function contractOf(app: FastifyInstance): Promise<ContractChecker> {
  const texts = await openApiTexts(app);
  const key = `${texts.public}\n${texts.admin}`;
  let checker = checkers.get(key);
  if (!checker) {
    checker = new ContractChecker([JSON.parse(texts.public) as OpenApiDocument, JSON.parse(texts.admin) as OpenApiDocument]);
    checkers.set(key, checker);
  }
  return checker;
}
