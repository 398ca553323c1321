/**
 * Splits the bytes of a top-level JSON array into the byte ranges of its elements, chunk by chunk, so a dump
 * file of any size is read with bounded memory (a 5 GB file does not fit one Buffer or one string). It tracks
 * only what delimits elements — strings (with escapes) and bracket depth — and leaves each element's own syntax
 * to `JSON.parse`; structural errors between elements (no `[`, a doubled or trailing comma, text after `]`) are
 * reported with their byte offset.
 */

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

import { recordLimits, RecordLimitError, type LimitKind, type RecordLimits } from './json-limits.js';

const isSpace = (b: number): boolean => b === SPACE || b === LF || b === CR || b === TAB;

/** A structural error between elements; `offset` counts bytes from the start of the stream. */
export class ArrayShapeError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'ArrayShapeError';
  }
}

/**
 * Push chunks in order with {@link push}, then call {@link end}. Each complete element is handed to `onElement`
 * as a Buffer holding exactly its bytes (a view into the chunk when it lies inside one, else a copy joining the
 * pieces), with its element index and the byte offset of its first byte in the stream (so a plain file's element
 * can be read again by position). A UTF-8 byte-order mark before the `[` is skipped.
 *
 * Elements are held to the record limits (json-limits.ts): an element nested deeper than `maxDepth`, or longer
 * than `maxBytes`, throws a {@link RecordLimitError} as soon as the limit is passed (the size at the latest at
 * the end of the chunk that passes it), so an element that never closes is never buffered past the limit plus one
 * chunk.
 */
export class JsonArraySplitter {
  private phase: 'before' | 'inside' | 'after' = 'before';
  /** Bytes seen before the current chunk. */
  private base = 0;
  private depth = 0;
  private inString = false;
  /** The previous byte (possibly in an earlier chunk) was a backslash inside a string. */
  private escaped = false;
  private inElement = false;
  /** A comma was read and no element followed yet. */
  private afterComma = false;
  /** Pieces of the current element from earlier chunks. */
  private pending: Buffer[] = [];
  private elementStart = 0;
  /** Where the current element starts, in bytes from the start of the stream. */
  private elementOffset = 0;
  private count = 0;
  /** Bytes held in `pending`. */
  private pendingBytes = 0;

  constructor(
    private readonly onElement: (bytes: Buffer, index: number, offset: number) => void,
    private readonly limits: RecordLimits = recordLimits(),
  ) {}

  /** Elements handed out so far. */
  get elements(): number {
    return this.count;
  }

  /**
   * Scan one chunk. @throws ArrayShapeError on a structural error (the stream is then unusable); errors thrown
   * by `onElement` propagate.
   */
  push(chunk: Buffer): void {
    const n = chunk.length;
    let i = 0;
    if (this.phase === 'before') {
      if (this.base === 0 && n >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
      while (i < n && isSpace(chunk[i]!)) i++;
      if (i === n) {
        this.base += n;
        return;
      }
      if (chunk[i] !== OPEN_ARRAY) throw new ArrayShapeError('the file must hold a JSON array', this.base + i);
      this.phase = 'inside';
      i++;
    }
    if (this.inElement) this.elementStart = 0;
    while (i < n) {
      if (this.phase === 'after') {
        if (!isSpace(chunk[i]!)) throw new ArrayShapeError('unexpected text after the closing ]', this.base + i);
        i++;
        continue;
      }
      if (this.inString) {
        // Tight loop over string bytes: only a quote ends it, a backslash skips the next byte.
        if (this.escaped) {
          this.escaped = false;
          i++;
          continue;
        }
        i = this.stringEnd(chunk, i);
        continue;
      }
      const b = chunk[i]!;
      if (this.depth > 0) {
        if (b === QUOTE) this.inString = true;
        else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
          if (++this.depth > this.limits.maxDepth) this.breach('depth', chunk, i);
        }
        else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) this.depth--;
        i++;
        continue;
      }
      // Depth 0: between elements, or inside a scalar element.
      if (b === COMMA || b === CLOSE_ARRAY) {
        if (this.inElement) this.emit(chunk, i);
        else if (b === COMMA || this.afterComma) {
          throw new ArrayShapeError(b === COMMA ? 'an array element is missing before this comma' : 'a trailing comma before ]', this.base + i);
        }
        if (b === COMMA) this.afterComma = true;
        else this.phase = 'after';
        i++;
        continue;
      }
      if (isSpace(b)) {
        i++;
        continue;
      }
      if (!this.inElement) {
        // (Two values without a comma between them stay one element, which JSON.parse then refuses.)
        this.inElement = true;
        this.afterComma = false;
        this.elementStart = i;
        this.elementOffset = this.base + i;
      }
      if (b === QUOTE) this.inString = true;
      else if (b === OPEN_OBJECT || b === OPEN_ARRAY) this.depth++;
      else if (b === CLOSE_OBJECT) throw new ArrayShapeError('unexpected }', this.base + i);
      i++;
    }
    if (this.inElement) {
      const piece = chunk.subarray(this.elementStart);
      if (this.pendingBytes + piece.length > this.limits.maxBytes) this.breach('size', chunk, n - 1);
      this.pending.push(piece);
      this.pendingBytes += piece.length;
    }
    this.base += n;
  }

  /**
   * Inside a string from byte `i` (not escaped): the index just past its closing quote, leaving the string; or
   * `chunk.length` when the string goes on into the next chunk (noting a trailing unpaired backslash). Quotes are
   * found with `indexOf` (native, many bytes at a time); a quote after an odd run of backslashes is escaped.
   */
  private stringEnd(chunk: Buffer, i: number): number {
    const n = chunk.length;
    for (;;) {
      const quote = chunk.indexOf(QUOTE, i);
      const end = quote < 0 ? n : quote;
      let slashes = 0;
      while (end - slashes - 1 >= i && chunk[end - slashes - 1] === BACKSLASH) slashes++;
      if (quote < 0) {
        this.escaped = slashes % 2 === 1;
        return n;
      }
      if (slashes % 2 === 0) {
        this.inString = false;
        return quote + 1;
      }
      i = quote + 1;
    }
  }

  /** The stream ended. @throws ArrayShapeError when the array is not closed. */
  end(): void {
    if (this.phase === 'before') throw new ArrayShapeError('the file must hold a JSON array', this.base);
    if (this.phase === 'inside') throw new ArrayShapeError('the array is not closed (the file ends early)', this.base);
  }

  private emit(chunk: Buffer, end: number): void {
    if (this.pendingBytes + end - this.elementStart > this.limits.maxBytes) this.breach('size', chunk, end - 1);
    let bytes: Buffer;
    if (this.pending.length === 0) bytes = chunk.subarray(this.elementStart, end);
    else {
      this.pending.push(chunk.subarray(0, end));
      bytes = Buffer.concat(this.pending);
      this.pending = [];
      this.pendingBytes = 0;
    }
    this.inElement = false;
    this.onElement(bytes, this.count++, this.elementOffset);
  }

  /**
   * Throw the RecordLimitError of the current element, passed at byte `at` of `chunk`: with the element's bytes up
   * to there (cut just past the size limit).
   */
  private breach(kind: LimitKind, chunk: Buffer, at: number): never {
    const joined = Buffer.concat([...this.pending, chunk.subarray(this.elementStart, at + 1)]);
    const prefix = kind === 'size' ? joined.subarray(0, this.limits.maxBytes + 1) : joined;
    throw new RecordLimitError(kind, this.count, prefix, this.limits);
  }
}
