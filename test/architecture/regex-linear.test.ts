/**
 * Every regular expression that can see request input runs in linear time (issue #12, defect 7 and the GraphQL
 * route of defect 1). Proven, not timed: each regex literal and `new RegExp` of the request path is collected
 * from the source with TypeScript's parser and analysed by recheck (automaton + fuzzing ReDoS checker).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;
/**
 * Directories whose code never runs on a request: benchmarks, importers (local files the operator chose), the
 * CLI's option parsing and the terminal view. Everything else (server, request, query, plan, kinds, execute,
 * text, envelope, results, store, access, search.ts) is checked.
 */
const OFF_REQUEST_PATH = ['bench', 'import', 'cli', 'render'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!OFF_REQUEST_PATH.includes(relative(SRC, path))) out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

interface Found {
  readonly where: string;
  readonly source: string;
  readonly flags: string;
}

function regexesOf(file: string): { literals: Found[]; dynamic: string[] } {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literals: Found[] = [];
  const dynamic: string[] = [];
  const visit = (node: ts.Node): void => {
    const where = `${relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const raw = node.getText();
      const end = raw.lastIndexOf('/');
      literals.push({ where, source: raw.slice(1, end), flags: raw.slice(end + 1) });
    }
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText() === 'RegExp') dynamic.push(where);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { literals, dynamic };
}

const files = sourceFiles(SRC);
const all = files.map(regexesOf);
const literals = all.flatMap((f) => f.literals);

describe('regexes on the request path', () => {
  it('finds the request-path regexes (the scan itself works)', () => {
    expect(literals.length).toBeGreaterThan(20);
    expect(literals.some((r) => r.where.startsWith('server/'))).toBe(true);
  });

  it('builds none from strings at run time (each would need its own proof)', () => {
    expect(all.flatMap((f) => f.dynamic)).toEqual([]);
  });

  // recheck's budget is per regex; `unknown` (budget spent) is a failure, so the budgets are wide enough for a busy
  // 2-core machine running the whole suite (the slowest regex, text/query-text.ts's, takes ≈ 1 s alone).
  it('are all linear according to recheck', { timeout: 300_000 }, () => {
    const unsafe: string[] = [];
    for (const { where, source, flags } of literals) {
      // The pure-JS backend works offline and on every platform.
      const result = checkSync(source, flags, { timeout: 60_000 });
      if (result.status !== 'safe') unsafe.push(`${where} /${source}/${flags}: ${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.type}, attack ${JSON.stringify(result.attack.pattern).slice(0, 80)})` : ''}`);
    }
    expect(unsafe).toEqual([]);
  });

  it('recheck does reject a quadratic regex (the check can fail)', () => {
    expect(checkSync('^\\/+|\\/+$', 'g').status).toBe('vulnerable');
  });
});
