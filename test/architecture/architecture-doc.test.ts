/**
 * docs/architecture.md draws the stages and the tree: its picture must match src/. Every folder of src/ (sub-folders
 * included) has its own line in "The tree" as `src/<folder>/`, every stage of the stage picture is a folder or file
 * that exists, and every path of src/ named anywhere on the page (`src/…`, or `folder/file.ts` relative to src/)
 * exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = path.join(ROOT, 'src');
const DOC = readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');

/** Every folder under `dir` (not `dir` itself), relative to src/, with `/`. */
function foldersUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return [path.relative(SRC, full).split(path.sep).join('/'), ...foldersUnder(full)];
    });
}

/** The fenced code block that follows the heading `heading` (its text, without the fences). */
function blockAfter(heading: string): string {
  const start = DOC.indexOf(heading);
  if (start < 0) return '';
  const match = /```\n([\s\S]*?)```/.exec(DOC.slice(start));
  return match?.[1] ?? '';
}

/** The first column of each line of a block: the paths a picture draws, one per line (continuations skipped). */
function leadingPaths(block: string): string[] {
  return block.split('\n').flatMap((line) => (/^(\S+)/.exec(line)?.[1] ? [/^(\S+)/.exec(line)![1]!] : []));
}

const TREE = blockAfter('## The tree');
const STAGES = blockAfter('# Architecture');

/**
 * The layers of the sentence "Imports run one way, from the edges down: a/ and b/ → c/ → …": each layer's nodes
 * (`folder/` or `file.ts` directly in src/), top first.
 */
function importLayers(): string[][] {
  const start = DOC.indexOf('Imports run one way, from the edges down:');
  if (start < 0) return [];
  const sentence = DOC.slice(start, DOC.indexOf('.\n', start)).replace(/^[^:]*:/, '').replace(/\s+/g, ' ');
  return sentence.split('→').map((layer) => layer.split(/,| and /).map((node) => node.trim()).filter((node) => node !== ''));
}

/** The node of src/ a file belongs to: its top-level folder (`kinds/`) or, directly in src/, its name (`search.ts`). */
function topNode(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length === 1 ? parts[0]!.replace(/\.js$/, '.ts') : `${parts[0]}/`;
}

/** Every .ts/.tsx file under `dir`, absolute. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('docs/architecture.md', () => {
  it('orders the imports as the code does: no import runs up the layers of its sentence', () => {
    const layers = importLayers();
    expect(layers.length).toBeGreaterThan(5);
    const layerOf = new Map(layers.flatMap((nodes, index) => nodes.map((node) => [node, index] as const)));
    const unknown = [...layerOf.keys()].filter((node) => !existsSync(path.join(SRC, node)) && !existsSync(path.join(ROOT, node)));
    expect(unknown).toEqual([]);
    const upward = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const from = topNode(file);
        const to = topNode(path.resolve(path.dirname(file), match[1]!));
        const a = layerOf.get(from);
        const b = layerOf.get(to);
        if (a !== undefined && b !== undefined && a > b) upward.add(`${from} → ${to} (${path.relative(SRC, file)} imports ${match[1]})`);
      }
    }
    expect([...upward]).toEqual([]);
  });

  it('finds its two pictures', () => {
    expect(TREE).toContain('src/cli/');
    expect(STAGES).toContain('src/plan/');
  });

  it('gives every folder of src/ its own line in the tree', () => {
    const drawn = new Set(leadingPaths(TREE));
    expect(foldersUnder(SRC).filter((folder) => !drawn.has(`src/${folder}/`))).toEqual([]);
  });

  it('draws in the tree only folders and files that exist', () => {
    const missing = leadingPaths(TREE).filter((entry) => entry.startsWith('src/') && !existsSync(path.join(ROOT, entry)));
    expect(missing).toEqual([]);
  });

  it('names only stages whose folders exist, one line each', () => {
    const stages = STAGES.split('\n').flatMap((line) => {
      const match = /^([a-z]+)\s+(src\/\S+)/.exec(line);
      return match ? [[match[1]!, match[2]!] as const] : [];
    });
    expect(stages.map(([stage]) => stage)).toEqual(expect.arrayContaining(['plan', 'execute', 'order', 'page', 'envelope']));
    expect(stages.filter(([, folder]) => !existsSync(path.join(ROOT, folder)))).toEqual([]);
  });

  it('names only src/ paths that exist', () => {
    const named = [...new Set([...DOC.matchAll(/\bsrc\/[A-Za-z0-9_./-]*[A-Za-z0-9_/]/g)].map((match) => match[0]))];
    expect(named.filter((entry) => !existsSync(path.join(ROOT, entry)))).toEqual([]);
  });

  it('names only modules that exist when it writes them relative to src/ (`execute/match.ts`)', () => {
    const folders = new Set(foldersUnder(SRC));
    const named = [...DOC.matchAll(/(?<![\w./-])([a-z][a-z-]*(?:\/[a-z][a-z-]*)*)\/([A-Za-z][\w-]*\.tsx?)\b/g)]
      .filter((match) => folders.has(match[1]!))
      .map((match) => `${match[1]}/${match[2]}`);
    expect(named.length).toBeGreaterThan(0);
    expect([...new Set(named)].filter((entry) => !existsSync(path.join(SRC, entry)))).toEqual([]);
  });
});
