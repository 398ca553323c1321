/**
 * The index file's stored block maxima (src/index/stored-maxima.ts), as four sections of the framed index file
 * (compact-index-file.ts):
 * - `maxima`: per stored slot, in slot order, its record: a bitmap of the collection's sub-blocks (one bit per
 *   sub-block of 16 documents, u32 words: ⌈N/16/32⌉ of them) marking the n sub-blocks the posting touches, then
 *   their n maxima over every document (u16), then their n maxima over the public documents (u16), padded to 4
 *   bytes. A maximum of {@link SATURATED} or more is stored as {@link SATURATED} and read as 2³¹−1 (it then bounds
 *   nothing away: still an upper bound). Long postings have small weights (their idf is low: below 8,000 at 100k),
 *   so two bytes hold them;
 * - `maximaSlots` (S, u32): the stored slots, ascending; `maximaStarts` (S+1, u32): where each record starts, in
 *   bytes; `maximaCounts` (S, u32): each slot's public postings.
 * The footer's `maximaPrivate` is the private document count of the public form. The three small sections are read
 * whole on the first lookup, a record when its slot is first asked for (kept); every read is checked by the
 * framing, and a record that does not fit the file's shape is the file's damage.
 */
import type { SectionWriter, FramedWriter } from './framing.js';
import type { SlotMaxima, StoredMaxima } from '../index/stored-maxima.js';

/** A stored maximum this large or larger means "at most 2³¹−1". */
export const SATURATED = 0xffff;

/** Bytes of a record of `n` sub-blocks over a collection of `subCount` sub-blocks. */
const recordBytes = (subCount: number, n: number): number => Math.ceil(subCount / 32) * 4 + 4 * n;

/** The sections' names. */
export const MAXIMA_SECTIONS = ['maxima', 'maximaSlots', 'maximaStarts', 'maximaCounts'] as const;

type MaximaSection = (typeof MAXIMA_SECTIONS)[number];

/** A growable list of u32. */
class U32List {
  data = new Uint32Array(256);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  get array(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

/** Writes the maxima sections: {@link add} per slot (ascending), then {@link end}. */
export class MaximaSectionWriter {
  private readonly records: SectionWriter;
  private readonly slots = new U32List();
  private readonly starts = new U32List();
  private readonly counts = new U32List();
  private bytes = 0;

  /**
   * Opens the streamed `maxima` section: no other section may start until {@link end}.
   * @param subCount sub-blocks of the collection (⌈N/16⌉)
   */
  constructor(
    private readonly writer: FramedWriter,
    private readonly subCount: number,
  ) {
    this.records = writer.stream('maxima');
    this.starts.push(0);
  }

  add(slot: number, maxima: SlotMaxima): void {
    if (this.slots.length > 0 && slot <= this.slots.data[this.slots.length - 1]!) throw new Error('maxima: slots must ascend');
    const n = maxima.subs.length;
    const words = Math.ceil(this.subCount / 32);
    const record = new Uint8Array(recordBytes(this.subCount, n));
    const bitmap = new Uint32Array(record.buffer, 0, words);
    const values = new Uint16Array(record.buffer, words * 4, 2 * n);
    for (let i = 0; i < n; i++) {
      const sub = maxima.subs[i]!;
      if (sub >= this.subCount || (i > 0 && sub <= maxima.subs[i - 1]!)) throw new Error('maxima: sub-blocks must ascend inside the collection');
      bitmap[sub >>> 5]! |= 1 << (sub & 31);
      values[i] = Math.min(SATURATED, Math.max(0, maxima.all[i]!));
      values[n + i] = Math.min(SATURATED, Math.max(0, maxima.public[i]!));
    }
    this.records.write(record);
    this.bytes += record.length;
    this.slots.push(slot);
    this.starts.push(this.bytes);
    this.counts.push(maxima.publicCount);
  }

  /** End the records and write the three small sections. */
  end(): void {
    this.records.end();
    this.writer.add('maximaSlots', this.slots.array);
    this.writer.add('maximaStarts', this.starts.array);
    this.writer.add('maximaCounts', this.counts.array);
  }
}

/** Reads `length` bytes of a section from byte `start` (checked by the framing). */
type Read = (name: MaximaSection, start: number, length: number) => Uint8Array;

const u32Of = (bytes: Uint8Array): Uint32Array => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);

/** The stored maxima of an opened index file (see the module comment). */
export class FileMaxima implements StoredMaxima {
  private table: { slots: Uint32Array; starts: Uint32Array; counts: Uint32Array } | undefined;
  private readonly kept = new Map<number, SlotMaxima | undefined>();

  /**
   * @param subCount sub-blocks of the collection (⌈N/16⌉)
   * @param lengths each section's length in bytes
   * @param corrupt throws the file's error for a value that does not fit its shape
   */
  constructor(
    readonly privateCount: number,
    private readonly subCount: number,
    private readonly read: Read,
    private readonly lengths: Readonly<Record<MaximaSection, number>>,
    private readonly corrupt: (why: string) => never,
  ) {}

  /** True when the sections' sizes agree with each other (checked when the file is opened). */
  static fits(lengths: Readonly<Record<MaximaSection, number>>): boolean {
    const S = lengths.maximaSlots / 4;
    return Number.isInteger(S) && lengths.maximaCounts === S * 4 && lengths.maximaStarts === (S + 1) * 4 && lengths.maxima % 4 === 0;
  }

  private tables(): { slots: Uint32Array; starts: Uint32Array; counts: Uint32Array } {
    if (!this.table) {
      const slots = u32Of(this.read('maximaSlots', 0, this.lengths.maximaSlots));
      const starts = u32Of(this.read('maximaStarts', 0, this.lengths.maximaStarts));
      const counts = u32Of(this.read('maximaCounts', 0, this.lengths.maximaCounts));
      if (starts[0] !== 0 || starts[slots.length] !== this.lengths.maxima) this.corrupt('bad maxima starts');
      const least = recordBytes(this.subCount, 0);
      for (let i = 0; i < slots.length; i++) {
        if ((i > 0 && slots[i]! <= slots[i - 1]!) || starts[i + 1]! < starts[i]! + least || (starts[i + 1]! - starts[i]!) % 4 !== 0) this.corrupt('bad maxima table');
      }
      this.table = { slots, starts, counts };
    }
    return this.table;
  }

  slot(slot: number): SlotMaxima | undefined {
    if (this.kept.has(slot)) return this.kept.get(slot);
    const { slots, starts, counts } = this.tables();
    let lo = 0;
    let hi = slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (slots[mid]! < slot) lo = mid + 1;
      else hi = mid;
    }
    let found: SlotMaxima | undefined;
    if (lo < slots.length && slots[lo] === slot) found = this.record(starts[lo]!, starts[lo + 1]!, counts[lo]!);
    this.kept.set(slot, found);
    return found;
  }

  /** The record in bytes `[from, to)` of the `maxima` section. */
  private record(from: number, to: number, publicCount: number): SlotMaxima {
    const bytes = this.read('maxima', from, to - from);
    const words = Math.ceil(this.subCount / 32);
    const bitmap = new Uint32Array(bytes.buffer, bytes.byteOffset, words);
    let n = 0;
    for (let w = 0; w < words; w++) n += popCount(bitmap[w]!);
    if (recordBytes(this.subCount, n) !== to - from) this.corrupt('bad maxima record');
    const values = new Uint16Array(bytes.buffer, bytes.byteOffset + words * 4, 2 * n);
    const subs = new Uint32Array(n);
    const all = new Int32Array(n);
    const pub = new Int32Array(n);
    let i = 0;
    for (let w = 0; w < words; w++) {
      for (let bits = bitmap[w]!; bits !== 0; bits &= bits - 1) {
        subs[i] = w * 32 + (31 - Math.clz32(bits & -bits));
        const a = values[i]!;
        const p = values[n + i]!;
        all[i] = a === SATURATED ? 0x7fffffff : a;
        pub[i] = p === SATURATED ? 0x7fffffff : p;
        i++;
      }
    }
    return { subs, all, public: pub, publicCount };
  }
}

/** Set bits of a 32-bit word. */
function popCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
