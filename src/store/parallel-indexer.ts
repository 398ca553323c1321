/**
 * Builds a kind's index on a second thread during the build pass: the pass reads each record's text-field values
 * ({@link fieldValues}) and posts them in batches to a worker (index-worker.ts) running the same
 * {@link CompactIndexBuilder}, which writes the index file into the cache itself, so the result is identical to
 * building in-thread — only the wall time differs (at 100k issues the index is about half of the pass's CPU time).
 */
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RawRecord } from '../kinds/kind.js';
import type { KindSpec } from '../kinds/spec.js';
import type { CollectionView } from '../kinds/collection-view.js';
import { fieldValues } from '../index/index-builder.js';
import type { ChampionRequest, FromWorker, IndexWorkerData, ItemBatch, ToWorker } from './index-worker.js';
import type { ChampionList } from '../index/champions.js';
import type { ChampionPriors } from '../index/champion-maker.js';
import { providePriors, sharedPriors, type SharedPriors } from './shared-priors.js';
import type { RecordConsumer } from './ingest.js';
import { itemCompactText } from '../envelope/item-json.js';
import { PLAIN_MEDIA } from '../request/media-type.js';
import { DetachedView } from './detached-view.js';
import { haltSlices } from '../dump/time-slices.js';

/** Documents per posted batch. */
const BATCH_DOCS = 512;
/**
 * Bytes of record text per posted batch at most (when items are rendered in the pass): a batch then holds its
 * records' texts, their items' texts and their field values, all copied into the worker.
 */
const BATCH_BYTES = 1 << 20;
/** Batches in flight before the pass waits for the worker (bounds the queued texts to a few tens of MB). */
const MAX_IN_FLIGHT = 8;
/**
 * A batch's items are handed to the worker whole (rendered there) when at most this many batches are in flight:
 * the worker is then about to idle, while the main thread is the pass's critical path.
 */
const HAND_OVER_IN_FLIGHT = 1;
/**
 * Items of the first documents are rendered both ways — here through the collection, and as the worker would, from
 * the record's snapshot text through a detached view — and batches are handed over only when all of these agree.
 */
const PROBE_DOCS = 64;

/**
 * Least bytes of a buffer carrying a batch's record texts: batches end past {@link BATCH_BYTES}, so most fit one
 * of this size, and the worker hands each back (an `ack`) to carry a later batch.
 */
const RECORDS_BUFFER_BYTES = BATCH_BYTES + (BATCH_BYTES >> 2);

/** The indexers whose worker may still run (started, not yet stopped), for {@link stopIndexWorkers}. */
const running = new Set<ParallelIndexer>();

/**
 * Stop every index worker this process runs and remove their spill files: an interrupted build, before the process
 * exits (so no worker writes a file after the exit removed the process's temp files, cache/temp-file.ts).
 * Resolves once all have stopped; never rejects.
 */
export function stopIndexWorkers(): Promise<void> {
  return Promise.all([...running].map((indexer) => indexer.abortAndWait().catch(() => undefined))).then(() => undefined);
}

/**
 * An interrupted process stops its builds: the pass on the main thread stops at its next slice boundary
 * (dump/time-slices.ts) and the index workers are stopped ({@link stopIndexWorkers}). Resolves once the workers
 * have stopped; never rejects.
 */
export function stopBuilds(): Promise<void> {
  haltSlices();
  return stopIndexWorkers();
}

export class ParallelIndexer {
  private batch: unknown[][] = [];
  private batchStart = 0;
  /** The batch's item texts and record texts, when the pass renders items ({@link renderItems}). */
  private itemTexts: Array<string | null> = [];
  private recordTexts: Uint8Array[] = [];
  private recordLengths: number[] = [];
  private recordBytes = 0;
  /**
   * Buffers the worker handed back, for the next batches' record texts: a handful circulate between the threads
   * instead of a new megabyte per batch that the worker's heap frees only when it next collects (at 1M issues the
   * worker held up to 200 MB of them).
   */
  private readonly spare: ArrayBuffer[] = [];
  /** The `/pulls` records of a handed-over batch, by index in the batch (undefined: this batch is rendered here). */
  private handedPulls: Array<[number, RawRecord]> | undefined;
  /** Whether batches may be handed over: undefined while the first documents are probed ({@link PROBE_DOCS}). */
  private handOver: boolean | undefined;
  /** Whether this worker writes the rendered-items file (started with one). */
  private readonly writesItems: boolean;
  private itemsFinished: ((bytes: number | undefined) => void) | undefined;
  private inFlight = 0;
  private failure: Error | undefined;
  private waiting: (() => void) | undefined;
  private finished: ((bytes: number | undefined) => void) | undefined;
  /** The linear form shared with the worker when {@link finish} asked for champion lists. */
  private priors: SharedPriors | undefined;
  /** The champion lists the worker made while it merged, once it is done (undefined: none made). */
  private made: ChampionList[] | undefined;
  private failed: ((error: Error) => void) | undefined;

  private constructor(
    private readonly spec: KindSpec,
    private readonly worker: Worker,
    private readonly spillFile: string,
    itemsFile: string | undefined,
  ) {
    this.writesItems = itemsFile !== undefined;
    running.add(this);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ack') {
        this.inFlight--;
        if (message.spare && this.spare.length <= MAX_IN_FLIGHT) this.spare.push(message.spare);
        this.wake();
      } else if (message.type === 'items') {
        this.itemsFinished?.(message.bytes);
        this.itemsFinished = undefined;
      } else if (message.type === 'done') {
        this.made = message.champions;
        this.finished?.(message.bytes);
      } else this.fail(new Error(`index worker: ${message.message}`));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`index worker exited (${code})`)));
  }

  /**
   * A parallel indexer for `spec`, or undefined when no worker can run: the worker script exists only in the
   * built package (running from TypeScript sources, as the tests do, builds in-thread), or
   * `SEARCH_INDEX_WORKER=off` asks for an in-thread build.
   */
  static start(spec: KindSpec, spillFile: string, itemsFile?: string): ParallelIndexer | undefined {
    if (process.env.SEARCH_INDEX_WORKER === 'off') return undefined;
    const script = new URL('./index-worker.js', import.meta.url);
    if (script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return undefined;
    try {
      const workerData: IndexWorkerData = { kind: spec.kind, spillFile, ...(itemsFile ? { itemsFile } : {}) };
      return new ParallelIndexer(spec, new Worker(script, { workerData }), spillFile, itemsFile);
    } catch {
      return undefined;
    }
  }

  add(record: RawRecord, doc: number, view: CollectionView): void {
    // A full batch is posted when the next document comes (or when the pass ends): the consumers after this one may
    // still add the item of the batch's last document.
    if (this.batch.length >= BATCH_DOCS || this.recordBytes >= BATCH_BYTES) this.post();
    if (this.batch.length === 0) this.batchStart = doc;
    this.batch.push(fieldValues(this.spec, record, doc, view));
  }

  /**
   * The consumer of the build pass that renders each record's item text (itemCompactText, what the store's
   * `writeItems` would store) and hands it with its record's snapshot text to the worker, which writes the
   * rendered-items file ({@link finishItems}); undefined when this worker writes none. It must follow this
   * indexer among the pass's consumers. A record whose item cannot be rendered drops the file.
   */
  renderItems(): RecordConsumer | undefined {
    if (!this.writesItems) return undefined;
    const spec = this.spec;
    return {
      add: (record, doc, view, text) => {
        if (doc !== this.batchStart + this.batch.length - 1) throw new Error(`item ${doc} out of order`);
        if (doc === this.batchStart) this.handedPulls = this.handOver === true && this.inFlight <= HAND_OVER_IN_FLIGHT ? [] : undefined;
        if (this.handedPulls && text) {
          const pull = view.pullOf(doc);
          if (pull) this.handedPulls.push([doc - this.batchStart, pull]);
        } else {
          let item: string | null;
          try {
            item = itemCompactText(spec, record, doc, view, PLAIN_MEDIA) ?? null;
          } catch {
            item = null;
          }
          if (this.handOver === undefined) this.probe(item, doc, view, text);
          this.itemTexts.push(item);
        }
        if (text) {
          this.recordTexts.push(text);
          this.recordBytes += text.length;
        }
        this.recordLengths.push(text ? text.length : -1);
      },
    };
  }

  /** Whether `item` (rendered through the collection) is what the worker renders from the record's text. */
  private probe(item: string | null, doc: number, view: CollectionView, text: Uint8Array | undefined): void {
    let same = false;
    if (item !== null && text) {
      try {
        const pull = view.pullOf(doc);
        const detached = new DetachedView(this.spec.kind, new Map(pull ? [[doc, pull]] : []));
        const record = JSON.parse(Buffer.from(text.buffer, text.byteOffset, text.length).toString('utf8')) as RawRecord;
        same = itemCompactText(this.spec, record, doc, detached, PLAIN_MEDIA) === item;
      } catch {
        same = false;
      }
    }
    if (!same) this.handOver = false;
    else if (doc + 1 >= PROBE_DOCS) this.handOver = true;
  }

  /**
   * Finish the rendered-items file as `file` for `count` documents, after every batch posted so far; call it
   * before {@link finish}. Resolves to the file's size, or undefined when it was not written (then the caller
   * renders the items itself); never rejects.
   */
  finishItems(file: string, count: number): Promise<number | undefined> {
    if (!this.writesItems || this.failure) return Promise.resolve(undefined);
    this.post();
    return new Promise((resolve) => {
      this.itemsFinished = resolve;
      this.worker.postMessage({ type: 'items', file, count } satisfies ToWorker);
    });
  }

  /** Resolves when the worker has caught up enough for the pass to go on (back-pressure between chunks). */
  drain(): Promise<void> | undefined {
    if (this.inFlight < MAX_IN_FLIGHT || this.failure) return undefined;
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /**
   * Finish the index and write it as the cache file of `key` in `cacheDir` (cache/index-cache.ts).
   * @param privateDocs the collection's private documents (ascending): the build then stores block maxima (index/stored-maxima.ts)
   * @param champions when given, the worker makes the champion lists while it merges (index/champion-maker.ts):
   *   the champion fields' numbers in the query's order, the documents kept per list, the documents in all, and
   *   which parts of the linear form {@link providePriors} will hand over; read them with {@link championLists}
   * @returns the file's size in bytes, or undefined when it could not be written
   * @throws Error when the worker failed (the caller then builds in-thread)
   */
  async finish(
    cacheDir: string,
    key: string,
    privateDocs?: Uint32Array,
    champions?: { fields: number[]; reach: number; count: number; multiplier: boolean; addend: boolean },
  ): Promise<number | undefined> {
    this.post();
    let request: ChampionRequest | undefined;
    if (champions && privateDocs) {
      this.priors = sharedPriors(champions.count, champions);
      request = { fields: champions.fields, reach: champions.reach, priors: this.priors };
    }
    try {
      return await new Promise<number | undefined>((resolve, reject) => {
        if (this.failure) return reject(this.failure);
        this.finished = resolve;
        this.failed = reject;
        this.worker.postMessage({ type: 'finish', cacheDir, key, privateDocs, ...(request ? { champions: request } : {}) } satisfies ToWorker);
      });
    } finally {
      this.finished = undefined;
      this.failed = undefined;
      await this.stop();
    }
  }

  /**
   * Hand the champion lists' linear form to the worker (the arrays of the parts {@link finish} named, one value per
   * document), or undefined: none will come (the worker then makes no lists). Only the first call counts; a call
   * when {@link finish} asked for no lists does nothing.
   */
  providePriors(priors: ChampionPriors | undefined): void {
    if (this.priors) providePriors(this.priors, priors);
  }

  /** The champion lists the worker made (ascending by term), once {@link finish} resolved; undefined: none. */
  championLists(): ChampionList[] | undefined {
    return this.made;
  }

  /** Stop the worker (the pass failed); its spill file is removed once it has stopped. */
  abort(): void {
    void this.stop();
  }

  /** {@link abort}, resolving once the worker has stopped and its spill file is gone. */
  abortAndWait(): Promise<void> {
    return this.stop();
  }

  /** The worker's stop (once): terminated, then its spill file removed. */
  private stopped: Promise<void> | undefined;

  private stop(): Promise<void> {
    // (A worker still waiting for the priors stops waiting: none will come.)
    if (this.priors) providePriors(this.priors, undefined);
    this.stopped ??= (async () => {
      await this.worker.terminate().catch(() => undefined);
      rmSync(this.spillFile, { force: true });
    })().finally(() => running.delete(this));
    return this.stopped;
  }

  private post(): void {
    if (this.batch.length === 0 || this.failure) return;
    let items: ItemBatch | undefined;
    const transfer: ArrayBuffer[] = [];
    if (this.recordLengths.length > 0) {
      // Into a buffer of their own (one the worker handed back when large enough), moved to the worker, not copied.
      let buffer = this.spare.pop();
      if (!buffer || buffer.byteLength < this.recordBytes) buffer = new ArrayBuffer(Math.max(this.recordBytes, RECORDS_BUFFER_BYTES));
      const records = new Uint8Array(buffer, 0, this.recordBytes);
      let at = 0;
      for (const text of this.recordTexts) {
        records.set(text, at);
        at += text.length;
      }
      transfer.push(buffer);
      const lengths = Int32Array.from(this.recordLengths);
      items = { texts: this.itemTexts, records, lengths, ...(this.handedPulls ? { render: { pulls: this.handedPulls } } : {}) };
      this.handedPulls = undefined;
      this.itemTexts = [];
      this.recordTexts = [];
      this.recordLengths = [];
      this.recordBytes = 0;
    }
    this.worker.postMessage({ type: 'docs', start: this.batchStart, values: this.batch, ...(items ? { items } : {}) } satisfies ToWorker, transfer);
    this.inFlight++;
    this.batch = [];
  }

  private wake(): void {
    if (this.waiting && (this.inFlight < MAX_IN_FLIGHT / 2 || this.failure)) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve();
    }
  }

  private fail(error: Error): void {
    if (this.failure) return; // (an exit after terminate() lands here too, once nobody listens)
    this.failure = error;
    this.wake();
    this.failed?.(error);
    this.itemsFinished?.(undefined);
    this.itemsFinished = undefined;
  }
}
