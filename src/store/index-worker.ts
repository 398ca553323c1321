/**
 * Worker-thread entry of {@link ParallelIndexer}: builds one kind's index from the field values the main thread
 * posts in batches, while the main thread goes on parsing, snapshotting and filling columns (a build then uses
 * both cores). Messages: `docs` batches in document order (each acknowledged, for back-pressure), then `finish`
 * with the cache directory and key, answered by `done` once the index file is written there (streamed from the
 * builder's sorted runs, so neither thread ever holds the whole index). When the pass renders items, the batches
 * carry their texts too, and an `items` message (before `finish`) names the rendered-items file to finish.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { specOf } from '../kinds/catalog.js';
import type { Kind, RawRecord } from '../kinds/kind.js';
import type { KindSpec } from '../kinds/spec.js';
import { itemCompactText } from '../envelope/item-json.js';
import { PLAIN_MEDIA } from '../request/media-type.js';
import { DetachedView } from './detached-view.js';
import { CompactIndexBuilder } from '../index/index-builder.js';
import { cacheSink } from '../cache/index-cache.js';
import { ItemFileWriter } from '../cache/item-file.js';
import type { ChampionList } from '../index/champions.js';
import { awaitPriors, type SharedPriors } from './shared-priors.js';

/**
 * The champion lists a `finish` asks for (index/champion-maker.ts): the champion fields' numbers in the query's
 * order, the documents kept per list, and the linear form, shared, filled by the main thread (shared-priors.ts).
 */
export interface ChampionRequest {
  fields: number[];
  reach: number;
  priors: SharedPriors;
}

/** What the worker is started with. */
export interface IndexWorkerData {
  kind: Kind;
  /** Where the builder spills its sorted runs (in the cache directory; the main thread removes it after). */
  spillFile: string;
  /**
   * Where the rendered-items file is written until its name is known (cache/item-file.ts's temp file beside it),
   * when the pass renders items: the main thread renders each item's text, this thread encodes it, compares it
   * with its record's text and writes the file (the main thread is the build's critical path).
   */
  itemsFile?: string;
}

/**
 * The items of a `docs` batch: each document's compact item text (null: it cannot be stored, the file is dropped)
 * and its record's text in the snapshot (`records`, back to back; `lengths[i]` bytes each, -1 when none). A
 * batch the main thread hands over whole (`render`, when this thread has time) carries no texts: each item is
 * rendered here from its record's text, through a view holding the batch's `/pulls` records (`pulls`: index in
 * the batch → record) and nothing else (store/detached-view.ts).
 */
export interface ItemBatch {
  texts: Array<string | null>;
  records: Uint8Array;
  lengths: Int32Array;
  render?: { pulls: Array<[number, RawRecord]> };
}

/** Main thread → worker. */
export type ToWorker =
  | { type: 'docs'; start: number; values: unknown[][]; items?: ItemBatch }
  | { type: 'items'; file: string; count: number }
  | { type: 'finish'; cacheDir: string; key: string; privateDocs?: Uint32Array | undefined; champions?: ChampionRequest | undefined };

/**
 * Worker → main thread: `bytes` is the size of the index file written (`done`) or of the rendered-items file
 * (`items`), or undefined when it could not be; `done` carries the champion lists the build made when `finish`
 * asked for them (undefined: none made); an `ack` hands back the buffer of the batch's record texts (`spare`,
 * moved) for a later batch.
 */
export type FromWorker =
  | { type: 'ack'; spare?: ArrayBuffer }
  | { type: 'items'; bytes: number | undefined }
  | { type: 'done'; bytes: number | undefined; champions?: ChampionList[] | undefined }
  | { type: 'error'; message: string };

/** The rendered-items file being written: adds each batch's items in document order (see {@link ItemBatch}). */
class ItemsInWorker {
  /** Where the next record text starts among the snapshot's texts (they are written back to back). */
  private start = 0;
  /**
   * Each item's UTF-8, encoded here (the writer copies what it keeps): a fresh buffer per item was most of the
   * worker's garbage (a few KB each, 1M of them at 1M issues), freed only when its heap next collected.
   */
  private scratch = Buffer.allocUnsafe(1 << 16);

  constructor(
    private readonly writer: ItemFileWriter,
    private readonly spec: KindSpec,
  ) {}

  /** Add the items of documents `first`, `first + 1` … of `items`. */
  add(items: ItemBatch, first: number): void {
    const { records, lengths } = items;
    const texts = items.render ? this.render(items, first) : items.texts;
    let at = 0;
    for (let i = 0; i < texts.length; i++) {
      const length = lengths[i]!;
      const record = length < 0 ? undefined : { bytes: records.subarray(at, at + length), start: this.start };
      if (length > 0) {
        at += length;
        this.start += length;
      }
      const text = texts[i];
      if (!this.writer.open) continue;
      if (text === null || text === undefined) this.writer.abort();
      else this.writer.add(this.encode(text), record);
    }
  }

  /** `text` as UTF-8, in {@link scratch} (valid until the next call). */
  private encode(text: string): Buffer {
    if (text.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafe(Math.max(text.length * 3, this.scratch.length * 2));
    return this.scratch.subarray(0, this.scratch.write(text, 'utf8'));
  }

  /** The item texts of a batch handed over whole (null where one cannot be rendered here). */
  private render(items: ItemBatch, first: number): Array<string | null> {
    const { records, lengths } = items;
    const view = new DetachedView(this.spec.kind, new Map(items.render!.pulls.map(([i, pull]) => [first + i, pull])));
    const texts: Array<string | null> = [];
    let at = 0;
    for (let i = 0; i < lengths.length; i++) {
      const length = lengths[i]!;
      if (length < 0) {
        texts.push(null);
        continue;
      }
      const text = Buffer.from(records.buffer, records.byteOffset + at, length).toString('utf8');
      at += length;
      try {
        texts.push(itemCompactText(this.spec, JSON.parse(text) as RawRecord, first + i, view, PLAIN_MEDIA) ?? null);
      } catch {
        texts.push(null);
      }
    }
    return texts;
  }

  finish(file: string, count: number): number | undefined {
    return this.writer.finish(file, count);
  }

  abort(): void {
    this.writer.abort();
  }
}

const port = parentPort;
if (port) {
  const data = workerData as IndexWorkerData;
  const builder = new CompactIndexBuilder(specOf(data.kind), { spillFile: data.spillFile });
  const opened = data.itemsFile ? ItemFileWriter.open(data.itemsFile) : undefined;
  let items = opened && new ItemsInWorker(opened, specOf(data.kind));
  port.on('message', (message: ToWorker) => {
    try {
      if (message.type === 'docs') {
        message.values.forEach((values, i) => builder.addValues(message.start + i, values));
        if (message.items) items?.add(message.items, message.start);
        // The records' buffer is done with (items keep no view of it): back to the main thread for a later batch.
        const spare = message.items?.records.buffer;
        if (spare instanceof ArrayBuffer && spare.byteLength > 0) port.postMessage({ type: 'ack', spare } satisfies FromWorker, [spare]);
        else port.postMessage({ type: 'ack' } satisfies FromWorker);
        return;
      }
      if (message.type === 'items') {
        const bytes = items?.finish(message.file, message.count);
        items = undefined;
        port.postMessage({ type: 'items', bytes } satisfies FromWorker);
        return;
      }
      items?.abort();
      items = undefined;
      const request = message.champions;
      const champions = request && { fields: request.fields, reach: request.reach, priors: () => awaitPriors(request.priors) };
      const bytes = builder.finishInto(cacheSink(message.cacheDir, data.kind, message.key), message.privateDocs, champions);
      const lists = bytes === undefined ? undefined : builder.championLists();
      port.postMessage({ type: 'done', bytes, ...(lists ? { champions: lists } : {}) } satisfies FromWorker);
    } catch (error) {
      builder.dispose();
      items?.abort();
      items = undefined;
      port.postMessage({ type: 'error', message: (error as Error).message } satisfies FromWorker);
    }
  });
}
