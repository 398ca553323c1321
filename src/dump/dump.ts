/**
 * Opening and loading a dump: either a directory of `<kind>.json` / `<kind>.json.gz` arrays (plus an optional
 * `pulls` array of `/pulls` objects), or one JSON file (optionally gzipped) `{ "<kind>": [...], "pulls": [...] }`.
 * Records are GitHub REST resources as the API returns them; they are validated (record-schemas.ts) and
 * issues that are pull requests are enriched from their matching `/pulls` record.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { pipeline, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { specOf } from '../kinds/catalog.js';
import { KINDS, type Kind, type RawRecord } from '../kinds/kind.js';
import { DataError } from './data-error.js';
import { ArrayShapeError, JsonArraySplitter } from './json-array-splitter.js';
import { RecordLimitError } from './json-limits.js';
import { MAX_WHOLE_TEXT_BYTES, parseJsonBytes, TOO_LARGE_WHOLE } from './json-text.js';
import { checkArray, PARTS, partRecords, readBytes, readBytesSync } from './part-files.js';
import { prepareValidators, validateRecords, type SchemaName } from './record-schemas.js';
import { timeSlices } from './time-slices.js';

/** What a collection needs of the pulls: the `/pulls` record of a document. A Map qualifies. */
export interface PullLookup {
  get(doc: number): RawRecord | undefined;
}

/**
 * A kind's records, their pulls and the kind's dump hash: the one shape the dump produces ({@link LoadedKind}), a
 * streaming pass leaves (store/ingest.ts) and a record snapshot gives back (without the hash, which keys it).
 * `H` is `string | undefined` where the dump may lack the kind.
 */
export interface KindRecords<H extends string | undefined = string> {
  /** In document order (issues enriched from pulls, see {@link enrichIssues}); may be parsed lazily. */
  readonly records: readonly RawRecord[];
  /** issues only: document -> the matching /pulls record; empty for other kinds. */
  readonly pulls: PullLookup;
  /** The kind's dump hash ({@link LoadedKind.hash}). */
  readonly hash: H;
}

/** One kind, loaded and validated. */
export interface LoadedKind extends KindRecords {
  kind: Kind;
  /** The records in file order (issues enriched from pulls, see {@link enrichIssues}). */
  records: RawRecord[];
  /**
   * sha256 hex over the bytes of every file this kind was read from (issues: also the pulls file), in a fixed
   * order; for a single-file dump, over the canonical JSON of that kind's array (+ pulls for issues): compact
   * `JSON.stringify` of the parsed array, so whitespace and the other kinds do not matter (keys keep file
   * order). Stable across runs; computed before enrichment.
   */
  hash: string;
  /** Absolute paths read (kind file first, then the pulls file for issues). */
  files: string[];
  /** issues only: record index -> the matching /pulls record (head/base/merged_at/draft). Empty for other kinds. */
  pulls: Map<number, RawRecord>;
}

/** An opened dump. */
export interface Dump {
  /** Absolute path of the directory or file. */
  readonly source: string;
  /** Kinds present (file exists / key present), in KINDS order. */
  readonly kinds: readonly Kind[];
  /** True when `kind` is present in the dump. */
  has(kind: Kind): boolean;
  /** Load (once; later calls return the same promise) and validate one kind. A missing kind loads as empty. Throws DataError. */
  load(kind: Kind): Promise<LoadedKind>;
  /** {@link load}, synchronously (the same memoized result). Throws DataError. */
  loadSync(kind: Kind): LoadedKind;
  /** True when {@link hash} reads the files' bytes without parsing them (a directory dump). */
  readonly cheapHash: boolean;
  /**
   * The kind's {@link LoadedKind.hash} (once). A directory dump hashes the files' bytes without parsing or
   * validating them; a single-file dump loads the kind. Throws DataError (unreadable file).
   */
  hash(kind: Kind): Promise<string>;
  /**
   * The files whose bytes {@link hash} covers for `kind` (absolute paths; empty for a single-file dump or a kind
   * the dump lacks). Callers may memoise the hash on these files' identity (size, mtime, inode).
   */
  hashFiles(kind: Kind): string[];
  /**
   * Read a kind record by record without holding the whole file: each validated (issues: enriched) record is
   * handed to `visit` with its document number and, when the record is exactly the file's text, those bytes
   * (undefined when enrichment changed it, or for a single-file dump, whose records are already parsed). A
   * directory dump streams its file in chunks (any size, gzipped or not); memory stays bounded by what `visit`
   * keeps. Does not memoise the records (a later {@link load} reads the file again). Records are handed out in
   * time slices (time-slices.ts): the event loop gets a turn at least every SLICE_MS (a key press, a signal), and
   * after `haltSlices` the pass stops at its next slice boundary (its promise then never settles: the process is
   * exiting). The `/pulls` file of issues streams the same way, before the kind's file.
   * @param onBytes called per chunk with the file bytes read so far and the file's size (progress); the next
   *   chunk waits for the promise it may return (back-pressure)
   * @param pulls the map to fill with document → `/pulls` record (filled before each record is visited)
   * @returns what {@link LoadedKind} would hold, without the records: the hash (same value), files, pulls
   * @throws DataError naming the file, and the record for a record's own syntax or schema error
   */
  stream(
    kind: Kind,
    visit: (record: RawRecord, doc: number, text: Buffer | undefined) => void,
    onBytes?: (read: number, total: number) => void | Promise<void>,
    pulls?: Map<number, RawRecord>,
  ): Promise<StreamedKind>;
  /**
   * The kind's records without holding them, synchronously: a directory dump's plain (not gzipped) kind file is
   * read once in 1 MiB chunks through the array splitter (json-array-splitter.ts), every record validated and
   * hashed as {@link stream} does and its byte offset kept; a record is read again by position when asked for
   * ({@link ScannedKind.record}). So a file of any size — past 2 GiB, which no single read holds — is served in
   * bounded memory. A gzipped file (no positioned reads) or a single-file dump loads the kind whole ({@link loadSync}).
   * For the record snapshot's fallback: a damaged snapshot is found mid-search and must be answered from the dump
   * synchronously.
   * @throws DataError naming the file, and the record for a record's own syntax or schema error
   */
  scanSync(kind: Kind): ScannedKind;
}

/**
 * A kind's records as {@link Dump.scanSync} leaves them: counted, validated and hashed, each read again from the
 * dump when asked for (nothing but 16 bytes per record held: its offset and length), plus the pulls.
 */
export interface ScannedKind extends Omit<KindRecords, 'records'> {
  /** Records in the kind (document numbers `0 … count - 1`). */
  readonly count: number;
  /**
   * Record `doc` as {@link LoadedKind.records} holds it (validated, issues enriched from their pulls): parsed again
   * on every call (the caller keeps what it wants to keep).
   * @throws DataError naming the file when it changed since the scan (size or modification time) or cannot be read
   */
  record(doc: number): RawRecord;
  /** Bytes of record `doc`'s text in the dump (0 when the kind was loaded whole): its weight in a cache. */
  textBytes(doc: number): number;
  /** Absolute paths read ({@link LoadedKind.files}). */
  readonly files: readonly string[];
}

/** What {@link Dump.stream} returns. */
export type StreamedKind = Omit<LoadedKind, 'records'> & { count: number };

type Part = SchemaName;

const lower = (value: unknown): string | undefined => (typeof value === 'string' ? value.toLowerCase() : undefined);
const asObject = (value: unknown): RawRecord | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as RawRecord) : undefined;

/** `owner/name#number`, lower-cased, the identity of an issue or pull inside GitHub. */
function repoNumberKey(fullName: string | undefined, number: unknown): string | undefined {
  return fullName && typeof number === 'number' ? `${fullName.toLowerCase()}#${number}` : undefined;
}

/**
 * Attaches each issue that is a pull request (has a `pull_request` object) to its `/pulls` record: matched by
 * `pull.html_url === issue.pull_request.html_url`, `pull.issue_url === issue.url`, or the same
 * (`base.repo.full_name`, `number`) as (`repository_url`'s owner/name, `number`), names case-insensitive.
 * Copies `merged_at` into `issue.pull_request` and `draft` into the issue only when those keys are absent,
 * so recorded values win and no field an issue search item lacks is ever added.
 * @returns record index -> matching pull.
 */
export function enrichIssues(issues: RawRecord[], pulls: readonly RawRecord[]): Map<number, RawRecord> {
  const match = pullMatcher(pulls);
  const matches = new Map<number, RawRecord>();
  issues.forEach((issue, index) => {
    const pull = match(issue);
    if (pull) matches.set(index, pull);
  });
  return matches;
}

/**
 * The matcher {@link enrichIssues} applies to each issue: finds the issue's `/pulls` record (or undefined) and
 * copies `merged_at` / `draft` when absent, as described there.
 */
export function pullMatcher(pulls: readonly RawRecord[]): (issue: RawRecord) => RawRecord | undefined {
  const byKey = new Map<string, RawRecord>();
  const remember = (key: string | undefined, pull: RawRecord): void => {
    if (key !== undefined && !byKey.has(key)) byKey.set(key, pull);
  };
  for (const pull of pulls) {
    remember(lower(pull.html_url) && `html:${lower(pull.html_url)}`, pull);
    remember(lower(pull.issue_url) && `issue:${lower(pull.issue_url)}`, pull);
    const repo = asObject(asObject(pull.base)?.repo);
    const key = repoNumberKey(typeof repo?.full_name === 'string' ? repo.full_name : undefined, pull.number);
    remember(key && `repo:${key}`, pull);
  }
  if (byKey.size === 0) return () => undefined;
  return (issue) => {
    const pr = asObject(issue.pull_request);
    if (!pr) return undefined;
    const repoUrl = typeof issue.repository_url === 'string' ? issue.repository_url : '';
    const fullName = /\/repos\/([^/]+\/[^/]+)\/?$/.exec(repoUrl)?.[1];
    const pull =
      (lower(pr.html_url) && byKey.get(`html:${lower(pr.html_url)}`)) ||
      (lower(issue.url) && byKey.get(`issue:${lower(issue.url)}`)) ||
      byKey.get(`repo:${repoNumberKey(fullName, issue.number)}`);
    if (!pull) return undefined;
    if (!('merged_at' in pr) && 'merged_at' in pull) pr.merged_at = pull.merged_at;
    if (!('draft' in issue) && 'draft' in pull) issue.draft = pull.draft;
    return pull;
  };
}

/** A parsed part, whichever shape of dump it came from. */
interface PartData {
  records: RawRecord[];
  /** What the hash covers: the raw file bytes, or compact JSON of the array for single-file dumps. */
  hashInput: string | Buffer;
  file: string;
}

/** Files up to this size are re-read whole to describe a streaming error exactly as a whole-file load would. */
const EXACT_ERROR_BYTES = 256 * 1024 * 1024;

/**
 * Stream a file holding a JSON array (gunzipped when it ends in `.gz`), adding its raw bytes to `hash` as
 * {@link hashParts} does (length prefix, then the bytes), and hand each element's bytes to `onElement`, in time
 * slices ({@link timeSlices}). An array-shape error is thrown after the elements before it were handed out.
 * @returns the number of elements
 * @throws ArrayShapeError, or whatever `onElement` or the read throws
 */
async function streamArray(
  file: string,
  hash: { update(data: string | Buffer): unknown },
  onBytes: ((read: number, total: number) => void | Promise<void>) | undefined,
  onElement: (bytes: Buffer, index: number) => void,
): Promise<number> {
  const size = (await stat(file)).size;
  hash.update(`${size}\0`);
  let read = 0;
  // Elements are collected per chunk and handed out in time slices (time-slices.ts), so the event loop (a key
  // press, a signal) gets a turn at least every SLICE_MS however long the chunk's records take.
  const elements: Buffer[] = [];
  const splitter = new JsonArraySplitter((bytes) => elements.push(bytes));
  const pause = timeSlices();
  let index = 0;
  const hasher = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      read += chunk.length;
      done(null, chunk);
    },
  });
  const stages: NodeJS.ReadWriteStream[] = [hasher];
  if (file.endsWith('.gz')) stages.push(createGunzip({ chunkSize: 1 << 20 }));
  const out = pipeline([createReadStream(file, { highWaterMark: 1 << 20 }), ...stages], () => undefined) as unknown as AsyncIterable<Buffer>;
  for await (const chunk of out) {
    let shapeError: unknown;
    try {
      splitter.push(chunk);
    } catch (error) {
      shapeError = error; // thrown after the elements before it, as when they were handed out during the scan
    }
    for (let i = 0; i < elements.length; i++) {
      onElement(elements[i]!, index++);
      const slice = pause();
      if (slice) await slice;
    }
    elements.length = 0;
    if (shapeError !== undefined) throw shapeError;
    await onBytes?.(read, size);
  }
  splitter.end();
  if (read !== size) throw new DataError('the file changed while it was being read; search again', { file });
  return index;
}

/**
 * The DataError for a failed stream: the exact error a whole-file load gives (re-reading the file when it is
 * small enough), else one naming the record (JSON syntax) or the byte offset (array shape).
 */
function streamError(error: unknown, file: string, loadWhole: () => unknown): unknown {
  if (error instanceof DataError && error.index !== undefined) return error; // a schema error: already exact
  if (error instanceof RecordLimitError) return new DataError(error.message, { file, index: error.index, field: error.field });
  let size = Infinity;
  try {
    size = statSync(file).size;
  } catch {
    // unreadable now: fall through to our own description
  }
  if (size <= EXACT_ERROR_BYTES && (error instanceof SyntaxError || error instanceof ArrayShapeError)) {
    try {
      loadWhole();
    } catch (exact) {
      return exact;
    }
  }
  if (error instanceof ArrayShapeError) return new DataError(`invalid JSON at byte ${error.offset}: ${error.message}`, { file });
  if (error instanceof SyntaxError) return new DataError(`invalid JSON: ${error.message}`, { file });
  if (error instanceof DataError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return new DataError(`not a valid gzip file (${(error as Error).message})`, { file });
  return new DataError(`cannot read file (${code ?? (error as Error).message})`, { file });
}

/**
 * A directory dump's `/pulls` file, streamed as a kind file is ({@link streamArray}: in time slices), its records
 * validated and kept with its raw bytes (what the kind hash covers after the kind file's).
 * @param loadWhole the whole-file read that describes a failure exactly ({@link streamError})
 * @throws DataError naming the file, and the record for a record's own syntax or schema error
 */
async function streamPulls(file: string, loadWhole: () => unknown): Promise<{ records: RawRecord[]; chunks: Buffer[]; size: number }> {
  const records: RawRecord[] = [];
  const chunks: Buffer[] = [];
  let size = 0;
  const raw = {
    update(data: string | Buffer) {
      if (typeof data === 'string') return; // streamArray's length prefix: added with the total
      chunks.push(data);
      size += data.length;
    },
  };
  try {
    await streamArray(file, raw, undefined, (bytes, index) => {
      const record = JSON.parse(bytes.toString('utf8')) as unknown;
      validateOne('pulls', record, file, index);
      records.push(record as RawRecord);
    });
  } catch (error) {
    throw streamError(error, file, loadWhole);
  }
  return { records, chunks, size };
}

/** Validates one record (as {@link validateRecords} does for an array), naming its index in the file. */
function validateOne(part: Part, record: unknown, file: string, index: number): void {
  try {
    validateRecords(part, [record], file);
  } catch (error) {
    if (error instanceof DataError) throw new DataError(error.reason, { file, index, field: error.field });
    throw error;
  }
}

/** Bytes per read of {@link scanFileSync}. */
const SCAN_CHUNK = 1 << 20;

/**
 * Read a plain JSON array file synchronously in {@link SCAN_CHUNK} reads, adding its bytes to `hash` (when given)
 * as {@link hashParts} does, and hand each element's bytes, index and byte offset to `onElement`.
 * @returns the file's size and modification time as read (to notice a later change), and the element count
 * @throws ArrayShapeError, RecordLimitError, an fs error, or whatever `onElement` throws
 */
function scanFileSync(
  file: string,
  hash: HashSink | undefined,
  onElement: (bytes: Buffer, index: number, offset: number) => void,
): { size: number; mtimeMs: number; count: number } {
  const fd = openSync(file, 'r');
  try {
    const { size, mtimeMs } = fstatSync(fd);
    hash?.update(`${size}\0`);
    const splitter = new JsonArraySplitter(onElement);
    let read = 0;
    for (;;) {
      // A fresh buffer per read: the splitter keeps views of an element's earlier pieces until it ends.
      const chunk = Buffer.allocUnsafe(SCAN_CHUNK);
      const n = readSync(fd, chunk, 0, SCAN_CHUNK, read);
      if (n === 0) break;
      read += n;
      const bytes = chunk.subarray(0, n);
      hash?.update(bytes);
      splitter.push(bytes);
    }
    splitter.end();
    if (read !== size) throw new DataError('the file changed while it was being read; search again', { file });
    return { size, mtimeMs, count: splitter.elements };
  } finally {
    closeSync(fd);
  }
}

/** The kind hash over the hash inputs of its parts (kind first, then pulls for issues). */
function hashParts(inputs: ReadonlyArray<string | Buffer>): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const bytes = typeof input === 'string' ? Buffer.from(input) : input;
    hash.update(`${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

/** Something a part's raw bytes are added to, as {@link hashParts} adds them (length prefix, then the bytes). */
type HashSink = ReturnType<typeof createHash>;

/**
 * Add a file's bytes to `hash` as {@link hashParts} does, streaming them (64 KiB at a time: a dump file of any
 * size, even beyond what one Buffer may hold, is hashed in constant memory).
 * @throws DataError naming the file when it cannot be read
 */
async function hashFile(file: string, hash: HashSink): Promise<void> {
  try {
    const size = (await stat(file)).size;
    hash.update(`${size}\0`);
    let read = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 16 })) {
      hash.update(chunk as Buffer);
      read += (chunk as Buffer).length;
    }
    if (read !== size) throw Object.assign(new Error('the file changed while it was read'), { code: 'ECHANGED' });
  } catch (error) {
    throw new DataError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { file });
  }
}

/**
 * Builds a {@link Dump} from a function that reads one part (or undefined when the part is absent), and, for
 * dumps whose hash input is the raw file bytes, one that streams those bytes into a hash without parsing.
 */
function makeDump(
  source: string,
  present: ReadonlySet<Part>,
  readPart: (part: Part) => PartData,
  hashRaw?: (part: Part, hash: HashSink) => Promise<void>,
  partFile?: (part: Part) => string,
): Dump {
  const kinds = KINDS.filter((kind) => present.has(kind));
  const loads = new Map<Kind, Promise<LoadedKind>>();
  const loaded = new Map<Kind, LoadedKind>();
  const hashes = new Map<Kind, Promise<string>>();
  const empty = (kind: Kind): LoadedKind => ({
    kind, records: [], hash: createHash('sha256').digest('hex'), files: [], pulls: new Map(),
  });
  /** The kind's part, then the part its table joins to its records when the dump holds it (issues: `pulls`). */
  const partsOf = (kind: Kind): Part[] => {
    const joined = specOf(kind).joinsPart;
    return joined && present.has(joined) ? [kind, joined] : [kind];
  };
  const loadKind = (kind: Kind): LoadedKind => {
    if (!present.has(kind)) return empty(kind);
    const parts: PartData[] = [];
    for (const part of partsOf(kind)) parts.push(readPart(part));
    const hash = hashParts(parts.map((part) => part.hashInput));
    const records = parts[0]!.records;
    const pulls = parts[1] ? enrichIssues(records, parts[1].records) : new Map<number, RawRecord>();
    return { kind, records, hash, files: [...new Set(parts.map((p) => p.file))], pulls };
  };
  const loadSync = (kind: Kind): LoadedKind => {
    let result = loaded.get(kind);
    if (!result) {
      result = loadKind(kind);
      loaded.set(kind, result);
    }
    return result;
  };
  const load = (kind: Kind): Promise<LoadedKind> => {
    let promise = loads.get(kind);
    if (!promise) {
      promise = (async () => loadSync(kind))();
      loads.set(kind, promise);
    }
    return promise;
  };
  const stream: Dump['stream'] = async (kind, visit, onBytes, pulls = new Map<number, RawRecord>()) => {
    if (!present.has(kind) || !partFile) {
      const { records, ...rest } = loadSync(kind);
      for (const [doc, pull] of rest.pulls) pulls.set(doc, pull);
      records.forEach((record, doc) => visit(record, doc, undefined));
      return { ...rest, pulls, count: records.length };
    }
    const file = partFile(kind);
    const joined = partsOf(kind)[1];
    const pullsFile = joined ? partFile(joined) : undefined;
    await prepareValidators(joined ? [kind, joined] : [kind]);
    const pullsPart = joined && pullsFile ? await streamPulls(pullsFile, () => readPart(joined)) : undefined;
    const match = pullsPart ? pullMatcher(pullsPart.records) : undefined;
    const hash = createHash('sha256');
    let count: number;
    try {
      count = await streamArray(file, hash, onBytes, (bytes, doc) => {
        const record = JSON.parse(bytes.toString('utf8')) as unknown;
        validateOne(kind, record, file, doc);
        let text: Buffer | undefined = bytes;
        if (match) {
          const issue = record as RawRecord;
          const hadMerged = 'merged_at' in (asObject(issue.pull_request) ?? {});
          const hadDraft = 'draft' in issue;
          const pull = match(issue);
          if (pull) {
            pulls.set(doc, pull);
            if ((!hadMerged && 'merged_at' in (asObject(issue.pull_request) ?? {})) || (!hadDraft && 'draft' in issue)) text = undefined;
          }
        }
        visit(record as RawRecord, doc, text);
      });
    } catch (error) {
      throw streamError(error, file, () => readPart(kind));
    }
    if (pullsPart) {
      hash.update(`${pullsPart.size}\0`);
      for (const chunk of pullsPart.chunks) hash.update(chunk);
    }
    const files = [...new Set([file, ...(pullsFile ? [pullsFile] : [])])];
    return { kind, hash: hash.digest('hex'), files, pulls, count };
  };
  const scanSync = (kind: Kind): ScannedKind => {
    const file = present.has(kind) && partFile ? partFile(kind) : undefined;
    if (!file || file.endsWith('.gz') || loaded.has(kind)) {
      const whole = loadSync(kind);
      return { count: whole.records.length, record: (doc) => whole.records[doc]!, textBytes: () => 0, pulls: whole.pulls, hash: whole.hash, files: whole.files };
    }
    const joined = partsOf(kind)[1];
    const pullsFile = joined ? partFile!(joined) : undefined;
    // The pulls first (the matcher needs them), their bytes hashed after the kind's, as the kind hash has them.
    let pullRecords: RawRecord[] = [];
    let pullsHashInput: Buffer | undefined;
    if (joined && pullsFile) {
      if (pullsFile.endsWith('.gz')) {
        const part = readPart(joined);
        pullRecords = part.records;
        pullsHashInput = part.hashInput as Buffer;
      } else {
        try {
          scanFileSync(pullsFile, undefined, (bytes, index) => {
            const record = JSON.parse(bytes.toString('utf8')) as unknown;
            validateOne(joined, record, pullsFile, index);
            pullRecords.push(record as RawRecord);
          });
        } catch (error) {
          throw streamError(error, pullsFile, () => readPart(joined));
        }
      }
    }
    const match = joined ? pullMatcher(pullRecords) : undefined;
    const pulls = new Map<number, RawRecord>();
    let offsets = new Float64Array(1024);
    const hash = createHash('sha256');
    let scanned: { size: number; mtimeMs: number; count: number };
    try {
      scanned = scanFileSync(file, hash, (bytes, doc, offset) => {
        const record = JSON.parse(bytes.toString('utf8')) as unknown;
        validateOne(kind, record, file, doc);
        const pull = match?.(record as RawRecord);
        if (pull) pulls.set(doc, pull);
        if (doc * 2 + 2 > offsets.length) {
          const bigger = new Float64Array(offsets.length * 2);
          bigger.set(offsets);
          offsets = bigger;
        }
        // Element `doc` is bytes [offsets[2·doc], + offsets[2·doc + 1]) of the file.
        offsets[doc * 2] = offset;
        offsets[doc * 2 + 1] = bytes.length;
      });
    } catch (error) {
      throw streamError(error, file, () => readPart(kind));
    }
    if (pullsFile) {
      if (pullsHashInput) hash.update(`${pullsHashInput.length}\0`).update(pullsHashInput);
      else {
        try {
          scanFileSync(pullsFile, hash, () => undefined);
        } catch (error) {
          throw streamError(error, pullsFile, () => readPart(joined!));
        }
      }
    }
    const { count } = scanned;
    const changed = (): DataError => new DataError('the dump changed while it was being searched; search again', { file });
    return {
      count,
      hash: hash.digest('hex'),
      files: [...new Set([file, ...(pullsFile ? [pullsFile] : [])])],
      pulls,
      textBytes: (doc) => (doc >= 0 && doc < count ? offsets[doc * 2 + 1]! : 0),
      record(doc) {
        if (!(Number.isInteger(doc) && doc >= 0 && doc < count)) throw new RangeError(`no record ${doc}`);
        const length = offsets[doc * 2 + 1]!;
        const bytes = Buffer.allocUnsafe(length);
        let fd: number;
        try {
          fd = openSync(file, 'r');
        } catch (error) {
          throw new DataError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { file });
        }
        try {
          const now = fstatSync(fd);
          if (now.size !== scanned.size || now.mtimeMs !== scanned.mtimeMs) throw changed();
          for (let done = 0; done < length; ) {
            const n = readSync(fd, bytes, done, length - done, offsets[doc * 2]! + done);
            if (n === 0) throw changed();
            done += n;
          }
        } finally {
          closeSync(fd);
        }
        let record: RawRecord;
        try {
          record = JSON.parse(bytes.toString('utf8')) as RawRecord;
        } catch {
          throw changed();
        }
        match?.(record); // (the same enrichment as during the scan: merged_at and draft when absent)
        return record;
      },
    };
  };
  const hashKind = async (kind: Kind): Promise<string> => {
    if (!present.has(kind) || !hashRaw || loaded.has(kind)) return (await load(kind)).hash;
    const hash = createHash('sha256');
    for (const part of partsOf(kind)) await hashRaw(part, hash);
    return hash.digest('hex');
  };
  return {
    source,
    kinds,
    has: (kind) => present.has(kind),
    load,
    loadSync,
    stream,
    scanSync,
    cheapHash: hashRaw !== undefined,
    hashFiles: (kind) => (present.has(kind) && partFile ? partsOf(kind).map(partFile) : []),
    hash(kind) {
      let promise = hashes.get(kind);
      if (!promise) {
        promise = hashKind(kind);
        hashes.set(kind, promise);
        promise.catch(() => hashes.delete(kind));
      }
      return promise;
    },
  };
}

/** Opens a directory dump: finds `<part>.json` / `<part>.json.gz`; reads nothing yet. */
async function openDirectory(source: string): Promise<Dump> {
  // Synchronous, as in openDump: a handful of calls, and a cold query then never loads node:fs/promises.
  const names = new Set(readdirSync(source));
  const files = new Map<Part, string>();
  for (const part of PARTS) {
    const plain = names.has(`${part}.json`);
    const gz = names.has(`${part}.json.gz`);
    if (plain && gz) {
      throw new DataError(`both ${part}.json and ${part}.json.gz exist; keep one`, { file: source });
    }
    if (plain || gz) files.set(part, path.join(source, `${part}.json${gz ? '.gz' : ''}`));
  }
  for (const file of files.values()) {
    let info: Stats;
    try {
      info = statSync(file);
    } catch (error) {
      throw new DataError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { file });
    }
    checkRegular(info, file);
  }
  if (!KINDS.some((kind) => files.has(kind))) {
    throw new DataError(`not a dump: no ${KINDS.map((k) => `${k}.json`).join(', ')} (or .json.gz) file in this directory`, {
      file: source,
    });
  }
  return makeDump(
    source,
    new Set(files.keys()),
    (part) => {
      const file = files.get(part)!;
      const bytes = readBytesSync(file);
      return { records: partRecords(part, bytes, file), hashInput: bytes, file };
    },
    (part, hash) => hashFile(files.get(part)!, hash),
    (part) => files.get(part)!,
  );
}

/** Opens a single-file dump: parses it at once, since its shape must be checked now. */
async function openFile(source: string, size: number): Promise<Dump> {
  // More compressed bytes than the longest text could never be decompressed into one string either.
  if (size > MAX_WHOLE_TEXT_BYTES) throw new DataError(TOO_LARGE_WHOLE, { file: source });
  const bytes = await readBytes(source);
  const gz = source.endsWith('.gz') || (bytes[0] === 0x1f && bytes[1] === 0x8b);
  const value = parseJsonBytes(bytes, source, gz, 2);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new DataError(
      `not a dump: a dump file must be a JSON object of kind arrays ({"issues": [...], ...}), got ${Array.isArray(value) ? 'an array' : String(value === null ? 'null' : typeof value)}`,
      { file: source },
    );
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (!(PARTS as readonly string[]).includes(key)) {
      throw new DataError(`not a dump: unknown key ${JSON.stringify(key)} (expected ${PARTS.join(', ')})`, { file: source });
    }
  }
  const present = new Set(PARTS.filter((part) => part in object));
  if (!KINDS.some((kind) => present.has(kind))) {
    throw new DataError(`not a dump: the object has none of the keys ${KINDS.join(', ')}`, { file: source });
  }
  return makeDump(source, present, (part) => {
    const label = `${source} (key "${part}")`;
    const records = checkArray(part, object[part], label);
    return { records, hashInput: JSON.stringify(records), file: source };
  });
}

/**
 * Open a dump: checks the path exists and is a dump. Reads no records yet for directories; a single file is
 * parsed at once (its records are validated per kind on load).
 * @param source a directory or a `.json` / `.json.gz` file; relative paths resolve against the cwd.
 * @throws DataError naming the path: not found, a directory with no `<kind>.json[.gz]`, both `.json` and
 *   `.json.gz` for one kind, a file that is not valid JSON / gzip, or not a JSON object of kind arrays.
 */
export async function openDump(source: string): Promise<Dump> {
  const absolute = path.resolve(source);
  let info;
  try {
    info = statSync(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataError(code === 'ENOENT' ? 'no such file or directory' : `cannot open (${code ?? String(error)})`, {
      file: absolute,
    });
  }
  if (info.isDirectory()) return openDirectory(absolute);
  checkRegular(info, absolute);
  return openFile(absolute, info.size);
}

/** What a file system entry that is not a regular file is, in words. */
function entryType(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isDirectory()) return 'a directory';
  return 'not a regular file';
}

/**
 * Refuse anything but a regular file (after symlinks): reading a FIFO or a device blocks or never ends.
 * @throws DataError naming the file: `not a regular file (a FIFO); a dump is read from regular files only`
 */
function checkRegular(info: Stats, file: string): void {
  if (!info.isFile()) throw new DataError(`not a regular file (${entryType(info)}); a dump is read from regular files only`, { file });
}
