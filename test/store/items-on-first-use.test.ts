/**
 * A collection opened from its cache files opens its rendered-items file only when an answer first renders an
 * item (src/store/store.ts openItems, src/store/collection.ts itemFile): a query matching nothing never opens it,
 * and a damaged one is noticed and deleted when first used, the page then rendered from the records.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ItemFile } from '../../src/cache/item-file.js';
import { setCacheNoticeSink } from '../../src/cache/notice.js';
import { pageBytes } from '../../src/envelope/page.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';
import { Collection } from '../../src/store/collection.js';
import { specOf } from '../../src/kinds/catalog.js';
import { PROJECT_ROOT } from '../helpers/real-data.js';

const dirs: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
afterEach(() => vi.restoreAllMocks());

const DATA = path.join(PROJECT_ROOT, 'data');
const itemsFiles = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('issues-') && name.endsWith('.items'));

/** A cache directory holding the issues' files a build leaves, the items file among them. */
async function builtCache(): Promise<string> {
  const dir = tempDir('items-first-use-');
  await openStore(DATA, { cacheDir: dir }).prebuild(['issues']);
  expect(itemsFiles(dir)).toHaveLength(1);
  return dir;
}

describe('the rendered-items file on first use', () => {
  it('is not opened by a query that matches nothing, and opened once by the first page with items', async () => {
    const dir = await builtCache();
    const open = vi.spyOn(ItemFile, 'open');
    const store = openStore(DATA, { cacheDir: dir });
    const none = await runSearch({ kind: 'issues', q: 'zzqqxxnothing' }, store);
    expect(none.page.total).toBe(0);
    expect(open).not.toHaveBeenCalled();
    const some = await runSearch({ kind: 'issues', q: 'is:issue', per_page: '100' }, store);
    expect(some.page.items.length).toBeGreaterThan(0);
    expect(open).toHaveBeenCalledTimes(1);
    await runSearch({ kind: 'issues', q: 'is:pr', per_page: '100' }, store);
    expect(open).toHaveBeenCalledTimes(1);
    // The same bytes as a store that renders every item from its records (no items file).
    const plain = openStore(DATA, { cacheDir: tempDir('items-first-use-plain-') });
    const again = await runSearch({ kind: 'issues', q: 'is:issue', per_page: '100' }, plain);
    expect(pageBytes(some.page).equals(pageBytes(again.page))).toBe(true);
  });

  it('a damaged file is kept by a query that matches nothing, then noticed and deleted when first used', async () => {
    const dir = await builtCache();
    const [name] = itemsFiles(dir);
    const file = path.join(dir, name!);
    truncateSync(file, statSync(file).size - 3); // no trailer: a damaged file
    const notices: string[] = [];
    const previous = setCacheNoticeSink((line) => notices.push(line));
    try {
      const store = openStore(DATA, { cacheDir: dir });
      expect((await runSearch({ kind: 'issues', q: 'zzqqxxnothing' }, store)).page.total).toBe(0);
      expect(notices).toEqual([]);
      expect(itemsFiles(dir)).toEqual([name]);
      const some = await runSearch({ kind: 'issues', q: 'is:issue', per_page: '100' }, store);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain(name);
      expect(itemsFiles(dir)).toEqual([]);
      const plain = openStore(DATA, { cacheDir: tempDir('items-first-use-plain-') });
      const again = await runSearch({ kind: 'issues', q: 'is:issue', per_page: '100' }, plain);
      expect(pageBytes(some.page).equals(pageBytes(again.page))).toBe(true);
    } finally {
      setCacheNoticeSink(previous);
    }
  });

  it('an opener attached to a collection runs on first read only, and never after close', () => {
    const spec = specOf('issues');
    const neighbours = { repositories: [], users: [], issues: [] };
    const opened = vi.fn((): ItemFile | undefined => undefined);
    const c = new Collection(spec, [], new Map(), neighbours, []);
    c.attachItems(opened);
    expect(opened).not.toHaveBeenCalled();
    expect(c.itemFile).toBeUndefined();
    expect(c.itemFile).toBeUndefined();
    expect(opened).toHaveBeenCalledTimes(1);
    const closedFirst = vi.fn((): ItemFile | undefined => undefined);
    const d = new Collection(spec, [], new Map(), neighbours, []);
    d.attachItems(closedFirst);
    d.close();
    expect(d.itemFile).toBeUndefined();
    expect(closedFirst).not.toHaveBeenCalled();
  });
});
