/**
 * End to end: import this project's own git repository, then search the dump with the core, as
 * `search code … --data <out>` and `search commits … --data <out>` would.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGit } from '../../src/import/git-import.js';
import { runSearch } from '../../src/search.js';
import { openStore, type Store } from '../../src/store/store.js';
import { cleanup, tempDir } from './helpers/git-fixture.js';

const PROJECT = path.resolve(import.meta.dirname, '../..');
const FILE = 'src/cli/import-command.ts';
const hasGit = existsSync(path.join(PROJECT, '.git'));
const committed = (): string | undefined => {
  try {
    return execFileSync('git', ['-C', PROJECT, 'show', `HEAD:${FILE}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
};

type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.skipIf(!hasGit || committed() === undefined)("importing this project's git repository, then searching it", () => {
  let root: string;
  let store: Store;
  beforeAll(async () => {
    root = tempDir('import-search-');
    const out = path.join(root, 'dump');
    await importGit({ repoPath: PROJECT, out, repo: 'offline/search' });
    store = openStore(out, { cacheDir: path.join(root, 'cache') });
  }, 60_000);
  afterAll(() => cleanup(root));

  it('search code finds a function by name, with a text match on its declaration line', async () => {
    const result = await runSearch(
      { kind: 'code', q: 'createImportCommand', accept: 'application/vnd.github.v3.text-match+json' },
      store,
    );
    const item = result.envelope.items.find((i: Item) => i.path === FILE) as Item | undefined;
    expect(item, `${FILE} in the results`).toBeDefined();
    expect(item!.repository.full_name).toBe('offline/search');
    const text = committed()!;
    const declarationLine = text.split('\n').findIndex((line) => line.startsWith('export function createImportCommand(')) + 1;
    const lines = (item!.text_matches as Item[])
      .filter((m) => m.property === 'content')
      .flatMap((m) => {
        const start = text.indexOf(m.fragment);
        return (m.matches as Item[]).map((match) => text.slice(0, start + match.indices[0]).split('\n').length);
      });
    expect(lines).toContain(declarationLine);
  });

  it('search commits finds a known commit message, sorted by author date', async () => {
    const accept = 'application/vnd.github.cloak-preview+json';
    const known = await runSearch({ kind: 'commits', q: 'Project skeleton', accept }, store);
    expect(known.envelope.items.map((i: Item) => i.commit.message.split('\n')[0])).toContain(
      'Project skeleton: package, tsconfig, core contracts (request, media types, envelope, errors, store)',
    );
    const sorted = await runSearch({ kind: 'commits', q: 'tests', sort: 'author-date', order: 'desc', accept, per_page: '100' }, store);
    const dates = sorted.envelope.items.map((i: Item) => Date.parse(i.commit.author.date));
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});
