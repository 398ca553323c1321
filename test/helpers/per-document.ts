/**
 * A plan's expression with every filter's predicate wrapped in a plain closure: no column filter is described, so
 * every filter is called per document (the oracle of the column and bit-set paths: test/execute). The core's own
 * (src/plan/per-document.ts, also used by search.ts's exhaustive evaluation).
 */
export { perDocument } from '../../src/plan/per-document.js';
