/**
 * A generated dump's issues with their champion lists stored: the index rebuilt so that postings of
 * `maximaPostings` or more are long (the builder's hook that lowers the long-term threshold, so that a small
 * vocabulary has lists), the segment written again from it and attached. Shared by the tests of the lists' own
 * answers (test/order/champions.test.ts) and of top-k's floor taken from them (test/order/seed-floor.test.ts).
 */
import path from 'node:path';
import { expect } from 'vitest';
import { CompactIndexBuilder } from '../../src/index/index-builder.js';
import { MemorySink } from '../../src/index/compact-index.js';
import { LunrTextIndex } from '../../src/index/text-index.js';
import { hiddenLengthSums } from '../../src/index/visible-statistics.js';
import { segmentFacts } from '../../src/segment/facts.js';
import { Segment, writeSegment } from '../../src/segment/segment.js';
import type { Collection } from '../../src/store/collection.js';
import { openStore, type Store } from '../../src/store/store.js';
import { generateDump } from '../access/generated-dump.js';

/**
 * Generate a dump (`seed`, `perRepo` issues per repository; its directory is pushed onto `dirs` for the caller to
 * remove), open its issues, rebuild their index with postings of `maximaPostings` or more long, and attach a
 * segment written with champion lists (asserting that some were made). Returns the store, the collection and the
 * segment's file (for tests that damage it).
 */
export async function collectionWithChampions(
  dirs: string[],
  seed: number,
  perRepo: number,
  maximaPostings: number,
): Promise<{ store: Store; c: Collection; file: string }> {
  const { dir } = generateDump(seed, perRepo);
  dirs.push(dir);
  const store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
  const c = await store.collection('issues');
  const builder = new CompactIndexBuilder(c.spec, { maximaPostings });
  c.records.forEach((record, doc) => builder.add(record, doc, c));
  const hidden = c.privateDocs.docs;
  const index = builder.finishInto(new MemorySink(), hidden);
  const sums = hiddenLengthSums(index, hidden);
  const lengths = new Map(index.fields.map((field, f) => [field.name, sums[f]!]));
  c.attachIndex(new LunrTextIndex(index, c.records.length, (of) => (of === hidden ? lengths : undefined)));
  const facts = segmentFacts(c, lengths, index);
  expect(facts.champions?.length).toBeGreaterThan(0);
  const file = path.join(dir, 'champions.segment');
  expect(writeSegment(file, 'issues', 'test', c.records.length, facts)).toBeGreaterThan(0);
  c.attachSegment(Segment.open(file, 'issues', 'test', c.records.length)!);
  return { store, c, file };
}
