import { defineConfig } from 'vitest/config';

// Tests that take minutes on their own (floods of requests to measure memory). Kept out of the
// default `vitest run`; CI runs them with `npm run test:slow`.
export default defineConfig({
  test: {
    include: ['test/**/*.slow.test.ts'],
    pool: 'forks',
    // Vitest 5 clears every mock before each test by default; tests here count calls across the
    // tests of a describe (a redelivery must not call the handler again), as Vitest 3 let them.
    clearMocks: false,
    testTimeout: 1_200_000,
    hookTimeout: 120_000,
  },
});
