/** Means of the graded measures over a setting's queries, overall and per query kind. */
import type { QueryOutcome } from './relevance.js';

export interface KindSummary {
  queries: number;
  ndcg10: number;
  p3: number;
  junk3: number;
}

export interface Summary extends KindSummary {
  ndcg5: number;
  /** Queries that returned nothing, and their share. */
  zeroResults: number;
  zeroRate: number;
  unpublished: number;
  /** Exact-kind queries whose named bot came first, of all exact-kind queries. */
  namedFirst: number;
  exactQueries: number;
  kinds: Record<string, KindSummary>;
}

const mean = (values: number[]): number => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

function kindSummary(outcomes: readonly QueryOutcome[]): KindSummary {
  return {
    queries: outcomes.length,
    ndcg10: mean(outcomes.map((o) => o.ndcg10)),
    p3: mean(outcomes.map((o) => o.p3)),
    junk3: mean(outcomes.map((o) => o.junk3)),
  };
}

export function summarise(outcomes: readonly QueryOutcome[]): Summary {
  const kinds: Record<string, KindSummary> = {};
  for (const kind of new Set(outcomes.map((o) => o.kind))) kinds[kind] = kindSummary(outcomes.filter((o) => o.kind === kind));
  const zeroResults = outcomes.filter((o) => o.ids.length === 0).length;
  const exact = outcomes.filter((o) => o.namedFirst !== undefined);
  return {
    ...kindSummary(outcomes),
    ndcg5: mean(outcomes.map((o) => o.ndcg5)),
    zeroResults,
    zeroRate: outcomes.length === 0 ? 0 : zeroResults / outcomes.length,
    unpublished: outcomes.reduce((sum, o) => sum + o.unpublished, 0),
    namedFirst: exact.filter((o) => o.namedFirst).length,
    exactQueries: exact.length,
    kinds,
  };
}
