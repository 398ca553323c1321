/**
 * Imports between the folders of src/ run one way: no folder imports (directly or through others) a folder that
 * imports it back. Files directly in src/ (search.ts, version.ts …) each count as their own node. Type-only
 * imports count too: a type shared by two folders lives in one of them or in a neutral module, not in a loop.
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

/** The node a file belongs to: its top folder under src/, or the file itself when it sits in src/. */
function nodeOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length === 1 ? parts[0]!.replace(/\.(js|tsx?)$/, '') : `${parts[0]}/`;
}

/** Relative module specifiers of `import … from`, `export … from`, `import(…)` and side-effect imports. */
function relativeImports(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
}

/** node → nodes it imports, with one example import per edge. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SRC)) {
    const from = nodeOf(file);
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const to = nodeOf(path.resolve(path.dirname(file), specifier));
      if (to === from) continue;
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

describe('src/', () => {
  it('has no import cycle between its folders', () => {
    const graph = folderGraph();
    const report = cycles(graph).map((component) => {
      const members = new Set(component);
      const edges = component.flatMap((from) =>
        [...(graph.get(from) ?? new Map<string, string>())].filter(([to]) => members.has(to)).map(([to, example]) => `  ${from} → ${to} (${example})`),
      );
      return `cycle among ${component.join(', ')}:\n${edges.join('\n')}`;
    });
    expect(report.join('\n')).toBe('');
  });
});
