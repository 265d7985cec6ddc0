/**
 * Grades for every document an engine can return, in both settings of the relevance bench: the
 * published sample bots alone (graded in the query file), and the same bots among generated
 * distractors (graded here, from the sample bot each one copies).
 *
 * The distractor rule: a generated bot copies a template sample bot's description, categories
 * and most tags under an invented name, so its text carries the template's concept. It has the
 * template's grade g for a query when g ≥ 1 and the query is not of kind `exact` (a different name
 * is not the named bot); otherwise grade 0. The ideal ranking is taken over every judged document,
 * sample bots and distractors alike.
 */
import type { GradedQuery } from './graded.js';

/** Generated bots by the sample bot they copy. */
export interface Distractors {
  templateOf: ReadonlyMap<string, string>;
  copiesOf: ReadonlyMap<string, number>;
}

export interface Judgement {
  /** Grade of a returned id: 0 for anything unjudged (unpublished bots included). */
  grade(id: string): number;
  /** Grades of every document judged relevant, whatever their order: what an ideal ranking shows. */
  relevant: number[];
}

export function indexDistractors(bots: readonly { id: string; templateId: string }[]): Distractors {
  const templateOf = new Map<string, string>();
  const copiesOf = new Map<string, number>();
  for (const bot of bots) {
    templateOf.set(bot.id, bot.templateId);
    copiesOf.set(bot.templateId, (copiesOf.get(bot.templateId) ?? 0) + 1);
  }
  return { templateOf, copiesOf };
}

export function judge(query: GradedQuery, distractors?: Distractors): Judgement {
  const labelled = Object.entries(query.grades).filter(([, g]) => g >= 1);
  const copyGrade = (template: string | undefined): number =>
    template === undefined || query.kind === 'exact' ? 0 : (query.grades[template] ?? 0);
  const relevant = labelled.map(([, g]) => g);
  if (distractors && query.kind !== 'exact') {
    for (const [id, g] of labelled) relevant.push(...Array<number>(distractors.copiesOf.get(id) ?? 0).fill(g));
  }
  return {
    grade: (id) => query.grades[id] ?? copyGrade(distractors?.templateOf.get(id)),
    relevant,
  };
}
