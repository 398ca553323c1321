import { describe, expect, it } from 'vitest';
import { pageOf, parseBaselineQuery } from '../../src/bench/baseline-query.js';
import { buildNaive, searchNaive } from '../../src/bench/naive-lunr.js';
import { ScanTexts, searchScan } from '../../src/bench/linear-scan.js';

const records = [
  { number: 1, title: 'Crash on load', body: 'the loader crashes', state: 'open', comments: 5, created_at: '2020-01-01T00:00:00Z', labels: [{ name: 'bug' }], repository_url: 'https://api.github.com/repos/a/b' },
  { number: 2, title: 'Docs', body: 'loading docs crash', state: 'closed', comments: 0, created_at: '2022-01-01T00:00:00Z', labels: [], pull_request: {}, repository_url: 'https://api.github.com/repos/a/c' },
  { number: 3, title: 'Feature', body: 'nothing here', state: 'open', comments: 2, created_at: '2023-01-01T00:00:00Z', labels: [{ name: 'good first issue' }], repository_url: 'https://api.github.com/repos/a/b' },
];

describe('baseline query', () => {
  it('reads keywords and the bench qualifiers', () => {
    const q = parseBaselineQuery('Crash state:open label:bug comments:>2 created:>2019-06-01 -is:pr repo:a/b');
    expect(q.words).toEqual(['crash']);
    expect(records.map((r) => q.test(r))).toEqual([true, false, false]);
    expect(parseBaselineQuery('label:"good first issue"').test(records[2]!)).toBe(true);
    expect(parseBaselineQuery('comments:1..3').test(records[2]!)).toBe(true);
    expect(parseBaselineQuery('is:pr').test(records[1]!)).toBe(true);
  });

  it('pages by score or by a sort key', () => {
    const page = pageOf(records, [0, 1, 2], [1, 3, 2], { perPage: 2 });
    expect(page.total_count).toBe(3);
    expect(page.items.map((i) => i.number)).toEqual([2, 3]);
    const sorted = pageOf(records, [0, 1, 2], [1, 3, 2], { sort: 'comments', order: 'asc', page: 2, perPage: 2 });
    expect(sorted.items.map((i) => i.number)).toEqual([1]);
  });

  it('drives both anchors to the same matches on a simple query', () => {
    const naive = searchNaive(buildNaive(records), records, 'crash state:open', {});
    const scan = searchScan(new ScanTexts(records), 'crash state:open', {});
    expect(naive.items.map((i) => i.number)).toEqual([1]);
    expect(scan.items.map((i) => i.number)).toEqual([1]);
  });
});
