/**
 * The searchable store over one dump: records per kind plus their text indexes, built on first use and cached
 * on disk. CONTRACT STUB — implementation lands with the core.
 */
import type { Kind } from '../kinds/kind.js';

/** Progress of an index build, for stderr progress bars. `done`/`total` count records. */
export interface BuildProgress {
  kind: Kind;
  phase: 'load' | 'build' | 'save';
  done: number;
  total: number;
}

/** What `prebuild` did for one kind. Times in ms, sizes in bytes. */
export interface BuildReport {
  kind: Kind;
  records: number;
  /** `built` when the index was (re)built, `cached` when a valid cache was loaded. */
  source: 'built' | 'cached';
  ms: number;
  indexBytes: number;
}

export interface StoreOptions {
  /** Where cached indexes go. Default: `$SEARCH_CACHE_DIR`, else `$XDG_CACHE_HOME/offline-github-search`, else `~/.cache/offline-github-search`. */
  cacheDir?: string;
  /** Called during long loads and builds. */
  onProgress?: (progress: BuildProgress) => void;
}

/** An opened dump. Opening reads nothing; kinds load lazily on first search. */
export interface Store {
  /** Absolute path of the dump (directory or single JSON file). */
  readonly source: string;
  /** Record counts per kind present in the dump (loads records, builds no index). */
  counts(): Promise<Partial<Record<Kind, number>>>;
  /** Build (or load from cache) the index of every kind present; one report per kind. */
  prebuild(kinds?: readonly Kind[]): Promise<BuildReport[]>;
}

export function openStore(_source: string, _options: StoreOptions = {}): Store {
  throw new Error('openStore: not implemented yet');
}
