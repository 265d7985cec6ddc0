/**
 * The graded relevance bench: every engine answers the graded queries (with each query's `lang`,
 * top 10) in two settings, (a) over the published sample bots alone and (b) over the same bots
 * among generated distractors (judge.ts grades those), and in setting (b) the time of each call.
 */
import type { SearchDoc } from '../../src/modules/search/engine/index.js';
import { seededRandom } from '../../scripts/random.js';
import { ENGINE_FACTORIES, type Engine } from './engines.js';
import { gc } from './gc.js';
import type { GeneratedBot } from './generator.js';
import type { GradedQuery } from './graded.js';
import { type Distractors, indexDistractors, judge } from './judge.js';
import { junk, ndcg, precision } from './metrics.js';
import type { SampleBot } from './sample.js';
import { type Summary, summarise } from './summary.js';
import { judgeTargets, type TargetVerdict } from './targets.js';

/** Results asked of each engine per query: the depth of nDCG@10. */
const TOP_K = 10;
/** Timed passes over the graded queries in setting (b), after one untimed pass that ranks. */
const TIMED_ROUNDS = 3;

export interface QueryOutcome {
  q: string;
  lang: string;
  kind: string;
  ids: string[];
  grades: number[];
  ndcg5: number;
  ndcg10: number;
  p3: number;
  junk3: number;
  unpublished: number;
  /** Exact-kind queries: whether the first result has the query's highest grade (the named bot). */
  namedFirst?: boolean;
  /** Relevant sample bots missing from the top 10, best grade first. */
  missed: { id: string; grade: number }[];
}

/** One setting's corpus, and what the report needs to judge and describe its documents. */
export interface Setting {
  label: 'sample' | 'distractors';
  docs: SearchDoc[];
  distractors?: Distractors;
  /** Generated bots left out because they carry a sample bot's name. */
  omitted?: number;
  /** Name of every indexed id, and for a distractor the id of the sample bot it copies. */
  describe: ReadonlyMap<string, { name: string; templateId?: string }>;
}

export function sampleSetting(published: SearchDoc[]): Setting {
  return { label: 'sample', docs: published, describe: new Map(published.map((d) => [d.id, { name: d.name }])) };
}

/** A name as a person would type it to find that bot: case, accents, spaces and punctuation aside. */
const nameKey = (name: string): string =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The published sample bots at seeded random places among the distractors (peers break ties by
 * insertion order). Generated bots that carry a sample bot's name are left out: names in a
 * directory are unique, and an exact query for a name two bots carry has no right answer.
 */
export function distractorSetting(published: SearchDoc[], generated: readonly GeneratedBot[]): Setting {
  const sampleIds = new Set(published.map((d) => d.id));
  const clash = generated.find((bot) => sampleIds.has(bot.id));
  if (clash) throw new Error(`generated bot ${clash.id} has a sample bot's id`);
  const sampleNames = new Set(published.map((d) => nameKey(d.name)));
  const distractors = generated.filter((bot) => !sampleNames.has(nameKey(bot.name)));
  const random = seededRandom(4711);
  const docs: SearchDoc[] = [...distractors];
  for (const doc of published) docs.splice(Math.floor(random() * (docs.length + 1)), 0, doc);
  const describe = new Map<string, { name: string; templateId?: string }>(published.map((d) => [d.id, { name: d.name }]));
  for (const bot of distractors) describe.set(bot.id, { name: bot.name, templateId: bot.templateId });
  return {
    label: 'distractors',
    docs,
    distractors: indexDistractors(distractors),
    omitted: generated.length - distractors.length,
    describe,
  };
}

export interface EngineRelevance {
  name: string;
  summary: Summary;
  outcomes: QueryOutcome[];
  /** Setting (b) only: wall-clock ms of each search call. */
  timesMs?: number[];
}

export interface SettingReport {
  setting: Setting['label'];
  documents: number;
  distractors: number;
  omitted: number;
  engines: EngineRelevance[];
  targets: TargetVerdict[];
}

/** Each engine in turn (one index in memory at a time) ranks the graded queries; in setting (b) also timed. */
export async function measureRelevance(
  setting: Setting,
  queries: readonly GradedQuery[],
  sample: readonly SampleBot[],
  engineNames: readonly string[],
): Promise<SettingReport> {
  const engines: EngineRelevance[] = [];
  for (const name of engineNames) {
    console.error(`relevance, ${setting.label}: ${name}...`);
    gc();
    const engine = ENGINE_FACTORIES[name]!();
    await engine.build(setting.docs);
    const outcomes = await rankGraded(engine, queries, sample, setting);
    const timesMs = setting.distractors ? await timeGraded(engine, queries) : undefined;
    engines.push({ name, summary: summarise(outcomes), outcomes, timesMs });
  }
  gc();
  const summaries = new Map(engines.map((e) => [e.name, e.summary]));
  return {
    setting: setting.label,
    documents: setting.docs.length,
    distractors: setting.distractors?.templateOf.size ?? 0,
    omitted: setting.omitted ?? 0,
    engines,
    targets: judgeTargets(setting.label, summaries),
  };
}

async function rankGraded(
  engine: Engine,
  queries: readonly GradedQuery[],
  sample: readonly SampleBot[],
  setting: Setting,
): Promise<QueryOutcome[]> {
  const unpublished = new Set(sample.filter((b) => !b.published).map((b) => b.id));
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const ids = (await engine.search(query.q, query.lang, TOP_K)).slice(0, TOP_K);
    const judgement = judge(query, setting.distractors);
    const grades = ids.map((id) => judgement.grade(id));
    const best = Math.max(...judgement.relevant);
    outcomes.push({
      q: query.q,
      lang: query.lang,
      kind: query.kind,
      ids,
      grades,
      ndcg5: ndcg(grades, judgement.relevant, 5),
      ndcg10: ndcg(grades, judgement.relevant, 10),
      p3: precision(grades, 3),
      junk3: junk(grades, 3),
      unpublished: ids.filter((id) => unpublished.has(id)).length,
      namedFirst: query.kind === 'exact' ? grades[0] === best : undefined,
      missed: Object.entries(query.grades)
        .filter(([id, grade]) => grade >= 1 && !ids.includes(id))
        .map(([id, grade]) => ({ id, grade }))
        .sort((a, b) => b.grade - a.grade),
    });
  }
  return outcomes;
}

/** Wall-clock milliseconds of each search call, TIMED_ROUNDS passes over the queries. */
async function timeGraded(engine: Engine, queries: readonly GradedQuery[]): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < TIMED_ROUNDS; round++) {
    for (const query of queries) {
      const started = performance.now();
      const result = engine.search(query.q, query.lang, TOP_K);
      if (result instanceof Promise) await result;
      times.push(performance.now() - started);
    }
  }
  return times;
}
