/**
 * Bit sets of documents stored beside the columns (cache/columns.ts): a boolean column's true documents, and the
 * documents of each dense string of a strings column (one held by at least 1/{@link DENSE_SHARE} of the documents,
 * whose bit set is then no larger than its list of document numbers). A filter testing a list of documents against
 * one reads an eighth of a byte per document of the collection instead of a byte (booleans) or four bytes per
 * document of the string's list (`label:bug` at 1M issues: 125 KB instead of 1.36 MB), and tests each document by
 * one word read, not by a merge with the list.
 *
 * Layout: src/doc-bits.ts's (document `d` is bit `d & 31` of u32 word `d >>> 5`, little-endian; `bitWords(count)`
 * words a set, the bits past `count` clear). Readers test a bit with its `hasBit`.
 */
import { bitWords, markInto } from '../doc-bits.js';

/** A string held by at least `count / DENSE_SHARE` documents gets a bit set (4 bytes a document in its list ≥ count / 8). */
export const DENSE_SHARE = 32;


/** The bit set of a boolean column's documents whose value is 1 (true); 0 (false) and 2 (no value) are clear. */
export function trueBits(values: Uint8Array): Uint32Array {
  const bits = new Uint32Array(bitWords(values.length));
  for (let d = 0; d < values.length; d++) if (values[d] === 1) bits[d >>> 5]! |= 1 << (d & 31);
  return bits;
}

/**
 * The ids of a strings column's inverted form that get a bit set: those held by at least 1/{@link DENSE_SHARE} of
 * the `count` documents (and by one at least), ascending.
 * @param starts where each id's documents start in the inverted form (`strings + 1` entries, see invertStrings)
 */
export function denseIds(starts: Uint32Array, count: number): number[] {
  const out: number[] = [];
  for (let id = 0; id + 1 < starts.length; id++) {
    const n = starts[id + 1]! - starts[id]!;
    if (n > 0 && n * DENSE_SHARE >= count) out.push(id);
  }
  return out;
}

/**
 * The bit sets of the ids `dense` (ascending), one after another ({@link bitWords}(count) words each), from the
 * inverted form's `starts` and `docs` (each id's documents ascending, all below `count`).
 */
export function denseBits(starts: Uint32Array, docs: Uint32Array, dense: readonly number[], count: number): Uint32Array {
  const words = bitWords(count);
  const bits = new Uint32Array(words * dense.length);
  dense.forEach((id, i) => markInto(bits, docs, starts[id]!, starts[id + 1]!, i * words));
  return bits;
}
