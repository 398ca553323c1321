/**
 * A repository to import is untrusted input (issue #21 items 2 and 6): every git call of the importer runs with the
 * repository's own configured programs disabled, and no byte of a name, email or path can move another field.
 *
 * The hostile repository sets every program git could run from its `.git/config` (fsmonitor — which `git log
 * --name-only` ran 4 times out of 4 with a submodule in the tree — pager, hooks, diff and textconv drivers, filters,
 * credential helper, ssh command, askpass, gpg, a lazily fetched promisor remote over `ext::`), each writing a marker
 * file; it is imported whole, and no marker appears.
 */
import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGit } from '../../src/import/git-import.js';
import { cleanup, commit, git, makeRepo, tempDir } from './helpers/git-fixture.js';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let root: string;
let markers: string;
const read = (out: string, part: string): Rec[] => JSON.parse(readFileSync(path.join(out, `${part}.json`), 'utf8'));

/** A script that records its name in the marker folder, then behaves like a harmless program. */
function trap(name: string, body = 'exit 0'): string {
  const file = path.join(root, `${name}.sh`);
  writeFileSync(file, `#!/bin/sh\ntouch '${path.join(markers, name)}'\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

beforeAll(() => {
  root = tempDir('hostile-repo-');
  markers = path.join(root, 'markers');
  mkdirSync(markers);
});
afterAll(() => cleanup(root));

describe('a repository whose .git/config runs programs', () => {
  let repo: string;
  let out: string;

  beforeAll(async () => {
    repo = path.join(root, 'repo');
    mkdirSync(repo);
    const [first] = makeRepo(repo, [
      { message: 'one', files: { 'a.txt': 'alpha\n', 'b.md': '# bee\n', '.gitattributes': '* diff=evil filter=evil\n' } },
    ]);
    // A submodule (gitlink) in the tree: what made `git log --name-only` consult core.fsmonitor.
    git(repo, ['update-index', '--add', '--cacheinfo', `160000,${first},vendor/sub`]);
    writeFileSync(path.join(repo, '.gitmodules'), `[submodule "sub"]\n\tpath = vendor/sub\n\turl = ext::${trap('ext-submodule')} %S\n`);
    mkdirSync(path.join(repo, 'vendor/sub'), { recursive: true });
    commit(repo, { message: 'two: submodule', files: { 'a.txt': 'alpha 2\n' } });
    commit(repo, { message: 'three', files: { 'c.txt': 'gamma\n' } });
    const hooks = path.join(repo, '.git', 'hooks');
    for (const hook of ['post-checkout', 'post-index-change', 'reference-transaction', 'pre-auto-gc']) {
      writeFileSync(path.join(hooks, hook), `#!/bin/sh\ntouch '${path.join(markers, `hook-${hook}`)}'\n`);
      chmodSync(path.join(hooks, hook), 0o755);
    }
    appendFileSync(
      path.join(repo, '.git', 'config'),
      [
        '[core]',
        `\tfsmonitor = ${trap('fsmonitor')}`,
        `\tpager = ${trap('pager', 'cat')}`,
        `\tsshCommand = ${trap('ssh')}`,
        `\taskPass = ${trap('askpass')}`,
        '\tuntrackedCache = true',
        '[pager]',
        `\tlog = ${trap('pager-log', 'cat')}`,
        '[diff]',
        `\texternal = ${trap('diff-external')}`,
        '[diff "evil"]',
        `\ttextconv = ${trap('textconv', 'cat "$1"')}`,
        '[filter "evil"]',
        `\tclean = ${trap('filter-clean', 'cat')}`,
        `\tsmudge = ${trap('filter-smudge', 'cat')}`,
        `\tprocess = ${trap('filter-process')}`,
        '[credential]',
        `\thelper = !${trap('credential')}`,
        '[gpg]',
        `\tprogram = ${trap('gpg')}`,
        '[log]',
        '\tshowSignature = true',
        '[protocol "ext"]',
        '\tallow = always',
        '[remote "origin"]',
        `\turl = ext::${trap('ext-remote')} %S`,
        '\tpromisor = true',
        '[extensions]',
        '\tpartialClone = origin',
        '',
      ].join('\n'),
    );
    git(repo, ['config', 'core.repositoryformatversion', '1']);
    out = path.join(root, 'out');
    await importGit({ repoPath: repo, out, repo: 'evil/repo' });
  });

  it('imports the repository', () => {
    expect(read(out, 'commits').map((c) => c.commit.message)).toEqual(['three', 'two: submodule', 'one']);
    expect(read(out, 'code').map((c) => c.path).sort()).toEqual(['.gitattributes', '.gitmodules', 'a.txt', 'b.md', 'c.txt']);
  });

  it('runs none of its programs', () => {
    expect(readdirSync(markers)).toEqual([]);
  });
});

describe('a partial clone whose promisor remote is an ext:: command', () => {
  it('never fetches a missing object: the import stops with a message naming the repository', async () => {
    const repo = path.join(root, 'partial');
    mkdirSync(repo);
    makeRepo(repo, [{ message: 'one', files: { 'a.txt': 'alpha\n' } }]);
    git(repo, ['update-index', '--add', '--cacheinfo', '100644,1234567890123456789012345678901234567890,missing.txt']);
    const tree = git(repo, ['write-tree', '--missing-ok']).trim();
    const tip = git(repo, ['commit-tree', '-p', 'HEAD', '-m', 'two', tree], { GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@x', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@x' }).trim();
    git(repo, ['update-ref', 'refs/heads/main', tip]);
    git(repo, ['config', 'core.repositoryformatversion', '1']);
    git(repo, ['config', 'extensions.partialClone', 'origin']);
    git(repo, ['config', 'remote.origin.promisor', 'true']);
    git(repo, ['config', 'remote.origin.url', `ext::${trap('promisor')} %S`]);
    git(repo, ['config', 'protocol.ext.allow', 'always']);
    await expect(importGit({ repoPath: repo, out: path.join(root, 'partial-out'), repo: 'o/partial' })).rejects.toThrow(/missing|not in the repository|could not|fetch/i);
    expect(readdirSync(markers)).toEqual([]);
  });
});

describe('names and paths that hold separators', () => {
  it('an author or committer holding U+001F, U+0001 or a newline-like byte keeps every field in place', async () => {
    const repo = path.join(root, 'names');
    mkdirSync(repo);
    const evil = { name: 'Mallory\x1fforged@example.com\x1f2001-01-01T00:00:00+00:00', email: 'm\x1fx@example.com', date: '2020-05-06T07:08:09+02:00' };
    makeRepo(repo, [{ message: 'body \x1f with \x1f separators', author: evil, committer: evil, files: { 'x.txt': 'x\n' } }]);
    const out = path.join(root, 'names-out');
    await importGit({ repoPath: repo, out, repo: 'o/names' });
    const [record] = read(out, 'commits');
    expect(record!.commit.author).toEqual({ date: '2020-05-06T07:08:09.000+02:00', name: evil.name, email: evil.email });
    expect(record!.commit.committer).toEqual(record!.commit.author);
    expect(record!.commit.message).toBe('body \x1f with \x1f separators');
    expect(record!.sha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('paths that begin with U+0001 or a newline keep their own last-modified date', async () => {
    const repo = path.join(root, 'paths');
    mkdirSync(repo);
    makeRepo(repo, [
      { message: 'old', files: { '\x01odd': 'one\n', '\nnl': 'two\n', plain: 'three\n' }, author: { name: 'A', email: 'a@x', date: '2019-01-01T00:00:00+00:00' } },
      { message: 'new', files: { plain: 'three, again\n' }, author: { name: 'A', email: 'a@x', date: '2022-02-02T00:00:00+00:00' } },
    ]);
    const out = path.join(root, 'paths-out');
    await importGit({ repoPath: repo, out, repo: 'o/paths' });
    const dates = Object.fromEntries(read(out, 'code').map((c) => [c.path, c.last_modified_at]));
    expect(dates).toEqual({ '\x01odd': '2019-01-01T00:00:00Z', '\nnl': '2019-01-01T00:00:00Z', plain: '2022-02-02T00:00:00Z' });
  });
});
