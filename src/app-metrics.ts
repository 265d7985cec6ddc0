import type { Database } from './db/index.js';
import type { Metrics } from './lib/metrics.js';
import type { Services } from './services.js';

/**
 * The metrics read from the app's parts when Prometheus scrapes: lookups of the kept answers, the
 * database (availability, use of each pool) and the webhook queue. A part that does not answer
 * within `timeoutMs` leaves its last value: a scrape never waits on a silent database.
 */
export function registerServiceMetrics(metrics: Metrics, parts: { db: Database; services: Services; timeoutMs: number }): void {
  const { db, services, timeoutMs } = parts;
  metrics.countCache(
    'botdir_read_cache_requests_total',
    'Lookups of the kept answers of reads, by result (stale: served while the database did not answer)',
    services.answers.stats,
  );
  metrics.counterFrom(
    'botdir_analytics_events_total',
    'Requests counted for the per-bot analytics, by kind (crawlers and prefetches are not)',
    'kind',
    services.analytics.events,
  );
  metrics.counterFrom(
    'botdir_analytics_dropped_total',
    'Analytics left uncounted by their bounds: bot_days (the table of a flush interval was full), visitors (no salt yet)',
    'reason',
    services.analytics.dropped,
  );
  metrics.gauge('botdir_db_available', 'Whether the database answered its latest liveness check (1) or not (0)', [], (set) =>
    set({}, db.health.available() ? 1 : 0),
  );
  metrics.gauge(
    'botdir_db_pool_connections',
    'Connections of the database pools by pool (writes, reads) and state (PostgreSQL server only)',
    ['pool', 'state'],
    (set) => {
      for (const { name, total, idle, waiting } of db.health.pools()) {
        set({ pool: name, state: 'total' }, total);
        set({ pool: name, state: 'idle' }, idle);
        set({ pool: name, state: 'waiting' }, waiting);
      }
    },
  );
  metrics.gauge(
    'botdir_webhook_queue_depth',
    'Webhook work waiting: events not yet routed, deliveries due now, deliveries scheduled for a later retry',
    ['state'],
    async (set) => {
      const depth = await withDeadline(services.webhookDeliveries.queueDepth(), timeoutMs);
      for (const [state, value] of Object.entries(depth)) set({ state }, value);
    },
  );
}

/** The promise's value, or a rejection once `ms` have passed. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
