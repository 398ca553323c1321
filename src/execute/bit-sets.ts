/**
 * The bit sets of a conjunction ({@link ./conjunction.ts} byBits) in a small WebAssembly module (bit-sets.wat,
 * assembled into bit-sets-wasm.ts): the three sets live in the module's memory, each posting is copied in
 * (`TypedArray.set`, a memory copy) and marked there, and the answer is read out there and copied back. A cold CLI
 * process otherwise runs the marking loop (1.67 M documents for `datasets following` at 1M issues) and the
 * read-out mostly in V8's interpreter and baseline code until the optimised code is ready, which on a loaded
 * machine varies from run to run; the module's code is compiled when it is instantiated (≈ 0.4 ms) and runs at one
 * speed from the first document (docs/pruning.md "Thirteenth round: two terms at 1M"). Where WebAssembly is
 * unavailable (`node --jitless`), {@link moduleSets} answers null and the conjunction marks in JavaScript.
 *
 * One conjunction at a time: the sets, the staged posting and the answer share the module's one memory, which
 * {@link moduleSets} sizes for the call; the next call of {@link moduleSets} overwrites them (the conjunction is
 * synchronous, so no two overlap).
 */
import type { DocList } from '../index/text-index.js';
import { BIT_SETS_WASM } from './bit-sets-wasm.js';

/** What this module uses of the WebAssembly API (the project's TypeScript libraries do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: unknown };
}

/** The module's exports (bit-sets.wat); addresses are byte offsets in `memory`. */
interface BitSetsModule {
  readonly memory: WasmMemory;
  /** Set the bit of each of the `n` documents (u32) at `list` in the set at `bits`. */
  readonly mark: (bits: number, list: number, n: number) => void;
  /** The numbers of the bits set at `a` and `b` and not at `h` (`words` entries each) written at `out`; how many. */
  readonly readBits: (a: number, b: number, h: number, words: number, out: number) => number;
}

/** The instantiated module (null: WebAssembly is unavailable or refused it), made on first use. */
let module: BitSetsModule | null | undefined;
/** Where the posting being marked is copied to, and where the answer is written (byte offsets; set by moduleSets). */
let stage = 0;
let answer = 0;

function bitSetsModule(): BitSetsModule | null {
  if (module !== undefined) return module;
  try {
    const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    module = api ? (new api.Instance(new api.Module(Buffer.from(BIT_SETS_WASM, 'base64'))).exports as unknown as BitSetsModule) : null;
  } catch {
    module = null;
  }
  return module;
}

/** Three bit sets of one length in the module's memory, all zero. */
export interface ModuleSets {
  readonly bits: Int32Array;
  readonly other: Int32Array;
  readonly hiddenBits: Int32Array;
}

/**
 * Three zeroed sets of `words` entries each in the module's memory (views, valid until the next call), with room
 * after them for a posting of up to `longest` documents ({@link markInModule}) and an answer of up to `most`
 * ({@link readInModule}); the memory grows when it must (and stays grown). Null when WebAssembly is unavailable.
 * @throws RangeError when the memory cannot grow that far (more than 4 GiB)
 */
export function moduleSets(words: number, longest: number, most: number): ModuleSets | null {
  const wasm = bitSetsModule();
  if (!wasm) return null;
  stage = 12 * words;
  answer = stage + 4 * longest;
  const bytes = answer + 4 * most;
  const short = bytes - wasm.memory.buffer.byteLength;
  if (short > 0) wasm.memory.grow(Math.ceil(short / 65_536));
  const buffer = wasm.memory.buffer;
  const sets = { bits: new Int32Array(buffer, 0, words), other: new Int32Array(buffer, 4 * words, words), hiddenBits: new Int32Array(buffer, 8 * words, words) };
  new Int32Array(buffer, 0, 3 * words).fill(0);
  return sets;
}

/**
 * Set the bit of each document of `list` (ascending or not; each below 32 × `bits.length`, at most the `longest` of
 * the last {@link moduleSets}) in `bits`, one of the sets {@link moduleSets} made.
 */
export function markInModule(bits: Int32Array, list: DocList): void {
  const wasm = module!;
  new Uint32Array(wasm.memory.buffer, stage, list.length).set(list);
  wasm.mark(bits.byteOffset, stage, list.length);
}

/**
 * The document numbers of the bits set in `bits` and in `other` but not in `hidden` (sets {@link moduleSets} made;
 * at most its `most` of them), ascending, as a new array.
 */
export function readInModule(bits: Int32Array, other: Int32Array, hidden: Int32Array): Uint32Array {
  const wasm = module!;
  const n = wasm.readBits(bits.byteOffset, other.byteOffset, hidden.byteOffset, bits.length, answer);
  return new Uint32Array(wasm.memory.buffer, answer, n).slice();
}
