/**
 * `text_matches` as GitHub's highlighter makes them (code reference Part A §3.4, §4.2, §5; Part B §2.3, §3.3–§6):
 * golden entries (adjacent words merged, code-point indices, CommitMessage, the topic object_url) and the fragment
 * count and size of every property on real dumps.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Kind } from '../../src/kinds/kind.js';
import type { Store } from '../../src/store/store.js';
import { buildTextMatches } from '../../src/text/text-matches.js';
import { search as smallSearch } from '../helpers/small-dump.js';
import { acceptFor, ALL_ACCESS, hasSource, HUB4J, JENKINS, titleFor, type Rec, sharedStore } from '../helpers/real-data.js';
import { runSearch } from '../../src/search.js';

const TEXT_MATCH = 'application/vnd.github.v3.text-match+json';

describe('golden entries', () => {
  const source = (text: string) => ({ object_url: 'u', object_type: 'T', property: 'p', text, analyzer: 'prose' as const });
  const terms = () => new Set(['fix', 'typo']);
  it.each([
    ['adjacent words merge into one match', 'Fix typo', [{ text: 'Fix typo', indices: [0, 8] }]],
    ['only whitespace may separate merged words', 'fix, typo', [{ text: 'fix', indices: [0, 3] }, { text: 'typo', indices: [5, 9] }]],
    ['a newline is whitespace', 'fix\n\ttypo here', [{ text: 'fix\n\ttypo', indices: [0, 9] }]],
    ['indices count code points (an emoji is one)', '😀 fix typo', [{ text: 'fix typo', indices: [2, 10] }]],
    ['three words in a row are one match', 'typo fix typo', [{ text: 'typo fix typo', indices: [0, 13] }]],
  ])('%s', (_title, text, matches) => {
    const [entry] = buildTextMatches([source(text)], terms);
    expect(entry).toEqual({ object_url: 'u', object_type: 'T', property: 'p', fragment: text, matches });
  });

  it('topics: object_type Topic, object_url the repository search for the topic', async () => {
    const result = await smallSearch('topics', 'lenses', { accept: 'application/vnd.github.mercy-preview.text-match+json' });
    const matches = result.envelope.items[0]!.text_matches as Rec[];
    expect(matches).toEqual([
      {
        object_url: 'https://api.github.com/search/repositories?q=topic:optics',
        object_type: 'Topic',
        property: 'short_description',
        fragment: 'Light and lenses.',
        matches: [{ text: 'lenses', indices: [10, 16] }],
      },
    ]);
  });
});

describe.skipIf(!hasSource(JENKINS, 'commits'))(titleFor('golden commit messages on jenkins-git-history', hasSource(JENKINS, 'commits'), JENKINS), () => {
  it('"fix typo": CommitMessage, the whole message, adjacent words merged', async () => {
    const store = await sharedStore(JENKINS);
    const result = await runSearch({ kind: 'commits', q: 'fix typo', per_page: '100', accept: acceptFor('commits', true), viewer: ALL_ACCESS }, store);
    const bySha = new Map(result.envelope.items.map((i) => [String(i.sha).slice(0, 10), i.text_matches]));
    const url = (sha: string): string => `https://api.github.com/repos/jenkinsci/jenkins/commits/${sha}`;
    expect(bySha.get('c701361ec7')).toEqual([
      {
        object_url: url('c701361ec7bc9aa58d7745de6291a01b3d7abbe4'),
        object_type: 'CommitMessage',
        property: 'message',
        fragment: 'Fix Typo\n\nCo-authored-by: Copilot <175728472+Copilot@users.noreply.github.com>',
        matches: [{ text: 'Fix Typo', indices: [0, 8] }],
      },
    ]);
    expect(bySha.get('3f45b6deb6')).toEqual([
      {
        object_url: url('3f45b6deb6e07940b06bece2f67b1a33f9710859'),
        object_type: 'CommitMessage',
        property: 'message',
        fragment: 'Fix layout name typo',
        matches: [
          { text: 'Fix', indices: [0, 3] },
          { text: 'typo', indices: [16, 20] },
        ],
      },
    ]);
  }, 180_000);
});

const H = hasSource(HUB4J, 'issues', 'repositories', 'code');
describe.skipIf(!H)(titleFor('fragments per property on hub4j-github-api-wiremock', H, HUB4J), () => {
  let store: Store;
  beforeAll(async () => {
    store = await sharedStore(HUB4J);
  }, 180_000);

  /** Per property: most fragments per item and longest fragment (UTF-16 units), over the first 100 items. */
  async function shape(kind: Kind, q: string): Promise<Map<string, { most: number; longest: number; whole: boolean }>> {
    const result = await runSearch({ kind, q, per_page: '100', accept: TEXT_MATCH, viewer: ALL_ACCESS }, store);
    const out = new Map<string, { most: number; longest: number; whole: boolean }>();
    for (const item of result.envelope.items) {
      const counts = new Map<string, number>();
      for (const entry of item.text_matches as Rec[]) {
        const property = String(entry.property);
        counts.set(property, (counts.get(property) ?? 0) + 1);
        const s = out.get(property) ?? { most: 0, longest: 0, whole: true };
        s.longest = Math.max(s.longest, String(entry.fragment).length);
        if (typeof item[property] === 'string' && entry.fragment !== item[property]) s.whole = false;
        out.set(property, s);
      }
      for (const [property, n] of counts) out.get(property)!.most = Math.max(out.get(property)!.most, n);
    }
    return out;
  }

  it('issues: the title whole, the body in one fragment of at most 200 characters', async () => {
    const s = await shape('issues', 'github api');
    expect(s.get('title')).toMatchObject({ most: 1, whole: true });
    expect(s.get('body')!.most).toBe(1);
    expect(s.get('body')!.longest).toBeLessThanOrEqual(200);
    expect(s.get('body')!.longest).toBeGreaterThan(150);
  });

  it('repositories: the name whole, the description in one fragment of at most 256 characters', async () => {
    const s = await shape('repositories', 'github');
    expect(s.get('name')).toMatchObject({ most: 1, whole: true });
    expect(s.get('description')!.most).toBe(1);
    expect(s.get('description')!.longest).toBeLessThanOrEqual(256);
  });

  it('code: at most two content fragments per file', async () => {
    const s = await shape('code', 'github');
    expect(s.get('content')!.most).toBe(2);
  });
});
