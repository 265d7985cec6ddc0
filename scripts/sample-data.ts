import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type SampleDataName = 'bots.sample.json' | 'search-queries.public.json' | 'search-graded.public.json';

/**
 * A sample file of the team's shared data (`../shared/data` beside the project), or, in a clone
 * that stands alone, the copy this project carries in `scripts/sample-data/`. The shared file wins,
 * so demo, tests and benchmarks follow it when it changes.
 */
export function sampleDataFile(name: SampleDataName): string {
  const shared = fileURLToPath(new URL(`../../shared/data/${name}`, import.meta.url));
  return existsSync(shared) ? shared : fileURLToPath(new URL(`./sample-data/${name}`, import.meta.url));
}
