/**
 * Reading what `gh api` and other REST clients save: one JSON value, or several concatenated (`gh api --paginate`
 * prints each page's array or object back to back; JSON Lines is the same thing one object per line), optionally
 * gzipped, with or without a byte-order mark.
 */
import { gunzipSync } from 'node:zlib';
import { DataError } from '../dump/data-error.js';
import { lineColumn } from '../dump/json-text.js';
import { checkDepth, inputTooLarge, maxInputBytes } from './input-limits.js';

/**
 * Decodes file bytes to text: gunzips when they start with the gzip magic number, drops a UTF-8 BOM.
 * @param maxBytes the largest text allowed, in bytes after gunzip (input-limits.ts); gunzip stops there.
 * @throws DataError naming the file: not valid gzip, larger than `maxBytes`, or nested past the depth limit.
 */
export function decodeBytes(bytes: Buffer, file: string, maxBytes = maxInputBytes()): string {
  let raw = bytes;
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (bytes.length > maxBytes) throw new DataError(inputTooLarge(maxBytes, false), { file });
  if (gzipped) {
    try {
      raw = gunzipSync(bytes, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new DataError(inputTooLarge(maxBytes, true), { file });
      throw new DataError(`not a valid gzip file (${(error as Error).message})`, { file });
    }
  }
  checkDepth(raw, file);
  const text = raw.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The offset just past the JSON object or array starting at `start` (strings and escapes respected), or -1. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip a string: find the closing quote not preceded by an odd number of backslashes.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Parses one slice, reporting errors at their line and column in the whole text. */
function parseAt(text: string, start: number, end: number, file: string): unknown {
  try {
    return JSON.parse(text.slice(start, end));
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const where = lineColumn(text, start + (position ? Number(position[1]) : 0));
    throw new DataError(`invalid JSON at ${where}: ${message.replace(/ in JSON at position \d+.*$/, '')}`, { file });
  }
}

/**
 * The top-level JSON values of a file's text, in order.
 * @throws DataError naming the file and the line/column: invalid JSON, a top-level value that is not an object
 *   or an array, or an unterminated value; an empty file (only whitespace) is an error too.
 */
export function parseJsonValues(text: string, file: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    // Not exactly one value: scan for concatenated values below (and report precise errors).
  }
  const values: unknown[] = [];
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    const c = text[i];
    if (c !== '{' && c !== '[') {
      throw new DataError(`expected a JSON object or array at ${lineColumn(text, i)}, found ${JSON.stringify(text.slice(i, i + 12))}`, {
        file,
      });
    }
    const end = valueEnd(text, i);
    if (end === -1) throw new DataError(`unterminated JSON value starting at ${lineColumn(text, i)}`, { file });
    values.push(parseAt(text, i, end, file));
    i = end;
  }
  if (values.length === 0) throw new DataError('empty file: no JSON value', { file });
  return values;
}
