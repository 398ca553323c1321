/**
 * The detached view (src/store/detached-view.ts) a build's index worker renders items through: it gives each
 * document's pull and throws for anything else, and an item it renders is the item the collection renders — for
 * every record of every kind of the embedded dump (re-parsed from its compact text, as the worker reads it).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DetachedView, DetachedViewError } from '../../src/store/detached-view.js';
import { itemCompactText } from '../../src/envelope/item-json.js';
import { PLAIN_MEDIA } from '../../src/request/media-type.js';
import { KINDS } from '../../src/kinds/kind.js';
import { openStore } from '../../src/store/store.js';
import type { CollectionView } from '../../src/kinds/collection-view.js';
import { PROJECT_ROOT } from '../helpers/real-data.js';

describe('DetachedView', () => {
  const pull = { number: 7, merged_at: null };
  const view = new DetachedView('issues', new Map([[3, pull]]));

  it('gives the pulls it holds, and no other', () => {
    expect(view.kind).toBe('issues');
    expect(view.pullOf(3)).toBe(pull);
    expect(view.pullOf(4)).toBeUndefined();
  });

  const reads: Array<[string, (v: CollectionView) => unknown]> = [
    ['records', (v) => v.records],
    ['repository', (v) => v.repository('a/b')],
    ['repositoryById', (v) => v.repositoryById(1)],
    ['knowsRepository', (v) => v.knowsRepository('a/b', { logins: [] } as never)],
    ['knowsUser', (v) => v.knowsUser('a', { logins: [] } as never)],
    ['openIssuesWithLabel', (v) => v.openIssuesWithLabel('a/b', 'bug', false)],
    ['column', (v) => v.column(() => 1)],
    ['memo', (v) => v.memo({ name: 'x', make: () => 1 })],
  ];
  it.each(reads)('throws DetachedViewError for %s', (_name, read) => {
    expect(() => read(view)).toThrow(DetachedViewError);
  });

  it('renders, where it can, the item the collection renders (every record of the embedded dump)', async () => {
    const store = openStore(path.join(PROJECT_ROOT, 'data'), { cacheDir: mkdtempSync(path.join(tmpdir(), 'detached-view-')) });
    let rendered = 0;
    for (const kind of KINDS) {
      const c = await store.collection(kind);
      c.records.forEach((record, doc) => {
        const expected = itemCompactText(c.spec, record, doc, c, PLAIN_MEDIA);
        const pullOfDoc = c.pullOf(doc);
        const detached = new DetachedView(kind, new Map(pullOfDoc ? [[doc, pullOfDoc]] : []));
        let got: string | undefined;
        try {
          got = itemCompactText(c.spec, JSON.parse(JSON.stringify(record)), doc, detached, PLAIN_MEDIA);
        } catch (error) {
          expect(error).toBeInstanceOf(DetachedViewError);
          return;
        }
        expect(got).toBe(expected);
        rendered++;
      });
    }
    expect(rendered).toBeGreaterThan(0);
  });
});
