import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.browser.test.ts', 'node_modules/**'],
    pool: 'forks',
    testTimeout: 30_000,
    // Apps and databases are built in hooks (not while collecting): a loaded 2-core machine needs the room.
    hookTimeout: 120_000,
  },
});
