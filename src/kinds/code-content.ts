/**
 * The file text of a code record. Code search records from `/search/code` carry no content; records taken
 * from `/repos/{owner}/{repo}/contents/{path}` carry `content` with `encoding: "base64"` (GitHub wraps the
 * base64 at 60 columns with `\n`). Dumps may also hold plain text (`encoding` `utf-8` / `utf8` / absent).
 */
import type { RawRecord } from './kind.js';

/** Above this share of U+FFFD replacement characters per decoded byte, decoded bytes count as binary. */
export const MAX_INVALID_UTF8_RATIO = 0.01;

/** The raw bytes of a record's `content`, or undefined when there is none or the encoding is unknown (e.g. `none`). */
function contentBytes(record: RawRecord): Buffer | undefined {
  const { content, encoding } = record;
  if (typeof content !== 'string') return undefined;
  const name = typeof encoding === 'string' ? encoding.toLowerCase() : undefined;
  if (name === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64');
  if (name === undefined || encoding === null || name === 'utf-8' || name === 'utf8') return Buffer.from(content, 'utf8');
  return undefined;
}

/** True when bytes look binary: a NUL byte, or invalid UTF-8 in more than {@link MAX_INVALID_UTF8_RATIO} of them. */
function looksBinary(bytes: Buffer, text: string): boolean {
  if (bytes.includes(0)) return true;
  let invalid = 0;
  for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) invalid++;
  return invalid > bytes.length * MAX_INVALID_UTF8_RATIO;
}

/**
 * The text of a code record's file.
 * @returns the decoded text (`content` in base64, whitespace inside it ignored, or as text for `utf-8`,
 *   `utf8` or no `encoding`); `''` for an empty file; undefined when the record has no string `content`,
 *   the encoding is unknown, or the bytes look binary (a NUL byte, or more than 1% invalid UTF-8).
 *   A leading byte-order mark is dropped.
 */
export function decodeContent(record: RawRecord): string | undefined {
  const bytes = contentBytes(record);
  if (bytes === undefined) return undefined;
  const text = new TextDecoder('utf-8').decode(bytes);
  return looksBinary(bytes, text) ? undefined : text;
}

/**
 * The file size in bytes: the record's `size` when it is a non-negative integer (what `size:` qualifies on
 * GitHub), else the byte length of the decoded `content` (binary included), else undefined.
 */
export function codeSize(record: RawRecord): number | undefined {
  const { size } = record;
  if (typeof size === 'number' && Number.isInteger(size) && size >= 0) return size;
  return contentBytes(record)?.length;
}
