/**
 * The searchable store over one dump: records per kind plus their text indexes, built on first use and cached
 * on disk (see index-cache.ts). Kinds load lazily: a commit search never loads the issue index.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { specOf } from '../kinds/catalog.js';
import { KINDS, type Kind, type RawRecord } from '../kinds/kind.js';
import { Collection } from './collection.js';
import { DataError } from './data-error.js';
import { openDump, type Dump, type LoadedKind } from './dump.js';
import { cacheKey, defaultCacheDir, loadCached, saveCached } from './index-cache.js';
import {
  knownNamesFile, loadKnownNamesSync, loadPrivateDocs, loadSnapshot, saveKnownNames, savePrivateDocs, saveSnapshot, type PullLookup,
} from './record-snapshot.js';
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

/**
 * A kind's dump hash, memoised in the cache directory on its files' identity (path, size, mtime in ns, inode,
 * device), as git and make trust file stats: a cold query then skips reading and hashing the dump's bytes
 * (~0.75 s for a 516 MB dump). Any change to a file changes its size or mtime, so it is hashed again.
 */
async function memoizedHash(dump: Dump, kind: Kind, cacheDir: string): Promise<string> {
  const files = dump.hashFiles(kind);
  if (files.length === 0) return dump.hash(kind);
  let identity: string;
  try {
    identity = files
      .map((file) => {
        const st = statSync(file, { bigint: true });
        return `${file}|${st.size}|${st.mtimeNs}|${st.ino}|${st.dev}`;
      })
      .join('\n');
  } catch {
    return dump.hash(kind);
  }
  const memo = path.join(cacheDir, `${kind}-hash-${createHash('sha256').update(identity).digest('hex').slice(0, 32)}.txt`);
  try {
    const known = readFileSync(memo, 'utf8');
    if (/^[0-9a-f]{64}$/.test(known)) return known;
  } catch {
    // no memo yet
  }
  const hash = await dump.hash(kind);
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${memo}.${process.pid}.tmp`, hash);
    renameSync(`${memo}.${process.pid}.tmp`, memo);
  } catch {
    // a read-only cache only costs the next run a re-hash
  }
  return hash;
}

/** A kind's records as a collection reads them: from the dump or (lazily parsed) from a cached snapshot. */
interface KindRecords {
  records: readonly RawRecord[];
  pulls: PullLookup;
  /** The kind's dump hash ({@link LoadedKind.hash}); undefined when the dump lacks the kind. */
  hash: string | undefined;
}

const EMPTY: KindRecords = { records: [], pulls: new Map(), hash: undefined };

class DumpStore implements Store {
  readonly source: string;
  private dump: Promise<Dump> | undefined;
  private readonly kindRecordsByKind = new Map<Kind, Promise<KindRecords>>();
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

  /** A kind's records (once): from its snapshot when one matches the dump, else loaded (and snapshotted). */
  private kindRecords(kind: Kind): Promise<KindRecords> {
    let promise = this.kindRecordsByKind.get(kind);
    if (!promise) {
      promise = this.loadKindRecords(kind);
      promise.catch(() => this.kindRecordsByKind.delete(kind));
      this.kindRecordsByKind.set(kind, promise);
    }
    return promise;
  }

  private async loadKindRecords(kind: Kind): Promise<KindRecords> {
    const dump = await this.openDump();
    if (!dump.has(kind)) return EMPTY;
    const spec = specOf(kind);
    if (dump.cheapHash) {
      const hash = await memoizedHash(dump, kind, this.cacheDir);
      // A corrupt snapshot found mid-search falls back to the dump, so long as the dump still has this hash.
      const fallback = (): LoadedKind => {
        const loaded = dump.loadSync(kind);
        if (loaded.hash !== hash) throw new DataError('the dump changed while it was being searched; search again', { file: loaded.files[0] ?? this.source });
        return loaded;
      };
      const snapshot = await loadSnapshot(this.cacheDir, kind, cacheKey(spec, hash), fallback);
      if (snapshot) return { records: snapshot.records, pulls: snapshot.pulls, hash };
    }
    const loaded = await dump.load(kind);
    // A single-file dump is parsed whole when opened: a snapshot would save nothing.
    if (dump.cheapHash) await saveSnapshot(this.cacheDir, kind, cacheKey(spec, loaded.hash), loaded.records, loaded.pulls);
    return { records: loaded.records, pulls: loaded.pulls, hash: loaded.hash };
  }

  async counts(): Promise<Partial<Record<Kind, number>>> {
    const dump = await this.openDump();
    const out: Partial<Record<Kind, number>> = {};
    for (const kind of dump.kinds) out[kind] = (await this.kindRecords(kind)).records.length;
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
    const own = await this.kindRecords(kind);
    const records = own.records;
    const repositories = kind === 'repositories' ? own : await this.kindRecords('repositories');
    const users = kind === 'users' ? own : await this.kindRecords('users');
    const neighbours = {
      repositories: repositories.records,
      users: users.records,
      issues: spec.needs?.includes('issues') ? (await this.kindRecords('issues')).records : [],
    };
    const progress = this.options.onProgress;
    const key = cacheKey(spec, own.hash ?? 'empty');
    const cached = await loadCached(this.cacheDir, kind, key, records.length);
    // The private documents read the repositories too: cached under both kinds' hashes.
    const reposHash = repositories.hash ?? 'none';
    const knownPrivate = records.length === 0 ? [] : await loadPrivateDocs(this.cacheDir, kind, key, reposHash, records.length);
    // The known names read the own records, the repositories and the users: cached under all three, read lazily.
    const names = knownNamesFile(this.cacheDir, kind, key, reposHash, users.hash ?? 'none');
    const collection = new Collection(spec, records, own.pulls, neighbours, knownPrivate, () => loadKnownNamesSync(names, kind));
    if (!knownPrivate) await savePrivateDocs(this.cacheDir, kind, key, reposHash, records.length, collection.privateDocs);
    if (!existsSync(names.file)) await saveKnownNames(names, kind, collection.knownNameLists());
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
