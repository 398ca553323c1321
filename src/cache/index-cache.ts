/**
 * On-disk cache of built indexes. A cache file is keyed by the tool version, the kind, the kind table's field
 * layout and the dump's content hash for that kind, so a second run loads instead of building and a changed dump
 * (or a new tool version) is never served a stale index. Files hold the compact binary form
 * (compact-index-file.ts, in the one framing of framing.ts) and are written atomically (temp file + rename).
 */
import { homedir } from 'node:os';
import path from 'node:path';
import type { KindSpec } from '../kinds/spec.js';
import { ANALYZER_VERSION } from '../text/analyzer.js';
import { TOOL_VERSION } from '../version.js';
import { INDEX_LAYOUT, IndexFileSink, openIndexFile, writeIndexFile } from './compact-index-file.js';
import { SNAPSHOT_FORMAT } from './record-snapshot.js';
import type { CompactIndex } from '../index/compact-index.js';
import { cacheNotice } from './notice.js';
import { removeQuietly } from './framing.js';
import { indexFileName } from './file-names.js';
import { sha256Hex } from './sha256.js';

/**
 * Bumped whenever the on-disk layout or the analyzers change meaning. 3: compact binary form, lazily read;
 * 4: term frequencies and field lengths beside the weights (BM25 over what a viewer may see); 5: postings in
 * term-index order (streamed by the builder), term frequencies 1, 2 or 4 bytes wide; 6: field totals and
 * per-block CRCs of the field lengths in the header; every file of a collection renamed with the segment facts
 * (src/segment) and lazily read snapshot tables; 7: the index and record snapshot in the one framing
 * (src/cache/framing.ts); 8: the index's dictionary sampled, read a window of terms at a time.
 */
export const CACHE_FORMAT = 8;

/**
 * The default cache directory: `$SEARCH_CACHE_DIR`, else `$XDG_CACHE_HOME/offline-github-search`, else
 * `~/.cache/offline-github-search`.
 */
export function defaultCacheDir(): string {
  if (process.env.SEARCH_CACHE_DIR) return process.env.SEARCH_CACHE_DIR;
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'offline-github-search');
}

/** Keys computed so far, by the text they hash (a cold query asks for the same key three times). */
const keys = new Map<string, string>();
/** The most keys {@link keys} holds (a few kinds of a few dumps; cleared when full). */
const KEYS_KEPT = 64;

/**
 * The cache key of a kind's index (hex sha256) over the cache format, the index file's and the record snapshot's
 * layout versions, the tool and analyzer versions, the kind's field layout and the dump hash. Every other file of a
 * collection is keyed on it, so a build whose files have another layout writes other file names: two installed
 * versions of the tool sharing one cache directory each keep their own files instead of judging the other's
 * damaged and rebuilding them in turn.
 */
export function cacheKey(spec: KindSpec, dumpHash: string): string {
  const layout = spec.fields.map((f) => `${f.name}:${f.analyzer}:${f.boost}`).join(',');
  const text = `${CACHE_FORMAT}|${INDEX_LAYOUT}|${SNAPSHOT_FORMAT}|${TOOL_VERSION}|${ANALYZER_VERSION}|${spec.kind}|${layout}|${dumpHash}`;
  let key = keys.get(text);
  if (key === undefined) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    key = sha256Hex(text);
    keys.set(text, key);
  }
  return key;
}

/** The cache file of a kind and key. */
export function cacheFile(dir: string, kind: string, key: string): string {
  return indexFileName(dir, kind, key);
}

/**
 * Open a cached index, or undefined when there is none or it does not match (a corrupt, truncated or foreign
 * file is never served: it is deleted, noticed once on stderr (notice.ts), and the caller rebuilds it): the
 * framing, the dictionary's blocks, the layout, format, tool version, kind, key and document count are checked
 * now; the postings are read lazily, each block checked against its CRC when first read — a corrupt block
 * deletes the file and fails that read with an IndexFileError (the store's HealingTextIndex then rebuilds the
 * index in-process).
 * @returns the index, the file's size in bytes and its path
 */
export async function loadCached(
  dir: string,
  kind: string,
  key: string,
  docCount: number,
): Promise<{ index: CompactIndex; bytes: number; file: string } | undefined> {
  return openCachedSync(dir, kind, key, docCount);
}

/** {@link loadCached}, synchronously (for an index rebuilt in the middle of a search). */
export function openCachedSync(dir: string, kind: string, key: string, docCount: number): { index: CompactIndex; bytes: number; file: string } | undefined {
  const file = cacheFile(dir, kind, key);
  const discard = (why: string): undefined => {
    cacheNotice(file, why);
    removeQuietly(file);
    return undefined;
  };
  let opened;
  try {
    opened = openIndexFile(file, () => removeQuietly(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return discard((error as Error).message);
  }
  const { header, index, bytes } = opened;
  const e = header.extra;
  const valid =
    e.format === CACHE_FORMAT && e.version === TOOL_VERSION && e.kind === kind && e.key === key && header.docCount === docCount;
  return valid ? { index, bytes, file } : discard('its header does not match the dump');
}

/**
 * Save an index; failures (read-only or full disk)
 * are reported through the return value, never thrown: a search still answers from the index in memory.
 * Written to a temp file and renamed, so readers never see a partial file.
 * @returns bytes written, or undefined when the cache could not be written
 */
export async function saveCached(
  dir: string,
  kind: string,
  key: string,
  index: CompactIndex,
): Promise<number | undefined> {
  return writeIndexFile(cacheFile(dir, kind, key), index, { format: CACHE_FORMAT, version: TOOL_VERSION, kind, key });
}

/**
 * A sink that writes the cache file of a kind and key as a builder streams the index into it
 * (`CompactIndexBuilder.finishInto`): the index is never whole in memory. Its `end` returns the bytes
 * written, or undefined when the file could not be written (nothing is left behind then); open the result with
 * {@link loadCached}.
 */
export function cacheSink(dir: string, kind: string, key: string): IndexFileSink {
  return new IndexFileSink(cacheFile(dir, kind, key), { format: CACHE_FORMAT, version: TOOL_VERSION, kind, key });
}
