/**
 * JSON text helpers for dump files: parsing (optionally gzipped) bytes with an error that names the file and
 * the line/column of the first syntax error.
 */
import { gunzipSync } from 'node:zlib';
import { DataError } from './data-error.js';

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
 * Parses JSON bytes (gunzipping first when `gz`).
 * @throws DataError naming `file`: `not a valid gzip file (...)`, or
 *   `invalid JSON at line L, column C: <V8's message>` (position omitted only when it cannot be found).
 */
export function parseJsonBytes(bytes: Buffer, file: string, gz: boolean): unknown {
  let text: string;
  try {
    text = (gz ? gunzipSync(bytes) : bytes).toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a UTF-8 byte-order mark
  } catch (error) {
    throw new DataError(`not a valid gzip file (${(error as Error).message})`, { file });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const offset = jsonErrorOffset(text);
    const where = offset === undefined ? '' : ` at ${lineColumn(text, offset)}`;
    throw new DataError(`invalid JSON${where}: ${(error as Error).message}`, { file });
  }
}
