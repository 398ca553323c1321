/**
 * Load-time limits on a dump record: how deeply its JSON may nest and how many bytes it may take. A hostile or
 * broken dump (a record nested 100,000 levels deep, an element that never closes, 4 GB of `[`) is refused as
 * soon as a limit is passed, naming the file, the record index and the field, instead of overflowing the stack
 * (`JSON.parse`, rendering) or buffering without bound. Real GitHub REST records nest at most 4 levels deep and
 * take at most a few hundred KB (measured over ../shared/data).
 *
 * The limits are read from the environment at each load, so tests (and users with unusual dumps) can change them:
 * `SEARCH_MAX_DEPTH` (default {@link DEFAULT_MAX_DEPTH}) and `SEARCH_MAX_RECORD_BYTES` (default
 * {@link DEFAULT_MAX_RECORD_BYTES}).
 */

import { constants as bufferConstants } from 'node:buffer';

/** Deepest nesting of objects and arrays a record may have (the record itself is level 1). */
export const DEFAULT_MAX_DEPTH = 64;
/** Largest record, in bytes of its JSON text (32 MiB). */
export const DEFAULT_MAX_RECORD_BYTES = 32 * 1024 * 1024;

/** The limits in force. */
export interface RecordLimits {
  /** Deepest nesting, record = level 1. */
  readonly maxDepth: number;
  /** Largest record, bytes of JSON text. */
  readonly maxBytes: number;
}

/** A positive integer from the environment, else `fallback` (a malformed value is ignored). */
function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return fallback;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/**
 * The deepest limit the environment may set: records deeper than this overflow the stack when a page that shows
 * them is rendered (5,000 levels did), so the limit never rises past it.
 */
export const MAX_DEPTH_CEILING = 1000;

/**
 * The limits now: `SEARCH_MAX_DEPTH` (at most {@link MAX_DEPTH_CEILING}) and `SEARCH_MAX_RECORD_BYTES` (at most
 * V8's longest string, since a record is decoded into one), else the defaults.
 */
export function recordLimits(): RecordLimits {
  return {
    maxDepth: Math.min(envInt('SEARCH_MAX_DEPTH', DEFAULT_MAX_DEPTH), MAX_DEPTH_CEILING),
    maxBytes: Math.min(envInt('SEARCH_MAX_RECORD_BYTES', DEFAULT_MAX_RECORD_BYTES), bufferConstants.MAX_STRING_LENGTH),
  };
}

/** Which limit a record passed. */
export type LimitKind = 'depth' | 'size';

/** The user-facing reason for a passed limit (the DataError's message after file, record and field). */
export function limitMessage(kind: LimitKind, limits: RecordLimits): string {
  return kind === 'depth'
    ? `nested deeper than ${limits.maxDepth} levels (the limit; SEARCH_MAX_DEPTH changes it)`
    : `record larger than ${limits.maxBytes} bytes (the limit; SEARCH_MAX_RECORD_BYTES changes it)`;
}

/**
 * A record passed a limit. `prefix` holds the record's bytes from its first byte up to the point where the limit
 * was passed (never more than the size limit plus one chunk), so {@link fieldPath} can name the field.
 */
export class RecordLimitError extends Error {
  constructor(
    readonly kind: LimitKind,
    readonly index: number,
    readonly prefix: Uint8Array,
    readonly limits: RecordLimits,
  ) {
    super(limitMessage(kind, limits));
    this.name = 'RecordLimitError';
  }

  /** The dotted path of the field being read when the limit was passed ({@link fieldPath}). */
  get field(): string | undefined {
    return fieldPath(this.prefix);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Segments shown before a long path is cut (`a.0.0.0…`). */
const SHOWN_SEGMENTS = 12;

/**
 * The dotted field path (as validation errors name fields: `labels.0.name`) at the end of `prefix`, the first
 * bytes of one JSON value (a record): object keys and array indexes from the record down to the innermost open
 * value. Paths longer than 12 segments are cut with `…`. Undefined at the record's own level.
 */
export function fieldPath(prefix: Uint8Array): string | undefined {
  const frames: Array<{ array: boolean; key: string | undefined; index: number; wantKey: boolean }> = [];
  let stringStart = -1;
  const n = prefix.length;
  for (let i = 0; i < n; i++) {
    const b = prefix[i]!;
    if (stringStart >= 0) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) {
        const top = frames[frames.length - 1];
        if (top && !top.array && top.wantKey) top.key = decodeKey(prefix.subarray(stringStart, i + 1));
        stringStart = -1;
      }
      continue;
    }
    const top = frames[frames.length - 1];
    if (b === QUOTE) stringStart = i;
    else if (b === OPEN_OBJECT) frames.push({ array: false, key: undefined, index: 0, wantKey: true });
    else if (b === OPEN_ARRAY) frames.push({ array: true, key: undefined, index: 0, wantKey: false });
    else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) frames.pop();
    else if (b === COLON && top && !top.array) top.wantKey = false;
    else if (b === COMMA && top) {
      if (top.array) top.index++;
      else {
        top.wantKey = true;
        top.key = undefined;
      }
    }
  }
  // A prefix ending at an opening bracket (a depth limit passed there) names the value that bracket opens.
  const last = prefix[n - 1];
  if (stringStart < 0 && (last === OPEN_ARRAY || last === OPEN_OBJECT)) frames.pop();
  const segments: string[] = [];
  for (const frame of frames) {
    const segment = frame.array ? String(frame.index) : frame.key;
    if (segment === undefined) break;
    segments.push(segment);
  }
  if (segments.length === 0) return undefined;
  return segments.length > SHOWN_SEGMENTS ? `${segments.slice(0, SHOWN_SEGMENTS).join('.')}…` : segments.join('.');
}

/** A key's text from its quoted JSON bytes (at most 200 characters kept). */
function decodeKey(quoted: Uint8Array): string {
  const text = Buffer.from(quoted.buffer, quoted.byteOffset, quoted.byteLength).toString('utf8');
  let key: string;
  try {
    key = JSON.parse(text) as string;
  } catch {
    key = text.slice(1, -1);
  }
  return key.length > 200 ? `${key.slice(0, 199)}…` : key;
}

/**
 * Check the records of a whole JSON text against the limits before it is parsed (`JSON.parse` overflows the
 * stack on deep nesting). Records are the elements of the arrays found at container depth `arrayDepth`: 1 for a
 * `<kind>.json` file (the top-level array), 2 for a single-file dump (the arrays under its top-level object).
 * Nesting past the limits anywhere else is refused too (as record 0 of nothing: `index` is then -1).
 * @returns the first passed limit: its kind, the record index within its array, the record's bytes up to that
 *   point, and (single-file dumps) the top-level key holding the array; undefined when every record is within.
 */
export function scanLimits(
  bytes: Uint8Array,
  arrayDepth: 1 | 2,
  limits: RecordLimits = recordLimits(),
): { kind: LimitKind; index: number; prefix: Uint8Array; key: string | undefined } | undefined {
  let depth = 0;
  let inString = false;
  let stringStart = -1;
  let key: string | undefined;
  /** The container at `arrayDepth` is an array (its elements are records). */
  let inRecordArray = false;
  let index = -1;
  let recordStart = -1;
  const n = bytes.length;
  const breach = (kind: LimitKind, at: number): { kind: LimitKind; index: number; prefix: Uint8Array; key: string | undefined } => ({
    kind,
    index,
    prefix: bytes.subarray(recordStart < 0 ? 0 : recordStart, at + 1),
    key,
  });
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) {
        inString = false;
        if (stringStart >= 0) key = decodeKey(bytes.subarray(stringStart, i + 1));
        stringStart = -1;
      }
      if (recordStart >= 0 && i - recordStart >= limits.maxBytes) return breach('size', i);
      continue;
    }
    if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
    if (depth === arrayDepth && inRecordArray && recordStart < 0 && b !== COMMA && b !== CLOSE_ARRAY) {
      index++;
      recordStart = i;
    }
    if (b === QUOTE) {
      inString = true;
      if (depth === 1 && arrayDepth === 2) stringStart = i;
    } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      depth++;
      if (depth === arrayDepth) {
        inRecordArray = b === OPEN_ARRAY;
        index = -1;
      }
      if (depth - arrayDepth > limits.maxDepth) return breach('depth', i);
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      depth--;
      if (depth === arrayDepth && recordStart >= 0) {
        if (i + 1 - recordStart > limits.maxBytes) return breach('size', recordStart + limits.maxBytes);
        recordStart = -1;
      }
      if (depth < arrayDepth) inRecordArray = false;
    } else if (b === COMMA && depth === arrayDepth) {
      recordStart = -1; // a scalar record ends (container records ended at their closing bracket)
    }
    if (recordStart >= 0 && i - recordStart >= limits.maxBytes) return breach('size', i);
  }
  return undefined;
}
