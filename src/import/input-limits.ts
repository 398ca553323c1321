/**
 * Bounds on what `search import github` reads (issue #21 item 7): a saved REST response is untrusted input, so
 * an input file may not expand past a size limit (a 685 KB gzip once expanded to 1.4 GB and ended in an internal
 * error), a record may not pass the loader's depth and size limits (dump/json-limits.ts: the dump written would
 * be refused when loaded), and no number may be written other than as it was read: a literal too large for a
 * double (`1e400`) would be written as `null`, and an integer above 2^53 − 1 is rounded, so two distinct ids
 * merge into one record. Each is refused as a DataError naming the file, the record and the field (exit 3).
 */
import { constants as bufferConstants } from 'node:buffer';
import { DataError } from '../dump/data-error.js';
import { recordLimits, scanLimits, type RecordLimits } from '../dump/json-limits.js';

/** Largest input file, in bytes after gunzip (256 MiB). */
export const DEFAULT_MAX_INPUT_BYTES = 256 * 1024 * 1024;

/**
 * The input size limit now: `SEARCH_IMPORT_MAX_FILE_BYTES` (a positive integer, at most V8's longest string since
 * a file is decoded into one), else {@link DEFAULT_MAX_INPUT_BYTES}.
 */
export function maxInputBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SEARCH_IMPORT_MAX_FILE_BYTES?.trim();
  const value = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : NaN;
  const limit = Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_MAX_INPUT_BYTES;
  return Math.min(limit, bufferConstants.MAX_STRING_LENGTH);
}

/** The user-facing reason for an input past the size limit. */
export function inputTooLarge(limit: number, gzipped: boolean): string {
  return `${gzipped ? 'expands to' : 'is'} more than ${limit} bytes (the limit; SEARCH_IMPORT_MAX_FILE_BYTES changes it)`;
}

/**
 * Refuses a file whose text nests deeper than the loader allows, before it is parsed (the unwrapping of pages and
 * the classifiers walk values recursively). Envelopes and pages of pages add up to 3 levels above a record.
 * @throws DataError naming the file and the field where the limit was passed.
 */
export function checkDepth(bytes: Uint8Array, file: string, limits: RecordLimits = recordLimits()): void {
  const breach = scanLimits(bytes, 1, { maxDepth: limits.maxDepth + 3, maxBytes: Number.MAX_SAFE_INTEGER });
  if (breach) {
    throw new DataError(`nested deeper than ${limits.maxDepth} levels (the limit; SEARCH_MAX_DEPTH changes it)`, { file });
  }
}

/**
 * Refuses a record the dump could not hold exactly: JSON text larger than the loader's record limit, a number
 * that is not finite, or an integer beyond 2^53 − 1.
 * @param fileBytes the size of the file the record came from: a record cannot be larger, so smaller files skip
 *   the size check (it serialises the record).
 * @throws DataError naming the file, the record's index in it and the field.
 */
export function checkRecord(record: unknown, where: { file: string; index: number }, fileBytes: number, limits: RecordLimits = recordLimits()): void {
  const bad = badNumber(record, []);
  if (bad) {
    const reason = Number.isFinite(bad.value)
      ? `the integer ${String(bad.value)} (as rounded) is beyond 2^53 - 1 and cannot be kept exact; record ids this large are not supported`
      : 'a number too large for a double (e.g. 1e400) would be written as null';
    throw new DataError(reason, { ...where, field: bad.path.join('.') || undefined });
  }
  if (fileBytes > limits.maxBytes && Buffer.byteLength(JSON.stringify(record)) > limits.maxBytes) {
    throw new DataError(`record larger than ${limits.maxBytes} bytes (the limit; SEARCH_MAX_RECORD_BYTES changes it)`, where);
  }
}

/** The first number in `value` that JSON text cannot carry exactly, with its path; undefined when none. */
function badNumber(value: unknown, path: string[]): { value: number; path: string[] } | undefined {
  if (typeof value === 'number') {
    return !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value)) ? { value, path } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = badNumber(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const found = badNumber((value as Record<string, unknown>)[key], [...path, key]);
    if (found) return found;
  }
  return undefined;
}
