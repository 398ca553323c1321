/**
 * Runs before every test file (vitest.config.ts `setupFiles`): the tests decide colour themselves. A developer's
 * own `NO_COLOR` or `FORCE_COLOR` would otherwise reach every CLI the tests spawn, and the tests of coloured output
 * on a terminal (gh's JSON colours, the interactive view) would fail on a machine where the code is right; a test
 * of either variable sets it on the command it runs.
 */
delete process.env.NO_COLOR;
delete process.env.FORCE_COLOR;
