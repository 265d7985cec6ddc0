/** The bench's figures, the issue-10 targets beside them, and the printed table. */
import type { CpuUse, ReadResult } from './measure.js';
import type { WriteSummary, WriterReport } from './write-stats.js';

export const TARGETS = {
  uncachedP99Ms: 50,
  cachedP99Ms: 10,
  deepPageRatio: 1.5,
  writesPerSecond: 500,
  writeP99Ms: 100,
  nightlySeconds: 10,
  startupSeconds: 20,
  rssBytes: 600 * 1024 * 1024,
} as const;

export interface WritePhase {
  name: string;
  report: WriterReport;
  cpu: CpuUse;
}

export interface RunResults {
  command: string;
  startedAt: string;
  seconds: number;
  machine: string;
  loadBefore: string;
  loadAfter: string;
  dataSet: { kind: string; where: string; description: string; generated: boolean; loadSeconds: Record<string, number>; sizeBytes: number };
  startupMs: number;
  memory: { afterStart: number; atEnd: number; peak: number };
  /** The writer alone at the mixed rate: the CPU it costs, subtracted from the read phases. */
  writerAlone: WritePhase | undefined;
  capacity: WritePhase | undefined;
  reads: ReadResult[];
  nightly: { ms: number; written: number }[];
  serverErrorLines: string[];
}

/** Writes answered in an interval (any status): what the writer made the server do. */
function writesAnswered(report: WriterReport): number {
  return report.votes.answered + report.stats.answered + report.reviews.answered + report.helpful.answered;
}

/** CPU per read request: all the CPU of the phase (writes served meanwhile included) over the reads. */
function perRequest(cpuMs: number | undefined, r: ReadResult): string {
  if (cpuMs === undefined || r.requests === 0) return '-';
  return ((cpuMs * 1000) / r.requests).toFixed(0);
}

/**
 * The same for server and database together, after taking away the writes answered meanwhile at
 * their writer-alone cost. "~0" when that estimate exceeds the phase's CPU (writes that got cheaper
 * under the mixed load, or reads that took CPU away from them).
 */
function netPerRequest(r: ReadResult, perWrite: { server: number | undefined; db: number | undefined }): string {
  if (r.requests === 0 || perWrite.server === undefined) return '-';
  const cpu = r.cpu.serverMs + (r.cpu.dbMs ?? 0);
  const writes = (perWrite.server + (perWrite.db ?? 0)) * writesAnswered(r.writer);
  const net = ((cpu - writes) * 1000) / r.requests;
  return net <= 0 ? '~0' : net.toFixed(0);
}

/** CPU milliseconds per answered write in the writer-alone phase (server, database). */
export function costPerWrite(phase: WritePhase | undefined): { server: number | undefined; db: number | undefined } {
  const writes = phase ? writesAnswered(phase.report) : 0;
  if (!phase || writes === 0) return { server: undefined, db: undefined };
  return { server: phase.cpu.serverMs / writes, db: phase.cpu.dbMs === undefined ? undefined : phase.cpu.dbMs / writes };
}

function mark(ok: boolean): string {
  return ok ? 'met' : 'MISS';
}

function readTarget(r: ReadResult): { text: string; ok: boolean } | undefined {
  // No answer at all (every request still running at the end) is a miss, not an empty pass.
  const clean = r.requests > 0 && r.non2xx + r.errors + r.timeouts === 0;
  if (r.mode === 'cached') return { text: `p99 <= ${TARGETS.cachedP99Ms}`, ok: clean && r.p99 <= TARGETS.cachedP99Ms };
  if (r.connections >= 10) return { text: `p99 <= ${TARGETS.uncachedP99Ms}`, ok: clean && r.p99 <= TARGETS.uncachedP99Ms };
  return undefined;
}

function writes(w: WriteSummary): string {
  return `${w.achieved.toFixed(0)} (${w.p99.toFixed(0)})`;
}

function writeOk(w: WriteSummary, rate: number): boolean {
  return w.achieved >= rate * 0.98 && w.non2xx + w.errors + w.dropped === 0 && w.p99 <= TARGETS.writeP99Ms;
}

function table(header: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function readsTable(results: RunResults): string {
  const perWrite = costPerWrite(results.writerAlone);
  const rows = results.reads.map((r) => {
    const target = readTarget(r);
    const busy = ((r.cpu.serverMs + (r.cpu.dbMs ?? 0)) / (r.cpu.seconds * 10)).toFixed(0);
    return [
      r.target,
      r.mode,
      String(r.connections),
      r.reqPerSec.toFixed(r.reqPerSec < 10 ? 1 : 0),
      r.p50.toFixed(0),
      r.p99.toFixed(0),
      String(r.non2xx + r.errors + r.timeouts),
      String(r.cut),
      perRequest(r.cpu.serverMs, r),
      perRequest(r.cpu.dbMs, r),
      netPerRequest(r, perWrite),
      busy,
      `${writes(r.writer.votes)} ${writes(r.writer.stats)}`,
      target?.text ?? '',
      target ? mark(target.ok) : '',
    ];
  });
  return table(
    [
      'request',
      'mode',
      'c',
      'req/s',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'cut',
      'srv µs/req',
      'db µs/req',
      'net µs/req',
      'cpu %',
      'votes/s (p99) stats/s (p99)',
      'target',
      '',
    ],
    rows,
    new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  );
}

export function summaryTable(results: RunResults, mixedRate: number, capacityRate: number): string {
  const rows: string[][] = [];
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  rows.push([
    'start-up (spawn to first 200 of /api/v1/bots)',
    `${(results.startupMs / 1000).toFixed(1)} s`,
    `<= ${TARGETS.startupSeconds} s`,
    mark(results.startupMs <= TARGETS.startupSeconds * 1000),
  ]);
  rows.push([
    'RSS after start-up',
    mb(results.memory.afterStart),
    `<= ${mb(TARGETS.rssBytes)}`,
    mark(results.memory.afterStart <= TARGETS.rssBytes),
  ]);
  if (results.memory.atEnd > 0) {
    rows.push([
      'RSS at the end (peak)',
      `${mb(results.memory.atEnd)} (${mb(results.memory.peak)})`,
      `<= ${mb(TARGETS.rssBytes)}`,
      mark(results.memory.atEnd <= TARGETS.rssBytes),
    ]);
  }
  for (const phase of [results.writerAlone, results.capacity]) {
    if (!phase) continue;
    const rate = phase === results.capacity ? capacityRate : mixedRate;
    for (const kind of ['votes', 'stats'] as const) {
      const w = phase.report[kind];
      rows.push([
        `${phase.name}: ${kind}`,
        `${w.achieved.toFixed(0)}/s, p50 ${w.p50.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms, max ${w.max.toFixed(0)} ms, non-2xx ${w.non2xx + w.errors}, dropped ${w.dropped}${w.samples[0] ? ` (e.g. ${w.samples[0].slice(0, 80)})` : ''}`,
        phase === results.capacity ? `>= ${rate}/s, p99 <= ${TARGETS.writeP99Ms} ms` : `${rate}/s sustained`,
        phase === results.capacity ? mark(writeOk(w, rate)) : mark(w.achieved >= rate * 0.98 && w.non2xx + w.errors + w.dropped === 0),
      ]);
    }
    const cost = costPerWrite(phase);
    const us = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms * 1000).toFixed(0)} µs`);
    rows.push([`${phase.name}: CPU per write (server / database)`, `${us(cost.server)} / ${us(cost.db)}`, '', '']);
  }
  if (results.reads.length > 0) {
    for (const kind of ['votes', 'stats'] as const) {
      const all = results.reads.map((r) => r.writer[kind]);
      const worst = Math.min(...all.map((w) => w.achieved));
      const p99 = Math.max(...all.map((w) => w.p99));
      const failed = all.reduce((n, w) => n + w.non2xx + w.errors, 0);
      const dropped = all.reduce((n, w) => n + w.dropped, 0);
      rows.push([
        `writer during the read phases: ${kind}`,
        `lowest ${worst.toFixed(0)}/s, worst p99 ${p99.toFixed(0)} ms, non-2xx ${failed}, dropped ${dropped}`,
        `${mixedRate}/s sustained`,
        mark(worst >= mixedRate * 0.98 && failed + dropped === 0),
      ]);
    }
  }
  for (const [sort, page1, deep] of deepPairs(results.reads)) {
    const ratio = deep.p99 / Math.max(1, page1.p99);
    rows.push([
      `list sort=${sort}: p99 ${deep.target.split(' ').at(-1)} / page 1 (uncached c10)`,
      `${deep.p99.toFixed(0)} / ${page1.p99.toFixed(0)} ms = ${ratio.toFixed(2)}x`,
      `<= ${TARGETS.deepPageRatio}x`,
      mark(ratio <= TARGETS.deepPageRatio),
    ]);
  }
  results.nightly.forEach((run, i) => {
    rows.push([
      `nightly history collection, run ${i + 1}`,
      `${(run.ms / 1000).toFixed(2)} s, ${run.written.toLocaleString('en')} rows written`,
      i === 0 ? `<= ${TARGETS.nightlySeconds} s` : 'writes 0 (idempotent)',
      i === 0 ? mark(run.ms <= TARGETS.nightlySeconds * 1000) : mark(run.written === 0),
    ]);
  });
  rows.push(['server log lines at error level', String(results.serverErrorLines.length), '0', mark(results.serverErrorLines.length === 0)]);
  return table(['measure', 'figure', 'target', ''], rows, new Set());
}

function deepPairs(reads: ReadResult[]): [string, ReadResult, ReadResult][] {
  const pick = (sort: string, deep: boolean) =>
    reads.find(
      (r) =>
        r.mode === 'uncached' && r.connections === 10 && r.target.startsWith(`list sort=${sort} `) && r.target.endsWith(' page 1') !== deep,
    );
  const sorts = [...new Set(reads.map((r) => /^list sort=(\w+) /.exec(r.target)?.[1]).filter((s): s is string => s !== undefined))];
  return sorts.flatMap((sort) => {
    const page1 = pick(sort, false);
    const deep = pick(sort, true);
    return page1 && deep ? [[sort, page1, deep] as [string, ReadResult, ReadResult]] : [];
  });
}
