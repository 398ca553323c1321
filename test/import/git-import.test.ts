import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGit } from '../../src/import/git-import.js';
import { folderFullName } from '../../src/import/git-repository.js';
import { withInterruptSignal } from '../../src/import/interrupt.js';
import { toMinimalRepository } from '../../src/import/github-shapes.js';
import { DataError } from '../../src/dump/data-error.js';
import { openDump } from '../../src/dump/dump.js';
import { cleanup, commit, git, makeRepo, tempDir } from './helpers/git-fixture.js';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MAIN_TS = `export function greet(name: string): string {\n  return \`hello \${name}\`;\n}\n${'// padding\n'.repeat(200)}`;
const ADA = { name: 'Ada Lovelace', email: 'ada@example.com', date: '2020-01-02T03:04:05+01:00' };
const GRACE = { name: 'Grace Hopper', email: 'grace@example.com', date: '2021-06-07T08:09:10-08:00' };
const BOT = { name: 'Merge Bot', email: 'bot@example.com', date: '2021-06-08T00:00:00+00:00' };

let root: string;
let repo: string;
let shas: string[];
const read = (out: string, part: string): Rec[] => JSON.parse(readFileSync(path.join(out, `${part}.json`), 'utf8'));

beforeAll(() => {
  root = tempDir('git-import-');
  repo = path.join(root, 'repo');
  mkdirSync(repo);
  shas = makeRepo(repo, [
    {
      message: 'First commit\n',
      author: ADA,
      files: {
        'src/main.ts': MAIN_TS,
        'README.md': '# Demo\n',
        'bin/run': '#!/usr/bin/env python3\nprint("hi")\n',
        'img.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]),
        'big.txt': 'x'.repeat(400 * 1024),
        'dir with space/a+b #1.txt': 'odd name\n',
      },
      symlinks: { link: 'src/main.ts' },
    },
    { message: 'Second: add farewell\n\nWith a body.\n\n', author: GRACE, committer: ADA, files: { 'src/main.ts': `${MAIN_TS}export const bye = 1;\n` } },
  ]);
  git(repo, ['checkout', '-q', '-b', 'feature']);
  shas.push(commit(repo, { message: 'Feature work', author: BOT, files: { 'docs/guide.md': 'guide\n' } }));
  git(repo, ['checkout', '-q', 'main']);
  const env = { GIT_AUTHOR_NAME: BOT.name, GIT_AUTHOR_EMAIL: BOT.email, GIT_AUTHOR_DATE: BOT.date, GIT_COMMITTER_NAME: BOT.name, GIT_COMMITTER_EMAIL: BOT.email, GIT_COMMITTER_DATE: BOT.date };
  git(repo, ['merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature'], env);
  shas.push(git(repo, ['rev-parse', 'HEAD']).trim());
});
afterAll(() => cleanup(root));

describe('importGit', () => {
  let out: string;
  let result: Awaited<ReturnType<typeof importGit>>;
  beforeAll(async () => {
    out = path.join(root, 'dump');
    result = await importGit({ repoPath: repo, out, repo: 'octo/demo', baseUrl: 'https://ghe.example.com/api/v3' });
  });

  it('writes code, commits and one repository record, and reports what it skipped', () => {
    expect(readdirSync(out).sort()).toEqual(['code.json', 'commits.json', 'repositories.json']);
    expect(result).toMatchObject({ fullName: 'octo/demo', branch: 'main', tip: shas[3], imported: { code: 5, commits: 4, repositories: 1 } });
    expect(result.skipped).toEqual({ binary: 1, tooLarge: 1, symlinks: 1, submodules: 0 });
  });

  it('writes code records for text files under 384 KB with their text, language and dates', () => {
    const code = read(out, 'code');
    expect(code.map((r) => [r.path, r.language])).toEqual([
      ['README.md', 'Markdown'],
      ['bin/run', 'Python'],
      ['dir with space/a+b #1.txt', 'Text'],
      ['docs/guide.md', 'Markdown'],
      ['src/main.ts', 'TypeScript'],
    ]);
    const main = code.find((r) => r.path === 'src/main.ts')!;
    expect(Object.keys(main)).toEqual([
      'name', 'path', 'sha', 'url', 'git_url', 'html_url', 'file_size', 'language', 'last_modified_at', 'size', 'content', 'encoding',
    ]);
    expect(Buffer.from(main.content, 'base64').toString('utf8')).toBe(`${MAIN_TS}export const bye = 1;\n`);
    expect(main.sha).toBe(git(repo, ['rev-parse', 'HEAD:src/main.ts']).trim());
    expect(main.size).toBe(Buffer.byteLength(`${MAIN_TS}export const bye = 1;\n`));
    expect(main.last_modified_at).toBe('2020-01-02T02:04:05Z'); // committed by Ada at +01:00
    expect(code.find((r) => r.path === 'docs/guide.md')!.last_modified_at).toBe('2021-06-08T00:00:00Z');
  });

  it('builds URLs from --base-url in the shapes code search returns', () => {
    const odd = read(out, 'code').find((r) => r.name === 'a+b #1.txt')!;
    const id = read(out, 'repositories')[0]!.id;
    expect(odd.url).toBe(`https://ghe.example.com/api/v3/repositories/${id}/contents/dir%20with%20space/a%2Bb%20%231.txt?ref=${shas[3]}`);
    expect(odd.git_url).toBe(`https://ghe.example.com/api/v3/repositories/${id}/git/blobs/${odd.sha}`);
    expect(odd.html_url).toBe(`https://ghe.example.com/octo/demo/blob/${shas[3]}/dir%20with%20space/a%2Bb%20%231.txt`);
  });

  it('writes the history newest first with parents, offsets and trimmed messages', () => {
    const commits = read(out, 'commits');
    expect(commits.map((c) => c.sha)).toEqual([shas[3], shas[2], shas[1], shas[0]]);
    expect(commits[0]!.parents.map((p: Rec) => p.sha)).toEqual([shas[1], shas[2]]);
    const second = commits.find((c) => c.sha === shas[1])!;
    expect(second.commit).toEqual({
      url: `https://ghe.example.com/api/v3/repos/octo/demo/git/commits/${shas[1]}`,
      author: { date: '2021-06-07T08:09:10.000-08:00', name: 'Grace Hopper', email: 'grace@example.com' },
      committer: { date: '2020-01-02T03:04:05.000+01:00', name: 'Ada Lovelace', email: 'ada@example.com' },
      message: 'Second: add farewell\n\nWith a body.',
      tree: { url: `https://ghe.example.com/api/v3/repos/octo/demo/git/trees/${second.commit.tree.sha}`, sha: git(repo, ['rev-parse', `${shas[1]}^{tree}`]).trim() },
      comment_count: 0,
    });
    expect(Object.keys(second)).toEqual(['url', 'sha', 'node_id', 'html_url', 'comments_url', 'commit', 'author', 'committer', 'parents']);
    expect(second).toMatchObject({ author: null, committer: null, html_url: `https://ghe.example.com/octo/demo/commit/${shas[1]}` });
    expect(commits.at(-1)!.parents).toEqual([]);
  });

  it('writes a repository record with dates from the history and the primary language by bytes', () => {
    const [repository] = read(out, 'repositories');
    expect(repository).toMatchObject({
      name: 'demo', full_name: 'octo/demo', created_at: '2020-01-02T02:04:05Z', pushed_at: '2021-06-08T00:00:00Z',
      updated_at: '2021-06-08T00:00:00Z', language: 'TypeScript', default_branch: 'main', html_url: 'https://ghe.example.com/octo/demo',
      clone_url: 'https://ghe.example.com/octo/demo.git', ssh_url: 'git@ghe.example.com:octo/demo.git', stargazers_count: 0,
    });
    expect(repository!.size).toBeGreaterThan(0);
    expect(repository!.owner).toMatchObject({ login: 'octo', url: 'https://ghe.example.com/api/v3/users/octo', type: 'User' });
  });

  it('writes a dump the store loads and validates', async () => {
    const dump = await openDump(out);
    expect(dump.kinds).toEqual(['code', 'commits', 'repositories']);
    for (const kind of dump.kinds) expect((await dump.load(kind)).records.length).toBeGreaterThan(0);
  });
});

describe('importGit options', () => {
  it('reads OWNER/NAME from the origin remote and imports a bare clone', async () => {
    const bare = path.join(root, 'bare.git');
    git(root, ['clone', '-q', '--bare', repo, bare]);
    git(bare, ['remote', 'set-url', 'origin', 'git@github.com:someone/bare-demo.git']);
    const out = path.join(root, 'bare-dump');
    const result = await importGit({ repoPath: bare, out });
    expect(result).toMatchObject({ fullName: 'someone/bare-demo', branch: 'main', tip: shas[3] });
  });

  it('a clone whose origin is a local path is local/<clone folder>, from any folder inside it', async () => {
    const clone = path.join(root, 'fresh-clone');
    git(root, ['clone', '-q', repo, clone]);
    expect(git(clone, ['config', '--get', 'remote.origin.url']).trim()).toBe(repo);
    mkdirSync(path.join(clone, 'sub'), { recursive: true });
    const result = await importGit({ repoPath: path.join(clone, 'sub'), out: path.join(root, 'clone-dump') });
    expect(result.fullName).toBe('local/fresh-clone');
  });

  it('a GitLab subgroup remote group/sub/proj is group/sub-proj', async () => {
    const clone = path.join(root, 'gitlab-clone');
    git(root, ['clone', '-q', repo, clone]);
    git(clone, ['remote', 'set-url', 'origin', 'https://gitlab.example.com/group/sub/proj.git']);
    const result = await importGit({ repoPath: clone, out: path.join(root, 'gitlab-dump') });
    expect(result.fullName).toBe('group/sub-proj');
  });

  it('without an origin remote or --repo, names the repository after its folder: local/<folder>', async () => {
    const result = await importGit({ repoPath: repo, out: path.join(root, 'folder-dump') });
    expect(result.fullName).toBe(`local/${path.basename(repo)}`);
    expect(read(path.join(root, 'folder-dump'), 'repositories')[0]).toMatchObject({ full_name: `local/${path.basename(repo)}`, name: path.basename(repo) });
  });

  it.each([
    ['my project', 'local/my-project'],
    ['bare.git', 'local/bare'],
    ['.hidden', 'local/hidden'],
    ['日本', undefined],
  ])('folder %j names the repository %j', (folder, expected) => {
    expect(folderFullName(path.join('/tmp', folder))).toBe(expected);
  });

  it('imports another branch with --branch', async () => {
    const result = await importGit({ repoPath: repo, out: path.join(root, 'feature-dump'), repo: 'o/r', branch: 'feature' });
    expect(result).toMatchObject({ branch: 'feature', tip: shas[2], imported: { commits: 3 } });
  });

  it('embeds the repository object with --embed-repository', async () => {
    const out = path.join(root, 'embed-dump');
    await importGit({ repoPath: repo, out, repo: 'o/r', embedRepository: true });
    const repository = toMinimalRepository(read(out, 'repositories')[0]!);
    for (const part of ['code', 'commits']) for (const record of read(out, part)) expect(record.repository).toEqual(repository);
  });

  it.each([
    ['a directory that is not a repository', () => ({ repoPath: root, repo: 'o/r' }), /not a git repository/],
    ['a missing path', () => ({ repoPath: path.join(root, 'nope'), repo: 'o/r' }), /not a git repository/],
    ['a malformed --repo', () => ({ repoPath: repo, repo: 'just-a-name' }), /--repo must look like OWNER\/NAME/],
    ['an unknown --branch', () => ({ repoPath: repo, repo: 'o/r', branch: 'nope' }), /no branch "nope"/],
  ])('rejects %s with a one-line DataError and writes nothing', async (_name, options, message) => {
    const out = path.join(root, 'never');
    const error = await importGit({ ...options(), out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect(readdirSync(root).filter((n) => n.includes('never'))).toEqual([]);
  });

  it('Ctrl-C (SIGINT) mid-import aborts it, removes its listeners and leaves nothing behind', async () => {
    const out = path.join(root, 'sigint');
    const listeners = process.listenerCount('SIGINT');
    const progress = { phase: () => undefined, tick: () => void process.emit('SIGINT', 'SIGINT'), stop: () => undefined };
    const run = withInterruptSignal((signal) => importGit({ repoPath: repo, out, repo: 'o/r', signal, progress }));
    await expect(run).rejects.toMatchObject({ name: 'ImportInterrupted', exitCode: 130 });
    expect(process.listenerCount('SIGINT')).toBe(listeners);
    expect(readdirSync(root).filter((n) => n.includes('sigint'))).toEqual([]);
  });

  it('stops on an interrupt and leaves nothing behind', async () => {
    const controller = new AbortController();
    controller.abort();
    const out = path.join(root, 'interrupted');
    await expect(importGit({ repoPath: repo, out, repo: 'o/r', signal: controller.signal })).rejects.toMatchObject({ name: 'ImportInterrupted' });
    expect(readdirSync(root).filter((n) => n.includes('interrupted'))).toEqual([]);
  });
});

describe('importGit --merge', () => {
  it('embeds the repository record already in the dump (ids join up) and only fills the fields it lacks', async () => {
    const out = path.join(root, 'known-dump');
    mkdirSync(out);
    const known = { id: 42, node_id: 'R_42', name: 'demo', full_name: 'Octo/Demo', owner: { login: 'Octo', id: 7 }, stargazers_count: 12 };
    writeFileSync(path.join(out, 'repositories.json'), JSON.stringify([known]));
    await importGit({ repoPath: repo, out, repo: 'octo/demo', merge: true, embedRepository: true });
    const commits = read(out, 'commits');
    expect(commits[0]!.repository).toEqual({ id: 42, node_id: 'R_42', name: 'demo', full_name: 'Octo/Demo', owner: { login: 'Octo', id: 7 } });
    expect(Buffer.from(commits[0]!.node_id, 'base64').toString()).toBe(`06:Commit42:${shas[3]}`);
    const repositories = read(out, 'repositories');
    expect(repositories).toHaveLength(1);
    expect(repositories[0]).toMatchObject({ ...known, language: 'TypeScript', default_branch: 'main' });
  });

  it('re-importing changes nothing; a new commit rewrites only the kinds it changed', async () => {
    const clone = path.join(root, 'clone');
    git(root, ['clone', '-q', repo, clone]);
    const out = path.join(root, 'merge-dump');
    await importGit({ repoPath: clone, out, repo: 'o/r' });
    const again = await importGit({ repoPath: clone, out, repo: 'o/r', merge: true });
    expect(again.reports.map((r) => [r.part, r.status])).toEqual([['code', 'unchanged'], ['commits', 'unchanged'], ['repositories', 'unchanged']]);

    const later = { ...GRACE, date: '2022-02-02T02:02:02+00:00' };
    commit(clone, { message: 'Touch README', author: later, files: { 'README.md': '# Demo v2\n' } });
    const next = await importGit({ repoPath: clone, out, repo: 'o/r', merge: true });
    expect(next.reports).toEqual([
      // Every code record changes: its url and html_url are pinned to the tip commit, as GitHub's are.
      { part: 'code', records: 5, added: 0, updated: 5, status: 'written' },
      { part: 'commits', records: 5, added: 1, updated: 0, status: 'written' },
      { part: 'repositories', records: 1, added: 0, updated: 1, status: 'written' },
    ]);
  });
});
