/** The size of a generated directory: two numbers given, the rest in proportion (issue 10). */
export interface ScaleParams {
  bots: number;
  votes: number;
  /** Distinct voters: votes / 5. */
  users: number;
  /** votes / 10. */
  reviews: number;
  /** API keys: bots / 2. */
  keys: number;
  /** Premium subscriptions: as many as bots. */
  subscriptions: number;
  seed: number;
}

export const DEFAULT_BOTS = 100_000;
export const DEFAULT_VOTES = 10_000_000;
export const DEFAULT_SEED = 1;

/** Share of bots that are published. */
export const PUBLISHED_SHARE = 0.95;
/** Votes: Zipf with s = 1 over the published bots (the top bot of 95,000 gets 1/H(95000) = 8.3%). */
export const VOTES_ZIPF_S = 1;
/** Reviews: a flatter Zipf; s = 0.79 gives the top bot of 95,000 bots 2.1% (21,000 of 1,000,000). */
export const REVIEWS_ZIPF_S = 0.79;
/** Bumped when the generator writes different data: a database from an older generator is rebuilt. */
export const GENERATOR_VERSION = 1;

export function scaleParams(bots: number, votes: number, seed: number): ScaleParams {
  for (const [name, value] of [
    ['bots', bots],
    ['votes', votes],
    ['seed', seed],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number >= 0, got ${value}`);
  }
  if (bots < 20) throw new Error('--bots must be at least 20');
  return {
    bots,
    votes,
    users: Math.max(1, Math.floor(votes / 5)),
    reviews: Math.floor(votes / 10),
    keys: Math.floor(bots / 2),
    subscriptions: bots,
    seed,
  };
}

/** The name of the generated data set: the PostgreSQL database, and the PGlite directory. */
export function dataSetName(p: Pick<ScaleParams, 'bots' | 'votes' | 'seed'>): string {
  return `bd_scale_${p.bots}_${p.votes}${p.seed === DEFAULT_SEED ? '' : `_s${p.seed}`}`;
}
