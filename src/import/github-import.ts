/**
 * `search import github`: a dump from saved GitHub REST responses (`gh api --paginate` output or any client's
 * JSON). Accepts JSON arrays, concatenated pages, JSON Lines, single objects, `gh --slurp` arrays of pages and
 * envelopes (`{total_count, incomplete_results, items}` and other `{total_count, <list>}` pages), and single-file
 * dumps (`{"issues": [...], ...}`), gzipped or not.
 *
 * Every record is classified by shape (classify.ts); users, labels and repositories nested in any record are
 * collected too; duplicates are merged by identity keeping the most complete version (record-identity.ts). The
 * query-specific search fields `score` and `text_matches` are dropped from top-level records. Records of no known
 * shape are counted and reported with examples, never written.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { KINDS, type RawRecord } from '../kinds/kind.js';
import { DataError } from '../dump/data-error.js';
import { enrichIssues } from '../dump/dump.js';
import { classify, describeShape, forEachEmbedded } from './classify.js';
import { PARTS } from '../dump/part-files.js';
import { DumpWriter, type PartReport } from './dump-writer.js';
import { checkInterrupted } from './interrupt.js';
import { checkRecord, inputTooLarge, maxInputBytes } from './input-limits.js';
import { parseJsonValues, decodeBytes } from './json-values.js';
import { NO_PROGRESS, type Progress } from './progress.js';
import { RecordSet, type Part } from './record-identity.js';

/** Options of {@link importGithub}. */
export interface GithubImportOptions {
  /** Files and directories (searched recursively for `*.json`, `*.json.gz`, `*.jsonl`, `*.ndjson`). */
  inputs: readonly string[];
  out: string;
  merge?: boolean;
  signal?: AbortSignal;
  progress?: Progress;
}

/** Counts of what was read, found and left out. */
export interface GithubImportStats {
  files: number;
  /** Top-level records read (after unwrapping arrays, pages and envelopes). */
  records: number;
  /** Top-level records per part, before merging. */
  recognised: Partial<Record<Part, number>>;
  /** Nested users/labels/repositories found, before merging. */
  embedded: Partial<Record<Part, number>>;
  /** Versions folded into another version of the same resource. */
  duplicates: number;
  /** Records of no known shape, with up to 5 examples (`file#index: shape`). */
  unrecognised: { count: number; examples: string[] };
  /** Recognised records without an identity field (e.g. a label with neither id nor url); not written. */
  unidentified: number;
  /** Pulls matched to an imported issue record (the store enriches those issues), and pulls with none. */
  pulls: { joined: number; unmatched: number };
}

/** What {@link importGithub} did. */
export interface GithubImportResult {
  reports: PartReport[];
  stats: GithubImportStats;
  ms: number;
}

const INPUT_FILE = /\.(json|json\.gz|jsonl|ndjson)$/i;

/** Expands inputs into files: directories recursively (sorted), files as given. */
export async function inputFiles(inputs: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (INPUT_FILE.test(entry.name)) files.push(full);
    }
  };
  for (const input of inputs) {
    const info = await stat(input).catch(() => undefined);
    if (!info) throw new DataError('no such file or directory', { file: input });
    if (!info.isDirectory()) {
      files.push(input);
      continue;
    }
    const before = files.length;
    await walk(input);
    if (files.length === before) throw new DataError('no *.json, *.json.gz, *.jsonl or *.ndjson file in this directory', { file: input });
  }
  return files;
}

/** Unwraps one parsed value into its records: arrays flatten (pages of pages too), envelopes yield their list. */
export function* unwrap(value: unknown): Generator<unknown> {
  if (Array.isArray(value)) {
    for (const element of value) yield* unwrap(element);
    return;
  }
  if (value !== null && typeof value === 'object' && classify(value) === undefined) {
    const object = value as RawRecord;
    if (Array.isArray(object.items) && ('total_count' in object || 'incomplete_results' in object)) {
      yield* unwrap(object.items);
      return;
    }
    const lists = Object.values(object).filter(Array.isArray);
    const keys = Object.keys(object);
    if (keys.length > 0 && lists.length === keys.length && keys.every((key) => (PARTS as readonly string[]).includes(key))) {
      // A single-file dump: {"issues": [...], "users": [...], ...}.
      for (const list of lists) yield* unwrap(list);
      return;
    }
    if ('total_count' in object && lists.length === 1) {
      yield* unwrap(lists[0]);
      return;
    }
  }
  yield value;
}

/** Parses every input into merged record sets per part. */
async function collect(options: GithubImportOptions, progress: Progress): Promise<[Map<Part, RecordSet>, GithubImportStats]> {
  const files = await inputFiles(options.inputs);
  const sets = new Map<Part, RecordSet>();
  const setOf = (part: Part): RecordSet => {
    let set = sets.get(part);
    if (!set) sets.set(part, (set = new RecordSet(part)));
    return set;
  };
  const stats: GithubImportStats = {
    files: files.length, records: 0, recognised: {}, embedded: {}, duplicates: 0,
    unrecognised: { count: 0, examples: [] }, unidentified: 0, pulls: { joined: 0, unmatched: 0 },
  };
  progress.phase('input files', files.length);
  for (const [fileIndex, file] of files.entries()) {
    checkInterrupted(options.signal);
    const limit = maxInputBytes();
    const size = (await stat(file).catch(() => undefined))?.size ?? 0;
    if (size > limit) throw new DataError(inputTooLarge(limit, false), { file });
    const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
      throw new DataError(`cannot read (${error.code ?? error.message})`, { file });
    });
    const text = decodeBytes(bytes, file, limit);
    let index = 0;
    for (const value of parseJsonValues(text, file)) {
      for (const item of unwrap(value)) {
        checkRecord(item, { file, index }, text.length * 3);
        stats.records++;
        const part = classify(item);
        if (part === undefined) {
          stats.unrecognised.count++;
          if (stats.unrecognised.examples.length < 5) stats.unrecognised.examples.push(`${file}#${index}: ${describeShape(item)}`);
        } else {
          const { score: _score, text_matches: _matches, ...record } = item as RawRecord;
          setOf(part).add(record, false);
          stats.recognised[part] = (stats.recognised[part] ?? 0) + 1;
        }
        if (item !== null && typeof item === 'object') {
          forEachEmbedded(item as RawRecord, (nested, object) => {
            setOf(nested).add(object, true);
            stats.embedded[nested] = (stats.embedded[nested] ?? 0) + 1;
          });
        }
        index++;
      }
    }
    progress.tick(fileIndex + 1);
  }
  progress.stop();
  for (const set of sets.values()) {
    stats.duplicates += set.duplicates;
    stats.unidentified += set.unidentified;
  }
  return [sets, stats];
}

/** Counts pulls that match an imported issue, using the store's own join (on copies: records stay as recorded). */
function joinPulls(sets: ReadonlyMap<Part, RecordSet>): { joined: number; unmatched: number } {
  const pulls = [...(sets.get('pulls')?.records() ?? [])];
  if (pulls.length === 0) return { joined: 0, unmatched: 0 };
  const issues = [...(sets.get('issues')?.records() ?? [])].map((issue) => ({
    ...issue,
    ...(issue.pull_request && typeof issue.pull_request === 'object' ? { pull_request: { ...(issue.pull_request as RawRecord) } } : {}),
  }));
  const joined = new Set(enrichIssues(issues, pulls).values()).size;
  return { joined, unmatched: pulls.length - joined };
}

/**
 * Imports saved GitHub REST JSON into a dump (see the module comment).
 * @throws DataError for a missing input, unreadable or invalid JSON (naming file, line and column), or when no
 *   record of any kind was recognised; ImportInterrupted on Ctrl-C. Nothing is written then.
 */
export async function importGithub(options: GithubImportOptions): Promise<GithubImportResult> {
  const started = Date.now();
  const progress = options.progress ?? NO_PROGRESS;
  const [sets, stats] = await collect(options, progress);
  stats.pulls = joinPulls(sets);
  if (![...KINDS].some((kind) => (sets.get(kind)?.size ?? 0) > 0)) {
    const why = stats.unrecognised.count > 0 ? `; e.g. ${stats.unrecognised.examples[0]}` : '';
    throw new DataError(`no GitHub records recognised in ${stats.records} record(s) read${why}`, {
      file: options.inputs.join(', '),
    });
  }
  const writer = await DumpWriter.open({ out: options.out, merge: options.merge ?? false, signal: options.signal });
  try {
    for (const [part, set] of sets) {
      const sink = writer.sink(part);
      for (const record of set.records()) await sink.add(record);
    }
    return { reports: await writer.commit(), stats, ms: Date.now() - started };
  } finally {
    await writer.abort();
  }
}
