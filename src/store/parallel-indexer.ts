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
import type { FromWorker, IndexWorkerData, ToWorker } from './index-worker.js';
import { haltSlices } from '../dump/time-slices.js';

/** Documents per posted batch. */
const BATCH_DOCS = 512;
/** Batches in flight before the pass waits for the worker (bounds the queued texts to a few tens of MB). */
const MAX_IN_FLIGHT = 8;

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
  private inFlight = 0;
  private failure: Error | undefined;
  private waiting: (() => void) | undefined;
  private finished: ((bytes: number | undefined) => void) | undefined;
  private failed: ((error: Error) => void) | undefined;

  private constructor(
    private readonly spec: KindSpec,
    private readonly worker: Worker,
    private readonly spillFile: string,
  ) {
    running.add(this);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ack') {
        this.inFlight--;
        this.wake();
      } else if (message.type === 'done') {
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
  static start(spec: KindSpec, spillFile: string): ParallelIndexer | undefined {
    if (process.env.SEARCH_INDEX_WORKER === 'off') return undefined;
    const script = new URL('./index-worker.js', import.meta.url);
    if (script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return undefined;
    try {
      return new ParallelIndexer(spec, new Worker(script, { workerData: { kind: spec.kind, spillFile } satisfies IndexWorkerData }), spillFile);
    } catch {
      return undefined;
    }
  }

  add(record: RawRecord, doc: number, view: CollectionView): void {
    if (this.batch.length === 0) this.batchStart = doc;
    this.batch.push(fieldValues(this.spec, record, doc, view));
    if (this.batch.length >= BATCH_DOCS) this.post();
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
   * @returns the file's size in bytes, or undefined when it could not be written
   * @throws Error when the worker failed (the caller then builds in-thread)
   */
  async finish(cacheDir: string, key: string): Promise<number | undefined> {
    this.post();
    try {
      return await new Promise<number | undefined>((resolve, reject) => {
        if (this.failure) return reject(this.failure);
        this.finished = resolve;
        this.failed = reject;
        this.worker.postMessage({ type: 'finish', cacheDir, key } satisfies ToWorker);
      });
    } finally {
      this.finished = undefined;
      this.failed = undefined;
      await this.stop();
    }
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
    this.stopped ??= (async () => {
      await this.worker.terminate().catch(() => undefined);
      rmSync(this.spillFile, { force: true });
    })().finally(() => running.delete(this));
    return this.stopped;
  }

  private post(): void {
    if (this.batch.length === 0 || this.failure) return;
    this.worker.postMessage({ type: 'docs', start: this.batchStart, values: this.batch } satisfies ToWorker);
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
  }
}
