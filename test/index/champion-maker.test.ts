/**
 * The champion lists the build makes while it merges (src/index/champion-maker.ts, fed by stored-maxima.ts's
 * `MaximaMaker`) equal, term for term, document for document and score for score (bit for bit), the lists
 * src/index/champions.ts computes from the finished index (the same maker, fed the postings and public weights the
 * query path reads: what this checks is the feeding; the lists' scores are checked against the query path's
 * exhaustive answer in test/order/champions.test.ts) — with the dump's private records and without any, with
 * a small reach (the heap's replacements) and the real one; and the shared hand-over of the priors
 * (src/store/shared-priors.ts) hands over exactly what it was given, or nothing.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CompactIndexBuilder } from '../../src/index/index-builder.js';
import { MemorySink } from '../../src/index/compact-index.js';
import { championLists, type ChampionList } from '../../src/index/champions.js';
import { hiddenLengthSums } from '../../src/index/visible-statistics.js';
import { championFields, championPriors, derivePriors } from '../../src/segment/facts.js';
import { openStore } from '../../src/store/store.js';
import { awaitPriors, providePriors, sharedPriors } from '../../src/store/shared-priors.js';
import { generateDump } from '../access/generated-dump.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A list as plain values, the scores as their bits (so -0/0 and NaN payloads would differ too). */
function plain(list: ChampionList) {
  return { term: list.term, total: list.total, docs: [...list.docs], scores: [...new BigUint64Array(Float64Array.from(list.scores).buffer)] };
}

describe('champion lists made during the merge', () => {
  it.each([
    [21, 80, 6, 1000, true],
    [22, 150, 24, 1000, true],
    [22, 150, 24, 7, true],
    [23, 60, 4, 3, false],
    [24, 120, 10, 1000, false],
  ])('seed %i (%i issues per repository, long from %i, reach %i, private records kept: %s): the finished index’s lists', async (seed, perRepo, long, reach, withPrivate) => {
    const { dir } = generateDump(seed, perRepo);
    dirs.push(dir);
    const store = openStore(dir, { cacheDir: path.join(dir, '.cache') });
    const c = await store.collection('issues');
    // Without the private records: the build told no document is private (every weight the stored one).
    const hidden = withPrivate ? c.privateDocs.docs : new Uint32Array(0);
    if (withPrivate) expect(hidden.length).toBeGreaterThan(0);
    const { priors } = derivePriors(c);
    const form = championPriors(c.spec, priors);
    expect(form).toBeDefined();
    const names = championFields(c.spec);
    const fields = names.map((name) => c.spec.fields.findIndex((field) => field.name === name));

    let asked = 0;
    const builder = new CompactIndexBuilder(c.spec, { maximaPostings: long, runPostings: 500 });
    c.records.forEach((record, doc) => builder.add(record, doc, c));
    const index = builder.finishInto(new MemorySink(), hidden, { fields, reach, priors: () => (asked++, form) });
    const made = builder.championLists();
    expect(asked).toBe(1);

    const sums = hiddenLengthSums(index, hidden);
    const privateLengths = hidden.length > 0 ? new Map(index.fields.map((field, f) => [field.name, sums[f]!])) : undefined;
    const expected = championLists(index, { privateDocs: hidden, privateLengths, fields: names, ...form, reach });
    expect(expected.length).toBeGreaterThan(5);
    if (reach < 1000) expect(expected.some((list) => list.total > reach)).toBe(true); // (the heap replaces)
    expect(made?.map(plain)).toEqual(expected.map(plain));
  }, 120_000);

  it.each([
    ['every score 0 (ties: document order decides)', (n: number) => ({ multiplier: new Float64Array(n), addend: new Float64Array(n) }), false],
    ['a NaN on one document (its terms get no list)', (n: number) => ({ addend: new Float64Array(n).fill(1).fill(Number.NaN, 5, 6) }), true],
  ])('the finished index’s lists for a linear form with %s', async (_name, formOf, fewer) => {
    const { dir } = generateDump(22, 150);
    dirs.push(dir);
    const c = await openStore(dir, { cacheDir: path.join(dir, '.cache') }).collection('issues');
    const form = formOf(c.records.length);
    const names = championFields(c.spec);
    const fields = names.map((name) => c.spec.fields.findIndex((field) => field.name === name));
    const builder = new CompactIndexBuilder(c.spec, { maximaPostings: 24 });
    c.records.forEach((record, doc) => builder.add(record, doc, c));
    const hidden = c.privateDocs.docs;
    const index = builder.finishInto(new MemorySink(), hidden, { fields, reach: 9, priors: () => form });
    const sums = hiddenLengthSums(index, hidden);
    const privateLengths = new Map(index.fields.map((field, f) => [field.name, sums[f]!]));
    const expected = championLists(index, { privateDocs: hidden, privateLengths, fields: names, ...form, reach: 9 });
    const all = championLists(index, { privateDocs: hidden, privateLengths, fields: names, reach: 9 });
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length < all.length).toBe(fewer);
    expect(builder.championLists()?.map(plain)).toEqual(expected.map(plain));
  }, 120_000);

  it('makes no lists when the priors never come, and asks for them once', async () => {
    const { dir } = generateDump(21, 80);
    dirs.push(dir);
    const c = await openStore(dir, { cacheDir: path.join(dir, '.cache') }).collection('issues');
    const fields = championFields(c.spec).map((name) => c.spec.fields.findIndex((field) => field.name === name));
    let asked = 0;
    const builder = new CompactIndexBuilder(c.spec, { maximaPostings: 6 });
    c.records.forEach((record, doc) => builder.add(record, doc, c));
    const index = builder.finishInto(new MemorySink(), c.privateDocs.docs, { fields, reach: 1000, priors: () => (asked++, undefined) });
    expect(index.maxima?.slots().length).toBeGreaterThan(0);
    expect(asked).toBe(1);
    expect(builder.championLists()).toBeUndefined();
  }, 120_000);
});

describe('priors shared with the index worker', () => {
  it('hands over the arrays given, once', () => {
    const shared = sharedPriors(3, { multiplier: true, addend: false });
    expect(awaitPriors(shared, 0)).toBeUndefined(); // (not yet handed over: no wait at all)
    providePriors(shared, { multiplier: Float64Array.of(1.5, -0, Number.NaN) });
    providePriors(shared, undefined); // (only the first call counts)
    const got = awaitPriors(shared, 0);
    expect(got?.addend).toBeUndefined();
    expect([...got!.multiplier!]).toEqual([1.5, -0, Number.NaN]);
    expect(Object.is(got!.multiplier![1], -0)).toBe(true);
  });

  it.each([
    ['none', undefined],
    ['a part missing', { addend: Float64Array.of(1, 2) }],
    ['a part too short', { multiplier: Float64Array.of(1), addend: Float64Array.of(1, 2) }],
  ])('hands over nothing for %s', (_name, priors) => {
    const shared = sharedPriors(2, { multiplier: true, addend: true });
    providePriors(shared, priors);
    expect(awaitPriors(shared, 0)).toBeUndefined();
  });

  it('refuses a part the form has not', () => {
    const shared = sharedPriors(2, { multiplier: false, addend: true });
    providePriors(shared, { multiplier: Float64Array.of(1, 2), addend: Float64Array.of(1, 2) });
    expect(awaitPriors(shared, 0)).toBeUndefined();
  });
});
