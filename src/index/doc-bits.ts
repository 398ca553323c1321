/**
 * A set of documents as a bitmap over a collection: u32 words, bit `doc & 31` of word `doc >>> 5` set for each member.
 * The segment stores the private documents' (src/segment/segment.ts `private.bits`), so the anonymous viewer's rare
 * word tests each match in one bit rather than searching the ~100k-entry private list per match (a search per match
 * is also what made V8 compile the search functions in a cold process: docs/query-cost.md, "Tenth round").
 */

/**
 * The bitmap of `docs` (each below `count`) over `count` documents, the bits past `count` clear.
 */
export function markedBits(docs: ArrayLike<number>, count: number): Uint32Array {
  const bits = new Uint32Array((count + 31) >>> 5);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    bits[doc >>> 5]! |= 1 << (doc & 31);
  }
  return bits;
}

/** How many of `docs` (any order, each below 32 × the words of `bits`) `bits` marks ({@link markedBits}). */
export function countMarked(docs: ArrayLike<number>, bits: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    count += (bits[doc >>> 5]! >>> (doc & 31)) & 1;
  }
  return count;
}

/** The entries of `docs` (each below 32 × the words of `bits`) that `bits` does not mark, in their order (a new array). */
export function withoutMarked(docs: ArrayLike<number>, bits: Uint32Array): Uint32Array {
  const out = new Uint32Array(docs.length);
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (((bits[doc >>> 5]! >>> (doc & 31)) & 1) === 0) out[n++] = doc;
  }
  return out.subarray(0, n);
}
