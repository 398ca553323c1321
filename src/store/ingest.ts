/**
 * One pass over a kind's dump that prepares everything a search needs, holding no more than one record at a
 * time: the dump is streamed record by record ({@link Dump.stream}), each record's text goes into the record
 * snapshot (its original bytes, or its JSON when enrichment changed it) and the record itself to the consumers
 * (the index builder, the private-document and known-name collectors, the column builders). Afterwards the
 * collection reads its records lazily from the snapshot, so a 100k-record build never holds 100k parsed records.
 */
import type { Kind, RawRecord } from '../kinds/kind.js';
import type { KindSpec } from '../kinds/spec.js';
import type { CollectionView } from '../kinds/collection-view.js';
import { Collection, type Neighbours } from './collection.js';
import type { Dump, KindRecords } from '../dump/dump.js';
import { cacheKey } from '../cache/index-cache.js';
import { lazyRecords, loadSnapshot, SnapshotWriter } from '../cache/record-snapshot.js';
import { DataError } from '../dump/data-error.js';

/**
 * A snapshot's fallback, when a snapshot turns out corrupt mid-search: the kind's records from the dump itself,
 * synchronously and without holding them ({@link Dump.scanSync}: one pass that validates and hashes the file and
 * keeps each record's offset; a record is parsed again when read, the most recently read kept up to
 * RECORD_CACHE_BYTES of cache/record-snapshot.ts), so a damaged snapshot of a dump file of any size heals.
 * @throws DataError when the dump no longer has `hash` (it changed since the snapshot was written)
 */
export function dumpFallback(dump: Dump, kind: Kind, hash: string): () => KindRecords {
  return () => {
    const scanned = dump.scanSync(kind);
    if (scanned.hash !== hash) throw new DataError('the dump changed while it was being searched; search again', { file: scanned.files[0] ?? dump.source });
    return { records: lazyRecords(scanned.count, scanned.record, scanned.textBytes), pulls: scanned.pulls, hash };
  };
}

/** Something fed each record of the pass, in document order. */
export interface RecordConsumer {
  /** @param text the record's text in the snapshot being written (undefined when none is written) */
  add(record: RawRecord, doc: number, view: CollectionView, text?: Uint8Array): void;
  /** A promise the pass waits for before its next chunk when the consumer has fallen behind (back-pressure). */
  drain?(): Promise<void> | undefined;
}

/** What a pass leaves: the records (lazily parsed from the new snapshot when it could be written). */
export interface IngestedKind extends KindRecords {
  /** Bytes of the snapshot written, or undefined when it could not be written (records then kept in memory). */
  snapshotBytes: number | undefined;
}

/**
 * Stream `kind` once through `consumers`, writing its record snapshot to `cacheDir` on the way.
 * @param onRecord called every 1,000 records with the count done and an estimate of the total
 * @throws DataError (the dump's file, record and field) — nothing is left behind in the cache then
 */
export async function ingestKind(
  dump: Dump,
  kind: Kind,
  spec: KindSpec,
  cacheDir: string,
  neighbours: Neighbours,
  consumers: readonly RecordConsumer[],
  onRecord?: (done: number, estimatedTotal: number) => void,
): Promise<IngestedKind> {
  const writer = SnapshotWriter.open(cacheDir, kind);
  const kept: RawRecord[] | undefined = writer ? undefined : [];
  const pulls = new Map<number, RawRecord>();
  // The view consumers read neighbours through; its own records are never read during the pass.
  const view = new Collection(spec, [], pulls, neighbours, []);
  let fraction = 0;
  let streamed;
  try {
    streamed = await dump.stream(
      kind,
      (record, doc, text) => {
        const stored = writer ? (text ?? Buffer.from(JSON.stringify(record), 'utf8')) : undefined;
        if (stored) writer!.add(stored);
        kept?.push(record);
        for (const consumer of consumers) consumer.add(record, doc, view, stored);
        if (onRecord && (doc + 1) % 1000 === 0) onRecord(doc + 1, fraction > 0 ? Math.max(doc + 1, Math.round((doc + 1) / fraction)) : doc + 1);
      },
      (read, total) => {
        fraction = total > 0 ? read / total : 0;
        const waits = [writer?.drain(), ...consumers.map((consumer) => consumer.drain?.())].filter((w) => w !== undefined);
        return waits.length > 0 ? Promise.all(waits).then(() => undefined) : undefined;
      },
      pulls,
    );
  } catch (error) {
    writer?.abort();
    throw error;
  }
  onRecord?.(streamed.count, streamed.count);
  const pullDocs = [...streamed.pulls.keys()].sort((a, b) => a - b);
  for (const doc of pullDocs) writer?.add(Buffer.from(JSON.stringify(streamed.pulls.get(doc)), 'utf8'));
  const key = cacheKey(spec, streamed.hash);
  const snapshotBytes = await writer?.finish(key, streamed.count, pullDocs);
  if (kept) return { records: kept, pulls: streamed.pulls, hash: streamed.hash, snapshotBytes: undefined };
  const fallback = dumpFallback(dump, kind, streamed.hash);
  const snapshot = snapshotBytes === undefined ? undefined : await loadSnapshot(cacheDir, kind, key, fallback);
  if (snapshot) return { records: snapshot.records, pulls: snapshot.pulls, hash: streamed.hash, snapshotBytes };
  // The snapshot could not be written after all (disk full): read the records from the dump.
  const loaded = fallback();
  return { records: loaded.records, pulls: loaded.pulls, hash: streamed.hash, snapshotBytes: undefined };
}
