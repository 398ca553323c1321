import { describe, expect, it } from 'vitest';
import { pageOf, parseBaselineQuery } from '../../bench/baseline-query.js';
import { newIndex, searchMini } from '../../bench/minisearch-anchor.js';
import { sqliteSelect } from '../../bench/sqlite-anchor.js';

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

  it('drives MiniSearch to the matches GitHub would give on a simple query', () => {
    const index = newIndex();
    records.forEach((r, doc) => index.add({ doc, title: r.title, body: r.body }));
    expect(searchMini(index, records, 'crash state:open', {}).items.map((i) => i.number)).toEqual([1]);
    expect(searchMini(index, records, 'crash', {}).total_count).toBe(2);
    expect(searchMini(index, records, 'is:pr', {}).items.map((i) => i.number)).toEqual([2]);
  });
});

describe('SQLite FTS5 anchor', () => {
  it('translates keywords to one MATCH and the bench qualifiers to conditions on the stored JSON', () => {
    const sql = sqliteSelect(`crash "it's" state:open label:"good first issue" -label:bug comments:>2 created:>2019-06-01 is:issue repo:a/b`);
    expect(sql).toContain(`issues MATCH '"crash" "it''s"'`);
    expect(sql).toContain(`json_extract(doc, '$.state') = 'open'`);
    expect(sql).toContain(`lower(json_extract(value, '$.name')) = 'good first issue'`);
    expect(sql).toContain(`NOT (EXISTS (SELECT 1 FROM json_each(doc, '$.labels') WHERE lower(json_extract(value, '$.name')) = 'bug'))`);
    expect(sql).toContain(`json_extract(doc, '$.comments') > 2`);
    expect(sql).toContain(`json_extract(doc, '$.created_at') > '2019-06-01'`);
    expect(sql).toContain(`coalesce(json_type(doc, '$.pull_request'), 'null') = 'null'`);
    expect(sql).toContain(`= 'https://api.github.com/repos/a/b'`);
    expect(sql.startsWith('SELECT count(*) FROM issues WHERE')).toBe(true);
    expect(sql).toMatch(/ORDER BY rank LIMIT 30;$/);
    expect(sqliteSelect('state:closed')).not.toContain('MATCH');
  });
});
