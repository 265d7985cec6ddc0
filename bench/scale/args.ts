/** Command-line options of `npm run bench:scale` and of the generator run alone. */
import { parseArgs } from 'node:util';
import { DEFAULT_BOTS, DEFAULT_SEED, DEFAULT_VOTES } from './params.js';

export interface Options {
  bots: number;
  votes: number;
  seed: number;
  embedded: boolean;
  regenerate: boolean;
  /**
   * A complete data set under another name (a copy, such as migrate-history.ts's): never
   * generated, only given the migrations it lacks (PostgreSQL only).
   */
  database: string | undefined;
  /** Seconds per measured phase. */
  duration: number;
  /** Only phases whose name contains this (case-insensitive), or matches it as a /regex/. */
  only: string | undefined;
  json: string | undefined;
  /** Writer rates: during the read phases, and in the write-capacity phase. */
  mixedRate: number;
  capacityRate: number;
}

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      bots: { type: 'string' },
      votes: { type: 'string' },
      seed: { type: 'string' },
      embedded: { type: 'boolean', default: false },
      regenerate: { type: 'boolean', default: false },
      database: { type: 'string' },
      duration: { type: 'string' },
      only: { type: 'string' },
      json: { type: 'string' },
      'mixed-rate': { type: 'string' },
      'capacity-rate': { type: 'string' },
    },
    strict: true,
  });
  return {
    bots: count(values.bots, 'bots', DEFAULT_BOTS),
    votes: count(values.votes, 'votes', DEFAULT_VOTES),
    seed: count(values.seed, 'seed', DEFAULT_SEED),
    embedded: values.embedded ?? false,
    regenerate: values.regenerate ?? false,
    database: values.database,
    duration: count(values.duration, 'duration', 10),
    only: values.only,
    json: values.json,
    mixedRate: count(values['mixed-rate'], 'mixed-rate', 300),
    capacityRate: count(values['capacity-rate'], 'capacity-rate', 500),
  };
}

/** Whole numbers, with `_` or `,` as digit group separators and k/M suffixes (100k, 10M). */
function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const match = /^(\d[\d_,]*)([kKmM]?)$/.exec(value.trim());
  if (!match) throw new Error(`--${name} must be a whole number (e.g. 100000, 100k, 10M), got "${value}"`);
  const base = Number((match[1] as string).replace(/[_,]/g, ''));
  const factor = { '': 1, k: 1_000, K: 1_000, m: 1_000_000, M: 1_000_000 }[match[2] as string] as number;
  return base * factor;
}
