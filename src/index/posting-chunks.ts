/**
 * A posting's documents cut into chunks of {@link CHUNK_SPAN} document numbers (chunk k holds the documents
 * `[k·65,536, (k+1)·65,536)`), each held as an ascending list of its documents (4 bytes each, as a plain posting
 * is) or as a bitmap of {@link BITMAP_WORDS} words (8 KiB), whichever is smaller: a common word's chunks are bitmaps,
 * so two common words are and-ed 2,048 words per chunk instead of every posting being marked
 * (src/execute/conjunction.ts `intersectChunkUnions`). Made in memory from a remembered union by a server's reader
 * (src/execute/kept-chunks.ts); not stored in the index (docs/pruning.md "Eleventh round: two terms" says what a
 * stored form would need: rank and select for every consumer of a posting).
 *
 * Encoded form (u32 words, {@link encodePostingChunks}): `n`, then per chunk `key | BITMAP_FLAG` (the flag when a
 * bitmap) and its posting count, then the chunks' payloads in key order (a list's documents as they are, or the
 * bitmap's 2,048 words, bit `d & 31` of word `(d & 0xffff) >>> 5` for document d). A chunk is a bitmap only when it
 * holds more than 2,048 documents (at exactly 2,048 the list, read as it is, wins the tie). Parsing
 * ({@link PostingChunks.parse}) checks the whole shape and throws {@link ChunkError} for anything that does not hold
 * together; a plain list is seen as chunks without copying ({@link PostingChunks.fromList}).
 * Docs: docs/pruning.md "Eleventh round: two terms — bit-set chunks".
 */
import { lowerBound } from './sorted-list.js';

/** Document numbers per chunk. */
export const CHUNK_SPAN = 65_536;
/** Words of a chunk's bitmap (8 KiB). */
export const BITMAP_WORDS = CHUNK_SPAN / 32;
/** Set in a chunk's key word when the chunk is a bitmap. */
const BITMAP_FLAG = 0x8000_0000;
/** The most chunks a posting of u32 document numbers can have. */
const MOST_CHUNKS = 2 ** 32 / CHUNK_SPAN;

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
 * The encoded chunks of `docs` (ascending, duplicate-free document numbers; see the module comment).
 * @returns a new array: 1 + 2 words per chunk + per chunk the smaller of its postings and {@link BITMAP_WORDS}
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
   *   ends out of its chunk (O(chunks): a bitmap's bits are not counted against its count)
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
}
