/**
 * Imports between folders run one way, at every level of src/: within src/ and within each of its folders and
 * sub-folders, no child folder imports (directly or through its siblings) a sibling that imports it back. Files
 * directly in the folder being checked (search.ts, version.ts … in src/; browser.ts … in render/ink/) each count
 * as their own node. Type-only imports count too: a type shared by two folders lives in one of them or in a
 * neutral module, not in a loop.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Every .ts/.tsx file under `dir`, absolute. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every folder under `dir`, `dir` included, absolute. */
function folders(dir: string): string[] {
  return [dir, ...readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).flatMap((entry) => folders(path.join(dir, entry.name)))];
}

/**
 * The node a file belongs to within `root`: its child folder of `root`, or the file itself when it sits directly in
 * `root`; undefined when the file is outside `root`.
 */
function nodeOf(root: string, file: string): string | undefined {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length === 1 ? parts[0]!.replace(/\.(js|tsx?)$/, '') : `${parts[0]}/`;
}

/** Relative module specifiers of `import … from`, `export … from`, `import(…)` and side-effect imports. */
function relativeImports(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Within `root`: node → nodes it imports, with one example import per edge (paths relative to src/). */
function folderGraph(root: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(root)) {
    const from = nodeOf(root, file)!;
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const to = nodeOf(root, path.resolve(path.dirname(file), specifier));
      if (to === undefined || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${path.relative(SRC, file)} imports ${specifier}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The strongly connected components with more than one node (Tarjan): each is a set of folders in a cycle. */
function cycles(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const graphOf = (edges: Record<string, string[]>): Map<string, Map<string, string>> =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, '']))]));

describe('the cycle finder', () => {
  it.each([
    ['a one-way chain', { a: ['b'], b: ['c'] }, []],
    ['two folders importing each other', { a: ['b'], b: ['a'] }, [['a', 'b']]],
    ['a loop through a third folder', { a: ['b'], b: ['c'], c: ['a'], d: ['a'] }, [['a', 'b', 'c']]],
    ['two separate loops', { a: ['b'], b: ['a'], c: ['d'], d: ['c'] }, [['a', 'b'], ['c', 'd']]],
  ])('%s', (_name, edges, expected) => {
    expect(cycles(graphOf(edges)).sort()).toEqual(expected);
  });

  it('reads every form of relative import', () => {
    const text = [
      "import { a } from '../a/x.js';",
      "import type { B } from './b.js';",
      "export { c } from '../c/y.js';",
      "const d = await import('../d/z.js');",
      "import '../e/side-effect.js';",
      "import lunr from 'lunr';",
    ].join('\n');
    expect(relativeImports(text)).toEqual(['../a/x.js', './b.js', '../c/y.js', '../d/z.js', '../e/side-effect.js']);
  });
});


/** Each folder's cycles, as `folder: node, node …` plus the edges that close them. */
function folderCycles(): { key: string; report: string }[] {
  return folders(SRC).flatMap((root) => {
    const graph = folderGraph(root);
    const folder = path.relative(SRC, root) || 'src';
    return cycles(graph).map((component) => {
      const members = new Set(component);
      const edges = component.flatMap((from) =>
        [...(graph.get(from) ?? new Map<string, string>())].filter(([to]) => members.has(to)).map(([to, example]) => `  ${from} → ${to} (${example})`),
      );
      const key = `${folder}: ${component.join(', ')}`;
      return { key, report: `cycle in ${key}:\n${edges.join('\n')}` };
    });
  });
}

describe('src/', () => {
  const found = folderCycles();

  it('has no import cycle between the folders of any of its folders', () => {
    expect(found.map(({ report }) => report).join('\n')).toBe('');
  });

  it('checks every folder and sub-folder', () => {
    const checked = folders(SRC).map((root) => path.relative(SRC, root) || 'src');
    expect(checked).toEqual(expect.arrayContaining(['src', 'render', 'render/ink', 'render/ink/lines', 'cli', 'import']));
  });
});
