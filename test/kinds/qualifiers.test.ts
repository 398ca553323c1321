import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/kinds/kind.js';
import { ids } from '../helpers/small-dump.js';

const sorted = (xs: string[]) => [...xs].sort();

describe('qualifiers and keywords on the fixture dump', () => {
  it.each<[Kind, string, string[]]>([
    // issues: keywords (stemmed, AND), phrases, NOT, qualifiers, advanced syntax
    ['issues', 'crash', ['#1@lattice/prism', '#2@lattice/prism', '#3@lattice/prism']],
    ['issues', 'crash blue', ['#1@lattice/prism', '#3@lattice/prism']],
    // phrase_slop 10 (code reference Part A §3.2): "Crash when splitting blue light" holds the three words within 10 moves.
    ['issues', '"blue light crash"', ['#1@lattice/prism', '#3@lattice/prism']],
    ['issues', 'crash NOT blue', ['#2@lattice/prism']],
    ['issues', 'crash -blue', ['#2@lattice/prism']],
    ['issues', 'crash in:title', ['#1@lattice/prism', '#3@lattice/prism']],
    ['issues', 'label:bug', ['#1@lattice/prism']],
    ['issues', 'label:BUG,"good first issue"', ['#1@lattice/prism', '#2@lattice/prism']],
    ['issues', 'label:bug label:"good first issue"', []],
    ['issues', '-label:bug repo:lattice/prism', ['#2@lattice/prism', '#3@lattice/prism']],
    ['issues', 'is:pr is:merged', ['#3@lattice/prism']],
    ['issues', 'is:issue state:open', ['#1@lattice/prism', '#2@lattice/prism', '#1@ada/notebook']],
    // advanced issue search: repeats in one AND group all hold (reference Part A §3.6)
    ['issues', 'is:open is:closed', []],
    ['issues', 'is:open OR is:closed', ['#1@lattice/prism', '#2@lattice/prism', '#3@lattice/prism', '#1@ada/notebook']],
    ['issues', 'type:pr', ['#3@lattice/prism']],
    ['issues', 'comments:>4', ['#1@lattice/prism', '#1@ada/notebook']],
    ['issues', 'comments:1..2', ['#2@lattice/prism', '#3@lattice/prism']],
    ['issues', 'reactions:>5', ['#1@lattice/prism']],
    ['issues', 'interactions:>=12', ['#1@lattice/prism', '#1@ada/notebook']],
    ['issues', 'created:<2024-01-01', ['#2@lattice/prism']],
    ['issues', 'closed:2024-02-01', ['#3@lattice/prism']],
    ['issues', 'merged:>2024-01-01', ['#3@lattice/prism']],
    ['issues', 'author:bob', ['#2@lattice/prism', '#3@lattice/prism']],
    ['issues', 'assignee:bob', ['#1@ada/notebook']],
    ['issues', 'assignee:*', ['#1@ada/notebook']],
    ['issues', 'mentions:bob', ['#1@lattice/prism']],
    ['issues', 'involves:bob', ['#1@lattice/prism', '#2@lattice/prism', '#3@lattice/prism', '#1@ada/notebook']],
    ['issues', 'no:label is:open', ['#1@ada/notebook']],
    ['issues', 'user:ada', ['#1@ada/notebook']],
    ['issues', 'repo:ada/notebook repo:lattice/prism label:bug', ['#1@lattice/prism']],
    ['issues', 'language:rust comments:>4', ['#1@lattice/prism']],
    ['issues', 'language:PY', ['#1@ada/notebook']],
    ['issues', 'head:fix', ['#3@lattice/prism']],
    ['issues', 'base:main', ['#3@lattice/prism']],
    ['issues', 'review-requested:ada', ['#3@lattice/prism']],
    ['issues', '(label:bug OR author:bob) is:open', ['#1@lattice/prism', '#2@lattice/prism']],
    ['issues', 'label:bug OR assignee:bob', ['#1@lattice/prism', '#1@ada/notebook']],
    // repositories: forks hidden by default, private hidden from anonymous
    ['repositories', 'prism', ['lattice/prism']],
    ['repositories', 'prism fork:true', ['bob/prism', 'lattice/prism']],
    ['repositories', 'prism fork:only', ['bob/prism']],
    ['repositories', 'stars:>10', ['ada/attic', 'ada/notebook', 'lattice/prism']],
    ['repositories', 'topic:rust', ['lattice/prism']],
    ['repositories', 'topics:>=2', ['lattice/prism']],
    ['repositories', 'license:mit', ['lattice/prism']],
    ['repositories', 'archived:true', ['ada/attic']],
    ['repositories', 'engine in:description', ['ada/attic', 'ada/notebook']],
    ['repositories', 'language:python -archived:true', ['ada/notebook']],
    ['repositories', 'good-first-issues:>=1', ['lattice/prism']],
    // code: code-aware tokens, path, extension, filename, language
    ['code', 'readFileSync', ['README.md', 'src/splitter.rs']],
    // `read` is a part of the identifier readFileSync: the code tokenizer indexes camelCase parts
    ['code', 'read', ['README.md', 'lib/notes.py', 'src/splitter.rs']],
    ['code', 'file extension:rs', ['src/splitter.rs']],
    ['code', 'split path:src', ['src/splitter.rs']],
    ['code', 'notes filename:notes', ['lib/notes.py']],
    ['code', 'read language:python', ['lib/notes.py']],
    ['code', 'prism in:file', ['README.md']],
    // commits
    ['commits', 'typo', ['1', '3']],
    ['commits', 'fix author-date:>2020-01-01', ['2', '3']],
    ['commits', 'fix merge:true', ['2']],
    ['commits', 'typo author-email:ada@example.org', ['1', '3']],
    ['commits', 'typo author-name:lovelace', ['1', '3']],
    ['commits', 'fix hash:2222222', ['2']],
    ['commits', 'fix tree:3333333', ['3']],
    ['commits', 'fix author:bob', ['2']],
    // users
    ['users', 'type:org', ['lattice']],
    ['users', 'followers:>10', ['ada', 'lattice']],
    ['users', 'location:london', ['ada', 'lattice']],
    ['users', 'lovelace in:name', ['ada']],
    ['users', 'fullname:"ada lovelace"', ['ada']],
    ['users', 'repos:2 created:<2011-01-01', ['ada']],
    // topics
    ['topics', 'light', ['optics']],
    ['topics', 'is:featured', ['optics']],
    // only the first positive is: counts on topics (reference Part B §4)
    ['topics', 'is:not-featured is:curated', ['notes', 'rust']],
    ['topics', 'repositories:>1', ['rust']],
  ])('%s %j', async (kind, q, expected) => {
    expect(sorted(await ids(kind, q))).toEqual(sorted(expected));
  });
});

describe('labels within a repository', () => {
  it.each([
    ['bug', ['bug']],
    ['newcomers', ['good first issue']],
    // `label:` is text on labels; its word "bug" is a whole word of the name: the n-gram OR-clause (code reference Part B §5).
    ['label:bug', ['bug']],
  ])('%j', async (q, expected) => {
    expect(await ids('labels', q, { repository_id: '10' })).toEqual(expected);
  });
});
