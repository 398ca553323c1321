/**
 * On-disk cache of built indexes. A cache file is keyed by the tool version, the kind, the kind table's field
 * layout and the dump's content hash for that kind, so a second run loads instead of building and a changed dump
 * (or a new tool version) is never served a stale index. Files are written atomically (temp file + rename).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { KindSpec } from '../kinds/spec.js';
import { TOOL_VERSION } from '../version.js';
import type { SerializedLunr } from './text-index.js';

/** Bumped whenever the on-disk layout or the analyzers change meaning. */
export const CACHE_FORMAT = 1;

/** What a cache file holds besides the index, checked on load. */
interface CacheFile {
  format: number;
  version: string;
  kind: string;
  key: string;
  docCount: number;
  index: SerializedLunr;
}

/**
 * The default cache directory: `$SEARCH_CACHE_DIR`, else `$XDG_CACHE_HOME/offline-github-search`, else
 * `~/.cache/offline-github-search`.
 */
export function defaultCacheDir(): string {
  if (process.env.SEARCH_CACHE_DIR) return process.env.SEARCH_CACHE_DIR;
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'offline-github-search');
}

/** The cache key of a kind's index: sha256 over format, tool version, field layout and the dump hash. */
export function cacheKey(spec: KindSpec, dumpHash: string): string {
  const layout = spec.fields.map((f) => `${f.name}:${f.analyzer}:${f.boost}`).join(',');
  return createHash('sha256').update(`${CACHE_FORMAT}|${TOOL_VERSION}|${spec.kind}|${layout}|${dumpHash}`).digest('hex');
}

function fileFor(dir: string, kind: string, key: string): string {
  return path.join(dir, `${kind}-${key.slice(0, 32)}.json`);
}

/**
 * Load a cached index, or undefined when there is none or it does not match (a corrupt or foreign file is
 * ignored and rebuilt, never served).
 * @returns the serialised index and its size in bytes
 */
export async function loadCached(
  dir: string,
  kind: string,
  key: string,
  docCount: number,
): Promise<{ index: SerializedLunr; bytes: number } | undefined> {
  let text: string;
  try {
    text = await readFile(fileFor(dir, kind, key), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const file = JSON.parse(text) as CacheFile;
    const valid =
      file.format === CACHE_FORMAT && file.version === TOOL_VERSION && file.kind === kind && file.key === key && file.docCount === docCount;
    return valid ? { index: file.index, bytes: Buffer.byteLength(text) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Save an index; failures (read-only or full disk) are reported through the return value, never thrown: a
 * search still answers from the index in memory.
 * @returns bytes written, or undefined when the cache could not be written
 */
export async function saveCached(
  dir: string,
  kind: string,
  key: string,
  docCount: number,
  index: SerializedLunr,
): Promise<number | undefined> {
  const target = fileFor(dir, kind, key);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(dir, { recursive: true });
    const text = JSON.stringify({ format: CACHE_FORMAT, version: TOOL_VERSION, kind, key, docCount, index } satisfies CacheFile);
    await writeFile(temp, text);
    await rename(temp, target);
    return Buffer.byteLength(text);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
    return undefined;
  }
}
