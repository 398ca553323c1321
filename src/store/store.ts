/**
 * The searchable store over one dump: records per kind plus their text indexes, built on first use and cached
 * on disk (see index-cache.ts). Kinds load lazily: a commit search never loads the issue index.
 */
import path from 'node:path';
import { specOf } from '../kinds/catalog.js';
import { KINDS, type Kind, type RawRecord } from '../kinds/kind.js';
import { Collection } from './collection.js';
import { openDump, type Dump } from './dump.js';
import { cacheKey, defaultCacheDir, loadCached, saveCached } from './index-cache.js';
import { buildLunrIndex, LunrTextIndex, type SerializedLunr } from './text-index.js';

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
  /** Size of the cached index file (0 when the cache could not be written). */
  indexBytes: number;
}

export interface StoreOptions {
  /** Where cached indexes go. Default: {@link defaultCacheDir}. */
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
  /** Build (or load from cache) the index of every kind present; one report per kind. Throws DataError. */
  prebuild(kinds?: readonly Kind[]): Promise<BuildReport[]>;
  /** The searchable collection of a kind (empty when the dump lacks it). Throws DataError. */
  collection(kind: Kind): Promise<Collection>;
}

class DumpStore implements Store {
  readonly source: string;
  private dump: Promise<Dump> | undefined;
  private readonly collections = new Map<Kind, Promise<{ collection: Collection; report: BuildReport }>>();
  private readonly cacheDir: string;

  constructor(source: string, private readonly options: StoreOptions) {
    this.source = path.resolve(source);
    this.cacheDir = options.cacheDir ?? defaultCacheDir();
  }

  private openDump(): Promise<Dump> {
    this.dump ??= openDump(this.source);
    return this.dump;
  }

  private async records(kind: Kind): Promise<RawRecord[]> {
    const dump = await this.openDump();
    return dump.has(kind) ? (await dump.load(kind)).records : [];
  }

  async counts(): Promise<Partial<Record<Kind, number>>> {
    const dump = await this.openDump();
    const out: Partial<Record<Kind, number>> = {};
    for (const kind of dump.kinds) out[kind] = (await dump.load(kind)).records.length;
    return out;
  }

  async prebuild(kinds?: readonly Kind[]): Promise<BuildReport[]> {
    const dump = await this.openDump();
    const wanted = kinds ?? dump.kinds;
    const reports: BuildReport[] = [];
    for (const kind of KINDS) if (wanted.includes(kind)) reports.push((await this.entry(kind)).report);
    return reports;
  }

  async collection(kind: Kind): Promise<Collection> {
    return (await this.entry(kind)).collection;
  }

  private entry(kind: Kind): Promise<{ collection: Collection; report: BuildReport }> {
    let entry = this.collections.get(kind);
    if (!entry) {
      entry = this.build(kind);
      entry.catch(() => this.collections.delete(kind));
      this.collections.set(kind, entry);
    }
    return entry;
  }

  private async build(kind: Kind): Promise<{ collection: Collection; report: BuildReport }> {
    const started = performance.now();
    const spec = specOf(kind);
    const dump = await this.openDump();
    const loaded = dump.has(kind) ? await dump.load(kind) : undefined;
    const records = loaded?.records ?? [];
    const neighbours = {
      repositories: kind === 'repositories' ? records : await this.records('repositories'),
      users: kind === 'users' ? records : await this.records('users'),
      issues: spec.needs?.includes('issues') ? await this.records('issues') : [],
    };
    const progress = this.options.onProgress;
    const key = cacheKey(spec, loaded?.hash ?? 'empty');
    const cached = await loadCached(this.cacheDir, kind, key, records.length);
    const collection = new Collection(spec, records, loaded?.pulls ?? new Map(), neighbours);
    let source: BuildReport['source'];
    let indexBytes: number;
    if (cached) {
      collection.attachIndex(new LunrTextIndex(cached.index, records.length));
      source = 'cached';
      indexBytes = cached.bytes;
    } else {
      progress?.({ kind, phase: 'build', done: 0, total: records.length });
      const lunrIndex = buildLunrIndex(spec, collection, (done) => progress?.({ kind, phase: 'build', done, total: records.length }));
      const serialized = lunrIndex.toJSON() as unknown as SerializedLunr;
      progress?.({ kind, phase: 'save', done: records.length, total: records.length });
      indexBytes = (await saveCached(this.cacheDir, kind, key, records.length, serialized)) ?? 0;
      collection.attachIndex(new LunrTextIndex(serialized, records.length));
      source = 'built';
    }
    const report: BuildReport = { kind, records: records.length, source, ms: performance.now() - started, indexBytes };
    return { collection, report };
  }
}

/**
 * Open a dump for searching. Reads nothing until the first search or `counts`/`prebuild`.
 * @param source a dump directory or single JSON file (see README, "Dump format")
 */
export function openStore(source: string, options: StoreOptions = {}): Store {
  return new DumpStore(source, options);
}
