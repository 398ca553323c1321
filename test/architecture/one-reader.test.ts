/**
 * One reader owns a collection's state (issue #24 item 3): whatever a module derives from one collection — caches of
 * results, scores, matches, items, memos of ranks or repeated names — is kept by the collection's reader
 * (src/store/collection.ts `memo`, under one memory budget, dropped by one `close`), never in a side table of the
 * module's own. A `WeakMap`/`WeakSet`/`WeakRef` keyed by a collection, its records or its reader is
 * such a side table; so is a `Map` keyed by one. The few weak tables that are not per collection are listed below
 * with their reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Files (relative to src/) that may hold a weak table, and why it is not a collection's state. */
const ALLOWED: Readonly<Record<string, string>> = {
  'store/column-defs.ts': "keyed by a kind's table (KindSpec, a module constant): static per kind, the same for every collection",
};

/** Files (relative to src/) that may key a map by a collection: the reader itself. */
const READER = new Set(['store/collection.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The source without comments (a docstring may name a WeakMap). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * A weak table. (A FinalizationRegistry closing a file's descriptor when its reader object is collected without
 * close() — cache/columns.ts, cache/compact-index-file.ts — holds descriptors, not derived state: not one.)
 */
const WEAK = /\b(?:new\s+WeakMap|WeakMap\s*<|new\s+WeakRef|new\s+WeakSet)\b/;
/** A map or weak map keyed by a collection, a view of one, its records or its reader. */
const KEYED_BY_COLLECTION = /\b(?:Weak)?Map\s*<\s*(?:Collection|CollectionView|TextIndex|readonly\s+RawRecord\[\]|RawRecord\[\])\s*,/;

describe('one reader owns a collection’s state', () => {
  const files = sourceFiles(SRC).map((file) => ({ name: path.relative(SRC, file).split(path.sep).join('/'), text: code(file) }));

  it('keeps no weak side table outside the allowed few', () => {
    const offenders = files.filter((f) => WEAK.test(f.text) && !(f.name in ALLOWED)).map((f) => f.name);
    expect(offenders, 'per-collection state belongs to the reader: Collection.memo(slot) (src/store/collection.ts)').toEqual([]);
  });

  it('keys no map by a collection, its records or its reader outside the reader', () => {
    const offenders = files.filter((f) => KEYED_BY_COLLECTION.test(f.text) && !READER.has(f.name)).map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('lists only files that still hold a weak table (a stale entry would hide a new one)', () => {
    for (const name of Object.keys(ALLOWED)) {
      const file = files.find((f) => f.name === name);
      expect(file && WEAK.test(file.text), `${name} is allowed a weak table but holds none: drop it from the list`).toBe(true);
    }
  });

  it('detects the side tables it exists to catch', () => {
    expect(WEAK.test('const memo = new WeakMap<CollectionView, number>();')).toBe(true);
    expect(KEYED_BY_COLLECTION.test('const byCollection = new Map<Collection, Scores>();')).toBe(true);
    expect(KEYED_BY_COLLECTION.test('const ranks = new WeakMap<readonly RawRecord[], Map<string, number>>();')).toBe(true);
    expect(WEAK.test('const slots = new Map<ReaderSlot<unknown>, unknown>();')).toBe(false);
  });
});
