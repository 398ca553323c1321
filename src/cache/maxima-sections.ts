/**
 * The index file's stored block maxima (src/index/stored-maxima.ts), as three sections of the framed index file
 * (compact-index-file.ts):
 * - `maxima`: per stored slot, in slot order, one record of a fixed size: the maxima over every document per
 *   block (u16, ⌈N/128⌉) and per sub-block (u16, ⌈N/16⌉), then the same over the public documents, padded to 4
 *   bytes;
 * - `maximaSlots` (S, u32): the stored slots, ascending; `maximaCounts` (S, u32): each slot's public postings.
 * The footer's `maximaPrivate` is the private document count of the public form. The two small sections are read
 * whole on the first lookup, a record when its slot is first asked for (kept), as views of the bytes read: nothing
 * is decoded. Every read is checked by the framing; a table that does not fit the file's shape is its damage.
 */
import type { SectionWriter, FramedWriter } from './framing.js';
import { storedBlocks, storedSubs, type BlockMaxima, type SlotMaxima, type StoredMaxima } from '../index/stored-maxima.js';

/** The sections' names. */
export const MAXIMA_SECTIONS = ['maxima', 'maximaSlots', 'maximaCounts'] as const;

type MaximaSection = (typeof MAXIMA_SECTIONS)[number];

/** Bytes of one record over a collection of `count` documents. */
const recordBytes = (count: number): number => Math.ceil((4 * (storedBlocks(count) + storedSubs(count))) / 4) * 4;

const asBytes = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

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
  private readonly counts = new U32List();
  private readonly padding: Uint8Array;

  /**
   * Opens the streamed `maxima` section: no other section may start until {@link end}.
   * @param count documents of the collection
   */
  constructor(
    private readonly writer: FramedWriter,
    private readonly count: number,
  ) {
    this.records = writer.stream('maxima');
    this.padding = new Uint8Array(recordBytes(count) - 4 * (storedBlocks(count) + storedSubs(count)));
  }

  add(slot: number, maxima: SlotMaxima): void {
    if (this.slots.length > 0 && slot <= this.slots.data[this.slots.length - 1]!) throw new Error('maxima: slots must ascend');
    for (const form of [maxima.all, maxima.public]) {
      if (form.max.length !== storedBlocks(this.count) || form.fine.length !== storedSubs(this.count)) throw new Error('maxima: arrays of the wrong size');
      this.records.write(asBytes(form.max));
      this.records.write(asBytes(form.fine));
    }
    this.records.write(this.padding);
    this.slots.push(slot);
    this.counts.push(maxima.publicCount);
  }

  /** End the records and write the two small sections. */
  end(): void {
    this.records.end();
    this.writer.add('maximaSlots', this.slots.array);
    this.writer.add('maximaCounts', this.counts.array);
  }
}

/** Reads `length` bytes of a section from byte `start` (checked by the framing). */
type Read = (name: MaximaSection, start: number, length: number) => Uint8Array;

const u32Of = (bytes: Uint8Array): Uint32Array => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);

/** The stored maxima of an opened index file (see the module comment). */
export class FileMaxima implements StoredMaxima {
  private table: { slots: Uint32Array; counts: Uint32Array } | undefined;
  private readonly kept = new Map<number, SlotMaxima | undefined>();

  /**
   * @param count documents of the collection
   * @param lengths each section's length in bytes
   * @param corrupt throws the file's error for a value that does not fit its shape
   */
  constructor(
    readonly privateCount: number,
    private readonly count: number,
    private readonly read: Read,
    private readonly lengths: Readonly<Record<MaximaSection, number>>,
    private readonly corrupt: (why: string) => never,
  ) {}

  /** True when the sections' sizes agree with each other and with a collection of `count` documents. */
  static fits(lengths: Readonly<Record<MaximaSection, number>>, count: number): boolean {
    const S = lengths.maximaSlots / 4;
    return Number.isInteger(S) && lengths.maximaCounts === S * 4 && lengths.maxima === S * recordBytes(count);
  }

  private tables(): { slots: Uint32Array; counts: Uint32Array } {
    if (!this.table) {
      const slots = u32Of(this.read('maximaSlots', 0, this.lengths.maximaSlots));
      const counts = u32Of(this.read('maximaCounts', 0, this.lengths.maximaCounts));
      for (let i = 1; i < slots.length; i++) if (slots[i]! <= slots[i - 1]!) this.corrupt('bad maxima table');
      this.table = { slots, counts };
    }
    return this.table;
  }

  slots(): Uint32Array {
    return this.tables().slots;
  }

  slot(slot: number): SlotMaxima | undefined {
    if (this.kept.has(slot)) return this.kept.get(slot);
    const { slots, counts } = this.tables();
    let lo = 0;
    let hi = slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (slots[mid]! < slot) lo = mid + 1;
      else hi = mid;
    }
    let found: SlotMaxima | undefined;
    if (lo < slots.length && slots[lo] === slot) {
      const size = recordBytes(this.count);
      const bytes = this.read('maxima', lo * size, size);
      const blocks = storedBlocks(this.count);
      const subs = storedSubs(this.count);
      const form = (at: number): BlockMaxima => ({
        max: new Uint16Array(bytes.buffer, bytes.byteOffset + at * 2, blocks),
        fine: new Uint16Array(bytes.buffer, bytes.byteOffset + (at + blocks) * 2, subs),
      });
      found = { all: form(0), public: form(blocks + subs), publicCount: counts[lo]! };
    }
    this.kept.set(slot, found);
    return found;
  }
}
