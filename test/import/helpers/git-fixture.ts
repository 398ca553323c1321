/**
 * Small deterministic git repositories for importer tests, built with the real git CLI (isolated from the
 * user's git config) in a fresh temp directory.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A file to write: text, or raw bytes. */
export type FileContent = string | Buffer;

/** One commit: files to write (path → content) and metadata. Dates are `git` date strings with offsets. */
export interface CommitSpec {
  files?: Record<string, FileContent>;
  symlinks?: Record<string, string>;
  message: string;
  author?: { name: string; email: string; date: string };
  committer?: { name: string; email: string; date: string };
}

const BASE_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  LC_ALL: 'C',
};

/** Runs git in `dir` with an isolated config; returns stdout. */
export function git(dir: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', ['-C', dir, ...args], { env: { ...BASE_ENV, ...env }, encoding: 'utf8' });
}

/** A fresh temp directory (removed by {@link cleanup}). */
export function tempDir(prefix = 'import-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Removes a directory tree. */
export function cleanup(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Creates a repository on branch `main` in `dir` and makes the given commits in order; returns their shas. */
export function makeRepo(dir: string, commits: CommitSpec[], branch = 'main'): string[] {
  git(dir, ['init', '-q', '-b', branch]);
  const shas: string[] = [];
  for (const spec of commits) shas.push(commit(dir, spec));
  return shas;
}

/** Makes one commit in an existing repository; returns its sha. */
export function commit(dir: string, spec: CommitSpec): string {
  for (const [file, content] of Object.entries(spec.files ?? {})) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  for (const [link, target] of Object.entries(spec.symlinks ?? {})) symlinkSync(target, path.join(dir, link));
  git(dir, ['add', '-A']);
  const author = spec.author ?? { name: 'Ada Lovelace', email: 'ada@example.com', date: '2020-01-02T03:04:05+01:00' };
  const committer = spec.committer ?? author;
  git(dir, ['commit', '-q', '--allow-empty', '--no-verify', '-m', spec.message], {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_AUTHOR_DATE: author.date,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
    GIT_COMMITTER_DATE: committer.date,
  });
  return git(dir, ['rev-parse', 'HEAD']).trim();
}
