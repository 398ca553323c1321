/**
 * Champion lists as the build computes them (src/index/champions.ts): one per long term of the champion fields, and
 * made of public documents and public statistics only — the lists of a dump with private records equal, record for
 * record and score for score (bit for bit), those of the same dump without its private records. (That each list is
 * the query path's exhaustive answer is test/order/champions.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CompactIndexBuilder } from '../../src/index/index-builder.js';
import { MemorySink, type CompactIndex } from '../../src/index/compact-index.js';
import type { ChampionList } from '../../src/index/champions.js';
import { hiddenLengthSums } from '../../src/index/visible-statistics.js';
import { championFields, segmentFacts } from '../../src/segment/facts.js';
import type { Collection } from '../../src/store/collection.js';
import { openStore } from '../../src/store/store.js';
import { generateDump, writeDump, type Rec } from '../access/generated-dump.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The issues of the dump in `dir`, their index (long from `long` postings) and champion lists. */
async function listsOf(dir: string, long: number): Promise<{ c: Collection; index: CompactIndex; lists: readonly ChampionList[] }> {
  const store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
  const c = await store.collection('issues');
  const builder = new CompactIndexBuilder(c.spec, { maximaPostings: long });
  c.records.forEach((record, doc) => builder.add(record, doc, c));
  const hidden = c.privateDocs.docs;
  const index = builder.finishInto(new MemorySink(), hidden);
  const sums = hiddenLengthSums(index, hidden);
  const lengths = hidden.length > 0 ? new Map(index.fields.map((field, f) => [field.name, sums[f]!])) : undefined;
  return { c, index, lists: segmentFacts(c, lengths, index).champions ?? [] };
}

/** A list by record id (the document numbers differ between dumps). */
function byRecord(c: Collection, list: ChampionList) {
  return { total: list.total, ids: [...list.docs].map((doc) => c.records[doc]!.id), scores: [...list.scores] };
}

describe('champion lists built', () => {
  it.each([
    [21, 80, 6],
    [22, 150, 24],
  ])('seed %i (%i issues per repository, long from %i): one per long term, the same with or without the private records', async (seed, perRepo, long) => {
    const { dir, dump } = generateDump(seed, perRepo);
    dirs.push(dir);
    const full = await listsOf(dir, long);
    expect(full.c.privateDocs.length).toBeGreaterThan(0);

    // One list per term with stored maxima in a champion field, ascending by term; each at most 1,000 long.
    const fields = championFields(full.c.spec).map((name) => full.index.fieldNumber(name));
    const longTerms: string[] = [];
    for (let rank = 0; rank < full.index.termCount; rank++) if (fields.some((f) => full.index.storedMaxima(rank, f))) longTerms.push(full.index.term(rank));
    expect(longTerms.length).toBeGreaterThan(5);
    expect(full.lists.map((list) => list.term)).toEqual(longTerms);
    for (const list of full.lists) {
      expect(list.docs.length).toBe(Math.min(1000, list.total));
      const isPrivate = new Set(full.c.privateDocs.docs);
      expect([...list.docs].some((doc) => isPrivate.has(doc))).toBe(false);
    }

    // The same dump without its private issues: every term long in both has the same list, record for record.
    const privateIds = new Set([...full.c.privateDocs.docs].map((doc) => full.c.records[doc]!.id));
    const publicDir = mkdtempSync(path.join(tmpdir(), 'champions-public-'));
    dirs.push(publicDir);
    writeDump(publicDir, { ...dump, issues: dump.issues!.filter((r: Rec) => !privateIds.has(r.id)) });
    const pub = await listsOf(publicDir, long);
    expect(pub.c.privateDocs.length).toBe(0);
    const theirs = new Map(pub.lists.map((list) => [list.term, list]));
    let compared = 0;
    for (const list of full.lists) {
      const other = theirs.get(list.term);
      if (!other) continue;
      compared++;
      expect(byRecord(full.c, list), list.term).toEqual(byRecord(pub.c, other));
    }
    expect(compared).toBeGreaterThan(5);
  }, 120_000);
});
