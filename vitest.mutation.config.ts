import { defineConfig } from 'vitest/config';

/**
 * The tests a mutation run (`npm run mutation`, stryker.config.json) runs against each mutant of the value parsers,
 * the query front half and the Link header: the store-free ones that exercise them, so a run stays CPU-light.
 */
export default defineConfig({
  test: {
    include: [
      'test/kinds/qualifier-values.test.ts',
      'test/plan/understand.test.ts',
      'test/plan/label-words.test.ts',
      'test/plan/explain.test.ts',
      'test/query/parser.test.ts',
      'test/server/link-header.test.ts',
      'test/plan/understand-mutants.test.ts',
    ],
    testTimeout: 60_000,
  },
});
