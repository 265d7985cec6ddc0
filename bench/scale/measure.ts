/**
 * One measured phase: autocannon (in the orchestrator's process, never the server's) for the
 * reads, the writer's report for the same interval, and the CPU time the server process and the
 * database's backends spent meanwhile.
 */
import autocannon, { type RawRequest } from 'autocannon';
import { seededRandom } from '../../scripts/random.js';
import { cpuMs, memory, type DatabaseCpu } from '../lib/proc.js';
import type { ReadTarget } from './reads.js';
import type { Writer } from './writer-control.js';
import type { WriterReport } from './write-stats.js';

export interface PhaseContext {
  url: string;
  serverPid: number;
  /** PostgreSQL backends' CPU; undefined on PGlite, where the database runs inside the server process. */
  dbCpu: DatabaseCpu | undefined;
  writer: Writer;
  duration: number;
}

export interface CpuUse {
  seconds: number;
  serverMs: number;
  dbMs: number | undefined;
}

export type Mode = 'uncached' | 'cached';

export interface ReadResult {
  target: string;
  mode: Mode;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Requests still unanswered when the phase ended: autocannon drops them, so they count nowhere else. */
  cut: number;
  statuses: Record<string, number>;
  cpu: CpuUse;
  writer: WriterReport;
  /** The server's resident memory when the phase ended, in bytes: where a whole run's memory grows. */
  rssAfter: number;
}

/** A warm-up run fills the caches before a cached phase; an uncached phase starts cold on purpose. */
const WARMUP_SECONDS = 1;
/** Slow answers are waited for rather than cut off, so a slow read shows as latency, not as errors. */
const REQUEST_TIMEOUT_SECONDS = 60;

/** Runs fn and measures the CPU time spent meanwhile, and the writer's report over the same interval. */
export async function measured<T>(ctx: PhaseContext, fn: () => Promise<T>): Promise<{ value: T; cpu: CpuUse; writer: WriterReport }> {
  await ctx.writer.take();
  const server0 = cpuMs(ctx.serverPid) ?? 0;
  const db0 = await ctx.dbCpu?.totalMs();
  const t0 = performance.now();
  const value = await fn();
  const seconds = (performance.now() - t0) / 1000;
  const serverMs = (cpuMs(ctx.serverPid) ?? server0) - server0;
  const db1 = await ctx.dbCpu?.totalMs();
  const writer = await ctx.writer.take();
  return { value, cpu: { seconds, serverMs, dbMs: db0 === undefined || db1 === undefined ? undefined : db1 - db0 }, writer };
}

export async function readPhase(ctx: PhaseContext, target: ReadTarget, mode: Mode, connections: number): Promise<ReadResult> {
  const random = seededRandom(hash(`${target.name}:${mode}:${connections}`));
  const options = {
    url: ctx.url,
    connections,
    timeout: REQUEST_TIMEOUT_SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: RawRequest) => {
          const next = mode === 'cached' ? target.cached : target.uncached(random);
          return { ...request, path: next.path, headers: { ...request.headers, ...next.headers } };
        },
      },
    ],
  };
  if (mode === 'cached') await autocannon({ ...options, duration: WARMUP_SECONDS });
  const { value: result, cpu, writer } = await measured(ctx, () => autocannon({ ...options, duration: ctx.duration }));
  // Work the phase left in the database (answers nobody waits for any more) must not bill the next one.
  await ctx.dbCpu?.drain(60_000);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    target: target.name,
    mode,
    connections,
    seconds: cpu.seconds,
    requests: result.requests.total,
    reqPerSec: result.requests.total / cpu.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cut: Math.max(0, result.requests.sent - result.requests.total - result.errors),
    statuses,
    cpu,
    writer,
    rssAfter: memory(ctx.serverPid).rss,
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
