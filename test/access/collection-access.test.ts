/** CollectionAccess.key: what identifies a viewer's answers, and that the anonymous viewer's needs no names. */
import { describe, expect, it } from 'vitest';
import { CollectionAccess } from '../../src/access/collection-access.js';
import { VisibleNames } from '../../src/access/names.js';
import { PrivateDocs } from '../../src/access/private-docs.js';
import { CollectionBudget } from '../../src/store/memory-budget.js';
import { ANONYMOUS, viewerFor } from '../../src/request/viewer.js';

const known = { repos: ['octo/public', 'octo/secret'], users: ['mona'], private: [['octo/secret', ['mona']]] as Array<[string, string[]]> };

/** An access over one private document, counting how often its names are read. */
function access(): { access: CollectionAccess; reads: () => number } {
  let reads = 0;
  const a = new CollectionAccess(PrivateDocs.from([{ doc: 0, repository: 'octo/secret' }]), () => (reads++, new VisibleNames(known)));
  return { access: a, reads: () => reads };
}

describe('CollectionAccess.key', () => {
  it('gives the anonymous viewer the key of a viewer without login or readable repositories, reading no names', () => {
    const { access: a, reads } = access();
    expect(a.key(ANONYMOUS)).toBe('\u0000');
    expect(reads()).toBe(0);
    expect(a.key(viewerFor(undefined, [], false))).toBe(a.key(ANONYMOUS));
    expect(reads()).toBe(1);
  });

  it('names the login and the readable private repositories otherwise', () => {
    const { access: a } = access();
    expect(a.key(viewerFor('mona'))).toBe('mona\u0000');
    expect(a.key(viewerFor('mona', ['octo']))).toBe('mona\u0000octo/secret');
    expect(a.key(viewerFor(undefined, ['*'], true))).toBe('\u0000octo/secret');
  });
});

describe('CollectionAccess.visible', () => {
  const docs = PrivateDocs.from([
    { doc: 1, repository: 'octo/secret' },
    { doc: 4, repository: 'octo/Secret' },
    { doc: 5, repository: 'octo/other' },
  ]);
  const names = () => new VisibleNames(known);

  it.each([
    ['anonymous', ANONYMOUS, [0, 2, 3, 6]],
    ['a reader of one of the private repositories', viewerFor('mona', ['octo/secret']), [0, 1, 2, 3, 4, 6]],
    ['a reader of every private repository', viewerFor(undefined, ['*'], true), [0, 1, 2, 3, 4, 5, 6]],
  ] as const)('is every document but the hidden ones: %s', (_name, viewer, expected) => {
    const a = new CollectionAccess(docs, names);
    expect([...a.visible(viewer, 7)]).toEqual(expected);
    expect([...a.visible(viewer, 7)]).toEqual([...Array(7).keys()].filter((d) => !a.hidden(viewer).includes(d)));
  });

  it('is remembered per viewer (the same array again) and per document count', () => {
    const a = new CollectionAccess(docs, names);
    const first = a.visible(ANONYMOUS, 7);
    expect(a.visible(ANONYMOUS, 7)).toBe(first);
    expect([...a.visible(ANONYMOUS, 8)]).toEqual([0, 2, 3, 6, 7]);
  });

  it('is every document of a collection without private ones', () => {
    const a = new CollectionAccess(PrivateDocs.NONE, names);
    expect([...a.visible(ANONYMOUS, 3)]).toEqual([0, 1, 2]);
    expect(a.visible(ANONYMOUS, 3)).toBe(a.visible(viewerFor('mona'), 3));
  });
});

describe('CollectionAccess.hidden', () => {
  const docs = PrivateDocs.from([
    { doc: 1, repository: 'octo/secret' },
    { doc: 4, repository: 'octo/Secret' },
    { doc: 5, repository: 'octo/other' },
  ]);
  const names = () => new VisibleNames(known);

  it('is the stored list itself for a viewer who reads no private repository (nothing derived per process)', () => {
    const a = new CollectionAccess(docs, names);
    expect(a.hidden(ANONYMOUS)).toBe(docs.docs);
    expect(a.hidden(viewerFor('mona'))).toBe(docs.docs);
  });

  it.each([
    ['a reader of one repository (either spelling)', viewerFor('mona', ['octo/secret']), [5]],
    ['a reader of the other', viewerFor('mona', ['octo/other']), [1, 4]],
    ['a reader of every repository', viewerFor(undefined, ['*'], true), []],
  ] as const)('hides the rest from %s', (_name, viewer, expected) => {
    const a = new CollectionAccess(docs, names);
    expect([...a.hidden(viewer)]).toEqual(expected);
    expect(a.hidden(viewer)).toBe(a.hidden(viewer));
  });

  it("keeps its remembered sets under the reader's budget: evicted, then derived again the same", () => {
    const count = 50_000;
    const many = PrivateDocs.from(Array.from({ length: 1000 }, (_, i) => ({ doc: i * 7, repository: i % 2 ? 'octo/secret' : 'octo/other' })));
    const budget = new CollectionBudget(300 * 1024); // about one visible set of 50,000 documents
    const a = new CollectionAccess(many, names, budget);
    const viewers = [ANONYMOUS, viewerFor('mona', ['octo/secret']), viewerFor('mona', ['octo/other'])];
    const first = viewers.map((viewer) => [...a.visible(viewer, count)]);
    expect(budget.usedBytes).toBeGreaterThan(0);
    expect(budget.usedBytes).toBeLessThanOrEqual(budget.limitBytes);
    expect(viewers.map((viewer) => [...a.visible(viewer, count)])).toEqual(first);
    expect(first[0]).toHaveLength(count - 1000);
    expect(first[1]).toHaveLength(count - 500);
  });
});
