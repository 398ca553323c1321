import { defineConfig } from 'vitest/config';

/**
 * Tests assert behaviour, never speed (speed lives in `npm run bench`). The generous per-test timeout only keeps a
 * slow or busy machine (CI on 2 shared cores) from failing property tests and end-to-end runs that are correct.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A developer's NO_COLOR / FORCE_COLOR never reaches the tests (test/setup-environment.ts).
    setupFiles: ['test/setup-environment.ts'],
    // Every scratch directory a test makes lives under one directory per run, removed at the end (test/temp-root.ts).
    globalSetup: ['test/temp-root.ts'],
  },
});
