import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HttpRequestMetrics } from './http-metrics.js';

/** Seconds; from a cached read (~1 ms) to a request that waited for a slow database. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; a webhook attempt is bounded by WEBHOOK_TIMEOUT_MS (10 s by default, 60 s at most). */
const ATTEMPT_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Counts some source keeps itself (a cache), read when Prometheus scrapes. */
export interface CounterSource {
  hits: number;
  misses: number;
  /** Expired entries served because the database did not answer. */
  stale: number;
}

export type AttemptOutcome = 'succeeded' | 'retry' | 'failed';

/**
 * Every instrument of one app, in its own registry (tests build many apps in one process).
 * Names follow Prometheus conventions: base units, `_total` for counters, labels with bounded
 * values (route templates, never URLs or ids). The list is in the README ("Operating it").
 */
export class Metrics {
  readonly registry = new Registry();

  /** Requests answered and their durations (see HttpRequestMetrics). */
  readonly http = new HttpRequestMetrics(this.registry, HTTP_BUCKETS);

  readonly rateLimited = new Counter({
    name: 'botdir_http_rate_limited_total',
    help: 'Requests refused with 429 rate_limited, by route template',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly webhookAttempts = new Counter({
    name: 'botdir_webhook_attempts_total',
    help: 'Webhook attempts by outcome: succeeded, retry (a repeat is scheduled), failed (finally)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookAttemptDuration = new Histogram({
    name: 'botdir_webhook_attempt_duration_seconds',
    help: "Time to the receiver's status line (or to the failure), by outcome",
    labelNames: ['outcome'] as const,
    buckets: ATTEMPT_BUCKETS,
    registers: [this.registry],
  });

  readonly webhookSwitchOffs = new Counter({
    name: 'botdir_webhook_switch_offs_total',
    help: 'Webhooks switched off after 20 finally failed deliveries in a row',
    registers: [this.registry],
  });

  readonly historyCollection = new Histogram({
    name: 'botdir_history_collection_duration_seconds',
    help: 'Wall time of the nightly history collection, by result',
    labelNames: ['result'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  readonly analyticsFlush = new Histogram({
    name: 'botdir_analytics_flush_duration_seconds',
    help: "Wall time of a process's analytics flush (one transaction), by result",
    labelNames: ['result'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [this.registry],
  });

  constructor() {
    // Event-loop lag (nodejs_eventloop_lag_*), heap, GC, CPU and file descriptors.
    collectDefaultMetrics({ register: this.registry });
  }

  /** Hits and misses of a cache that counts them itself, as counters read at scrape time. */
  countCache(name: string, help: string, source: CounterSource): void {
    let seen = { hits: 0, misses: 0, stale: 0 };
    const counter = new Counter({
      name,
      help,
      labelNames: ['result'] as const,
      registers: [this.registry],
      collect() {
        for (const result of ['hits', 'misses', 'stale'] as const) {
          const delta = source[result] - seen[result];
          if (delta > 0) counter.inc({ result: result === 'hits' ? 'hit' : result === 'misses' ? 'miss' : 'stale' }, delta);
        }
        seen = { ...source };
      },
    });
  }

  /** A counter of totals some part keeps itself (by one label), read when Prometheus scrapes. */
  counterFrom(name: string, help: string, label: string, totals: Readonly<Record<string, number>>): void {
    const seen: Record<string, number> = {};
    const counter = new Counter({
      name,
      help,
      labelNames: [label],
      registers: [this.registry],
      collect() {
        for (const [value, total] of Object.entries(totals)) {
          const delta = total - (seen[value] ?? 0);
          if (delta > 0) counter.inc({ [label]: value }, delta);
          seen[value] = total;
        }
      },
    });
  }

  /** A gauge whose value is read when Prometheus scrapes (a failed read leaves the last value). */
  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void,
  ): void {
    const gauge = new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        try {
          await read((labels, value) => gauge.set(labels, value));
        } catch {
          // The scrape still answers; a stale queue depth beats a failed scrape during an outage.
        }
      },
    });
  }

  /** Records one webhook attempt. */
  attempt(outcome: AttemptOutcome, latencyMs: number): void {
    this.webhookAttempts.inc({ outcome });
    this.webhookAttemptDuration.observe({ outcome }, latencyMs / 1000);
  }
}
