import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config/index.js';
import { openDatabase, type Database } from './db/index.js';
import { answersPlugin } from './lib/answers/index.js';
import { ChangeFeed } from './lib/change-feed.js';
import { systemClock, type Clock } from './lib/clock.js';
import { AppError, errorBody } from './lib/errors.js';
import { Metrics } from './lib/metrics.js';
import { registerServiceMetrics } from './app-metrics.js';
import { operatorCheck } from './modules/admin/auth.js';
import { decorateKeyLookup } from './modules/keys/auth.js';
import { rateLimitCaller } from './modules/keys/rate-limit-caller.js';
import { adminRoutes } from './mounts/admin-v1.js';
import { docsRoutes } from './modules/docs/routes.js';
import { sdkDocsRoutes } from './modules/docs/sdk-docs.js';
import { embedRoutes } from './modules/embeds/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { HealthService } from './modules/health/service.js';
import { pageRoutes } from './modules/site/landing-routes.js';
import { stripeWebhookRoutes } from './modules/payments/webhook-routes.js';
import { publicRoutes } from './mounts/api-v1.js';
import { sitePlugin } from './mounts/pages.js';
import { createRateLimitStore, MemoryStore, rateLimitPlugin, type RateLimitStore, type ResolveClient } from './modules/ratelimit/index.js';
import { createServices, type Services } from './services.js';
import { changeCodec, type Changes } from './modules/changes/change.js';
import errorsPlugin, { mapFrameworkError, MAX_PARAM_LENGTH } from './plugins/errors.js';
import type { LookupFn } from './modules/webhooks/endpoints/resolve-host.js';
import type { PlatformAdapter } from './modules/platform/adapter.js';
import { loadOrCreateKeyFile } from './modules/webhooks/endpoints/secret-box.js';
import backPressurePlugin from './plugins/back-pressure.js';
import { createLogger, requestLogger } from './plugins/logger.js';
import observabilityPlugin, { requestId } from './plugins/observability.js';
import openapiPlugin from './plugins/openapi.js';
import protocolPlugin, { clientErrorHandler, serverOptions } from './plugins/protocol.js';
import serializationPlugin from './plugins/serialization.js';
import validationPlugin from './plugins/validation.js';
import { startWorkers } from './workers.js';
import { createStripeGateway } from './modules/payments/stripe-client.js';

export interface BuildOptions {
  config: Config;
  /** An open, migrated database; when absent the app opens (and later closes) its own. */
  db?: Database;
  clock?: Clock;
  /** Background jobs (nightly history, webhook delivery). Off in most tests. */
  workers?: boolean;
  /** DNS for webhook hosts (configuration check and connect); tests stub it. */
  lookup?: LookupFn;
  /** The chat platform asked about applications when owners add bots; default Discord's API (PLATFORM_API_URL). */
  platform?: PlatformAdapter;
  logger?: FastifyServerOptions['logger'];
  rateLimit?: {
    /** Maps an API key to its caller (bucket + tier limit); see docs/ratelimit.md. */
    resolveClient?: ResolveClient;
    /** Replaces the store chosen from config (REDIS_URL or memory). Closed with the app. */
    store?: RateLimitStore;
  };
}

export const VERSION = '1.0.0';

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? createLogger(config),
    // One line per request is written by the observability plugin (LOG_REQUESTS), not by Fastify.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    childLoggerFactory: requestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestTimeout: config.requestTimeoutMs,
    http: serverOptions(config.requestTimeoutMs),
    return503OnClosing: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors the router raises before any handler exists (a malformed URL): still our envelope.
    // They skip the onRequest hooks, so the rate limit is counted here (a 429 wins over the 422).
    frameworkErrors: (error, request, reply) => {
      const respond = (limited?: unknown): void => {
        const mapped = limited instanceof AppError && limited.code === 'rate_limited' ? limited : mapFrameworkError(error, request.method);
        const body = mapped ? mapped.toBody() : errorBody('internal_error', 'Internal error');
        void (reply as FastifyReply)
          .code(mapped?.statusCode ?? 500)
          .header('x-request-id', request.id)
          .type('application/json; charset=utf-8')
          .send(body);
      };
      if (app.rateLimit) app.rateLimit(request, reply, respond);
      else respond();
    },
    // Malformed or too slow HTTP never reaches Fastify's router; answer it in the envelope too.
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ownsDb = options.db === undefined;
  const db = options.db ?? (await openDatabase(config));
  const feed: Changes = new ChangeFeed(changeCodec);
  await feed.start(db);
  const metrics = new Metrics();

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('changes', feed);
  const secretKey = config.secretKey ?? (await loadOrCreateKeyFile(config.secretKeyFile));
  const services = createServices({
    config,
    db,
    clock,
    feed,
    secretKey,
    lookup: options.lookup,
    platform: options.platform,
    userAgent: `BotDirectory/${VERSION} (+${config.baseUrl})`,
    metrics,
    stripe: config.payments.enabled ? await createStripeGateway(config.payments) : undefined,
  });
  app.decorate('services', services);
  // The published bots (lists, search index) are in memory before the first request; later
  // changes arrive through the feed, and the sweep catches what a lost notification would miss.
  await services.search.load();
  await services.catalog.load();
  services.catalog.startSweeping();
  services.trending.start();
  await services.analytics.start(app.log);
  // After an outage or a lost notification connection, NOTIFYs may have been missed: the catalog
  // (bot lists, search index) is read again and the cached answers that depend on all bots go.
  db.health.subscribe((available) => {
    if (!available) return;
    feed.emit({ kind: 'history' });
    services.catalog.load().catch((error: unknown) => app.log.error({ err: error }, 'catalog reload failed'));
  });
  registerServiceMetrics(metrics, { db, services, timeoutMs: config.databaseTimeouts.connectMs });

  decorateKeyLookup(app);
  await app.register(backPressurePlugin, { maxEventLoopDelayMs: config.maxEventLoopDelayMs });
  await app.register(observabilityPlugin, { metrics, logRequests: config.logRequests });
  const isOperator = operatorCheck(config.adminToken);
  let rateLimitStore: RateLimitStore | undefined;
  if (config.rateLimit.enabled) {
    // Only an injected clock is read per request; the system clock is Date.now without a Date.
    const now = options.clock ? () => clock.now().getTime() : Date.now;
    rateLimitStore = options.rateLimit?.store ?? (await createRateLimitStore(config, app.log, now));
    await app.register(rateLimitPlugin, {
      store: rateLimitStore,
      anonymousLimit: config.rateLimit.anonymous,
      embedsLimit: config.rateLimit.embeds,
      pagesLimit: config.rateLimit.pages,
      resolveClient: options.rateLimit?.resolveClient ?? rateLimitCaller(services.keys, config.rateLimit.tiers, isOperator),
      isOperator,
    });
  }
  await app.register(protocolPlugin);
  await app.register(errorsPlugin);
  await app.register(answersPlugin, { store: services.answers });
  await app.register(validationPlugin);
  await app.register(serializationPlugin);
  await app.register(openapiPlugin, { baseUrl: config.baseUrl, version: VERSION, retrySchedule: config.webhook.retrySchedule });
  const health = new HealthService({
    db,
    searchLoaded: () => services.search.isLoaded(),
    redisAvailable: config.redisUrl && rateLimitStore?.available ? () => rateLimitStore?.available?.() ?? false : undefined,
    timeoutMs: config.databaseTimeouts.connectMs,
  });
  await app.register(healthRoutes, { health, metrics, metricsToken: config.metricsToken });
  await app.register(pageRoutes, { version: VERSION });
  await app.register(docsRoutes, { version: VERSION });
  await app.register(sdkDocsRoutes);
  await app.register(publicRoutes, { prefix: '/api/v1' });
  await app.register(embedRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/admin/v1' });
  await app.register(stripeWebhookRoutes);
  // The vote action's limits count in the same store as the API's (Redis when configured).
  await app.register(sitePlugin, { store: rateLimitStore ?? new MemoryStore() });

  const stopWorkers = options.workers
    ? await startWorkers(app, { secretKey, lookup: options.lookup, version: VERSION, metrics })
    : undefined;
  app.addHook('onClose', async () => {
    // Requests have finished: what they counted is written before the database closes.
    await services.analytics.stop();
    await stopWorkers?.();
    await services.catalog.stop();
    await services.trending.stop();
    await services.keys.stop();
    await feed.stop();
    if (ownsDb) await db.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    clock: Clock;
    changes: Changes;
    services: Services;
  }
}
