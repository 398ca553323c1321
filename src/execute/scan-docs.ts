/**
 * The per-document scan every filter falls back to: `test` called once per document, the budget charged ahead of
 * each stride of documents, the event loop given a turn when a slice has run long.
 */
import type { Budget } from '../budget.js';
import type { DocList } from '../index/text-index.js';

/** Documents tested between two charges of the budget, by default. */
export const SCAN_STRIDE = 64;

/**
 * Filter `within` (ascending document numbers) by `test` for long scans, spending one unit per document on the
 * budget, `stride` documents at a time before they are tested (a test may spend more for costly work), and
 * yielding to the event loop whenever a slice has run for the budget's YIELD_EVERY_MS, so one query never blocks a
 * server for long. Stops (keeping what passed) when the budget runs out. Returns the passing documents, ascending,
 * as a view of one allocation of `within.length` entries.
 * @param stride documents charged per step (default {@link SCAN_STRIDE}); larger strides stop less precisely
 */
export async function scanDocs(within: DocList, test: (doc: number) => boolean, budget: Budget, stride = SCAN_STRIDE): Promise<DocList> {
  const out = new Uint32Array(within.length);
  let n = 0;
  for (let i = 0; i < within.length; ) {
    const end = Math.min(within.length, i + stride);
    if (!budget.spend(end - i)) break;
    if (budget.yieldDue) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      budget.yielded();
    }
    for (; i < end; i++) {
      const doc = within[i]!;
      if (test(doc)) out[n++] = doc;
    }
  }
  return out.subarray(0, n);
}
