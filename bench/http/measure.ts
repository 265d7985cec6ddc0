/** One autocannon run against one server, with the server's CPU time over it. */
import autocannon from 'autocannon';
import { cpuMs } from '../lib/proc.js';

export interface Run {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** The server's CPU time (utime + stime) over the run, per request answered. */
  cpuUsPerRequest: number;
  /** The load generator's own CPU over the run, % of one core. */
  generatorCpu: number;
  errors: number;
}

export async function run(
  server: { url: string; pid: number },
  path: string,
  headers: Record<string, string> | undefined,
  options: { connections: number; duration: number },
): Promise<Run> {
  const url = `${server.url}${path}`;
  await autocannon({ url, connections: options.connections, duration: 1, headers });
  const cpuBefore = cpuMs(server.pid);
  const ownBefore = process.cpuUsage();
  const t0 = performance.now();
  const result = await autocannon({ url, connections: options.connections, duration: options.duration, headers });
  const wallMs = performance.now() - t0;
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = cpuMs(server.pid);
  if (cpuBefore === undefined || cpuAfter === undefined) throw new Error(`the server (pid ${server.pid}) is gone`);
  const answered = result.requests.total;
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUsPerRequest: answered > 0 ? ((cpuAfter - cpuBefore) * 1000) / answered : Number.NaN,
    generatorCpu: ((own.user + own.system) / 1000 / wallMs) * 100,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Each figure's median over the rounds (errors summed). */
export function median(runs: Run[]): Run {
  const of = (pick: (r: Run) => number) => middle(runs.map(pick));
  return {
    reqPerSec: of((r) => r.reqPerSec),
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    cpuUsPerRequest: of((r) => r.cpuUsPerRequest),
    generatorCpu: of((r) => r.generatorCpu),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** (max − min) / median of the CPU per request: how much the rounds disagree. */
export function spread(runs: Run[]): number {
  const values = runs.map((r) => r.cpuUsPerRequest);
  return (Math.max(...values) - Math.min(...values)) / middle(values);
}
