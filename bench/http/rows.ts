import type { Run } from './measure.js';

/** One request the bench measures, and its issue-17 target (bare CPU per request / ours). */
export interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  target?: number;
}

export interface Row {
  backend: string;
  target: Target;
  bytes: number;
  ours: Run;
  bare: Run;
  /** Relative spread of CPU per request over the rounds, ours and bare. */
  noise: { ours: number; bare: number };
}
