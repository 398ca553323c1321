/**
 * A collection stand-in over a real segment file, for tests of what reads priors from a segment (rank/rank.ts's
 * readers and `gatherPrior`): `count` documents whose segment stores one prior, `factor`, and optionally the scatter
 * records' field lengths. The prior is never derived (the kind's rank spec throws if asked), so every value a test
 * sees came from the file.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrivateDocs } from '../../src/access/private-docs.js';
import type { ReaderSlot } from '../../src/kinds/collection-view.js';
import type { RankSpec } from '../../src/kinds/spec.js';
import { Segment, segmentId, writeSegment } from '../../src/segment/segment.js';
import type { Collection } from '../../src/store/collection.js';
import { CollectionBudget } from '../../src/store/memory-budget.js';

/** A rank spec whose one prior, `factor`, must come from the segment. */
export const STORED_FACTOR_RANK: RankSpec = {
  score: (text) => text,
  priors: {
    factor: () => {
      throw new Error('a stored prior is never derived');
    },
  },
};

/**
 * Writes a segment of `factor.length` documents holding prior `factor` (and the scatter records of `fieldLengths`:
 * per document one u32 per field, in `fields` order, when given) into a fresh temporary directory, opens it, and
 * returns a collection that reads it, with its own reader slots and memory budget.
 */
export function segmentCollection(factor: Float64Array, fieldLengths?: { fields: string[]; lengths: Uint32Array }): Collection {
  const count = factor.length;
  const id = segmentId('columns-id');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'segment-collection-')), 'issues-x.segment');
  writeSegment(file, 'issues', id, count, { clock: 0, priors: new Map([['factor', factor]]), privateDocs: PrivateDocs.NONE, fieldLengths });
  const segment = Segment.open(file, 'issues', id, count)!;
  const slots = new Map<ReaderSlot<unknown, Collection>, unknown>();
  const c = {
    spec: { rank: STORED_FACTOR_RANK },
    records: { length: count },
    segment,
    clock: 0,
    column: () => undefined,
    memo<T>(slot: ReaderSlot<T, Collection>): T {
      if (!slots.has(slot)) slots.set(slot, slot.make(c, new CollectionBudget()));
      return slots.get(slot) as T;
    },
  } as unknown as Collection;
  return c;
}
