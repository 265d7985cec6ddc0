import type { Registry } from 'prom-client';

const REQUESTS = 'botdir_http_requests_total';
const DURATION = 'botdir_http_request_duration_seconds';

interface Series {
  readonly labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last slot is above every bound. */
  readonly buckets: number[];
}

interface Sample {
  labels?: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName?: string;
}

/**
 * `botdir_http_requests_total` and `botdir_http_request_duration_seconds`, counted in plain
 * numbers per method, route and status and handed to prom-client's registry as samples when
 * Prometheus scrapes. prom-client's own Counter and Histogram hash and validate the labels object
 * on every call, even through `labels()` children, for two numbers per request. The exposition is
 * prom-client's, unchanged.
 */
export class HttpRequestMetrics {
  private readonly series = new Map<string, Series>();

  constructor(
    registry: Registry,
    private readonly bounds: readonly number[],
  ) {
    // prom-client formats any registered object with a name, help, type and `get()`.
    for (const [name, help, type, values] of [
      [REQUESTS, 'HTTP requests answered, by method, route template and status', 'counter', () => this.counts()],
      [
        DURATION,
        'Time from the request to the end of the answer, by method, route template and status',
        'histogram',
        () => this.histogram(),
      ],
    ] as const) {
      const metric = { name, help, type, aggregator: 'sum' };
      registry.registerMetric({ ...metric, get: async () => ({ ...metric, values: values() }) } as never);
    }
  }

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${status} ${method} ${route}`;
    let series = this.series.get(key);
    if (series === undefined) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Array<number>(this.bounds.length + 1).fill(0),
      };
      this.series.set(key, series);
    }
    series.count += 1;
    series.sum += seconds;
    let i = 0;
    while (i < this.bounds.length && seconds > (this.bounds[i] as number)) i++;
    series.buckets[i] = (series.buckets[i] as number) + 1;
  }

  private counts(): Sample[] {
    return [...this.series.values()].map((series) => ({ labels: series.labels, value: series.count }));
  }

  private histogram(): Sample[] {
    const samples: Sample[] = [];
    const name = DURATION;
    for (const series of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += series.buckets[i] as number;
        samples.push({ labels: { le: bound }, sharedLabels: series.labels, value: cumulative, metricName: `${name}_bucket` });
      });
      samples.push({ labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: `${name}_bucket` });
      samples.push({ labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${name}_sum` });
      samples.push({ labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${name}_count` });
    }
    return samples;
  }
}
