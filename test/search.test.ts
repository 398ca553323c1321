import { describe, expect, it } from 'vitest';
import { viewerFor } from '../src/request/viewer.js';
import { idOf, ids, search } from './helpers/small-dump.js';

describe('order', () => {
  it.each([
    ['comments desc', { sort: 'comments' }, ['#1@ada/notebook', '#1@lattice/prism', '#3@lattice/prism', '#2@lattice/prism']],
    ['comments asc', { sort: 'comments', order: 'asc' }, ['#2@lattice/prism', '#3@lattice/prism', '#1@lattice/prism', '#1@ada/notebook']],
    ['created asc', { sort: 'created', order: 'asc' }, ['#2@lattice/prism', '#1@lattice/prism', '#3@lattice/prism', '#1@ada/notebook']],
    ['reactions-+1', { sort: 'reactions-+1' }, ['#1@lattice/prism', '#1@ada/notebook', '#2@lattice/prism', '#3@lattice/prism']],
    ['reactions-heart', { sort: 'reactions-heart' }, ['#1@lattice/prism', '#2@lattice/prism', '#3@lattice/prism', '#1@ada/notebook']],
    ['interactions', { sort: 'interactions' }, ['#1@ada/notebook', '#1@lattice/prism', '#3@lattice/prism', '#2@lattice/prism']],
    ['order without sort is ignored', { order: 'asc' }, undefined],
  ])('issues %s', async (_name, extra, expected) => {
    const got = await ids('issues', 'is:open OR is:closed', extra);
    if (expected) expect(got).toEqual(expected);
    else expect(got).toEqual(await ids('issues', 'is:open OR is:closed'));
  });

  it('ranks by Lunr relevance with title boost, best first', async () => {
    const result = await search('issues', 'crash');
    const scores = result.envelope.items.map((i) => i.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((s) => s > 0)).toBe(true);
  });

  it('sorts users by followers and repositories by stars', async () => {
    expect(await ids('users', 'type:user type:org', { sort: 'followers' })).toEqual(['ada', 'lattice', 'bob']);
    expect(await ids('repositories', 'stars:>=0 fork:true', { sort: 'stars', order: 'asc' })).toEqual(['bob/prism', 'ada/notebook', 'ada/attic', 'lattice/prism']);
  });

  it('puts records without the sort value last', async () => {
    expect(await ids('topics', 'created:2019..2022')).toHaveLength(3);
  });
});

describe('paging', () => {
  it.each([
    ['default 30', {}, 30],
    ['clamped to 100', { per_page: '500' }, 100],
    ['0 means default', { per_page: '0' }, 30],
    ['junk means default', { per_page: 'abc' }, 30],
  ])('per_page %s', async (_name, extra, perPage) => {
    const result = await search('issues', 'is:open OR is:closed', extra);
    expect(result.request.perPage).toBe(perPage);
  });

  it('splits results into pages with the full total on each', async () => {
    const pages = await Promise.all(['1', '2', '3'].map((page) => search('issues', 'is:open OR is:closed', { per_page: '2', page })));
    expect(pages.map((p) => p.envelope.total_count)).toEqual([4, 4, 4]);
    expect(pages.map((p) => p.envelope.items.length)).toEqual([2, 2, 0]);
    const all = pages.flatMap((p) => p.envelope.items.map(idOf));
    expect(new Set(all).size).toBe(4);
    expect(pages[0]!.lastPage).toBe(2);
  });
});

describe('private records', () => {
  it.each([
    ['issues', 'crash'],
    ['code', 'readFileSync'],
    ['commits', 'typo'],
    ['repositories', 'prism'],
  ] as const)('%s %j hides the private repository from anonymous callers and shows it to readers', async (kind, q) => {
    const anonymous = await search(kind, q, { accept: `application/vnd.github.v3.text-match+json${kind === 'commits' ? ', application/vnd.github.cloak-preview' : ''}` });
    const reader = await search(kind, q, { viewer: viewerFor('ada', ['lattice/vault']) });
    const text = JSON.stringify(anonymous.envelope);
    expect(text).not.toMatch(/vault/i);
    expect(reader.envelope.total_count).toBe(anonymous.envelope.total_count + 1);
    expect(JSON.stringify(reader.envelope)).toMatch(/lattice\/vault/);
  });
});

describe('items', () => {
  it('places score where GitHub does and text_matches last', async () => {
    const result = await search('issues', 'crash label:bug', { accept: 'application/vnd.github.text-match+json' });
    const keys = Object.keys(result.envelope.items[0]!);
    expect(keys[keys.indexOf('body') + 1]).toBe('score');
    expect(keys.at(-1)).toBe('text_matches');
  });

  it('reports text matches whose indices slice the fragment to the term', async () => {
    const result = await search('issues', 'blue crash', { accept: 'application/vnd.github.v3.text-match' });
    const matches = result.envelope.items.flatMap((i) => i.text_matches as Array<{ fragment: string; property: string; matches: Array<{ text: string; indices: [number, number] }> }>);
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) {
      expect(['title', 'body']).toContain(m.property);
      for (const { text, indices } of m.matches) expect(m.fragment.slice(...indices)).toBe(text);
    }
    expect(matches.flatMap((m) => m.matches.map((x) => x.text.toLowerCase()))).toEqual(expect.arrayContaining(['blue', 'crash']));
  });

  it('gives repositories topics only under the mercy preview', async () => {
    const plain = await search('repositories', 'prism');
    const mercy = await search('repositories', 'prism', { accept: 'application/vnd.github.mercy-preview+json' });
    expect(plain.envelope.items[0]).not.toHaveProperty('topics');
    expect(mercy.envelope.items[0]).toHaveProperty('topics', ['optics', 'rust']);
  });

  it('marks a timed-out query incomplete instead of failing', async () => {
    // A query not asked before (a cached complete answer would be served in full, as it should).
    const result = await search('issues', 'is:open OR is:closed -label:nothing-like-this', { timeoutMs: 0 });
    expect(result.envelope.incomplete_results).toBe(true);
    const unlimited = await search('issues', 'is:open OR is:closed');
    expect(unlimited.envelope).toMatchObject({ incomplete_results: false, total_count: 4 });
  });
});
