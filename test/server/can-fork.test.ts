import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canFork } from '../../src/server/workers.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/search.js');
const dir = mkdtempSync(path.join(tmpdir(), 'ogs-can-fork-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('canFork: workers only when the entry script is this package’s bin/search.js', () => {
  const link = path.join(dir, 'search');
  symlinkSync(BIN, link);
  it.each([
    ['bin/search.js itself', BIN, true],
    ['a symlink to it (npm link)', link, true],
    ['another program (a test runner’s worker)', path.resolve(import.meta.dirname, '../../node_modules/vitest/dist/workers/forks.js'), false],
    ['a path that does not exist', path.join(dir, 'bin', 'search.js'), false],
    ['no entry (node -e)', undefined, false],
  ])('%s', (_name, entry, expected) => {
    expect(canFork(entry)).toBe(expected);
  });
});
