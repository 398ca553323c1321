/**
 * The compact encoding of the rendered-items file (src/cache/item-file.ts). An item's text as an envelope embeds it
 * (src/kinds/item-text.ts: `JSON.stringify(item, null, 2)`, lines after the first indented four more spaces, `score`
 * written `1.0`) is stored as that same text in which a marker stands for bytes repeated elsewhere:
 *
 * - a **fragment**: a nested object's text (with its indentation) seen before in the file — a user, a label, a
 *   milestone, a repository: the same objects repeat across many items — stored once per file;
 * - a **key line**: the line break, indentation and `"name": ` in front of a member (every item repeats its kind's
 *   keys at the same depths), from the file's table of them — only when the encoder is asked to
 *   ({@link ItemEncoderOptions.keyLines});
 * - a **back reference**: bytes copied from earlier in the same item (an item's URLs share their prefixes: `url`,
 *   `labels_url`, `comments_url`, … all start with the same repository and issue path).
 *
 * A stored item is a sequence of literal runs and markers: an unsigned LEB128 varint, the run's length, its bytes,
 * then (unless the item ends there) the marker, a varint `v`: `v % 4` is its type (0 fragment, 1 key line, 2 back
 * reference) and `⌊v / 4⌋` its fragment id, key-line id or distance back in bytes; a back reference is followed by
 * a second varint, the number of bytes it copies. Decoding is a concatenation of copies with no per-byte JSON work
 * and no search for markers, so a page stays a few reads and copies. The encoder checks that an encoding decodes to
 * exactly the text it was given before keeping it; any other text (not JSON as an envelope writes it) is stored
 * plain.
 *
 * Stored item: first byte {@link STORED_PLAIN} then the text itself, or {@link STORED_CODED} then the encoding.
 */

/** First byte of a stored item kept as it was given. */
export const STORED_PLAIN = 0;
/** First byte of a stored item in the encoding above. */
export const STORED_CODED = 1;

const FRAGMENT = 0;
const KEY_LINE = 1;
const BACK = 2;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const SPACE = 0x20;
const NEWLINE = 0x0a;

/** A nested object of at least this many bytes becomes a fragment once it has been seen twice. */
export const FRAGMENT_MIN_BYTES = 64;
/** A back reference is used for a common prefix of at least this many bytes. */
const BACK_MIN_BYTES = 8;
/** Earlier strings of an item considered for a back reference. */
const BACK_CANDIDATES = 64;
/** At most this many key lines in a file's table (later ones stay literal). */
const MAX_KEY_LINES = 8192;

/** How an {@link ItemEncoder} encodes. */
export interface ItemEncoderOptions {
  /**
   * Key lines as markers (default false). On the 100k-issue corpus they take the file from 335 MB to 258 MB but
   * put about 40 markers in every item, which a cold process decodes in V8's interpreter: 30 items cost 14.6 ms of
   * CPU instead of 6.1 ms (2.3 ms for the plain texts of ITEMS_FORMAT 5).
   */
  readonly keyLines?: boolean;
}
/** A key line longer than this stays literal. */
const MAX_KEY_LINE_BYTES = 256;
/** Bytes of once-seen nested objects remembered while encoding (forgotten all at once past it). */
const SEEN_BYTES = 8 * 1024 * 1024;

/** What a decoder needs besides the stored bytes: the file's key lines and its fragments. */
export interface ItemDictionary {
  /** Key line `id` (UTF-8). */
  keyLine(id: number): Buffer | undefined;
  /** Fragment `id` (UTF-8), or undefined when it cannot be read (the item then cannot be decoded). */
  fragment(id: number): Buffer | undefined;
}

/** Why a stored item cannot be decoded (a damaged reference: the caller treats the file as damaged). */
export class ItemCodecError extends Error {}

/** A growable byte buffer. */
class Bytes {
  buf: Buffer;
  length = 0;
  constructor(size = 16 * 1024) {
    this.buf = Buffer.allocUnsafe(size);
  }
  reserve(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }
  byte(b: number): void {
    if (this.length === this.buf.length) this.reserve(1);
    this.buf[this.length++] = b;
  }
  copy(from: Uint8Array, start: number, end: number): void {
    const n = end - start;
    if (this.length + n > this.buf.length) this.reserve(n);
    const buf = this.buf;
    if (n < 8) {
      let at = this.length;
      for (let i = start; i < end; i++) buf[at++] = from[i]!;
    } else {
      buf.set(from.subarray(start, end), this.length);
    }
    this.length += n;
  }
  /** A new Buffer holding the bytes written (one allocation). */
  copyOut(): Buffer {
    const out = Buffer.allocUnsafe(this.length);
    if (this.length < 8) for (let i = 0; i < this.length; i++) out[i] = this.buf[i]!;
    else out.set(this.buf.subarray(0, this.length));
    return out;
  }
  varint(n: number): void {
    this.reserve(8);
    while (n >= 0x80) {
      this.buf[this.length++] = (n & 0x7f) | 0x80;
      n = Math.floor(n / 128);
    }
    this.buf[this.length++] = n;
  }
  spaces(n: number): void {
    this.reserve(n);
    this.buf.fill(SPACE, this.length, this.length + n);
    this.length += n;
  }
  take(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.length));
  }
}

/** End (exclusive) of the JSON string whose opening quote is at `start`. */
function stringEnd(b: Uint8Array, start: number): number {
  const n = b.length;
  // Short strings (keys, most values) by a loop; long ones (bodies) by indexOf from the first 32 bytes on.
  const near = Math.min(n, start + 32);
  let i = start + 1;
  for (; i < near; i++) {
    const c = b[i];
    if (c === QUOTE) return i + 1;
    if (c === BACKSLASH) i++;
  }
  for (;;) {
    const q = b.indexOf(QUOTE, i);
    if (q < 0) throw new ItemCodecError('unterminated string');
    let slashes = 0;
    while (b[q - 1 - slashes] === BACKSLASH) slashes++;
    if ((slashes & 1) === 0) return q + 1;
    i = q + 1;
  }
}

/** End (exclusive) of the object or array whose opening bracket is at `i`. */
function bracketEnd(b: Uint8Array, i: number): number {
  let depth = 0;
  for (let j = i; j < b.length; ) {
    const d = b[j]!;
    if (d === QUOTE) {
      j = stringEnd(b, j);
      continue;
    }
    if (d === OPEN_OBJECT || d === OPEN_ARRAY) depth++;
    else if ((d === CLOSE_OBJECT || d === CLOSE_ARRAY) && --depth === 0) return j + 1;
    j++;
  }
  throw new ItemCodecError('unterminated value');
}

const isBlank = (c: number | undefined) => c === SPACE || c === NEWLINE;

/**
 * Encodes the items of one file, in order. Holds the file's key lines and fragments, which the file stores beside
 * the items ({@link keyLines}, {@link fragments}); memory: the fragments plus at most {@link SEEN_BYTES} of
 * candidates.
 */
export class ItemEncoder implements ItemDictionary {
  private readonly keyLineIds = new Map<string, number>();
  /** Key lines, by id. */
  readonly keyLines: Buffer[] = [];
  private readonly fragmentIds = new Map<string, number>();
  /** Fragments, by id. */
  readonly fragments: Buffer[] = [];
  private seen = new Set<string>();
  private seenBytes = 0;
  // Per item:
  private text: Buffer = Buffer.alloc(0);
  private out = new Bytes();
  /** Literal bytes since the last marker. */
  private readonly lit = new Bytes();
  private strings: number[] = [];
  private readonly maxKeyLines: number;

  constructor(options: ItemEncoderOptions = {}) {
    this.maxKeyLines = options.keyLines ? MAX_KEY_LINES : 0;
  }

  keyLine(id: number): Buffer | undefined {
    return this.keyLines[id];
  }

  fragment(id: number): Buffer | undefined {
    return this.fragments[id];
  }

  /**
   * The stored form of one item text (first byte {@link STORED_CODED} or {@link STORED_PLAIN}); the coded form only
   * when it decodes to exactly `text`.
   */
  encode(text: Buffer): Buffer {
    try {
      this.text = text;
      this.out.length = 0;
      this.out.byte(STORED_CODED);
      this.lit.length = 0;
      this.strings = [];
      if (text[0] !== OPEN_OBJECT || this.value(0, 0) !== text.length) throw new ItemCodecError('not one object');
      this.flush();
      const coded = this.out.take();
      if (decodeItem(coded, this).equals(text)) return coded;
    } catch {
      // not JSON as an envelope writes it: stored plain
    }
    const plain = Buffer.allocUnsafe(text.length + 1);
    plain[0] = STORED_PLAIN;
    text.copy(plain, 1);
    return plain;
  }

  /** Write the literal run so far: its length, then its bytes. */
  private flush(): void {
    this.out.varint(this.lit.length);
    this.out.copy(this.lit.buf, 0, this.lit.length);
    this.lit.length = 0;
  }

  private marker(type: number, arg: number): void {
    this.flush();
    this.out.varint(arg * 4 + type);
  }

  /** Encode the value at `i` (object nesting `depth`); returns where it ends. */
  private value(i: number, depth: number): number {
    const b = this.text;
    const c = b[i];
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      const close = c + 2;
      if (b[i + 1] === close) {
        this.lit.copy(b, i, i + 2);
        return i + 2;
      }
      if (c === OPEN_OBJECT && depth > 0) {
        const end = bracketEnd(b, i);
        if (end - i >= FRAGMENT_MIN_BYTES && this.asFragment(i, end)) return end;
      }
      this.lit.byte(c);
      let j = i + 1;
      for (;;) {
        if (c === OPEN_OBJECT) {
          // The key line: line break, indentation, `"name": `.
          let k = j;
          while (isBlank(b[k])) k++;
          if (b[k] !== QUOTE) throw new ItemCodecError('no key');
          const keyEnd = stringEnd(b, k);
          if (b[keyEnd] !== COLON || b[keyEnd + 1] !== SPACE) throw new ItemCodecError('no colon');
          this.keyLineAt(j, keyEnd + 2);
          j = keyEnd + 2;
        } else {
          let k = j;
          while (isBlank(b[k])) k++;
          this.lit.copy(b, j, k);
          j = k;
        }
        j = this.value(j, depth + 1);
        if (b[j] === COMMA) {
          this.lit.byte(COMMA);
          j++;
          continue;
        }
        let k = j;
        while (isBlank(b[k])) k++;
        if (b[k] !== close) throw new ItemCodecError('bad close');
        this.lit.copy(b, j, k + 1);
        return k + 1;
      }
    }
    if (c === QUOTE) {
      const end = stringEnd(b, i);
      this.stringAt(i, end);
      return end;
    }
    let j = i;
    while (j < b.length && b[j] !== COMMA && !isBlank(b[j]) && b[j] !== CLOSE_OBJECT && b[j] !== CLOSE_ARRAY) j++;
    if (j === i) throw new ItemCodecError('empty value');
    this.lit.copy(b, i, j);
    return j;
  }

  /** A nested object as a fragment reference when it was seen before; false to encode it in place. */
  private asFragment(i: number, end: number): boolean {
    const text = this.text.toString("latin1", i, end);
    let id = this.fragmentIds.get(text);
    if (id === undefined) {
      if (!this.seen.has(text)) {
        if (this.seenBytes + text.length > SEEN_BYTES) {
          this.seen = new Set();
          this.seenBytes = 0;
        }
        this.seen.add(text);
        this.seenBytes += text.length;
        return false;
      }
      this.seen.delete(text);
      id = this.fragments.length;
      this.fragmentIds.set(text, id);
      this.fragments.push(Buffer.from(this.text.subarray(i, end)));
    }
    this.marker(FRAGMENT, id);
    return true;
  }

  private keyLineAt(i: number, end: number): void {
    if (end - i > MAX_KEY_LINE_BYTES) {
      this.lit.copy(this.text, i, end);
      return;
    }
    const line = this.text.toString("latin1", i, end);
    let id = this.keyLineIds.get(line);
    if (id === undefined && this.keyLines.length < this.maxKeyLines) {
      id = this.keyLines.length;
      this.keyLineIds.set(line, id);
      this.keyLines.push(Buffer.from(this.text.subarray(i, end)));
    }
    if (id === undefined) this.lit.copy(this.text, i, end);
    else this.marker(KEY_LINE, id);
  }

  /** A string value: a back reference to the longest prefix it shares with an earlier string of the item. */
  private stringAt(i: number, end: number): void {
    const b = this.text;
    let best = 0;
    let from = 0;
    const max = end - i;
    for (const s of this.strings) {
      let n = 0;
      while (n < max && s + n < i && b[s + n] === b[i + n]) n++;
      if (n > best) {
        best = n;
        from = s;
      }
    }
    if (max >= BACK_MIN_BYTES && this.strings.length < BACK_CANDIDATES) this.strings.push(i);
    if (best >= BACK_MIN_BYTES) {
      // Position i of the text is position i of the decoded text: decoding rebuilds every byte before it.
      this.marker(BACK, i - from);
      this.out.varint(best);
      this.lit.copy(b, i + best, end);
    } else {
      this.lit.copy(b, i, end);
    }
  }
}

function readVarint(b: Uint8Array, at: { i: number }): number {
  let n = 0;
  let scale = 1;
  for (;;) {
    const byte = b[at.i++];
    if (byte === undefined) throw new ItemCodecError('truncated number');
    n += (byte & 0x7f) * scale;
    if (byte < 0x80) return n;
    scale *= 128;
    if (scale > 2 ** 49) throw new ItemCodecError('number too long');
  }
}

const scratch = new Bytes(64 * 1024);

/**
 * The envelope text of a stored item (see the module comment).
 * @throws ItemCodecError when a marker refers to a key line or fragment the dictionary does not have, or a back
 *   reference points outside the text (a damaged file)
 */
export function decodeItem(stored: Buffer, dict: ItemDictionary): Buffer {
  if (stored[0] === STORED_PLAIN) return Buffer.from(stored.subarray(1));
  if (stored[0] !== STORED_CODED) throw new ItemCodecError('unknown item encoding');
  const out = scratch;
  out.length = 0;
  const at = { i: 1 };
  const n = stored.length;
  for (;;) {
    const run = readVarint(stored, at);
    const start = at.i;
    if (start + run > n) throw new ItemCodecError('literal run out of range');
    out.copy(stored, start, start + run);
    at.i = start + run;
    if (at.i === n) break;
    const v = readVarint(stored, at);
    const type = v % 4;
    const arg = (v - type) / 4;
    if (type === FRAGMENT || type === KEY_LINE) {
      const bytes = type === FRAGMENT ? dict.fragment(arg) : dict.keyLine(arg);
      if (!bytes) throw new ItemCodecError(`no ${type === FRAGMENT ? 'fragment' : 'key line'} ${arg}`);
      out.copy(bytes, 0, bytes.length);
    } else if (type === BACK) {
      const length = readVarint(stored, at);
      const from = out.length - arg;
      if (arg <= 0 || from < 0 || from + length > out.length) throw new ItemCodecError('back reference out of range');
      out.reserve(length);
      out.buf.copyWithin(out.length, from, from + length);
      out.length += length;
    } else {
      throw new ItemCodecError(`unknown marker ${type}`);
    }
  }
  return out.copyOut();
}
