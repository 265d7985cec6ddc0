import { defineConfig } from 'vitest/config';

// Tests that drive Debian's Chromium (`apt-get install chromium`) through playwright-core.
// Kept out of the default `vitest run`; CI runs them with `npm run test:browser`.
export default defineConfig({
  test: {
    include: ['test/**/*.browser.test.ts'],
    pool: 'forks',
    // Vitest 5 clears every mock before each test by default; tests here count calls across the
    // tests of a describe (a redelivery must not call the handler again), as Vitest 3 let them.
    clearMocks: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
