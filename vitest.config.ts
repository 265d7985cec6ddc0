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
    exclude: ['test/**/*.browser.test.ts', 'node_modules/**'],
    pool: 'forks',
    testTimeout: 30_000,
    // Apps and databases are built in hooks (not while collecting): a loaded 2-core machine needs the room.
    hookTimeout: 120_000,
  },
});
