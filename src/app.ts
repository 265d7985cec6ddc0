import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv, type ErrorObject, type Options as AjvOptions } from 'ajv';
import ajvFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/index.js';
import { ChangeFeed } from './lib/change-feed.js';
import { systemClock, type Clock } from './lib/clock.js';
import { errorBody } from './lib/errors.js';
import { ReadCache } from './lib/read-cache.js';
import { adminRoutes } from './modules/admin/routes.js';
import { publicRoutes } from './modules/public-routes.js';
import { createServices, type Services } from './modules/services.js';
import errorsPlugin, { mapFrameworkError, MAX_PARAM_LENGTH } from './plugins/errors.js';
import openapiPlugin from './plugins/openapi.js';
import { startWorkers } from './workers.js';

export interface BuildOptions {
  config: Config;
  /** An open, migrated database; when absent the app opens (and later closes) its own. */
  db?: Database;
  clock?: Clock;
  /** Background jobs (nightly history, ...). Off in most tests. */
  workers?: boolean;
  logger?: FastifyServerOptions['logger'];
}

const VERSION = '1.0.0';

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
    },
    // One log line per request costs more than the request itself on cached reads; debug turns it on.
    disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
    return503OnClosing: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors the router raises before any handler exists (a malformed URL): still our envelope.
    frameworkErrors: (error, _request, reply) => {
      const mapped = mapFrameworkError(error);
      const body = mapped ? mapped.toBody() : errorBody('internal_error', 'Internal error');
      void (reply as FastifyReply).code(mapped?.statusCode ?? 500).type('application/json; charset=utf-8').send(body);
    },
    // Malformed HTTP never reaches Fastify's router; answer it in the envelope too.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify(errorBody('validation_failed', 'Malformed HTTP request', [
        { field: 'request', message: (error as NodeJS.ErrnoException).code ?? 'malformed' },
      ]));
      socket.end(
        `HTTP/1.1 422 Unprocessable Entity\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler());

  const ownsDb = options.db === undefined;
  const db = options.db ?? (await openDatabase(config));
  const feed = new ChangeFeed();
  const cache = new ReadCache(clock);
  feed.subscribe((change) => (change.kind === 'bot' ? cache.invalidate(change.botId) : cache.clear()));
  await feed.start(db);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('changes', feed);
  app.decorate('services', createServices({ db, clock, cache, feed }));

  await app.register(errorsPlugin);
  await app.register(openapiPlugin, { baseUrl: config.baseUrl, version: VERSION });
  await app.register(publicRoutes, { prefix: '/api/v1' });
  await app.register(adminRoutes, { prefix: '/admin/v1' });

  const stopWorkers = options.workers ? startWorkers(app) : undefined;
  app.addHook('onClose', async () => {
    stopWorkers?.();
    await feed.stop();
    if (ownsDb) await db.close();
  });
  return app;
}

/**
 * Query strings and path parameters arrive as text and are coerced to their schema types; a JSON
 * body keeps its own types, so `"name": 5`, `"isVerified": "true"` or `"owners": "1234..."` is a 422,
 * not silently turned into "5", true or ["1234..."].
 * PostgreSQL cannot store U+0000 in text: a body or query string carrying one is invalid input
 * (422 naming the field), not a database error (500). Path parameters are left to the routes.
 * Ajv coerces "Infinity", "-Infinity" and "1e400" to an infinite number and then lets it pass
 * `integer` and `maximum`: those are rejected here too.
 */
function validatorCompiler() {
  const addFormats = ajvFormats as unknown as (ajv: Ajv) => Ajv;
  const options: AjvOptions = { allErrors: true, removeAdditional: false, useDefaults: true, addUsedSchema: false };
  const text = addFormats(new Ajv({ ...options, coerceTypes: 'array' }));
  const json = addFormats(new Ajv({ ...options, coerceTypes: false }));
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) => {
    const validate = (httpPart === 'body' ? json : text).compile(schema);
    if (httpPart !== 'body' && httpPart !== 'querystring') return validate;
    const checked = (data: unknown): boolean => {
      const valid = validate(data);
      const unsafe = unsafeValueErrors(data, '');
      checked.errors = [...(valid ? [] : (validate.errors ?? [])), ...unsafe];
      return valid && unsafe.length === 0;
    };
    checked.errors = [] as ErrorObject[];
    return checked;
  };
}

function unsafeValueErrors(data: unknown, path: string): ErrorObject[] {
  const error = (message: string): ErrorObject[] => [{ instancePath: path, schemaPath: '#', keyword: 'value', params: {}, message }];
  if (typeof data === 'string') return data.includes('\u0000') ? error('must not contain the NUL character (U+0000)') : [];
  if (typeof data === 'number') return Number.isFinite(data) ? [] : error('must be a finite number');
  if (typeof data !== 'object' || data === null) return [];
  return Object.entries(data).flatMap(([key, value]) =>
    unsafeValueErrors(value, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    clock: Clock;
    changes: ChangeFeed;
    services: Services;
  }
}

