/**
 * An issues index written to a fresh temporary directory as the store writes it (compact-index-file.ts
 * `writeIndexFile`), for tests that read a stored index back block by block.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { writeIndexFile } from '../../../src/cache/compact-index-file.js';
import type { CompactIndex } from '../../../src/index/compact-index.js';

/**
 * The path of `index` written as `issues.lunr` in a new directory under the OS temp directory named `<prefix>…`;
 * fails the calling test when nothing was written.
 */
export function storedIndexFile(index: CompactIndex, prefix: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), prefix)), 'issues.lunr');
  expect(writeIndexFile(file, index, { kind: 'issues' })).toBeGreaterThan(0);
  return file;
}
