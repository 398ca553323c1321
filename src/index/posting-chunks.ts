/**
 * A posting's documents cut into chunks of {@link CHUNK_SPAN} document numbers (chunk k holds the documents
 * `[k·65,536, (k+1)·65,536)`), each held as an ascending list of its documents (4 bytes each, as a plain posting
 * is) or as a bitmap of {@link BITMAP_WORDS} words (8 KiB), whichever is smaller: a common word's chunks are bitmaps,
 * so two common words are and-ed 2,048 words per chunk instead of every posting being marked
 * (src/execute/conjunction.ts `intersectChunkUnions`), and a document's position in the posting (where its weight
 * and term frequency are) is the postings of the chunks before it plus the bits set before it in its chunk (rank).
 *
 * Encoded form (u32 words, {@link encodePostingChunks}): `n`, then per chunk `key | BITMAP_FLAG` (the flag when a
 * bitmap) and its posting count, then the chunks' payloads in key order (a list's documents as they are, or the
 * bitmap's 2,048 words, bit `d & 31` of word `(d & 0xffff) >>> 5` for document d). A chunk is a bitmap only when it
 * holds more than 2,048 documents (at exactly 2,048 the list, read as it is, wins the tie). Parsing
 * ({@link PostingChunks.parse}) checks the whole shape and throws {@link ChunkError} for anything that does not hold
 * together; a plain list is seen as chunks without copying ({@link PostingChunks.fromList}).
 * Docs: docs/pruning.md "Eleventh round: two terms — bit-set chunks".
 */
import { countBits, popcount, readMarked } from '../doc-bits.js';
import { lowerBound } from './sorted-list.js';

/** Document numbers per chunk. */
export const CHUNK_SPAN = 65_536;
/** Words of a chunk's bitmap (8 KiB). */
export const BITMAP_WORDS = CHUNK_SPAN / 32;
/** Set in a chunk's key word when the chunk is a bitmap. */
const BITMAP_FLAG = 0x8000_0000;
/** The most chunks a posting of u32 document numbers can have. */
const MOST_CHUNKS = 2 ** 32 / CHUNK_SPAN;
/** A bitmap of no documents (what {@link PostingChunks.decode} leaves out of a chunk's bitmap: nothing). */
const NONE = new Int32Array(BITMAP_WORDS);
/** Words of a bitmap's rank directory entry: the bits set before every this many words are kept. */
const RANK_STEP = 32;

/** A posting's chunks that do not hold together (a damaged or foreign encoding). */
export class ChunkError extends Error {}

const bad = (why: string): never => {
  throw new ChunkError(`posting chunks: ${why}`);
};

/**
 * The chunks of ascending, duplicate-free `docs`: per chunk its key, posting count and whether it would be a bitmap,
 * and the words of the whole encoding.
 */
function plan(docs: Uint32Array): { keys: number[]; counts: number[]; words: number } {
  const keys: number[] = [];
  const counts: number[] = [];
  let words = 1;
  for (let i = 0; i < docs.length; ) {
    const key = docs[i]! >>> 16;
    const end = lowerBound(docs, (key + 1) * CHUNK_SPAN, i);
    keys.push(key);
    counts.push(end - i);
    words += 2 + Math.min(end - i, BITMAP_WORDS);
    i = end;
  }
  return { keys, counts, words };
}

/**
 * Whether some chunk of ascending, duplicate-free `docs` would be a bitmap (it holds more than {@link BITMAP_WORDS}
 * documents): O(chunks · log n), nothing encoded.
 */
export function hasBitmapChunk(docs: Uint32Array): boolean {
  return plan(docs).counts.some((count) => count > BITMAP_WORDS);
}

/**
 * Words of {@link encodePostingChunks}`(docs)`: 1 + 2 per chunk + per chunk the smaller of its postings and
 * {@link BITMAP_WORDS}.
 */
export function chunkedWords(docs: Uint32Array): number {
  return plan(docs).words;
}

/**
 * The encoded chunks of `docs` (ascending, duplicate-free document numbers; see the module comment).
 * @returns a new array of {@link chunkedWords}`(docs)` words
 */
export function encodePostingChunks(docs: Uint32Array): Uint32Array {
  const { keys, counts, words } = plan(docs);
  const out = new Uint32Array(words);
  const n = keys.length;
  out[0] = n;
  let at = 1 + 2 * n;
  let i = 0;
  for (let c = 0; c < n; c++) {
    const count = counts[c]!;
    const bitmap = count > BITMAP_WORDS;
    out[1 + 2 * c] = (keys[c]! | (bitmap ? BITMAP_FLAG : 0)) >>> 0;
    out[2 + 2 * c] = count;
    if (bitmap) {
      for (let j = i; j < i + count; j++) {
        const low = docs[j]! & 0xffff;
        out[at + (low >>> 5)]! |= 1 << (low & 31);
      }
      at += BITMAP_WORDS;
    } else {
      out.set(docs.subarray(i, i + count), at);
      at += count;
    }
    i += count;
  }
  return out;
}

/**
 * A posting seen chunk by chunk: chunk `c` (0 ≤ c < {@link chunks}) has key {@link key}(c), {@link size}(c)
 * postings, the {@link before}(c) postings of the chunks before it, and its documents as a list (absolute document
 * numbers) or a bitmap ({@link isBitmap}) in {@link payload}(c). Positions are 0-based within the posting.
 */
export class PostingChunks {
  private rankDirectories: (Uint32Array | undefined)[] | undefined;

  private constructor(
    private readonly keys: Uint32Array,
    private readonly bitmaps: Uint8Array,
    /** Prefix counts: chunk c's postings are positions `[starts[c], starts[c+1])`. */
    private readonly starts: Uint32Array,
    private readonly payloads: readonly Uint32Array[],
  ) {}

  /** A plain ascending list as chunks (every chunk a list: views of `docs`, nothing copied). */
  static fromList(docs: Uint32Array): PostingChunks {
    const keys: number[] = [];
    const starts: number[] = [0];
    const payloads: Uint32Array[] = [];
    for (let i = 0; i < docs.length; ) {
      const key = docs[i]! >>> 16;
      const end = lowerBound(docs, (key + 1) * CHUNK_SPAN, i);
      keys.push(key);
      starts.push(end);
      payloads.push(docs.subarray(i, end));
      i = end;
    }
    return new PostingChunks(Uint32Array.from(keys), new Uint8Array(keys.length), Uint32Array.from(starts), payloads);
  }

  /**
   * The chunks of an encoding ({@link encodePostingChunks}); the payloads are views of `words`.
   * @throws ChunkError when the words do not hold together: a count or length off, keys not ascending, a list's
   *   ends out of its chunk (O(chunks): a bitmap's bits are counted when decoded, {@link decode})
   */
  static parse(words: Uint32Array): PostingChunks {
    if (words.length < 1) bad('empty');
    const n = words[0]!;
    if (n > MOST_CHUNKS || 1 + 2 * n > words.length) bad('bad chunk count');
    const keys = new Uint32Array(n);
    const bitmaps = new Uint8Array(n);
    const starts = new Uint32Array(n + 1);
    const payloads: Uint32Array[] = [];
    let at = 1 + 2 * n;
    for (let c = 0; c < n; c++) {
      const head = words[1 + 2 * c]!;
      const count = words[2 + 2 * c]!;
      const key = (head & ~BITMAP_FLAG) >>> 0;
      const bitmap = head >= BITMAP_FLAG;
      if (key >= MOST_CHUNKS || (c > 0 && key <= keys[c - 1]!)) bad('chunk keys not ascending');
      if (count === 0 || count > CHUNK_SPAN || bitmap !== count > BITMAP_WORDS) bad('bad chunk size');
      const length = bitmap ? BITMAP_WORDS : count;
      if (at + length > words.length) bad('chunk past the end');
      const payload = words.subarray(at, at + length);
      // (A list's ends only: its order, and a bitmap's bits against its count, are checked where they are read —
      // the block's CRC has already vouched for the bytes; this is about a file that does not hold together.)
      if (!bitmap && (payload[0]! < key * CHUNK_SPAN || payload[count - 1]! >= (key + 1) * CHUNK_SPAN)) bad('list outside its chunk');
      keys[c] = key;
      bitmaps[c] = bitmap ? 1 : 0;
      starts[c + 1] = starts[c]! + count;
      payloads.push(payload);
      at += length;
    }
    if (at !== words.length) bad('trailing words');
    return new PostingChunks(keys, bitmaps, starts, payloads);
  }

  /**
   * Bytes the chunks hold: their payloads (views of the encoding parsed, or of the list seen as chunks) and the
   * per-chunk tables.
   */
  get bytes(): number {
    let bytes = this.keys.byteLength + this.bitmaps.byteLength + this.starts.byteLength;
    for (const payload of this.payloads) bytes += payload.byteLength;
    return bytes;
  }

  /** Chunks. */
  get chunks(): number {
    return this.keys.length;
  }

  /** Postings (documents) in all. */
  get length(): number {
    return this.starts[this.keys.length]!;
  }

  /** Chunk `c`'s key: it holds documents `[key·65,536, (key+1)·65,536)`. */
  key(c: number): number {
    return this.keys[c]!;
  }

  /** Is chunk `c` a bitmap ({@link BITMAP_WORDS} words, bit i for document key·65,536 + i)? Else a list. */
  isBitmap(c: number): boolean {
    return this.bitmaps[c] === 1;
  }

  /** Postings in chunk `c`. */
  size(c: number): number {
    return this.starts[c + 1]! - this.starts[c]!;
  }

  /** Postings in the chunks before chunk `c` (its first position). */
  before(c: number): number {
    return this.starts[c]!;
  }

  /** Chunk `c`'s documents: its bitmap's words, or its list (absolute document numbers). Do not modify. */
  payload(c: number): Uint32Array {
    return this.payloads[c]!;
  }

  /** The chunk whose key is `key`, or −1. */
  chunkOf(key: number): number {
    const c = lowerBound(this.keys, key);
    return c < this.keys.length && this.keys[c] === key ? c : -1;
  }

  /**
   * The documents at positions `[from, to)` (0 ≤ from ≤ to ≤ {@link length}), ascending: a new array (the caller
   * may keep it).
   * @throws ChunkError when a bitmap read holds more or fewer bits than its chunk's count
   */
  decode(from = 0, to = this.length): Uint32Array {
    if (from < 0 || to > this.length || from > to) throw new RangeError(`chunk range ${from}–${to} outside 0–${this.length}`);
    const out = new Uint32Array(to - from);
    let n = 0;
    for (let c = this.chunkAt(from); c < this.keys.length && this.starts[c]! < to; c++) {
      const first = this.starts[c]!;
      const skip = Math.max(0, from - first);
      const take = Math.min(to, this.starts[c + 1]!) - first;
      const payload = this.payloads[c]!;
      const bits = new Int32Array(payload.buffer, payload.byteOffset, payload.length);
      if (this.bitmaps[c] === 0) {
        out.set(payload.subarray(skip, take), n);
        n += take - skip;
      } else if (skip === 0 && take === this.size(c)) {
        if (readMarked(bits, bits, NONE, 0, BITMAP_WORDS, this.keys[c]! * CHUNK_SPAN, out, n) !== n + take) bad('bitmap count differs');
        n += take;
      } else {
        // Part of a bitmap: its documents from the `skip`th on, `take − skip` of them.
        const whole = new Uint32Array(this.size(c) + 32);
        if (readMarked(bits, bits, NONE, 0, BITMAP_WORDS, this.keys[c]! * CHUNK_SPAN, whole, 0) !== this.size(c)) bad('bitmap count differs');
        out.set(whole.subarray(skip, take), n);
        n += take - skip;
      }
    }
    return out;
  }

  /** The chunk holding position `at` (0 ≤ at < {@link length}); {@link chunks} when `at` is past the end. */
  private chunkAt(at: number): number {
    return Math.max(0, lowerBound(this.starts, at + 1) - 1);
  }

  /** The document at position `at` (0 ≤ at < {@link length}): select. */
  select(at: number): number {
    if (at < 0 || at >= this.length) throw new RangeError(`position ${at} outside 0–${this.length}`);
    const c = this.chunkAt(at);
    const payload = this.payloads[c]!;
    let left = at - this.starts[c]!;
    if (this.bitmaps[c] === 0) return payload[left]!;
    const directory = this.rankDirectory(c);
    const step = lowerBound(directory, left + 1) - 1;
    left -= directory[step]!;
    for (let w = step * RANK_STEP; ; w++) {
      const bits = popcount(payload[w]!);
      if (left < bits) {
        let x = payload[w]! | 0;
        for (; left > 0; left--) x &= x - 1;
        return this.keys[c]! * CHUNK_SPAN + (w << 5) + 31 - Math.clz32(x & Math.imul(x, -1));
      }
      left -= bits;
    }
  }

  /**
   * The position of `doc` in the posting when it is there, else −1 − (the postings below it): rank. A bitmap's
   * rank counts the bits before it from a directory of the counts before every {@link RANK_STEP} words.
   */
  rank(doc: number): number {
    const key = Math.floor(doc / CHUNK_SPAN);
    const c = lowerBound(this.keys, key);
    if (c === this.keys.length || this.keys[c] !== key) return -1 - this.starts[c]!;
    const payload = this.payloads[c]!;
    if (this.bitmaps[c] === 0) {
      const i = lowerBound(payload, doc);
      return i < payload.length && payload[i] === doc ? this.starts[c]! + i : -1 - (this.starts[c]! + i);
    }
    const low = doc - key * CHUNK_SPAN;
    const w = low >>> 5;
    const step = Math.floor(w / RANK_STEP);
    // (The bits below bit b of a word: (1 << b) − 1, which ToInt32 makes 0x7fffffff for b = 31.)
    const below = this.starts[c]! + this.rankDirectory(c)[step]! + countBits(payload, step * RANK_STEP, w) + popcount(payload[w]! & ((1 << (low & 31)) - 1));
    return (payload[w]! >>> (low & 31)) & 1 ? below : -1 - below;
  }

  /** Chunk `c`'s (a bitmap's) bits set before every {@link RANK_STEP}th word, made on first use. */
  private rankDirectory(c: number): Uint32Array {
    this.rankDirectories ??= new Array<Uint32Array | undefined>(this.keys.length);
    let directory = this.rankDirectories[c];
    if (!directory) {
      const payload = this.payloads[c]!;
      directory = new Uint32Array(BITMAP_WORDS / RANK_STEP);
      for (let s = 1; s < directory.length; s++) directory[s] = directory[s - 1]! + countBits(payload, (s - 1) * RANK_STEP, s * RANK_STEP);
      this.rankDirectories[c] = directory;
    }
    return directory;
  }
}
