/**
 * The documents of a conjunction of keywords, each keyword the union of its fields' postings, without writing any
 * keyword's union (or copying it, or intersecting two of them): only the answer is written. Two words at 1M issues
 * (`datasets following`) used to merge `dataset`'s 333k title and 976k body postings into a union without the
 * hidden documents, copy it, do the same for `follow`, then intersect the two (≈ 35 ms of a cold process); here the
 * postings are marked in bit sets of the collection (a bit per document), and-ed, the hidden documents cleared and
 * the bits read out in order (≈ 10 ms). A rare keyword drives instead: its documents are looked for in the other
 * postings by cursors that gallop, so it costs its own length times a logarithm, not the common words' postings.
 */
import type { DocList } from '../index/text-index.js';
import { seek } from './doc-set.js';
import { lowerBound } from '../index/sorted-list.js';
import { BITMAP_WORDS, CHUNK_SPAN, PostingChunks } from '../index/posting-chunks.js';
import { keepByWords } from '../doc-bits.js';

/** A value above every document number (a posting read to its end). */
const PAST_END = 2 ** 32;

/**
 * The documents in every group's union, in `within` when given, and not in `hidden`:
 * `(∪ groups[0]) ∩ (∪ groups[1]) ∩ … ∩ within ∖ hidden`, ascending, each once. Where the smallest group holds at
 * least 1/{@link BITSET_SHARE} of the documents its postings span, by bit sets ({@link byBits}); else its documents
 * are looked for in the other postings by cursors that gallop ({@link byCursors}).
 * @param groups per keyword, its fields' postings (each ascending and duplicate-free); a group without postings (or
 *   with only empty ones) matches nothing
 * @param hidden documents left out (ascending)
 * @param within the documents the answer is restricted to (ascending), or undefined for no restriction
 * @param forms per group, the chunk form (src/index/posting-chunks.ts) of its one posting when it has one (the
 *   group is then that posting's list): used when the bit sets are, {@link intersectChunkUnions}
 * @returns a new array (or a view of one); never one of the inputs
 */
export function intersectUnions(groups: readonly (readonly DocList[])[], hidden: DocList, within?: DocList, forms?: readonly (PostingChunks | undefined)[]): DocList {
  // Each group without its empty postings, the longest first (the likeliest to hold a document); `within` is one
  // more group of one posting.
  const all: DocList[][] = [];
  for (const group of groups) all.push(group.filter((list) => list.length > 0).sort((a, b) => b.length - a.length));
  if (within) all.push([within]);
  if (all.length === 0 || all.some((group) => group.length === 0)) return new Uint32Array(0);
  // The group with the fewest postings drives; the others are looked up in, the smallest first (it rules out most).
  const sized = all.map((group) => ({ group, size: group.reduce((sum, list) => sum + list.length, 0) })).sort((a, b) => a.size - b.size);
  const ordered = sized.map(({ group }) => group);
  let span = 0;
  for (const group of ordered) for (const list of group) span = Math.max(span, list[list.length - 1]! + 1);
  if (sized[0]!.size * BITSET_SHARE < span) return byCursors(ordered, hidden, sized[0]!.size);
  // By bit sets: a group's chunk form, when it has one, is or-ed in by chunks (the others' lists marked as lists are).
  if (forms?.some((form) => form !== undefined)) {
    return intersectChunkUnions(groups.map((group, g) => (forms[g] ? [forms[g]] : group.map((list) => PostingChunks.fromList(list)))), hidden, within);
  }
  return byBits(ordered, hidden, span, sized[0]!.size);
}

/**
 * A driving group holding at least this share (1/n) of the documents is intersected by bit sets: marking every
 * posting costs less than galloping through the other postings once per document.
 */
const BITSET_SHARE = 16;

/** Set the bit of each document of `list` in `bits` (one bit per document number, 32 per entry). */
function mark(bits: Int32Array, list: DocList): void {
  for (let i = 0; i < list.length; i++) {
    const doc = list[i]!;
    bits[doc >>> 5]! |= 1 << (doc & 31);
  }
}

/**
 * {@link intersectUnions} by bit sets over documents `[0, span)`: the first group's postings marked in one set, the
 * second group's in another (each further group's marked after the last one was and-ed into the first), the hidden
 * documents below `span` in a third, and the bits of `first & second & ~hidden` read out in order. Linear in the
 * postings and in `span` / 32; `most` bounds the answer's length. Every set is written by {@link mark} alone, and
 * the and-ing and clearing happen in the read-out: a cold process optimises one marking loop and one reading loop,
 * not also a loop per step (the hidden list cleared bit by bit, the second set and-ed word by word: each a loop of
 * its own, run once, mostly before it was optimised).
 */
function byBits(groups: readonly (readonly DocList[])[], hidden: DocList, span: number, most: number): DocList {
  const { bits, other, hiddenBits } = markedSets(groups, hidden, span, mark);
  return readBits(bits, other, hiddenBits, new Uint32Array(most));
}

/**
 * The three sets {@link byBits} reads out: the first group's postings marked by `markOne` in `bits`, the second
 * group's in `other` (each further group's marked after the last one was and-ed into `bits`), the hidden documents
 * below `span` in `hiddenBits`; each over documents `[0, span)`.
 */
function markedSets<P>(groups: readonly (readonly P[])[], hidden: DocList, span: number, markOne: (bits: Int32Array, posting: P) => void): { bits: Int32Array; other: Int32Array; hiddenBits: Int32Array } {
  const words = (span + 31) >>> 5;
  const bits = new Int32Array(words);
  for (const posting of groups[0]!) markOne(bits, posting);
  // (With one group, the second set is the first: x & x = x.)
  let other = bits;
  for (let g = 1; g < groups.length; g++) {
    if (g === 1) other = new Int32Array(words);
    else {
      andInto(bits, other);
      other.fill(0);
    }
    for (const posting of groups[g]!) markOne(other, posting);
  }
  const hiddenBits = new Int32Array(words);
  mark(hiddenBits, hidden.subarray(0, lowerBound(hidden, span)));
  return { bits, other, hiddenBits };
}

// (Each loop is a function of its own: a cold process compiles a hot loop where it runs, and a loop sharing its
// function with code not run yet is thrown back to the interpreter when it reaches that code.)

/** `bits[w] &= other[w]` for every entry (a third group and beyond). */
function andInto(bits: Int32Array, other: Int32Array): void {
  for (let w = 0; w < bits.length; w++) bits[w]! &= other[w]!;
}

/** What {@link readBits} wants of its three sets (doc-bits.ts `keepByWords`): set, set, clear. */
const SET_SET_CLEAR = Int32Array.of(0, 0, -1);

/**
 * The document numbers of the bits set in `bits` and in `other` but not in `hidden` (three sets of one length) into
 * `out`, ascending: `out`'s first entries (a view). Read out word by word by doc-bits.ts `keepByWords`.
 */
function readBits(bits: Int32Array, other: Int32Array, hidden: Int32Array, out: Uint32Array): Uint32Array {
  return out.subarray(0, keepByWords([bits, other, hidden], SET_SET_CLEAR, bits.length << 5, out));
}

/**
 * {@link intersectUnions} by cursors: the first group's postings merged a document at a time, each document looked
 * for in the other groups' postings (a cursor per posting, moved forward only: a few steps, then galloping) and in
 * `hidden`. Proportional to the first group's postings times a logarithm; `most` bounds the answer's length.
 */
function byCursors(groups: readonly (readonly DocList[])[], hidden: DocList, most: number): DocList {
  const driver = groups[0]!;
  // The looked-up postings in one array, group by group: group g is lists[firsts[g], firsts[g + 1]).
  const lists: DocList[] = [];
  const firsts: number[] = [0];
  for (let g = 1; g < groups.length; g++) {
    lists.push(...groups[g]!);
    firsts.push(lists.length);
  }
  const cursors = new Int32Array(lists.length);
  const groupCount = groups.length - 1;
  const heads = new Int32Array(driver.length);
  const out = new Uint32Array(most);
  let n = 0;
  let h = 0;
  const hl = hidden.length;
  let nextHidden = hl > 0 ? hidden[0]! : PAST_END;
  for (;;) {
    // The driver's next document: the least head of its postings (each head moved past it).
    let doc = PAST_END;
    for (let l = 0; l < driver.length; l++) {
      const at = heads[l]!;
      const list = driver[l]!;
      if (at < list.length && list[at]! < doc) doc = list[at]!;
    }
    if (doc === PAST_END) break;
    for (let l = 0; l < driver.length; l++) if (driver[l]![heads[l]!] === doc) heads[l]!++;
    if (doc >= nextHidden) {
      if (doc > nextHidden) {
        h = seek(hidden, doc, h + 1);
        nextHidden = h < hl ? hidden[h]! : PAST_END;
      }
      if (doc === nextHidden) continue;
    }
    let everyGroup = true;
    let ended = false;
    for (let g = 0; g < groupCount && everyGroup; g++) {
      let found = false;
      let open = false;
      for (let l = firsts[g]!; l < firsts[g + 1]!; l++) {
        const list = lists[l]!;
        let at = cursors[l]!;
        if (at >= list.length) continue;
        if (list[at]! < doc) cursors[l] = at = seek(list, doc, at + 1);
        if (at < list.length) {
          open = true;
          if (list[at] === doc) {
            found = true;
            break;
          }
        }
      }
      everyGroup = found;
      // Every posting of a group read to its end: no later document can match.
      if (!found && !open) ended = true;
    }
    if (ended) break;
    if (everyGroup) out[n++] = doc;
  }
  return out.subarray(0, n);
}

/**
 * {@link intersectUnions} over postings seen as chunks (src/index/posting-chunks.ts): the same answer, but a chunk
 * stored as a bitmap is or-ed into the group's set 2,048 words at a time instead of each of its documents being
 * marked (a list chunk is marked as a list is). Two common words at 1M issues and 32 words per 1,024 documents:
 * ≈ 31k words or-ed per posting instead of ≈ 1.67 M documents marked (docs/pruning.md "Eleventh round").
 * @param groups per keyword, its fields' postings as chunks; a group without postings matches nothing
 * @param hidden documents left out (ascending)
 * @param within the documents the answer is restricted to (ascending), or undefined for no restriction
 * @returns a new array, ascending
 */
export function intersectChunkUnions(groups: readonly (readonly PostingChunks[])[], hidden: DocList, within?: DocList): DocList {
  const sets = chunkSets(groups, hidden, within);
  return sets ? readBits(sets.bits, sets.other, sets.hiddenBits, new Uint32Array(sets.most)) : new Uint32Array(0);
}

/** The sets of {@link markedSets} for postings as chunks (`within` one more group); undefined when nothing can match. */
function chunkSets(groups: readonly (readonly PostingChunks[])[], hidden: DocList, within?: DocList): { bits: Int32Array; other: Int32Array; hiddenBits: Int32Array; most: number } | undefined {
  const all: PostingChunks[][] = groups.map((group) => group.filter((posting) => posting.length > 0));
  if (within) all.push([PostingChunks.fromList(within)]);
  if (all.length === 0 || all.some((group) => group.length === 0)) return undefined;
  // The smallest group's postings bound the answer's length; the span is past every chunk.
  const sizes = all.map((group) => group.reduce((sum, posting) => sum + posting.length, 0));
  let span = 0;
  for (const group of all) for (const posting of group) span = Math.max(span, (posting.key(posting.chunks - 1) + 1) * CHUNK_SPAN);
  return { ...markedSets(all, hidden, span, markChunks), most: Math.min(...sizes) };
}

/** Set the bits of every document of `posting` in `bits`: a bitmap chunk or-ed in at its place, a list marked. */
function markChunks(bits: Int32Array, posting: PostingChunks): void {
  for (let c = 0; c < posting.chunks; c++) {
    if (posting.isBitmap(c)) orInto(bits, posting.payload(c), posting.key(c) * BITMAP_WORDS);
    else mark(bits, posting.payload(c));
  }
}

/** `bits[at + w] |= words[w]` for every word of `words` (a chunk's bitmap at its place in the collection's). */
function orInto(bits: Int32Array, words: Uint32Array, at: number): void {
  for (let w = 0; w < words.length; w++) bits[at + w]! |= words[w]!;
}
