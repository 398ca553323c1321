/**
 * vitest `globalSetup`: one temporary directory per test run, removed when the run ends.
 *
 * Many tests make their own scratch directories with `mkdtempSync(path.join(tmpdir(), ...))` (dumps, caches, gh's
 * config, sockets) and leave them behind; over a day of runs that was thousands of directories and 2.7 GB in /tmp.
 * Rather than a cleanup in each of sixty files, the run points `TMPDIR` at a fresh directory before any test worker
 * starts (workers inherit the environment, and `os.tmpdir()` reads `TMPDIR` on every call), and removes it whole in
 * the teardown. A run killed before its teardown leaves one `search-tests-*` directory, not hundreds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Creates the run's directory (under the caller's own TMPDIR) and points `TMPDIR` at it; returns the teardown. */
export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(path.join(tmpdir(), 'search-tests-'));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
