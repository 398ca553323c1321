/**
 * Tests mirror src/ folder for folder (test/README.md): every folder of test/ is the mirror of a folder of src/
 * (sub-folders included) or one of the non-mirror folders listed below; a test named after a module of src/ sits in
 * the mirror of that module's folder; and a test in a mirror folder imports from the src/ folder it mirrors (or one
 * of its sub-folders), unless it imports nothing from src/ (it drives bin/search.js or a helper) or is one of the
 * behaviour tests listed in {@link THROUGH_SEARCH}, which test the folder's concept through the whole search.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = path.join(ROOT, 'src');
const TEST = path.join(ROOT, 'test');

/** Top-level folders of test/ that mirror no src/ folder (test/README.md says why). */
const NOT_MIRRORS_AT_TOP = ['architecture', 'bench', 'data', 'e2e', 'hostile'];
/** Folder names that hold shared test support at any depth, not tests of a src/ folder. */
const SUPPORT = ['helpers', 'fixtures'];

/**
 * Tests (paths under test/) that check a folder's concept through the whole search (search(), runSearch, the
 * server or the CLI) and so import no module of that folder themselves.
 */
const THROUGH_SEARCH: readonly string[] = [
  'access/defects.test.ts',
  'access/non-interference.test.ts',
  'access/private-records.test.ts',
  'cache/index-cache.test.ts',
  'envelope/openapi.test.ts',
  'plan/real-dumps.test.ts',
  'plan/search-rules.test.ts',
  'rank/ranking-real.test.ts',
  'render/ink/components/ResultsApp-states.test.tsx',
  'render/ink/hostile-view.test.tsx',
  'search.test.ts',
  'server/embedded-data.test.ts',
  'web/page.e2e.test.ts',
  'web/page-handler.test.ts',
];

/** Every file under `dir` whose name matches `pattern`, absolute. */
function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

/** Every folder under `dir` (not `dir` itself), as paths relative to `dir` with `/`. */
function foldersUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const relative = `${prefix}${entry.name}`;
      return [relative, ...foldersUnder(path.join(dir, entry.name), `${relative}/`)];
    });
}

/** True when the test/ folder `folder` (relative) is support or a non-mirror folder, or inside one. */
function exempt(folder: string): boolean {
  const parts = folder.split('/');
  return NOT_MIRRORS_AT_TOP.includes(parts[0]!) || parts.some((part) => SUPPORT.includes(part));
}

/** The module a test file is named after: `foo.test.ts`, `foo.test.tsx`, `foo.e2e.test.ts` → `foo`. */
function testedName(file: string): string {
  return path.basename(file).replace(/(\.e2e)?\.test\.tsx?$/, '');
}

/** The src/ folders (relative, `''` for src/ itself) a test file imports from, by relative specifier. */
function importedSrcFolders(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const folders = new Set<string>();
  for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const relative = path.relative(SRC, path.resolve(path.dirname(file), match[1]!));
    if (relative.startsWith('..') || path.isAbsolute(relative)) continue;
    const folder = path.dirname(relative);
    folders.add(folder === '.' ? '' : folder.split(path.sep).join('/'));
  }
  return folders;
}

const posix = (p: string): string => p.split(path.sep).join('/');
const testFiles = filesUnder(TEST, /\.test\.tsx?$/).filter((file) => !exempt(posix(path.relative(TEST, path.dirname(file)))));

describe('test/', () => {
  it('has only folders that mirror a folder of src/, besides the listed non-mirror and support folders', () => {
    const strays = foldersUnder(TEST).filter((folder) => !exempt(folder) && !statSync(path.join(SRC, folder), { throwIfNoEntry: false })?.isDirectory());
    expect(strays).toEqual([]);
  });

  it('keeps the test of a src/ module in the mirror of that module\'s folder', () => {
    const homes = new Map<string, string[]>();
    for (const file of filesUnder(SRC, /\.tsx?$/)) {
      const name = path.basename(file).replace(/\.tsx?$/, '');
      homes.set(name, [...(homes.get(name) ?? []), posix(path.relative(SRC, path.dirname(file))).replace(/^\.$/, '')]);
    }
    const misplaced = testFiles.flatMap((file) => {
      const folder = posix(path.relative(TEST, path.dirname(file)));
      const home = homes.get(testedName(file));
      return home && !home.includes(folder) ? [`${posix(path.relative(TEST, file))} tests src/${home.join(' or src/')}`] : [];
    });
    expect(misplaced).toEqual([]);
  });

  it('imports, in each mirror folder, from the src/ folder it mirrors (or is a listed through-search test)', () => {
    const unrelated = testFiles.flatMap((file) => {
      const relative = posix(path.relative(TEST, file));
      if (THROUGH_SEARCH.includes(relative)) return [];
      const folder = posix(path.relative(TEST, path.dirname(file)));
      const imported = [...importedSrcFolders(file)];
      if (imported.length === 0) return [];
      const mirrored = imported.some((from) => from === folder || (folder !== '' && from.startsWith(`${folder}/`)));
      return mirrored ? [] : [`${relative} imports only from src/{${imported.join(', ')}}`];
    });
    expect(unrelated).toEqual([]);
  });

  it('lists only through-search tests that exist and still need the exception', () => {
    const stale = THROUGH_SEARCH.filter((relative) => {
      const file = path.join(TEST, relative);
      if (!existsSync(file)) return true;
      const folder = posix(path.dirname(relative)).replace(/^\.$/, '');
      return [...importedSrcFolders(file)].some((from) => from === folder || (folder !== '' && from.startsWith(`${folder}/`)));
    });
    expect(stale).toEqual([]);
  });

  it('finds the tests it checks', () => {
    const relative = testFiles.map((file) => posix(path.relative(TEST, file)));
    expect(relative).toEqual(expect.arrayContaining(['search.test.ts', 'cli/explain.test.ts', 'kinds/rank-functions.test.ts', 'render/ink/lines/layout.test.ts']));
    expect(relative.some((file) => file.startsWith('e2e/') || file.startsWith('helpers/'))).toBe(false);
  });
});
