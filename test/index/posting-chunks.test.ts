/**
 * A posting's documents in chunks of 65,536 document numbers, each a list or an 8 KiB bitmap
 * (src/index/posting-chunks.ts): the encoding round-trips, picks the bitmap only above 2,048 documents a chunk, and a
 * damaged encoding is refused when parsed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BITMAP_WORDS, CHUNK_SPAN, ChunkError, PostingChunks, encodePostingChunks, hasBitmapChunk } from '../../src/index/posting-chunks.js';

/** The documents of every chunk in order, read the plain way (the test's own decoder: a list as it is, a bitmap bit by bit). */
function documentsOf(chunks: PostingChunks): number[] {
  const out: number[] = [];
  for (let c = 0; c < chunks.chunks; c++) {
    const payload = chunks.payload(c);
    if (!chunks.isBitmap(c)) out.push(...payload);
    else for (let low = 0; low < CHUNK_SPAN; low++) if ((payload[low >>> 5]! >>> (low & 31)) & 1) out.push(chunks.key(c) * CHUNK_SPAN + low);
  }
  return out;
}

const sorted = (xs: Iterable<number>): Uint32Array => Uint32Array.from([...new Set(xs)].sort((a, b) => a - b));
/** `count` documents of chunk `key`, every `step`th from `first`. */
const run = (key: number, count: number, first = 0, step = 1): number[] => Array.from({ length: count }, (_, i) => key * CHUNK_SPAN + first + i * step);

/** A posting over a few chunks: each chunk sparse, near the 2,048 boundary, or dense. */
const posting = fc
  .array(
    fc.tuple(fc.integer({ min: 0, max: 40 }), fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 2040, max: 2056 }), fc.integer({ min: 30_000, max: CHUNK_SPAN })), fc.nat(),),
    { maxLength: 4 },
  )
  .map((chunks) => {
    const docs = new Set<number>();
    for (const [key, count, seed] of chunks) {
      // `count` distinct lows of the chunk, spread by a stride coprime to 65,536.
      const stride = (seed % 1000) * 2 + 1;
      for (let i = 0; i < count; i++) docs.add(key * CHUNK_SPAN + ((seed + i * stride) % CHUNK_SPAN));
    }
    return sorted(docs);
  });

describe('posting chunks', () => {
  it('round-trip: the chunks hold the list, a bitmap exactly where a chunk holds more than 2,048 (property)', () => {
    fc.assert(
      fc.property(posting, (docs) => {
        const words = encodePostingChunks(docs);
        const chunks = PostingChunks.parse(words);
        expect(chunks.length).toBe(docs.length);
        expect(documentsOf(chunks)).toEqual([...docs]);
        let before = 0;
        for (let c = 0; c < chunks.chunks; c++) {
          expect(chunks.isBitmap(c)).toBe(chunks.size(c) > BITMAP_WORDS);
          expect(chunks.before(c)).toBe(before);
          before += chunks.size(c);
        }
        expect(hasBitmapChunk(docs)).toBe(Array.from({ length: chunks.chunks }, (_, c) => chunks.isBitmap(c)).some(Boolean));
        expect(chunks.bytes).toBeGreaterThanOrEqual((words.length - 1 - 2 * chunks.chunks) * 4);
        expect(documentsOf(PostingChunks.fromList(docs))).toEqual([...docs]);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    // [what, documents of chunk 0, bitmap?, words]
    ['2,048 documents: a list (the tie goes to the list)', run(0, 2048, 0, 3), false, 1 + 2 + 2048],
    ['2,049 documents: a bitmap', run(0, 2049, 0, 3), true, 1 + 2 + BITMAP_WORDS],
    ['one document', [CHUNK_SPAN - 1], false, 4],
  ] as const)('%s', (_what, list, bitmap, words) => {
    const docs = Uint32Array.from(list);
    const encoded = encodePostingChunks(docs);
    expect(encoded.length).toBe(words);
    const chunks = PostingChunks.parse(encoded);
    expect(chunks.isBitmap(0)).toBe(bitmap);
    expect(documentsOf(chunks)).toEqual([...docs]);
  });

  it('cuts at every multiple of 65,536', () => {
    // The last documents of chunk 0 (dense: a bitmap), the first of chunk 1 (a list), a bitmap in chunk 3, and the
    // last document number there is (bit 31 of a bitmap word is the sign bit of the int32 it is read as).
    const docs = Uint32Array.from([...run(0, 3000, CHUNK_SPAN - 3000), ...run(1, 5), ...run(3, 4000, 0, 7), 2 ** 32 - 1]);
    const chunks = PostingChunks.parse(encodePostingChunks(docs));
    expect([chunks.chunks, chunks.key(0), chunks.key(1), chunks.key(2), chunks.key(3)]).toEqual([4, 0, 1, 3, 65_535]);
    expect([chunks.isBitmap(0), chunks.isBitmap(1), chunks.isBitmap(2), chunks.isBitmap(3)]).toEqual([true, false, true, false]);
    expect(chunks.before(2)).toBe(3005);
    expect(documentsOf(chunks)).toEqual([...docs]);
  });

  it('refuses an encoding that does not hold together', () => {
    const docs = Uint32Array.from([...run(0, 3000, 100), ...run(2, 10, 5, 2)]);
    const good = encodePostingChunks(docs);
    const damaged = (change: (words: Uint32Array) => void, length = good.length): Uint32Array => {
      const words = good.slice(0, length);
      change(words);
      return words;
    };
    const refused: Uint32Array[] = [
      damaged(() => undefined, good.length - 1), // cut short
      damaged((w) => (w[0] = 3)), // chunk count
      damaged((w) => (w[3] = 0)), // second key not after the first
      damaged((w) => (w[1] = 0)), // a 3,000-document chunk as a list
      damaged((w) => (w[4] = 3000)), // a 3,000-document list in 10 words
      damaged((w) => (w[w.length - 1] = 3 * CHUNK_SPAN)), // list outside its chunk
      Uint32Array.from([...good, 0]), // trailing words
    ];
    for (const words of refused) expect(() => PostingChunks.parse(words)).toThrow(ChunkError);
    expect(documentsOf(PostingChunks.parse(good))).toEqual([...docs]);
  });
});
