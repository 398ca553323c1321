/** Segment facts (src/segment/segment.ts): stored as built, matched to their collection, damage healed. */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCacheNoticeSink } from '../../src/cache/notice.js';
import { Segment, segmentId, writeSegment } from '../../src/segment/segment.js';

const COUNT = 20_000; // more than two blocks of priors
const factor = Float64Array.from({ length: COUNT }, (_, i) => (i % 7 === 0 ? Number.NaN : Math.sin(i) * 1e-3 + i));
const facts = {
  clock: 1_700_000_000_123,
  priors: new Map([['factor', factor]]),
  privateDocs: [{ doc: 3, repository: 'acme/secret' }, { doc: 9, repository: 'carol/vault' }, { doc: 11, repository: 'acme/secret' }],
};
let notices: string[];
beforeEach(() => {
  notices = [];
  setCacheNoticeSink((line) => void notices.push(line));
});
afterEach(() => setCacheNoticeSink(undefined));

function written(clock = facts.clock): { file: string; id: string } {
  const id = segmentId('columns-id');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'segment-')), 'issues-x.segment');
  expect(writeSegment(file, 'issues', id, COUNT, { ...facts, clock })).toBeGreaterThan(COUNT * 8);
  return { file, id };
}

describe('segment facts', () => {
  it('give back the clock, the private documents and every prior bit for bit', () => {
    const { file, id } = written();
    const s = Segment.open(file, 'issues', id, COUNT)!;
    expect(s.clock).toBe(facts.clock);
    expect(s.privateDocs).toEqual(facts.privateDocs);
    for (const doc of [0, 1, 7, 8191, 8192, 16_383, COUNT - 1]) expect(Object.is(s.prior('factor', doc), factor[doc])).toBe(true);
    expect([s.prior('other', 1), s.prior('factor', COUNT)]).toEqual([undefined, undefined]);
    expect(notices).toEqual([]);
  });

  it('store a NaN clock (a kind without one)', () => {
    const { file, id } = written(Number.NaN);
    expect(Segment.open(file, 'issues', id, COUNT)!.clock).toBeNaN();
  });

  it("are another collection's when the kind, id or count differ: refused, noticed and deleted", () => {
    for (const [kind, id, count] of [['commits', segmentId('columns-id'), COUNT], ['issues', segmentId('other'), COUNT], ['issues', segmentId('columns-id'), COUNT + 1]] as const) {
      const { file } = written();
      expect(Segment.open(file, kind, id, count)).toBeUndefined();
      expect(existsSync(file)).toBe(false);
    }
    expect(notices).toHaveLength(3);
  });

  it('drop a damaged prior block when it is first read (the caller computes the prior instead)', () => {
    const { file, id } = written();
    const bytes = readFileSync(file);
    // private.docs (12 bytes → 16), private.repos (12 → 16), then prior.factor: damage its second block.
    bytes[16 + 16 + 16 + 512 * 8 + 5]! ^= 1;
    writeFileSync(file, bytes);
    const s = Segment.open(file, 'issues', id, COUNT)!;
    expect(Object.is(s.prior('factor', 8), factor[8])).toBe(true);
    expect(s.prior("factor", 512 + 3)).toBeUndefined();
    expect(s.prior('factor', 8)).toBeUndefined(); // no longer used at all
    expect(notices).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });
});
