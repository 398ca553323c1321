/**
 * The searchable store over one dump: records per kind plus their text indexes, built on first use and cached
 * on disk (see cache/index-cache.ts). Kinds load lazily: a commit search never loads the issue index.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { neighbourKinds, SHARED_NEIGHBOURS, specOf } from '../kinds/catalog.js';
import { KINDS, type Kind } from '../kinds/kind.js';
import type { KindSpec, NeighbourKind } from '../kinds/spec.js';
import { knownNamesFile, loadKnownNamesSync, saveKnownNames } from '../access/cache-files.js';
import { PrivateDocs } from '../access/private-docs.js';
import { CollectionBudget, memoryBudgetBytes } from './memory-budget.js';
import { Segment, segmentId, writeSegment } from '../segment/segment.js';
import { CHAMPION_REACH, championFields, championForm, championPriors, derivePriors, segmentFacts } from '../segment/facts.js';
import { Collection, NameCollector, PrivateCollector, type Neighbours, type OwnNames } from './collection.js';
import type { CompactIndex } from '../index/compact-index.js';
import { buildCompactIndex, CompactIndexBuilder } from '../index/index-builder.js';
import { ParallelIndexer } from './parallel-indexer.js';
import { columnDefs, ColumnsCollector } from './column-defs.js';
import { COLUMNS_FORMAT, openColumns, saveColumns } from '../cache/columns.js';
import { dumpFallback, ingestKind, type IngestedKind, type RecordConsumer } from './ingest.js';
import { openDump, type Dump, type KindRecords as DumpKindRecords } from '../dump/dump.js';
import { cacheKey, cacheSink, defaultCacheDir, loadCached, openCachedSync, saveCached } from '../cache/index-cache.js';
import { forEachRecord, loadSnapshot, maySnapshot, snapshotTexts } from '../cache/record-snapshot.js';
import { readRegularSync } from '../cache/regular-file.js';
import { cacheNotice } from '../cache/notice.js';
import { sweepStaleTemps, writeAtomicallySync } from '../cache/temp-file.js';
import { DataError } from '../dump/data-error.js';
import { nextTurn } from '../dump/time-slices.js';
import { columnsFileName, columnsId, hashMemoFileName, hashMemoId, itemsFileName, itemsId, pendingItemsFileName, segmentFileName, spillFileName } from '../cache/file-names.js';
import { ItemFile, itemFileOf, ItemFileWriter, ITEMS_FORMAT, writeItemFile } from '../cache/item-file.js';
import { itemCompactBytes } from '../envelope/item-json.js';
import { PLAIN_MEDIA } from '../request/media-type.js';
import { HealingTextIndex } from './healing-index.js';
import { OpenLabelCounter } from './open-labels.js';
import { LunrTextIndex } from '../index/text-index.js';
import { hiddenLengthSums } from '../index/visible-statistics.js';
import { shareDictionaryBudget } from '../cache/compact-index-file.js';
import { ensureLanguages } from '../text/languages.js';

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
  /**
   * The memory budget of each collection's caches, in bytes (store/memory-budget.ts). Default: `SEARCH_MEMORY_BUDGET`
   * (MiB), else 256 MiB.
   */
  memoryBytes?: number;
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
 * Where a kind's dump hash is memoised in the cache directory: keyed on its files' identity (path, size, mtime and
 * ctime in ns, inode, device), as git trusts file stats, so a cold query skips reading and hashing the dump's
 * bytes (~0.75 s for a 516 MB dump). Any write to a file changes its ctime, even when the size stays and the
 * mtime is set back (`touch -d`), so it is hashed again.
 * Undefined when the dump has no files to stat (single-file dumps, absent kinds) or they cannot be stat'ed.
 */
function hashMemoFile(dump: Dump, kind: Kind, cacheDir: string): string | undefined {
  const files = dump.hashFiles(kind);
  if (files.length === 0) return undefined;
  try {
    const identities = files.map((file) => {
      const st = statSync(file, { bigint: true });
      return `${file}|${st.size}|${st.mtimeNs}|${st.ctimeNs}|${st.ino}|${st.dev}`;
    });
    return hashMemoFileName(cacheDir, kind, hashMemoId(identities));
  } catch {
    return undefined;
  }
}

/** The memoised hash, or undefined when there is none (or it is not a hash). */
function readHashMemo(memo: string | undefined): string | undefined {
  if (!memo) return undefined;
  let known: string;
  try {
    known = readRegularSync(memo).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') cacheNotice(memo, (error as Error).message);
    return undefined;
  }
  if (/^[0-9a-f]{64}$/.test(known)) return known;
  cacheNotice(memo, 'not a content hash');
  return undefined;
}

/** Remember a hash (atomically; a read-only cache only costs the next run a re-hash). */
function writeHashMemo(memo: string | undefined, hash: string): void {
  if (memo) writeAtomicallySync(memo, hash);
}

/**
 * Refuse a cache directory that exists but is not a directory (a file named like it): nothing could be cached or
 * healed there, and every cache file would look damaged. A missing one is created when first written.
 * @throws DataError naming the path (exit 3)
 */
function assertCacheDirectory(dir: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch {
    return; // missing (created on first write) or unreadable (every cache write then fails quietly)
  }
  if (!isDirectory) throw new DataError('not a directory (the index cache goes there: point SEARCH_CACHE_DIR at a directory)', { file: dir });
}

/**
 * A kind's records as a collection reads them: from the dump or (lazily parsed) from a cached snapshot; the hash is
 * undefined when the dump lacks the kind.
 */
type KindRecords = DumpKindRecords<string | undefined>;

const EMPTY: KindRecords = { records: [], pulls: new Map(), hash: undefined };

class DumpStore implements Store {
  readonly source: string;
  private dump: Promise<Dump> | undefined;
  private readonly kindRecordsByKind = new Map<Kind, Promise<KindRecords>>();
  private readonly collections = new Map<Kind, Promise<{ collection: Collection; report: BuildReport }>>();
  private readonly preparing = new Map<Kind, Promise<Prepared>>();
  private readonly cacheDir: string;

  constructor(source: string, private readonly options: StoreOptions) {
    this.source = path.resolve(source);
    this.cacheDir = options.cacheDir ?? defaultCacheDir();
  }

  private openDump(): Promise<Dump> {
    this.dump ??= Promise.resolve().then(() => {
      assertCacheDirectory(this.cacheDir);
      return openDump(this.source);
    });
    return this.dump;
  }

  /** A kind's records (once): from its snapshot when one matches the dump, else streamed (and snapshotted). */
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
    const cached = await this.snapshotRecords(dump, kind);
    if (cached) return cached;
    if (!dump.cheapHash) {
      // A single-file dump is parsed whole when opened: a snapshot would save nothing.
      const loaded = await dump.load(kind);
      return { records: loaded.records, pulls: loaded.pulls, hash: loaded.hash };
    }
    // No consumers: the pass reads no neighbours (so kinds that read each other never wait on each other).
    const ingested = await this.ingest(dump, kind, { repositories: [], users: [], issues: [] }, []);
    return { records: ingested.records, pulls: ingested.pulls, hash: ingested.hash };
  }

  /**
   * The kind's records from a snapshot matching the dump's content hash, or undefined. The hash is the memoised
   * one when the files' identity is known; otherwise (a dump new to this cache, or the same bytes at another
   * path) the files are hashed now, so that an identical copy finds the artefacts its content is keyed by instead
   * of rebuilding them (the memo is keyed by path and stats; the cache by content).
   */
  private async snapshotRecords(dump: Dump, kind: Kind): Promise<KindRecords | undefined> {
    if (!dump.cheapHash) return undefined;
    const memo = hashMemoFile(dump, kind, this.cacheDir);
    let hash = readHashMemo(memo);
    if (!hash && memo) {
      // No snapshot of the kind at all: the pass that writes one hashes the dump on the way (read once, not twice).
      if (!maySnapshot(this.cacheDir, kind)) return undefined;
      hash = await dump.hash(kind);
      writeHashMemo(memo, hash);
    }
    if (!hash) return undefined;
    // A corrupt snapshot found mid-search falls back to the dump, so long as the dump still has this hash.
    const snapshot = await loadSnapshot(this.cacheDir, kind, cacheKey(specOf(kind), hash), dumpFallback(dump, kind, hash));
    return snapshot ? { records: snapshot.records, pulls: snapshot.pulls, hash } : undefined;
  }

  /** Stream a kind once through `consumers`, writing its snapshot and remembering its hash. */
  private async ingest(dump: Dump, kind: Kind, neighbours: Neighbours, consumers: readonly RecordConsumer[]): Promise<IngestedKind> {
    const memo = hashMemoFile(dump, kind, this.cacheDir); // the files' identity before they are read
    sweepStaleTemps(this.cacheDir); // what a killed build left behind
    const progress = this.options.onProgress;
    progress?.({ kind, phase: 'load', done: 0, total: 0 });
    const ingested = await ingestKind(dump, kind, specOf(kind), this.cacheDir, neighbours, consumers, (done, total) =>
      progress?.({ kind, phase: consumers.length > 0 ? 'build' : 'load', done, total }),
    );
    writeHashMemo(memo, ingested.hash);
    return ingested;
  }

  /** The key of a kind's columns file (and of the files keyed like it: items, segment). */
  private async columnsKey(spec: KindSpec, hash: string | undefined, reposHash: string, usersHash: string): Promise<string> {
    // The hashes of the kinds the table needs besides the shared neighbours (their records feed its columns).
    const needed: string[] = [];
    for (const kind of neighbourKinds(spec)) {
      if (!SHARED_NEIGHBOURS.includes(kind) && kind !== spec.kind) needed.push((await this.kindRecords(kind)).hash ?? 'none');
    }
    return columnsId(COLUMNS_FORMAT, cacheKey(spec, hash ?? 'empty'), reposHash, usersHash, needed.join(',') || '-', columnDefs(spec).fingerprint);
  }

  /**
   * Give the collection its columns: those a streaming pass just built (saved for next time), else the column
   * file matching the dump and the getters, else built now from the records and saved (a directory dump only: a
   * single-file dump's records are in memory anyway, so its columns are built in memory on first use).
   */
  private async attachColumns(collection: Collection, dump: Dump, id: string, streamed: ColumnsCollector | undefined): Promise<void> {
    const { spec } = collection;
    const file = columnsFileName(this.cacheDir, collection.kind, id);
    const count = collection.records.length;
    if (dump.cheapHash && count > 0) await this.openItems(collection, itemsFileName(this.cacheDir, collection.kind, itemsId(ITEMS_FORMAT, id)));
    if (!streamed && (!dump.cheapHash || count === 0)) return;
    if (!streamed) {
      const stored = openColumns(file, id, count);
      if (stored) {
        collection.attachColumns(stored);
        return;
      }
      if (spec.detectsLanguages) await ensureLanguages();
      streamed = new ColumnsCollector(columnDefs(spec));
      const collector = streamed;
      collection.records.forEach((record, doc) => collector.add(record, doc, collection));
    }
    // Written from the builders' own arrays, then read back from the file as a later process would (lazily, each
    // column as it is first used): a second copy of every column is never held. Unwritable: the copies, in memory.
    const saved = await saveColumns(file, id, count, streamed.views());
    const stored = saved === undefined ? undefined : openColumns(file, id, count);
    collection.attachColumns(stored ?? streamed.finish());
  }

  /**
   * Compute the collection's segment facts (segment/segment.ts) from its columns and its index `index` (the
   * private documents' field-length sums), write them and attach the file (directory dumps with records only;
   * otherwise the facts are derived on first use). The build's step, once: an opened segment is attached as it
   * is opened ({@link prepare}).
   * @param given the clock and priors already derived, and the champion lists the index worker made (segmentFacts)
   */
  private writeSegment(collection: Collection, dump: Dump, file: string, id: string, index: CompactIndex, given?: Parameters<typeof segmentFacts>[3]): void {
    const count = collection.records.length;
    if (!dump.cheapHash || count === 0) return;
    let lengths: Map<string, number> | undefined;
    if (index.hasStatistics && collection.privateDocs.length > 0) {
      const sums = hiddenLengthSums(index, collection.privateDocs.docs);
      lengths = new Map(index.fields.map((field, f) => [field.name, sums[f]!]));
    }
    if (writeSegment(file, collection.kind, id, count, segmentFacts(collection, lengths, index, given)) === undefined) return;
    const written = Segment.open(file, collection.kind, id, count);
    if (written) collection.attachSegment(written);
  }

  /**
   * The other kinds' records a kind's table reads ({@link neighbourKinds}), loaded in that order; a kind that is its
   * own neighbour reads `own` (loaded before). Kinds the table does not read stay empty.
   */
  private async neighbours(spec: KindSpec, own: KindRecords | undefined): Promise<Neighbours> {
    const neighbours: Neighbours = { repositories: [], users: [], issues: [] };
    for (const kind of neighbourKinds(spec)) neighbours[kind] = kind === spec.kind ? own!.records : (await this.kindRecords(kind)).records;
    return neighbours;
  }

  async counts(): Promise<Partial<Record<Kind, number>>> {
    const dump = await this.openDump();
    const out: Partial<Record<Kind, number>> = {};
    for (const kind of dump.kinds) out[kind] = (await this.kindRecords(kind)).records.length;
    return out;
  }

  async prebuild(kinds?: readonly Kind[]): Promise<BuildReport[]> {
    const dump = await this.openDump();
    sweepStaleTemps(this.cacheDir);
    const wanted = kinds ?? dump.kinds;
    const reports: BuildReport[] = [];
    for (const kind of KINDS) {
      if (!wanted.includes(kind)) continue;
      // The items are rendered while a fresh index may still be merging on the worker thread.
      const prepared = await this.prepared(kind);
      this.writeItems(prepared.collection);
      const { report } = await this.entry(kind);
      reports.push({ ...report, ms: performance.now() - prepared.started });
    }
    return reports;
  }

  /** Where each kind's rendered-items file is (directory dumps with records only). */
  private readonly itemFiles = new Map<Kind, string>();

  /**
   * Open issues per label counted while a kind that another kind's table reads (`needs`: the issues a repository
   * counts) streamed through its build pass, with the records they were counted over: a collection whose issues
   * are those records is seeded with them instead of reading every issue again.
   */
  private openLabels: { records: KindRecords['records']; counter: OpenLabelCounter } | undefined;

  /** Items a build pass is writing, by kind, until their file's name is known ({@link openItems}). */
  private readonly itemsInPass = new Map<Kind, ItemFileWriter>();

  /** Items the index worker of a build pass wrote, by kind: the finishing of their file (its size, or undefined). */
  private readonly itemsFromWorker = new Map<Kind, Promise<number | undefined>>();

  /**
   * A consumer of the build pass that renders each record's item (what `writeItems` would write afterwards, from
   * the same record and the same neighbours) into a new rendered-items file; undefined when none can be written.
   * A record whose item cannot be rendered drops the file (its items are then rendered per request).
   */
  private renderItemsInPass(kind: Kind, spec: KindSpec): RecordConsumer | undefined {
    this.itemsInPass.get(kind)?.abort();
    const writer = ItemFileWriter.open(pendingItemsFileName(this.cacheDir, kind));
    if (!writer) return undefined;
    this.itemsInPass.set(kind, writer);
    // Where each record's text starts among the snapshot's texts: they are written back to back in document order.
    let start = 0;
    return {
      add(record, doc, view, text) {
        const record_ = text && { bytes: text, start };
        start += text?.length ?? 0;
        if (!writer.open) return;
        try {
          const item = itemCompactBytes(spec, record, doc, view, PLAIN_MEDIA);
          if (item) writer.add(item, record_);
          else writer.abort();
        } catch {
          writer.abort();
        }
      },
    };
  }

  /**
   * Remember the collection's rendered-items file and use it when it exists (opened on first use); a build pass's
   * items are finished into it first.
   */
  private async openItems(collection: Collection, file: string): Promise<void> {
    this.itemFiles.set(collection.kind, file);
    const fromWorker = this.itemsFromWorker.get(collection.kind);
    if (fromWorker) {
      this.itemsFromWorker.delete(collection.kind);
      await fromWorker;
    }
    const pending = this.itemsInPass.get(collection.kind);
    if (pending) {
      this.itemsInPass.delete(collection.kind);
      pending.finish(file, collection.records.length);
    }
    // Opened when an answer first renders an item (a query matching nothing, or asking only for a count, never
    // opens it); a damaged file is then noticed and deleted as it would have been here.
    const count = collection.records.length;
    collection.attachItems(() => ItemFile.open(file, count));
  }

  /**
   * Write the collection's rendered-items file when it has none (a pass over the records, one held at a time), so
   * a server answers pages by concatenation. Only a build asks for it (`search index`, `search serve`): a query
   * renders the few items of its page itself.
   */
  private writeItems(collection: Collection): void {
    const file = this.itemFiles.get(collection.kind);
    if (!file || itemFileOf(collection)) return;
    const { spec, records, kind } = collection;
    const total = records.length;
    const progress = this.options.onProgress;
    const texts = snapshotTexts(records);
    const written = writeItemFile(file, total, (add) =>
      forEachRecord(records, (record, doc) => {
        const item = itemCompactBytes(spec, record, doc, collection, PLAIN_MEDIA);
        if (!item) throw new Error('an item cannot be stored');
        const text = texts?.text(doc);
        add(item, text && { bytes: text, start: texts!.start(doc) });
        if (progress && (doc + 1) % 4096 === 0) progress({ kind, phase: 'save', done: doc + 1, total });
      }),
    );
    if (written === undefined) return;
    const items = ItemFile.open(file, records.length);
    if (items) collection.attachItems(items);
  }

  async collection(kind: Kind): Promise<Collection> {
    return (await this.entry(kind)).collection;
  }

  private entry(kind: Kind): Promise<{ collection: Collection; report: BuildReport }> {
    let entry = this.collections.get(kind);
    if (!entry) {
      entry = this.prepared(kind).then((prepared) => prepared.indexed);
      entry.catch(() => this.collections.delete(kind));
      this.collections.set(kind, entry);
    }
    return entry;
  }

  /** {@link prepare}, once per kind (again after a failure). */
  private prepared(kind: Kind): Promise<Prepared> {
    let prepared = this.preparing.get(kind);
    if (!prepared) {
      prepared = this.prepare(kind);
      const settled = prepared.then((p: Prepared) => p.indexed);
      settled.catch(() => this.preparing.delete(kind));
      this.preparing.set(kind, prepared);
    }
    return prepared;
  }

  /**
   * A kind's collection with its records, columns and names, and (`indexed`) the same once its index is attached:
   * a build's index may still be merging into its file on the worker thread while the caller goes on (prebuild
   * renders the items meanwhile).
   */
  private async prepare(kind: Kind): Promise<Prepared> {
    const started = performance.now();
    const spec = specOf(kind);
    const dump = await this.openDump();
    const progress = this.options.onProgress;
    const selfNeighbour = (neighbourKinds(spec) as readonly Kind[]).includes(kind);
    // The kind's own records when they can be had without a pass over the dump (or are needed as a neighbour).
    let own: KindRecords | undefined;
    if (this.kindRecordsByKind.has(kind) || selfNeighbour || !dump.has(kind) || !dump.cheapHash) own = await this.kindRecords(kind);
    else {
      own = await this.snapshotRecords(dump, kind);
      if (own) this.kindRecordsByKind.set(kind, Promise.resolve(own));
    }
    const neighbours = await this.neighbours(spec, own);
    const hashOf = async (neighbour: NeighbourKind): Promise<string> => (neighbour === kind ? own! : await this.kindRecords(neighbour)).hash ?? 'none';
    const reposHash = await hashOf('repositories');
    const usersHash = await hashOf('users');

    let built: CompactIndex | undefined;
    /** Bytes of the index file the streaming pass writes into the cache (undefined: not written, or no pass). */
    let streamed: Promise<number | undefined> = Promise.resolve(undefined);
    let columns: ColumnsCollector | undefined;
    let streamedPrivate: PrivateDocs | undefined;
    let streamedNames: OwnNames | undefined;
    /** The worker making the champion lists while it merges (it waits for the priors, handed over below). */
    let listsFromWorker: ParallelIndexer | undefined;
    if (!own) {
      // No snapshot yet: one streaming pass builds the snapshot, the index and the per-record facts together.
      // Columns must hold what a query computes (code detects languages from file names: load linguist's data).
      if (spec.detectsLanguages) await ensureLanguages();
      // On a second thread when the built package runs (same result; see store/parallel-indexer.ts). The builder
      // spills sorted runs of postings next to the cache and streams the finished index into its cache file.
      const spillFile = spillFileName(this.cacheDir, kind);
      const parallel = ParallelIndexer.start(spec, spillFile, pendingItemsFileName(this.cacheDir, kind));
      const indexer = parallel ?? new CompactIndexBuilder(spec, { spillFile });
      const names = new NameCollector(spec);
      const privates = new PrivateCollector(spec, names);
      columns = new ColumnsCollector(columnDefs(spec));
      // The rendered items too (their texts rendered on this thread, stored by the worker when there is one):
      // named once the columns' key is known.
      const items = parallel ? parallel.renderItems() : this.renderItemsInPass(kind, spec);
      // A kind another table needs (issues, for repositories' label counts) is counted on the way.
      const needed = !(SHARED_NEIGHBOURS as readonly Kind[]).includes(kind) && KINDS.some((other) => ((specOf(other).needs ?? []) as readonly Kind[]).includes(kind));
      const labels = needed ? new OpenLabelCounter() : undefined;
      let ingested: IngestedKind;
      try {
        ingested = await this.ingest(dump, kind, neighbours, [indexer, privates, columns, ...(items ? [items] : []), ...(labels ? [labels] : [])]);
      } catch (error) {
        if (parallel) parallel.abort();
        else (indexer as CompactIndexBuilder).dispose();
        this.itemsInPass.get(kind)?.abort();
        this.itemsInPass.delete(kind);
        throw error;
      }
      own = { records: ingested.records, pulls: ingested.pulls, hash: ingested.hash };
      this.kindRecordsByKind.set(kind, Promise.resolve(own));
      if (labels) this.openLabels = { records: own.records, counter: labels };
      const streamedKey = cacheKey(spec, own.hash ?? 'empty');
      // Merging the sorted runs into the index file is the build's last stretch.
      progress?.({ kind, phase: 'save', done: own.records.length, total: own.records.length });
      if (parallel && own.records.length > 0) {
        // The worker finishes the items file first (it is named by the columns' key), then merges the index.
        const itemsKey = itemsId(ITEMS_FORMAT, await this.columnsKey(spec, own.hash, reposHash, usersHash));
        this.itemsFromWorker.set(kind, parallel.finishItems(itemsFileName(this.cacheDir, kind, itemsKey), own.records.length));
      }
      // A failed worker or an unwritable cache leaves no file: the index is then built in memory from the records.
      // The private documents let the build store the long postings' block maxima for the public (src/index/stored-maxima.ts).
      const privateDocNumbers = privates.docs.docs;
      const lists = parallel && dump.cheapHash && own.records.length > 0 ? championRequest(spec, own.records.length) : undefined;
      if (lists) listsFromWorker = parallel;
      streamed = parallel
        ? parallel.finish(this.cacheDir, streamedKey, privateDocNumbers, lists).catch(() => undefined)
        : Promise.resolve((indexer as CompactIndexBuilder).finishInto(cacheSink(this.cacheDir, kind, streamedKey), privateDocNumbers));
      streamedPrivate = privates.docs;
      streamedNames = names;
    }
    const records = own.records;
    const key = cacheKey(spec, own.hash ?? 'empty');
    const columnsKey = await this.columnsKey(spec, own.hash, reposHash, usersHash);
    // The segment facts (clock, priors, private documents) are keyed like the columns they are derived from.
    const segmentKey = segmentId(columnsKey);
    const segmentFile = segmentFileName(this.cacheDir, kind, segmentKey);
    const segment = streamedPrivate || !dump.cheapHash || records.length === 0 ? undefined : Segment.open(segmentFile, kind, segmentKey, records.length);
    const knownPrivate = streamedPrivate ?? segment?.privateDocs ?? (records.length === 0 ? PrivateDocs.NONE : undefined);
    // The known names read the own records, the repositories and the users: cached under all three, read lazily.
    const names = knownNamesFile(this.cacheDir, kind, key, reposHash, usersHash);
    const budget = new CollectionBudget(this.options.memoryBytes ?? memoryBudgetBytes());
    const collection = new Collection(spec, records, own.pulls, neighbours, knownPrivate, () => loadKnownNamesSync(names, kind), budget);
    if (streamedNames) collection.seedOwnNames(streamedNames);
    if (this.openLabels && this.openLabels.records === neighbours.issues) collection.seedOpenLabels(this.openLabels.counter);
    if (streamedNames || !existsSync(names.file)) await saveKnownNames(names, kind, collection.knownNameLists());
    // A turn of the event loop between the build's long steps (a key press or a signal: dump/time-slices.ts), while
    // the collection is being built (no stored segment). One opened from its cache files takes none: its steps are
    // short, and each turn compiled and ran Node's immediate queue and async hooks in every cold query.
    if (!segment) await nextTurn();
    let derived: ReturnType<typeof derivePriors> | undefined;
    try {
      await this.attachColumns(collection, dump, columnsKey, columns);
      // The priors now (they need the columns, not the index): the worker's champion lists wait for them.
      if (listsFromWorker) derived = derivePriors(collection);
    } finally {
      listsFromWorker?.providePriors(derived && championPriors(spec, derived.priors));
    }
    columns = undefined; // (its builders' arrays are written and read back: garbage from here on)
    if (!segment) await nextTurn();
    // A stored segment now; else the build writes one once the index is there (it stores the private documents'
    // field-length sums, read from the index).
    if (segment) collection.attachSegment(segment);
    const worker = listsFromWorker;
    const writeFacts = segment
      ? undefined
      : (index: CompactIndex) => this.writeSegment(collection, dump, segmentFile, segmentKey, index, derived && { ...derived, champions: worker?.championLists() });
    const indexed = this.attachIndex(collection, key, streamed, built, started, writeFacts);
    indexed.catch(() => undefined); // (awaited by entry(); an early failure is not unhandled meanwhile)
    return { collection, indexed, started };
  }

  /** Attach the kind's index: the file a pass streamed, or the cached one, else one built in memory now. */
  private async attachIndex(
    collection: Collection,
    key: string,
    streamed: Promise<number | undefined>,
    built: CompactIndex | undefined,
    started: number,
    writeFacts?: (index: CompactIndex) => void,
  ): Promise<{ collection: Collection; report: BuildReport }> {
    const { spec, kind, records } = collection;
    const progress = this.options.onProgress;
    const streamedBytes = await streamed;
    const cached = built ? undefined : await loadCached(this.cacheDir, kind, key, records.length);
    let source: BuildReport['source'];
    let indexBytes: number;
    // The visible statistics of a viewer who reads no private repository read the segment's stored sums.
    const stored = (hidden: Uint32Array): ReadonlyMap<string, number> | undefined => collection.storedHiddenLengths(hidden);
    // …and count a rare term's hidden postings by the segment's bitmap of the private documents.
    const bits = (hidden: Uint32Array): Uint32Array | undefined => collection.storedHiddenBits(hidden);
    if (cached) {
      shareDictionaryBudget(cached.index, collection.budget);
      writeFacts?.(cached.index);
      lengthsFromSegment(collection.segment, cached.index);
      // A posting block found corrupt later is healed by rebuilding the index from the records: streamed into a
      // new cache file and read lazily again (in memory when the cache cannot be written).
      const rebuild = (): LunrTextIndex => {
        const builder = new CompactIndexBuilder(spec, { spillFile: spillFileName(this.cacheDir, kind) });
        forEachRecord(records, (record, doc) => builder.add(record, doc, collection));
        const bytes = builder.finishInto(cacheSink(this.cacheDir, kind, key), collection.privateDocs.docs);
        const reopened = bytes === undefined ? undefined : openCachedSync(this.cacheDir, kind, key, records.length);
        if (reopened) shareDictionaryBudget(reopened.index, collection.budget);
        return new LunrTextIndex(reopened?.index ?? buildCompactIndex(spec, collection), records.length, stored, bits);
      };
      collection.attachIndex(new HealingTextIndex(new LunrTextIndex(cached.index, records.length, stored, bits), rebuild, cached.file));
      source = streamedBytes === undefined ? 'cached' : 'built';
      indexBytes = cached.bytes;
    } else {
      if (!built) {
        progress?.({ kind, phase: 'build', done: 0, total: records.length });
        built = buildCompactIndex(spec, collection, (done) => progress?.({ kind, phase: 'build', done, total: records.length }));
      }
      progress?.({ kind, phase: 'save', done: records.length, total: records.length });
      indexBytes = (await saveCached(this.cacheDir, kind, key, built)) ?? 0;
      writeFacts?.(built);
      collection.attachIndex(new LunrTextIndex(built, records.length, stored, bits));
      source = 'built';
    }
    const report: BuildReport = { kind, records: records.length, source, ms: performance.now() - started, indexBytes };
    return { collection, report };
  }
}

/** A kind's collection before and after its index is attached ({@link DumpStore.prepare}). */
interface Prepared {
  readonly collection: Collection;
  /** When preparing began (performance.now(), ms). */
  readonly started: number;
  readonly indexed: Promise<{ collection: Collection; report: BuildReport }>;
}

/**
 * Open a dump for searching. Reads nothing until the first search or `counts`/`prebuild`.
 * @param source a dump directory or single JSON file (see README, "Dump format")
 */
export function openStore(source: string, options: StoreOptions = {}): Store {
  return new DumpStore(source, options);
}

/**
 * What a streamed build asks its index worker for to make the kind's champion lists while it merges
 * (index/champion-maker.ts): the champion fields' numbers in the query's order, the reach, the documents and the
 * linear form's parts (segment/facts.ts); undefined when the kind has no lists.
 */
function championRequest(spec: KindSpec, count: number): { fields: number[]; reach: number; count: number; multiplier: boolean; addend: boolean } | undefined {
  const form = championForm(spec);
  if (!form) return undefined;
  const fields = championFields(spec).map((name) => spec.fields.findIndex((field) => field.name === name));
  if (fields.length === 0 || fields.some((f) => f < 0)) return undefined;
  return { fields, reach: CHAMPION_REACH, count, multiplier: form.multiplier !== undefined, addend: form.addend !== undefined };
}

/**
 * Let `index` read a scattered document's field lengths from the segment's scatter records (one small checked block
 * for its lengths and priors together) when they hold its fields in its order; else it reads its own.
 */
function lengthsFromSegment(segment: Segment | undefined, index: CompactIndex): void {
  const fields = segment?.scatterFields;
  if (!segment || !fields || !index.hasStatistics || fields.length !== index.fields.length) return;
  if (!fields.every((name, f) => name === index.fields[f]!.name)) return;
  index.lengthsFrom({ load: (docs) => void segment.loadScatter(docs), length: (doc, field) => segment.fieldLength(doc, field) });
}
