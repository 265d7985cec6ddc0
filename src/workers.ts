import { performance } from 'node:perf_hooks';
import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import { openPostgres } from './db/postgres.js';
import { startPeriodic } from './lib/background.js';
import type { Metrics } from './lib/metrics.js';
import { startLapseSweep } from './modules/premium/lapse-sweep.js';
import { createSafeDispatcher } from './modules/webhooks/delivery/safe-dispatcher.js';
import { DeliveryWorker } from './modules/webhooks/delivery/worker.js';
import type { LookupFn } from './modules/webhooks/endpoints/resolve-host.js';
import { EMAIL_SWEEP_MS, EmailOutbox } from './modules/webhooks/notifications/email-outbox.js';
import { createMailer } from './modules/webhooks/notifications/mailer.js';

/**
 * A nightly job after the history collection: its work, answering the fields of its log line, and
 * the messages of that line on success and on failure.
 */
interface NightlyJob {
  run(): Promise<object>;
  done: string;
  failed: string;
}

function nightlyJobs(app: FastifyInstance): NightlyJob[] {
  const { services } = app;
  const deleted = (prune: () => Promise<unknown>) => async () => ({ deleted: await prune() });
  return [
    {
      run: deleted(() => services.webhookDeliveries.pruneLog()),
      done: 'old events and delivery log removed',
      failed: 'event clean-up failed',
    },
    {
      run: async () => ({ copied: await services.analyticsNightly.copyVotes() }),
      done: "yesterday's votes copied into the daily series",
      failed: 'copying votes into the daily series failed',
    },
    {
      run: deleted(() => services.analyticsNightly.prune()),
      done: 'daily series past ANALYTICS_RETENTION_DAYS removed',
      failed: 'daily series clean-up failed',
    },
    ...(app.config.payments.enabled
      ? [
          {
            run: deleted(() => services.stripeEvents.prune()),
            done: 'Stripe events past 30 days removed',
            failed: 'Stripe event clean-up failed',
          },
          {
            run: () => services.stripeEvents.reconcile(),
            done: "connected accounts' subscriptions reconciled with Stripe",
            failed: 'Stripe reconciliation failed',
          },
        ]
      : []),
    {
      run: deleted(() => services.managedGuilds.prune()),
      done: 'server lists of ended sign-ins removed',
      failed: 'server list clean-up failed',
    },
    {
      run: deleted(() => services.audit.prune()),
      done: 'audit entries past AUDIT_RETENTION_DAYS removed',
      failed: 'audit clean-up failed',
    },
  ];
}

/** One after the other; a job that fails is logged and does not keep the next ones from running. */
async function runEach(app: FastifyInstance, jobs: NightlyJob[]): Promise<void> {
  for (const job of jobs) {
    try {
      app.log.info(await job.run(), job.done);
    } catch (error) {
      app.log.error({ err: error }, job.failed);
    }
  }
}

/** Connections of the delivery worker: route, claim and record are short statements. */
const WORKER_POOL_SIZE = 3;

export interface WorkerOptions {
  secretKey: Buffer;
  lookup: LookupFn | undefined;
  version: string;
  metrics: Metrics;
}

/**
 * Starts the background jobs of this process; resolves to a function that stops them, letting
 * webhook attempts in flight finish and be recorded.
 */
export async function startWorkers(app: FastifyInstance, options: WorkerOptions): Promise<() => Promise<void>> {
  const history = new Cron(app.config.historyCron, { timezone: 'UTC', protect: true }, async () => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const written = await app.services.history.collect();
      options.metrics.historyCollection.observe({ result: 'succeeded' }, seconds());
      app.log.info({ written, ms: Math.round(seconds() * 1000) }, 'history collected');
    } catch (error) {
      options.metrics.historyCollection.observe({ result: 'failed' }, seconds());
      app.log.error({ err: error }, 'history collection failed');
    }
    await runEach(app, nightlyJobs(app));
  });

  const lapseSweep = startLapseSweep(app.services.premium, app.log);

  const settings = app.config.webhook;
  // On a server, delivery gets connections of its own, so a burst of API writes holding the
  // request pool does not delay it (commit → receiver latency), nor does delivery slow the API.
  const ownPool =
    app.config.databaseUrl && app.db.kind === 'postgres'
      ? await openPostgres(app.config.databaseUrl, WORKER_POOL_SIZE, app.config.databaseTimeouts)
      : undefined;
  const dispatcher = createSafeDispatcher({ allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs, lookup: options.lookup });
  const mailer = createMailer(app.config.mail);
  const outbox = mailer && new EmailOutbox(ownPool ?? app.db, app.clock, mailer, app.log);
  const emails = outbox && startPeriodic(() => outbox.sendDue(), EMAIL_SWEEP_MS);
  const webhooks = new DeliveryWorker({
    db: ownPool ?? app.db,
    clock: app.clock,
    log: app.log,
    settings,
    secretKey: options.secretKey,
    dispatcher,
    userAgent: `BotDirectory-Webhooks/${options.version} (+${app.config.baseUrl})`,
    emails,
    metrics: options.metrics,
  });
  await webhooks.start();
  // A moderator's decision owes its owner an e-mail: sent now rather than at the next sweep.
  const stopNotices = emails && app.services.listingWriter.whenNoticed(() => void emails.run());
  // A vote's event is written without waking the workers from inside its transaction (that would
  // serialise vote commits); its announcement on the change feed, here or from another process, does,
  // when the event awaits routing (a bot without endpoints for votes gets it stored routed, 016).
  app.changes.subscribe((change) => {
    if (change.kind === 'bot' && change.routing) webhooks.wake();
  });

  return async () => {
    history.stop();
    stopNotices?.();
    await lapseSweep.stop();
    await webhooks.stop();
    await emails?.stop();
    await dispatcher.close();
    await ownPool?.close();
    mailer?.close();
  };
}
