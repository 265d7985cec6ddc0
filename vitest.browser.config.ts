import { defineConfig } from 'vitest/config';

// Tests that drive Debian's Chromium (`apt-get install chromium`) through playwright-core.
// Kept out of the default `vitest run`; CI runs them with `npm run test:browser`.
export default defineConfig({
  test: {
    include: ['test/**/*.browser.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
