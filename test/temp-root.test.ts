import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import setup from './temp-root.js';

describe('test runs keep their scratch directories in one place', () => {
  it('points tmpdir() at the run directory made by the global setup', () => {
    expect(path.basename(tmpdir())).toMatch(/^search-tests-/);
  });

  it('removes the run directory with everything in it and restores TMPDIR', () => {
    const before = process.env.TMPDIR;
    const parent = tmpdir();
    const teardown = setup();
    const root = process.env.TMPDIR!;
    try {
      expect(root).not.toBe(before);
      expect(path.dirname(root)).toBe(parent);
      mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
      writeFileSync(path.join(root, 'a', 'b', 'c.txt'), 'x');
    } finally {
      teardown();
    }
    expect(existsSync(root)).toBe(false);
    expect(process.env.TMPDIR).toBe(before);
  });
});
