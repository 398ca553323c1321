/**
 * JSON text helpers for dump files: parsing (optionally gzipped) bytes with an error that names the file and
 * the line/column of the first syntax error.
 */
import { constants as bufferConstants } from 'node:buffer';
import { gunzipSync } from 'node:zlib';
import { DataError } from './data-error.js';
import { fieldPath, limitMessage, recordLimits, scanLimits } from './json-limits.js';

/**
 * The most bytes of JSON text read whole (a single-file dump, a pulls file): V8's longest string (512 MiB of
 * UTF-16 units on 64-bit Node), since the text is decoded into one string before it is parsed.
 */
export const MAX_WHOLE_TEXT_BYTES = bufferConstants.MAX_STRING_LENGTH;

/** The refusal of a text too long to read whole. */
export const TOO_LARGE_WHOLE = `too large to read whole (over ${MAX_WHOLE_TEXT_BYTES} bytes of JSON text); split it into a directory dump, whose files are read record by record`;

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;

/** Thrown inside the scanner with the offending offset. */
class SyntaxAt {
  constructor(readonly offset: number) {}
}

/**
 * The UTF-16 offset of the first JSON syntax error in `text` (RFC 8259 grammar), or undefined when the text
 * is valid JSON or is nested too deeply to scan. Linear time; used only after `JSON.parse` has failed, since
 * V8's messages do not always carry a position.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const skip = (): void => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };
  const expect = (char: string): void => {
    skip();
    if (text[i] !== char) throw new SyntaxAt(i);
    i++;
  };
  const string = (): void => {
    expect('"');
    STRING_BODY.lastIndex = i;
    if (!STRING_BODY.test(text)) {
      // Find where the string body stops matching: walk forward over valid pieces.
      const piece = /[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4}/y;
      piece.lastIndex = i;
      while (piece.test(text)) i = piece.lastIndex;
      throw new SyntaxAt(i);
    }
    i = STRING_BODY.lastIndex;
  };
  const value = (): void => {
    skip();
    const char = text[i];
    if (char === '{') {
      i++;
      skip();
      if (text[i] === '}') return void i++;
      for (;;) {
        string();
        expect(':');
        value();
        skip();
        if (text[i] === '}') return void i++;
        expect(',');
      }
    }
    if (char === '[') {
      i++;
      skip();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        skip();
        if (text[i] === ']') return void i++;
        expect(',');
      }
    }
    if (char === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) return void (i += word.length);
    }
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) return void (i = NUMBER.lastIndex);
    throw new SyntaxAt(i);
  };
  try {
    value();
    skip();
    return i < text.length ? i : undefined;
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset;
    return undefined; // RangeError: nested too deeply to scan recursively
  }
}

/** `line L, column C` (both 1-based) of a UTF-16 offset in `text`. */
export function lineColumn(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

/**
 * Parses JSON bytes (gunzipping first when `gz`), after checking its records against the record limits
 * (json-limits.ts): the elements of the top-level array (`arrayDepth` 1, a `<kind>.json` file) or of the arrays
 * under the top-level object (`arrayDepth` 2, a single-file dump, whose errors name `<file> (key "<kind>")`).
 * @throws DataError naming `file`: `not a valid gzip file (...)`, {@link TOO_LARGE_WHOLE}, a passed limit (with
 *   the record and the field), or `invalid JSON at line L, column C: <V8's message>` (position omitted only when
 *   it cannot be found).
 */
export function parseJsonBytes(bytes: Buffer, file: string, gz: boolean, arrayDepth: 1 | 2 = 1): unknown {
  let raw: Buffer;
  try {
    raw = gz ? gunzipSync(bytes, { maxOutputLength: MAX_WHOLE_TEXT_BYTES + 1 }) : bytes;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new DataError(TOO_LARGE_WHOLE, { file });
    throw new DataError(`not a valid gzip file (${(error as Error).message})`, { file });
  }
  if (raw.length > MAX_WHOLE_TEXT_BYTES) throw new DataError(TOO_LARGE_WHOLE, { file });
  const limits = recordLimits();
  const breach = scanLimits(raw, arrayDepth, limits);
  if (breach) {
    const where = arrayDepth === 2 && breach.key !== undefined ? `${file} (key "${breach.key}")` : file;
    const index = breach.index >= 0 ? breach.index : undefined;
    throw new DataError(limitMessage(breach.kind, limits), { file: where, index, field: fieldPathOf(breach.prefix, index) });
  }
  let text: string;
  try {
    text = raw.toString('utf8');
  } catch {
    throw new DataError(TOO_LARGE_WHOLE, { file });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a UTF-8 byte-order mark
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof RangeError) throw new DataError(limitMessage('depth', limits), { file }); // the stack ran out
    const offset = jsonErrorOffset(text);
    const where = offset === undefined ? '' : ` at ${lineColumn(text, offset)}`;
    throw new DataError(`invalid JSON${where}: ${(error as Error).message}`, { file });
  }
}

/** The field of a breach inside a record; none for nesting outside any record. */
function fieldPathOf(prefix: Uint8Array, index: number | undefined): string | undefined {
  return index === undefined ? undefined : fieldPath(prefix);
}
