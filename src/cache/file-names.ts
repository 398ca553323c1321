/**
 * The one place that names the cache directory's files. Every on-disk artefact is `<kind>-<id>.<suffix>` where `<id>`
 * is the first 32 hex chars of a sha256 key derived here or passed in:
 *
 * | file                          | key                                                                          |
 * | ----------------------------- | ---------------------------------------------------------------------------- |
 * | `<kind>-<key>.lunr`           | the index cache key (`cacheKey` in index-cache.ts)                           |
 * | `<kind>-<key>.records`        | the same key (record snapshot); written as `<kind>-pending.records` first    |
 * | `<kind>-<id>.columns`         | {@link columnsId}: columns format, index key, repositories', users', issues' hashes, column layout |
 * | `<kind>-<id>.items`           | {@link itemsId}: items format and the columns id (the same inputs as the columns); a build pass writes it beside `<kind>-pending.items` first |
 * | `<kind>-<id>.segment`         | `segmentId` (segment/segment.ts): segment format and the columns id          |
 * | `<kind>-<id>.names.json`      | {@link knownNamesId}: access format, index key, repositories' and users' hashes |
 * | `<kind>-hash-<id>.txt`        | {@link hashMemoId}: the dump files' identities (path, size, mtime, ctime, inode, device) |
 * | `digests-<format>.json`       | none: the digests of the keys above, remembered by the CLI (digest-memo.ts)  |
 *
 * Temporary files (`<file>.<pid>[.<random>].tmp`) are named by their writers beside the target. Beside them,
 * bin/search.js keeps `cli-code-<build id>-v8-<V8 version>.bin`, the V8 code cache of dist/bundle/cold.cjs (named
 * there, not here: it is read before the program loads).
 */
import path from 'node:path';
import { sha256Hex as sha256 } from './sha256.js';
import { tempFileName } from './temp-file.js';

/** `<dir>/<kind>-<first 32 chars of id><suffix>`. */
function named(dir: string, kind: string, id: string, suffix: string): string {
  return path.join(dir, `${kind}-${id.slice(0, 32)}${suffix}`);
}

/** The compact index file of a kind and cache key. */
export function indexFileName(dir: string, kind: string, key: string): string {
  return named(dir, kind, key, '.lunr');
}

/** The record snapshot of a kind and cache key. */
export function snapshotFileName(dir: string, kind: string, key: string): string {
  return named(dir, kind, key, '.records');
}

/** The name a snapshot is written under before its key is known (the writer's temp file sits beside it). */
export function pendingSnapshotFileName(dir: string, kind: string): string {
  return path.join(dir, `${kind}-pending.records`);
}

/** The columns file's key (hex sha256); `format` is COLUMNS_FORMAT, `fingerprint` the column layout's. */
export function columnsId(format: number, indexKey: string, reposHash: string, usersHash: string, issuesHash: string, fingerprint: string): string {
  return sha256(`${format}|${indexKey}|${reposHash}|${usersHash}|${issuesHash}|${fingerprint}`);
}

/** The columns file of a kind and {@link columnsId}. */
export function columnsFileName(dir: string, kind: string, id: string): string {
  return named(dir, kind, id, '.columns');
}

/** The rendered-items file's key (hex sha256): its format and the kind's {@link columnsId} (same inputs). */
export function itemsId(format: number, columnsKey: string): string {
  return sha256(`items|${format}|${columnsKey}`);
}

/** The rendered-items file of a kind and {@link itemsId}. */
export function itemsFileName(dir: string, kind: string, id: string): string {
  return named(dir, kind, id, '.items');
}

/** The name a build pass's rendered items are written beside (as a temp file) before their key is known. */
export function pendingItemsFileName(dir: string, kind: string): string {
  return path.join(dir, `${kind}-pending.items`);
}

/** The segment-facts file of a kind and id (segment/segment.ts). */
export function segmentFileName(dir: string, kind: string, id: string): string {
  return named(dir, kind, id, '.segment');
}

/** The known-names file's key (hex sha256); `format` is ACCESS_FORMAT. */
export function knownNamesId(format: number, indexKey: string, reposHash: string, usersHash: string): string {
  return sha256(`${format}|names|${indexKey}|${reposHash}|${usersHash}`);
}

/** The known-names file of a kind and {@link knownNamesId}. */
export function knownNamesFileName(dir: string, kind: string, id: string): string {
  return named(dir, kind, id, '.names.json');
}

/** The hash memo's key (hex sha256) over the dump files' identities, one line per file. */
export function hashMemoId(identities: readonly string[]): string {
  return sha256(identities.join('\n'));
}

/** The file remembering a kind's dump hash, keyed by {@link hashMemoId}. */
export function hashMemoFileName(dir: string, kind: string, id: string): string {
  return path.join(dir, `${kind}-hash-${id.slice(0, 32)}.txt`);
}

/** Bumped when the digest memo's layout changes (digest-memo.ts). */
export const DIGEST_MEMO_FORMAT = 1;

/** The digest memo of a cache directory (digest-memo.ts). */
export function digestMemoFileName(dir: string): string {
  return path.join(dir, `digests-${DIGEST_MEMO_FORMAT}.json`);
}

/** A fresh name for a build's spill file of sorted posting runs in `dir` (a temp file: never mistaken for a cache file). */
export function spillFileName(dir: string, kind: string): string {
  return tempFileName(path.join(dir, `${kind}-index-runs`));
}
