/**
 * Worker-thread entry of {@link ParallelIndexer}: builds one kind's index from the field values the main thread
 * posts in batches, while the main thread goes on parsing, snapshotting and filling columns (a build then uses
 * both cores). Messages: `docs` batches in document order (each acknowledged, for back-pressure), then `finish`
 * with the cache directory and key, answered by `done` once the index file is written there (streamed from the
 * builder's sorted runs, so neither thread ever holds the whole index).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { specOf } from '../kinds/catalog.js';
import type { Kind } from '../kinds/kind.js';
import { CompactIndexBuilder } from '../index/index-builder.js';
import { cacheSink } from '../cache/index-cache.js';

/** What the worker is started with. */
export interface IndexWorkerData {
  kind: Kind;
  /** Where the builder spills its sorted runs (in the cache directory; the main thread removes it after). */
  spillFile: string;
}

/** Main thread → worker. */
export type ToWorker = { type: 'docs'; start: number; values: unknown[][] } | { type: 'finish'; cacheDir: string; key: string };

/** Worker → main thread: `bytes` is the size of the index file written, or undefined when it could not be. */
export type FromWorker = { type: 'ack' } | { type: 'done'; bytes: number | undefined } | { type: 'error'; message: string };

const port = parentPort;
if (port) {
  const data = workerData as IndexWorkerData;
  const builder = new CompactIndexBuilder(specOf(data.kind), { spillFile: data.spillFile });
  port.on('message', (message: ToWorker) => {
    try {
      if (message.type === 'docs') {
        message.values.forEach((values, i) => builder.addValues(message.start + i, values));
        port.postMessage({ type: 'ack' } satisfies FromWorker);
        return;
      }
      const bytes = builder.finishInto(cacheSink(message.cacheDir, data.kind, message.key));
      port.postMessage({ type: 'done', bytes } satisfies FromWorker);
    } catch (error) {
      builder.dispose();
      port.postMessage({ type: 'error', message: (error as Error).message } satisfies FromWorker);
    }
  });
}
