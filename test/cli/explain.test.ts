/** `--explain`: how a query was understood, for every kind, without opening the dump (issue #11 item 6). */
import { describe, expect, it } from 'vitest';
import { explainRequest } from '../../src/cli/explain.js';
import { main } from '../../src/cli/main.js';
import type { Kind } from '../../src/kinds/kind.js';

function io() {
  let out = '';
  let err = '';
  const stream = (write: (s: string) => void) => ({ write: (s: string) => (write(s), true), isTTY: false }) as unknown as NodeJS.WriteStream;
  return {
    io: { stdout: stream((s) => (out += s)), stderr: stream((s) => (err += s)), env: {} },
    out: () => out,
    err: () => err,
  };
}

describe('--explain', () => {
  it('lists qualifiers with normalised values, text, scope, sort and what was dropped (issues)', async () => {
    const text = await explainRequest({ kind: 'issues', q: 'crash created:2020 -repo:nope/nope is:wontfix in:title,foo language:klingon sort:comments-asc' });
    expect(text.split('\n')).toEqual(
      expect.arrayContaining([
        'text: crash (in title)',
        '  created:2020 → [2020-01-01T00:00:00.000Z .. 2021-01-01T00:00:00.000Z)',
        '  is:wontfix → label:wontfix',
        'scope excludes: repo:nope/nope (a name the dump does not know is dropped)',
        'sort: comments asc (from the sort: qualifier)',
        '  in:foo — not an in: value of issues (title, body)',
        '  language:klingon — not a language linguist knows',
      ]),
    );
  });

  it.each<[Kind, string, string]>([
    ['repositories', '@lattice #rust stars:10..50', 'scope: any of user:lattice'],
    ['code', 'readFile extension:.TS', '  extension:.TS → ts'],
    ['commits', 'fix hash:abcdef0 is:public is:private', '  is:public — only the last is: value counts'],
    ['users', 'ada type:organization repo:a/b', 'scope: none (users search takes no repository scope)'],
    ['topics', 'rust is:featured is:curated', '  is:curated — only the first is: value counts'],
    ['labels', 'bug sort:created', 'sort: created desc (from the sort: qualifier)'],
  ])('%s %j', async (kind, q, line) => {
    const text = await explainRequest({ kind, q, repository_id: '1', requirePreviews: false });
    expect(text.split('\n')).toContain(line);
  });

  it('the sort parameter wins over sort: in q', async () => {
    expect(await explainRequest({ kind: 'issues', q: 'bug sort:comments', sort: 'created', order: 'asc' })).toContain('sort: created asc (from the sort parameter)\n');
  });

  it('runs on the CLI without opening the dump, and refuses as the search would', async () => {
    const ok = io();
    expect(await main(['issues', 'bug created:2020', '--explain', '--data', '/nonexistent/dump'], ok.io)).toBe(0);
    expect(ok.out()).toContain('created:2020 → [2020-01-01T00:00:00.000Z .. 2021-01-01T00:00:00.000Z)');
    const bad = io();
    expect(await main(['issues', 'bug comments:abc', '--explain', '--data', '/nonexistent/dump'], bad.io)).not.toBe(0);
    expect(bad.err()).toContain('"abc" is not a numeric value - please provide an integer value');
  });
});
