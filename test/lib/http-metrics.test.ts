import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HttpRequestMetrics } from '../../src/lib/http-metrics.js';

const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The same two instruments as prom-client's own Counter and Histogram: the reference. */
function reference() {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'botdir_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'botdir_http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by method, route template and status',
    labelNames,
    buckets: BOUNDS,
    registers: [registry],
  });
  return {
    registry,
    record(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

const observation = fc.record({
  method: fc.constantFrom('GET', 'POST', 'OPTIONS'),
  route: fc.constantFrom('/api/v1/bots', '/api/v1/bots/:id', 'unmatched', '/a "quoted" \\ route'),
  status: fc.constantFrom(200, 304, 404, 429, 503),
  // Bucket bounds themselves included: `le` is "less than or equal".
  seconds: fc.oneof(fc.constantFrom(...BOUNDS, 0, 20), fc.double({ min: 0, max: 30, noNaN: true })),
});

describe('HttpRequestMetrics', () => {
  it("exposes exactly what prom-client's Counter and Histogram expose for the same requests", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const ours = new Registry();
        const metrics = new HttpRequestMetrics(ours, BOUNDS);
        const theirs = reference();
        for (const o of observations) {
          metrics.record(o.method, o.route, o.status, o.seconds);
          theirs.record(o.method, o.route, o.status, o.seconds);
        }
        expect(await ours.metrics()).toBe(await theirs.registry.metrics());
      }),
      { numRuns: 50 },
    );
  });

  it('keeps counting between scrapes (counters never go back)', async () => {
    const registry = new Registry();
    const metrics = new HttpRequestMetrics(registry, BOUNDS);
    metrics.record('GET', '/x', 200, 0.002);
    expect(await registry.metrics()).toContain('botdir_http_requests_total{method="GET",route="/x",status="200"} 1');
    metrics.record('GET', '/x', 200, 0.2);
    const text = await registry.metrics();
    expect(text).toContain('botdir_http_requests_total{method="GET",route="/x",status="200"} 2');
    expect(text).toContain('botdir_http_request_duration_seconds_bucket{le="0.0025",method="GET",route="/x",status="200"} 1');
    expect(text).toContain('botdir_http_request_duration_seconds_bucket{le="0.25",method="GET",route="/x",status="200"} 2');
    expect(text).toContain('botdir_http_request_duration_seconds_count{method="GET",route="/x",status="200"} 2');
  });
});
