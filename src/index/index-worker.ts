/**
 * Worker-thread entry of {@link ParallelIndexer}: builds one kind's index from the field values the main thread
 * posts in batches, while the main thread goes on parsing, snapshotting and filling columns (a build then uses
 * both cores). Messages: `docs` batches in document order (each acknowledged, for back-pressure), then `finish`,
 * answered by `done` with the index arrays (transferred, not copied).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { specOf } from '../kinds/catalog.js';
import type { Kind } from '../kinds/kind.js';
import { ArrayPostings } from './compact-index.js';
import { CompactIndexBuilder } from './index-builder.js';

/** Main thread → worker. */
export type ToWorker = { type: 'docs'; start: number; values: unknown[][] } | { type: 'finish' };

/** Worker → main thread. */
export type FromWorker =
  | { type: 'ack' }
  | {
      type: 'done';
      docCount: number;
      termOffsets: Uint32Array;
      termBytes: Uint8Array;
      termIndex: Uint32Array;
      postStart: Uint32Array;
      postDocs: Uint32Array;
      postWeights: Int32Array;
      postTf: Uint32Array;
      fieldLengths: Uint32Array;
    }
  | { type: 'error'; message: string };

const port = parentPort;
if (port) {
  const builder = new CompactIndexBuilder(specOf((workerData as { kind: Kind }).kind));
  port.on('message', (message: ToWorker) => {
    try {
      if (message.type === 'docs') {
        message.values.forEach((values, i) => builder.addValues(message.start + i, values));
        port.postMessage({ type: 'ack' } satisfies FromWorker);
        return;
      }
      const index = builder.finish();
      const postings = index.postings as ArrayPostings;
      const done: FromWorker = {
        type: 'done',
        docCount: index.docCount,
        termOffsets: index.termOffsets,
        termBytes: index.termBytes,
        termIndex: index.termIndex,
        postStart: index.postStart,
        postDocs: postings.allDocs,
        postWeights: postings.allWeights,
        postTf: postings.allTfs!,
        fieldLengths: index.fieldLengths!(),
      };
      const buffers = [index.termOffsets, index.termBytes, index.termIndex, index.postStart, postings.allDocs, postings.allWeights, done.postTf, done.fieldLengths].map((a) => a.buffer);
      port.postMessage(done, [...new Set(buffers)] as ArrayBuffer[]);
    } catch (error) {
      port.postMessage({ type: 'error', message: (error as Error).message } satisfies FromWorker);
    }
  });
}
