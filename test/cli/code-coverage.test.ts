/**
 * The coverage bits of a process's kind searches (src/cli/code-coverage.ts), which decide when bin/search.js
 * rewrites its code cache: each bit from the request that exercises its code (or from a build), united across runs.
 */
import { describe, expect, it } from 'vitest';
import { codeCoverage, COVERAGE, KIND_SHIFT, noteBuild, noteSearch } from '../../src/cli/code-coverage.js';
import { KINDS } from '../../src/kinds/kind.js';
import type { SearchRequest } from '../../src/search-request.js';

const kindBit = (kind: (typeof KINDS)[number]): number => 1 << (KIND_SHIFT + KINDS.indexOf(kind));

describe('noteSearch / codeCoverage', () => {
  // One process, so one running union: each case adds its bits and checks those it must (and must not) add.
  const cases: ReadonlyArray<{ name: string; request: SearchRequest; items: number; shaped: boolean; adds: number; not: number }> = [
    { name: 'an empty page of issues', request: { kind: 'issues', q: 'crash' }, items: 0, shaped: false, adds: COVERAGE.search | kindBit('issues'), not: COVERAGE.page | COVERAGE.qualifiers | COVERAGE.sort | COVERAGE.textMatch | COVERAGE.shaped },
    { name: 'a colon inside a quoted phrase is no qualifier', request: { kind: 'code', q: '"a:b" c' }, items: 1, shaped: false, adds: COVERAGE.page | kindBit('code'), not: COVERAGE.qualifiers | COVERAGE.sort | COVERAGE.textMatch | COVERAGE.shaped },
    { name: 'plain JSON is not text matches', request: { kind: 'topics', q: 'ml', accept: 'application/vnd.github+json' }, items: 1, shaped: false, adds: kindBit('topics'), not: COVERAGE.qualifiers | COVERAGE.textMatch | COVERAGE.shaped },
    { name: 'a qualifier', request: { kind: 'issues', q: 'crash label:bug' }, items: 3, shaped: false, adds: COVERAGE.qualifiers, not: COVERAGE.sort | COVERAGE.textMatch | COVERAGE.shaped },
    { name: 'a sort', request: { kind: 'repositories', q: 'cli', sort: 'stars' }, items: 1, shaped: false, adds: COVERAGE.sort | kindBit('repositories'), not: COVERAGE.textMatch | COVERAGE.shaped },
    { name: 'text matches', request: { kind: 'users', q: 'mona', accept: 'application/vnd.github.text-match+json' }, items: 1, shaped: false, adds: COVERAGE.textMatch | kindBit('users'), not: COVERAGE.shaped },
    { name: 'shaped output', request: { kind: 'labels', q: 'bug', repository_id: '1' }, items: 0, shaped: true, adds: COVERAGE.shaped | kindBit('labels'), not: 0 },
  ];

  it('starts at 0 (no kind search yet)', () => {
    expect(codeCoverage()).toBe(0);
  });

  it.each(cases)('$name', ({ request, items, shaped, adds, not }) => {
    const before = codeCoverage();
    noteSearch(request, items, shaped);
    const after = codeCoverage();
    expect(after & before).toBe(before);
    expect(after & adds).toBe(adds);
    expect((after & ~before) & not).toBe(0);
  });

  it('notes a build apart from any search', () => {
    expect(codeCoverage() & COVERAGE.built).toBe(0);
    noteBuild();
    expect(codeCoverage() & COVERAGE.built).toBe(COVERAGE.built);
  });

  it('keeps every bit in 32 bits (bin/search.js stores it as a u32)', () => {
    for (const kind of KINDS) noteSearch({ kind, q: 'x' }, 0, false);
    expect(codeCoverage()).toBeLessThan(2 ** 31);
    for (const kind of KINDS) expect(codeCoverage() & kindBit(kind)).toBe(kindBit(kind));
  });
});
