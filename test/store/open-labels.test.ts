/**
 * Open issues per label (store/open-labels.ts), which repositories' `help-wanted-issues:` / `good-first-issues:`
 * count: counted while the issues stream through their build pass and handed to the repositories' collection, or
 * counted on first use by reading every issue again. Both paths give the same counts and the same column file.
 */
import { readdirSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/store.js';
import { OpenLabelCounter } from '../../src/store/open-labels.js';
import { Collection } from '../../src/store/collection.js';
import { specOf } from '../../src/kinds/catalog.js';
import type { RawRecord } from '../../src/kinds/kind.js';
import { generateDump, REPOS } from '../access/generated-dump.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'open-labels-'));
  roots.push(dir);
  return dir;
};

const issue = (repo: string, state: string, ...labels: string[]): RawRecord => ({
  repository_url: `https://api.github.com/repos/${repo}`,
  state,
  labels: labels.map((name) => ({ name })),
});

describe('OpenLabelCounter', () => {
  it('counts open issues per repository and label, names in any case, by the repository record\'s visibility', () => {
    const repositories: RawRecord[] = [
      { full_name: 'acme/open', private: false },
      { full_name: 'acme/secret', private: true },
    ];
    const view = new Collection(specOf('issues'), [], new Map(), { repositories, users: [], issues: [] }, []);
    const counter = new OpenLabelCounter();
    [
      issue('acme/open', 'open', 'help wanted', 'bug'),
      issue('Acme/Open', 'open', 'Help Wanted'),
      issue('acme/open', 'closed', 'help wanted'),
      issue('acme/secret', 'open', 'help wanted'),
      { state: 'open', labels: [{ name: 'help wanted' }] },
    ].forEach((record, doc) => counter.add(record, doc, view));
    expect(counter.count('acme/open', 'help wanted', false)).toBe(2);
    expect(counter.count('ACME/OPEN', 'HELP WANTED', false)).toBe(2);
    expect(counter.count('acme/open', 'bug', false)).toBe(1);
    expect(counter.count('acme/open', 'help wanted', true)).toBe(0);
    expect(counter.count('acme/secret', 'help wanted', true)).toBe(1);
    expect(counter.count('acme/secret', 'help wanted', false)).toBe(0);
    expect(counter.count('bob/tools', 'help wanted', false)).toBe(0);
  });
});

describe('open issues per label: counted in the issues\' build pass = counted on first use', () => {
  it('gives every repository the same counts and writes the same repositories column file', async () => {
    const { dir } = generateDump(7, 14);
    roots.push(dir);
    // In one store: the issues' pass counts, the repositories' collection is seeded.
    const passCache = tempDir();
    const inPass = openStore(dir, { cacheDir: passCache });
    await inPass.prebuild(['issues', 'repositories']);
    // Apart: the issues built by one store, the repositories by another that reads the issues' snapshot.
    const apartCache = tempDir();
    await openStore(dir, { cacheDir: apartCache }).prebuild(['issues']);
    const apart = openStore(dir, { cacheDir: apartCache });
    await apart.prebuild(['repositories']);

    const a = await inPass.collection('repositories');
    const b = await apart.collection('repositories');
    let nonZero = 0;
    for (const [name] of REPOS) {
      for (const label of ['help wanted', 'BUG', 'docs', 'good first issue']) {
        for (const isPrivate of [false, true]) {
          const count = a.openIssuesWithLabel(name, label, isPrivate);
          expect(count, `${name} ${label} ${isPrivate}`).toBe(b.openIssuesWithLabel(name, label, isPrivate));
          if (count > 0) nonZero++;
        }
      }
    }
    expect(nonZero).toBeGreaterThan(4);
    const columnsOf = (cache: string): Buffer[] =>
      readdirSync(cache).filter((f) => f.startsWith('repositories-') && f.endsWith('.columns')).sort().map((f) => readFileSync(path.join(cache, f)));
    const [fromPass, fromApart] = [columnsOf(passCache), columnsOf(apartCache)];
    expect(fromPass).toHaveLength(1);
    expect(fromApart).toHaveLength(1);
    expect(fromPass[0]!.equals(fromApart[0]!)).toBe(true);
  });
});
