/**
 * The kind tables are the only place kinds differ (issue #23): outside src/kinds/, no code compares a kind (or a
 * dump part) with a kind's name — `kind === 'issues'`, `spec.kind !== 'code'`, `part === 'pulls'`, a
 * `switch (kind)` with `case 'users':` — it reads a property of the kind's table instead. Comparisons of other
 * "kinds" with other values (`token.kind === 'word'`, an analyzer named `code`) are not kind tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const KINDS_FOLDER = path.join(SRC, 'kinds');

/** The names of the seven kinds and of the one extra dump part. */
const NAMES = '(?:code|commits|issues|labels|repositories|topics|users|pulls)';
/** An expression that holds a kind or a part: an identifier (or member chain) ending in `kind`, `part`, `…Kind`, `…Part`. */
const HOLDER = String.raw`(?:[\w$]+(?:\?\.|!?\.))*(?:kind|part|[a-z][\w$]*Kind|[a-z][\w$]*Part)\b!?`;
const LITERAL = String.raw`(?:'${NAMES}'|"${NAMES}"|\`${NAMES}\`)`;
const COMPARISON = new RegExp(String.raw`${HOLDER}\s*[!=]==?\s*${LITERAL}|${LITERAL}\s*[!=]==?\s*${HOLDER}`, 'g');
/** A `switch (…)` (its discriminant captured) or a `case` of a kind's name (`case 'code':`). */
const SWITCH = new RegExp(String.raw`\bswitch\s*\(\s*([^)]*?)\s*\)|\bcase\s+${LITERAL}\s*:`, 'g');
const WHOLE_HOLDER = new RegExp(`^${HOLDER}$`);

/**
 * Source text without comments (block comments, and line comments after a line's start, a space or punctuation, so
 * `https://…` in a string stays), their line breaks kept so line numbers hold.
 */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, '')).replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1');
}

/** The kind tests in one file's text, as `line: code` strings. */
function kindTests(text: string): string[] {
  const code = withoutComments(text);
  const lineOf = (index: number): number => code.slice(0, index).split('\n').length;
  const found: Array<{ index: number; text: string }> = [];
  for (const m of code.matchAll(COMPARISON)) found.push({ index: m.index, text: m[0] });
  // A case counts under the nearest switch before it when that switch is on a kind or part.
  let inKindSwitch = false;
  for (const m of code.matchAll(SWITCH)) {
    if (m[1] !== undefined) inKindSwitch = WHOLE_HOLDER.test(m[1]);
    else if (inKindSwitch) found.push({ index: m.index, text: m[0] });
  }
  return found.sort((a, b) => a.index - b.index).map(({ index, text: hit }) => `${lineOf(index)}: ${hit}`);
}

/** Every .ts/.tsx file under `dir`, absolute. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the kind-test finder', () => {
  it.each([
    ["kind === 'issues'", 1],
    ["if (spec.kind !== 'code') x();", 1],
    ['collection.kind == "users"', 1],
    ["part === 'pulls'", 1],
    ["r.part !== 'pulls'", 1],
    ["'repositories' === kind", 1],
    ['type.kind === `topics`', 1],
    ["request?.kind === 'labels'", 1],
    ["neighbourKind === 'commits'", 1],
    ["switch (kind) {\n  case 'code':\n    return 1;\n  case 'users':\n    return 2;\n}", 2],
    ["switch (part) { case 'pulls': return 1; }", 1],
  ])('flags %j', (text, count) => {
    expect(kindTests(text)).toHaveLength(count);
  });

  it.each([
    "token.kind === 'word'",
    "t.kind === 'and' || t.kind === 'rparen'",
    "rule === 'whole-page'",
    "analyzer === 'code'",
    "kind === other",
    "type === 'repositories'",
    "switch (token.type) { case 'word': return 1; }",
    "// kind === 'issues' in a comment",
    "/* spec.kind === 'code' */",
    "const x = 1; // part === 'pulls'",
    "kind === 'issuesx'",
  ])('does not flag %j', (text) => {
    expect(kindTests(text)).toEqual([]);
  });
});

describe('src/ outside src/kinds/', () => {
  it('compares no kind or part with a kind name (the kind tables say what differs)', () => {
    const files = sourceFiles(SRC).filter((file) => !file.startsWith(KINDS_FOLDER + path.sep));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => kindTests(readFileSync(file, 'utf8')).map((hit) => `${path.relative(SRC, file)}:${hit}`));
    expect(found).toEqual([]);
  });
});
