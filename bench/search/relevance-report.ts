/** Prints the relevance bench: one table per setting (engines as columns, ours first), targets, our worst queries. */
import type { Setting, SettingReport } from './relevance.js';
import type { Summary } from './summary.js';

const TITLES: Record<Setting['label'], string> = {
  sample: '(a) the published sample bots',
  distractors: '(b) the published sample bots among generated distractors',
};

const f3 = (v: number): string => v.toFixed(3);

export function printRelevance(report: SettingReport): void {
  const { engines } = report;
  const queries = engines[0]?.outcomes.length ?? 0;
  const n = (v: number): string => v.toLocaleString('en');
  const among = report.distractors
    ? ` (${n(report.distractors)} distractors; ${n(report.omitted)} generated bots with a sample bot's name left out)`
    : '';
  console.log(`\n### Relevance ${TITLES[report.setting]}: ${n(report.documents)} documents${among}, ${queries} graded queries, top 10\n`);
  console.log(`| measure | ${engines.map((e) => e.name).join(' | ')} |`);
  console.log(`|---|${engines.map(() => '---:').join('|')}|`);
  const row = (label: string, cell: (s: Summary) => string): void =>
    console.log(`| ${label} | ${engines.map((e) => cell(e.summary)).join(' | ')} |`);
  row('nDCG@10', (s) => f3(s.ndcg10));
  row('nDCG@5', (s) => f3(s.ndcg5));
  row('P@3', (s) => f3(s.p3));
  row('junk@3 (mean per query)', (s) => f3(s.junk3));
  row('zero-result rate', (s) => `${(100 * s.zeroRate).toFixed(1)}% (${s.zeroResults})`);
  row('unpublished bots returned', (s) => String(s.unpublished));
  row('exact: named bot first', (s) => `${s.namedFirst}/${s.exactQueries}`);
  console.log(`| *per kind: nDCG@10 / P@3 / junk@3* |${engines.map(() => '').join('|')}|`);
  for (const [kind, { queries: count }] of Object.entries(engines[0]?.summary.kinds ?? {})) {
    row(`${kind} (${count})`, (s) => {
      const k = s.kinds[kind]!;
      return `${f3(k.ndcg10)} / ${f3(k.p3)} / ${k.junk3.toFixed(2)}`;
    });
  }
  if (report.targets.length > 0) {
    console.log('\n| target (ours) | figure | verdict |\n|---|---|---|');
    for (const t of report.targets)
      console.log(`| ${t.target} | ${t.figure} | ${t.met === undefined ? 'n/a' : t.met ? 'met' : '**not met**'} |`);
  }
}

/**
 * Our `count` worst queries by nDCG@10: what we returned (top 5, with grades) and the best-graded
 * sample bots we left out of the top 10, for the engine's developer.
 */
export function printWorst(report: SettingReport, setting: Setting, sampleNames: ReadonlyMap<string, string>, count: number): void {
  const ours = report.engines.find((e) => e.name === 'ours');
  if (!ours || count <= 0) return;
  const label = (id: string): string => {
    const doc = setting.describe.get(id);
    if (!doc) return `${sampleNames.get(id) ?? '?'} [${id}, not indexed]`;
    return doc.templateId ? `${doc.name} [${id}, copy of ${sampleNames.get(doc.templateId) ?? doc.templateId}]` : `${doc.name} [${id}]`;
  };
  const worst = [...ours.outcomes].sort((a, b) => a.ndcg10 - b.ndcg10).slice(0, count);
  console.log(`\nOur ${worst.length} worst queries by nDCG@10, setting ${TITLES[report.setting]}:\n`);
  for (const o of worst) {
    console.log(`- "${o.q}" (${o.kind}, ${o.lang}): nDCG@10 ${f3(o.ndcg10)}, P@3 ${f3(o.p3)}, junk@3 ${o.junk3}`);
    const top = o.ids.slice(0, 5).map((id, i) => `${i + 1}. ${label(id)} g${o.grades[i]}`);
    console.log(`  - ours: ${top.length > 0 ? top.join(' · ') : 'no results'}`);
    const missed = o.missed.slice(0, 5).map((m) => `${label(m.id)} g${m.grade}`);
    if (missed.length > 0) console.log(`  - missed: ${missed.join(' · ')}${o.missed.length > 5 ? ` (+${o.missed.length - 5})` : ''}`);
  }
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

export function gradedTimes(times: readonly number[]): { p50: number; p99: number; calls: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), calls: sorted.length };
}

export function printGradedSpeed(report: SettingReport): void {
  const timed = report.engines.filter((e) => e.timesMs);
  if (timed.length === 0) return;
  const ms = (v: number): string => (v < 10 ? v.toFixed(3) : v.toFixed(1));
  console.log(`\nGraded queries in setting (b), one search call, wall clock (ms):\n`);
  console.log('| engine | p50 | p99 | calls |\n|---|---:|---:|---:|');
  for (const e of timed) {
    const t = gradedTimes(e.timesMs!);
    console.log(`| ${e.name} | ${ms(t.p50)} | ${ms(t.p99)} | ${t.calls} |`);
  }
}
