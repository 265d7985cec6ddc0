import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests and examples import the SDK by its package name, from its source (as tsconfig's paths do). */
const sdk = (path: string): string => fileURLToPath(new URL(`./packages/sdk/src/${path}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@bot-directory\/sdk\/webhooks$/, replacement: sdk('webhooks/index.ts') },
      { find: /^@bot-directory\/sdk$/, replacement: sdk('index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/**/*.test.ts'],
    exclude: ['test/**/*.browser.test.ts', 'test/**/*.slow.test.ts', 'node_modules/**'],
    pool: 'forks',
    // Vitest 5 clears every mock before each test by default; tests here count calls across the
    // tests of a describe (a redelivery must not call the handler again), as Vitest 3 let them.
    clearMocks: false,
    // Files share a worker's module cache (apps and databases are built per file in hooks, so
    // nothing stateful is shared): collecting 100 files costs 5 s instead of 36 s. Three workers on
    // two cores, because most tests wait on sockets, timers and databases rather than compute.
    // (minWorkers, needed on Vitest 3.2 against vitest-dev/vitest#8133, went with Vitest 4's pool rewrite.)
    isolate: false,
    maxWorkers: 3,
    testTimeout: 30_000,
    // Apps and databases are built in hooks (not while collecting): a loaded 2-core machine needs the room.
    hookTimeout: 120_000,
  },
});
