/** CollectionAccess.key: what identifies a viewer's answers, and that the anonymous viewer's needs no names. */
import { describe, expect, it } from 'vitest';
import { CollectionAccess } from '../../src/access/collection-access.js';
import { VisibleNames } from '../../src/access/names.js';
import { ANONYMOUS, viewerFor } from '../../src/request/viewer.js';

const known = { repos: ['octo/public', 'octo/secret'], users: ['mona'], private: [['octo/secret', ['mona']]] as Array<[string, string[]]> };

/** An access over one private document, counting how often its names are read. */
function access(): { access: CollectionAccess; reads: () => number } {
  let reads = 0;
  const a = new CollectionAccess([{ doc: 0, repository: 'octo/secret' }], () => (reads++, new VisibleNames(known)));
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
