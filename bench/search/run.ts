/**
 * Search benchmark: our engine beside MiniSearch and Orama on the same documents and the same
 * queries, in one run. Two parts:
 *
 * - relevance: the graded queries (../shared/data/search-graded.public.json) over (a) the
 *   published sample bots and (b) the same bots among generated distractors: nDCG@5/@10, P@3,
 *   junk@3, zero-result rate, unpublished bots returned, per query kind, against our targets;
 *   our worst queries; the time of one search call on the graded queries in setting (b).
 * - speed: build time, index memory and per-class p50/p95/p99 on generated bots (speed.ts).
 *
 *   npm run bench:search                                    # both parts, 100,000 bots
 *   npm run bench:search -- --part relevance --size 0       # setting (a) only, in seconds
 *   options: --part relevance|speed|all, --size N (generated bots; 0: setting (a) only),
 *   --engines ours,MiniSearch,Orama, --per-class N (speed queries per class, default 200),
 *   --worst N (our worst queries listed, default 5), --graded FILE (another graded set),
 *   --json FILE (every figure as JSON)
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { ENGINE_FACTORIES } from './engines.js';
import { generateBots } from './generator.js';
import { loadGradedQueries } from './graded.js';
import { makeQueries } from './queries.js';
import { distractorSetting, measureRelevance, sampleSetting, type SettingReport } from './relevance.js';
import { gradedTimes, printGradedSpeed, printRelevance, printWorst } from './relevance-report.js';
import { loadSampleBots, publishedSampleDocs } from './sample.js';
import { type EngineReport, measureSpeed, printSpeed } from './speed.js';

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

const part = flag('part', 'all');
const size = Number(flag('size', '100000'));
const perClass = Number(flag('per-class', '200'));
const worst = Number(flag('worst', '5'));
// Ours first: every table reads against it.
const engineNames = flag('engines', 'ours,MiniSearch,Orama')
  .split(',')
  .sort((a, b) => Number(b === 'ours') - Number(a === 'ours'));
const gradedFile = flag('graded', '');
const jsonFile = flag('json', '');
if (!['relevance', 'speed', 'all'].includes(part)) throw new Error(`--part is relevance, speed or all, not ${part}`);
for (const name of engineNames) if (!ENGINE_FACTORIES[name]) throw new Error(`unknown engine ${name}`);

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const startLoad = load();
  const sample = loadSampleBots();
  const sampleNames = new Map(sample.map((b) => [b.id, b.name]));
  console.error(`generating ${size} bots...`);
  const generated = generateBots(sample, size);
  console.log(`\n## Search benchmark: ${engineNames.join(', ')}`);
  // On a shared machine the load average says how much the wall-clock figures can be trusted.
  console.log(
    `Command: npm run bench:search -- ${process.argv.slice(2).join(' ')}; Node ${process.version}; load average at start ${startLoad}`,
  );

  const relevance: SettingReport[] = [];
  if (part !== 'speed') {
    const queries = loadGradedQueries(gradedFile || undefined);
    const published = publishedSampleDocs();
    const settings = [sampleSetting(published), ...(size > 0 ? [distractorSetting(published, generated)] : [])];
    for (const setting of settings) {
      const report = await measureRelevance(setting, queries, sample, engineNames);
      relevance.push(report);
      printRelevance(report);
      printGradedSpeed(report);
      printWorst(report, setting, sampleNames, worst);
    }
  }

  const speed: EngineReport[] = [];
  if (part !== 'relevance' && size > 0) {
    const queries = makeQueries(generated, sample, perClass, 7);
    const warmup = makeQueries(generated, sample, 20, 99);
    for (const name of engineNames) {
      console.error(`speed: ${name}...`);
      speed.push(await measureSpeed(name, generated, queries, warmup));
    }
    printSpeed(speed, size, perClass);
  }
  const endLoad = load();
  console.log(`\nLoad average at start ${startLoad}, at end ${endLoad}`);

  if (jsonFile) {
    const gradedSpeed = relevance.flatMap((r) =>
      r.engines.filter((e) => e.timesMs).map((e) => ({ name: e.name, ...gradedTimes(e.timesMs!) })),
    );
    const figures = {
      date: new Date().toISOString(),
      command: `npm run bench:search -- ${process.argv.slice(2).join(' ')}`,
      node: process.version,
      load: { start: startLoad, end: endLoad },
      size,
      graded: gradedFile || 'search-graded.public.json',
      relevance: relevance.map((r) => ({ ...r, engines: r.engines.map(({ timesMs: _times, ...e }) => e) })),
      gradedSpeed,
      speed,
    };
    writeFileSync(jsonFile, JSON.stringify(figures, null, 2) + '\n');
  }
}

await main();
