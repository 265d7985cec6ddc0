/** The bench's table: one line per backend and request, ours beside bare, the verdict last. */
import type { Row } from './rows.js';

export function table(rows: Row[]): string {
  const header = [
    'backend',
    'request',
    'bytes',
    'ours req/s',
    'ours p50/p99 ms',
    'ours µs CPU/req',
    'bare req/s',
    'bare p50/p99 ms',
    'bare µs CPU/req',
    'gen %',
    'ratio (bare/ours)',
    'target',
    'noise ours/bare',
    'non-2xx ours/bare',
  ];
  const lines = rows.map((row) => {
    const ratio = row.bare.cpuUsPerRequest / row.ours.cpuUsPerRequest;
    const target = row.target.target;
    return [
      row.backend,
      row.target.name,
      String(row.bytes),
      row.ours.reqPerSec.toFixed(0),
      `${row.ours.p50} / ${row.ours.p99}`,
      row.ours.cpuUsPerRequest.toFixed(0),
      row.bare.reqPerSec.toFixed(0),
      `${row.bare.p50} / ${row.bare.p99}`,
      row.bare.cpuUsPerRequest.toFixed(0),
      `${row.ours.generatorCpu.toFixed(0)} / ${row.bare.generatorCpu.toFixed(0)}`,
      ratio.toFixed(2),
      // An answer that is not a 2xx (a 429, a reset) costs less than the cached read: the row says nothing then.
      target === undefined ? '' : `>= ${target} ${row.ours.errors + row.bare.errors > 0 ? 'INVALID' : ratio >= target ? 'met' : 'MISS'}`,
      `±${((row.noise.ours / 2) * 100).toFixed(0)}% / ±${((row.noise.bare / 2) * 100).toFixed(0)}%`,
      `${row.ours.errors} / ${row.bare.errors}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}
