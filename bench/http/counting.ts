/**
 * Issue 33's budget: counting adds at most 3 µs of CPU to a bot page or an embed answer. The same
 * server twice, ANALYTICS_ENABLED on and off, asked for answers that count (a browser's user agent,
 * a Referer from another site) in alternating rounds: the difference of their CPU per request is
 * what counting costs, flushes included. Beside it, the count call alone in this process, whose
 * few hundred nanoseconds the servers' noise can hide.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../src/db/index.js';
import { Metrics } from '../../src/lib/metrics.js';
import { AnalyticsService } from '../../src/modules/analytics/service.js';
import type { RunningServer } from '../lib/server-process.js';
import { median, run, spread, type Run } from './measure.js';

export const COUNTING_BUDGET_US = 3;

/** What a person's browser sends, as the bench's requests must count. */
export const COUNTED_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  referer: 'https://blog.example.com/best-bots',
};

export interface CountingRow {
  backend: string;
  name: string;
  on: Run;
  off: Run;
  noise: { on: number; off: number };
}

export async function benchCounting(
  backend: string,
  servers: { on: RunningServer; off: RunningServer },
  targets: { name: string; path: string }[],
  options: { rounds: number; duration: number; connections: number },
): Promise<CountingRow[]> {
  const rows: CountingRow[] = [];
  for (const t of targets) {
    const runs: { on: Run[]; off: Run[] } = { on: [], off: [] };
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
      for (const which of order) {
        const server = servers[which];
        runs[which].push(await run({ url: server.url, pid: server.pid }, t.path, COUNTED_HEADERS, options));
      }
    }
    rows.push({ backend, name: t.name, on: median(runs.on), off: median(runs.off), noise: { on: spread(runs.on), off: spread(runs.off) } });
  }
  return rows;
}

/** CPU nanoseconds of one `count` call (a view with a referrer and a visitor, and an embed), in this process. */
export async function countCallNs(): Promise<{ view: number; embed: number }> {
  const salt = randomBytes(32);
  const db = {
    query: () => Promise.resolve({ rows: [{ salt }], rowCount: 1 }),
    transaction: () => Promise.resolve(),
  } as unknown as Database;
  const service = new AnalyticsService({
    db,
    now: Date.now,
    enabled: true,
    flushMs: 3_600_000,
    ownHosts: ['127.0.0.1'],
    isPublished: () => true,
    metrics: new Metrics(),
  });
  await service.start({ error: () => undefined } as unknown as FastifyBaseLogger);
  const bots = Array.from({ length: 100 }, (_, i) => String(100000000000000000n + BigInt(i)));
  const requests = Array.from({ length: 16 }, (_, i) => ({ method: 'GET', ip: `203.0.113.${i}`, headers: COUNTED_HEADERS }));
  const measure = (kind: 'views' | 'badge_views'): number => {
    const calls = 500_000;
    for (let i = 0; i < calls / 5; i++) service.count(kind, bots[i % 100]!, requests[i % 16]!);
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++) service.count(kind, bots[i % 100]!, requests[i % 16]!);
    const used = process.cpuUsage(before);
    return ((used.user + used.system) * 1000) / calls;
  };
  const result = { view: measure('views'), embed: measure('badge_views') };
  await service.stop();
  return result;
}

export function countingTable(rows: CountingRow[], call: { view: number; embed: number }): string {
  const lines = rows.map((row) => {
    const added = row.on.cpuUsPerRequest - row.off.cpuUsPerRequest;
    return [
      row.backend,
      row.name,
      row.on.cpuUsPerRequest.toFixed(1),
      row.off.cpuUsPerRequest.toFixed(1),
      added.toFixed(1),
      `${(row.noise.on * 100).toFixed(0)}% / ${(row.noise.off * 100).toFixed(0)}%`,
      added <= COUNTING_BUDGET_US ? 'ok' : 'over',
    ].join(' | ');
  });
  return [
    `Counting (issue 33): the same server with ANALYTICS_ENABLED=true and false; budget ${COUNTING_BUDGET_US} µs CPU per answer.`,
    'backend | request (browser UA, foreign Referer) | on µs CPU/req | off µs CPU/req | added | noise on/off | budget',
    ...lines,
    `count() alone in this process: ${call.view.toFixed(0)} ns per bot page view (referrer, visitor hash, sketch), ${call.embed.toFixed(0)} ns per embed.`,
  ].join('\n');
}
