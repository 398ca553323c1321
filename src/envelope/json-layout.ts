/**
 * The pretty layout of JSON text, byte for byte as `JSON.stringify(value, null, step)` writes it, produced from the
 * compact text `JSON.stringify(value)` writes — without parsing: one linear pass over the UTF-8 bytes that copies
 * strings as they are (tracking `\` escapes, so a quote or bracket inside a string is never structure) and
 * inserts the line breaks and indentation around structure, as ECMA-262's SerializeJSONObject/SerializeJSONArray
 * do: an empty object or array stays `{}`/`[]`; otherwise each member or element goes on its own line, indented
 * `step` spaces per level of nesting, `"key": value` with one space after the colon, and the closing bracket on a
 * line of its own at the opening one's indentation.
 *
 * The rendered-items file stores items as compact text (src/cache/item-file.ts); an envelope embeds each item
 * laid out at its depth (`base` spaces before every line after the first), which is what {@link layOutJson} returns.
 * Input that is not compact JSON (whitespace between tokens, unbalanced brackets) gives unspecified bytes, never an
 * exception or a hang: the caller stores and checks what it lays out.
 *
 * The pass runs as a small WebAssembly module (json-layout.wat, assembled into json-layout-wasm.ts): a cold CLI
 * process would otherwise run a per-byte loop in V8's interpreter (≈ 20× the cost of copying the bytes, measured);
 * the module is compiled on first use (≈ 0.4 ms) and copies strings sixteen bytes at a time. Where WebAssembly is
 * unavailable (`node --jitless`) the same pass runs in JavaScript ({@link layOutJsonScript}).
 */
import { JSON_LAYOUT_WASM } from './json-layout-wasm.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const NEWLINE = 0x0a;
const SPACE = 0x20;

/** What this module uses of the WebAssembly API (the project's TypeScript libraries do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: unknown };
}

interface LayoutModule {
  readonly memory: WasmMemory;
  readonly layOut: (i: number, end: number, o: number, limit: number, base: number, step: number) => number;
}

/** The compiled module (null: WebAssembly is unavailable or refused it), made on first use. */
let module: LayoutModule | null | undefined;
/** A view of the module's memory (made again when the memory grows). */
let memory = new Uint8Array(0);

function layoutModule(): LayoutModule | null {
  if (module !== undefined) return module;
  try {
    const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    if (!api) return (module = null);
    // Compiled with V8's own tiering (no run-time V8 flag): a larger `--wasm-tiering-budget` set around the compile
    // was measured to save nothing on a cold 100-item page (whole process, paired: CPU 1.007) and to cost a server
    // about 6 % more CPU (the layout ran as baseline code for longer).
    const instance = new api.Instance(new api.Module(Buffer.from(JSON_LAYOUT_WASM, 'base64')));
    module = instance.exports as unknown as LayoutModule;
    memory = new Uint8Array(module.memory.buffer);
  } catch {
    module = null;
  }
  return module;
}

/** Grow the module's memory to at least `bytes`. */
function reserve(wasm: LayoutModule, bytes: number): void {
  if (memory.length < bytes) {
    const pages = Math.ceil((bytes - wasm.memory.buffer.byteLength) / 65_536);
    if (pages > 0) wasm.memory.grow(pages);
  }
  if (memory.buffer !== wasm.memory.buffer || memory.length !== wasm.memory.buffer.byteLength) memory = new Uint8Array(wasm.memory.buffer);
}

/**
 * `JSON.stringify(value, null, step)` as UTF-8 bytes, with every line after the first indented by `base` more
 * spaces, given `compact` = `JSON.stringify(value)` as UTF-8 bytes (any JSON value; a number token is copied as
 * written, so `1.0` stays `1.0`).
 * @param compact compact JSON text (UTF-8), bytes `[start, end)` of it
 * @param step spaces per nesting level (JSON.stringify's `space`, 1–10; 0 returns the compact text)
 * @param base spaces added before every line after the first (the depth the text sits at in a larger document)
 * @returns fresh bytes
 */
export function layOutJson(compact: Uint8Array, step: number, base = 0, start = 0, end = compact.length): Buffer {
  const bytes = layOutJsonTransient(compact, step, base, start, end);
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
}

/**
 * {@link layOutJson} without its allocation: the bytes may be a view of the module's memory, which the next
 * layout overwrites (the caller copies them first). `compact` may itself be such a view only if copied before.
 */
export function layOutJsonTransient(compact: Uint8Array, step: number, base = 0, start = 0, end = compact.length): Uint8Array {
  const wasm = step > 0 ? layoutModule() : null;
  if (!wasm) return layOutJsonScript(compact, step, base, start, end);
  const n = end - start;
  let limit = n + 2 * n + 1024;
  reserve(wasm, limit + 64);
  memory.set(compact.subarray(start, end), 0);
  let out = wasm.layOut(0, n, n, limit, base, step);
  while (out < 0) {
    // Deep nesting: more indentation than the first guess allowed for.
    limit = 2 * limit;
    reserve(wasm, limit + 64);
    out = wasm.layOut(0, n, n, limit, base, step);
  }
  return memory.subarray(n, out);
}

/** {@link layOutJson} in JavaScript: the same pass, for a process without WebAssembly. */
export function layOutJsonScript(compact: Uint8Array, step: number, base = 0, start = 0, end = compact.length): Buffer {
  if (step <= 0) return Buffer.from(compact.subarray(start, end));
  // Each input byte writes at most two output bytes between line breaks (a colon writes ': '); a line break writes
  // 1 + base + step × depth more: capacity is checked at each line break for the rest of the input.
  let out = Buffer.allocUnsafe(2 * (end - start) + 16);
  let o = 0;
  let depth = 0;
  let i = start;
  while (i < end) {
    const c = compact[i++]!;
    if (c === QUOTE) {
      out[o++] = c;
      while (i < end) {
        const d = compact[i++]!;
        out[o++] = d;
        if (d === QUOTE) break;
        if (d === BACKSLASH && i < end) out[o++] = compact[i++]!;
      }
      continue;
    }
    let indent = -1;
    switch (c) {
      case OPEN_OBJECT:
      case OPEN_ARRAY: {
        out[o++] = c;
        const next = compact[i];
        if (i < end && (next === CLOSE_OBJECT || next === CLOSE_ARRAY)) {
          out[o++] = next;
          i++;
        } else indent = base + step * ++depth;
        break;
      }
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        depth--;
        indent = base + step * (depth > 0 ? depth : 0);
        break;
      case COMMA:
        out[o++] = c;
        indent = base + step * (depth > 0 ? depth : 0);
        break;
      case COLON:
        out[o++] = c;
        out[o++] = SPACE;
        break;
      default:
        out[o++] = c;
    }
    if (indent >= 0) {
      const need = o + 2 + indent + 2 * (end - i) + 16;
      if (need > out.length) {
        const bigger = Buffer.allocUnsafe(Math.max(need, 2 * out.length));
        out.copy(bigger, 0, 0, o);
        out = bigger;
      }
      out[o++] = NEWLINE;
      for (let s = 0; s < indent; s++) out[o++] = SPACE;
      if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) out[o++] = c;
    }
  }
  return out.subarray(0, o);
}
