/** Opening cache files (src/cache/regular-file.ts): a regular file only, with the one fstat handed back. */
import { closeSync, fstatSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotRegularFileError, openRegularStatSync, openRegularSync, readRegularSync } from '../../src/cache/regular-file.js';

const dir = mkdtempSync(path.join(tmpdir(), 'regular-file-'));
const file = path.join(dir, 'seven.bin');
writeFileSync(file, Buffer.from('seven b'));
const folder = path.join(dir, 'folder');
mkdirSync(folder);

describe('openRegularStatSync', () => {
  it.each([true, false] as const)('bigint %s: the descriptor and its own fstat (size, inode, device)', (bigint) => {
    const { fd, stat } = bigint ? openRegularStatSync(file, true) : openRegularStatSync(file, false);
    try {
      const expected = statSync(file, { bigint });
      expect([stat.size, stat.ino, stat.dev, stat.isFile()]).toEqual([expected.size, expected.ino, expected.dev, true]);
      expect(typeof stat.ino).toBe(bigint ? 'bigint' : 'number');
      expect(fstatSync(fd, { bigint }).ino).toBe(expected.ino);
    } finally {
      closeSync(fd);
    }
  });

  it.each([true, false] as const)('bigint %s: refuses a directory (NotRegularFileError) and a missing file (ENOENT)', (bigint) => {
    expect(() => (bigint ? openRegularStatSync(folder, true) : openRegularStatSync(folder, false))).toThrow(NotRegularFileError);
    expect(() => (bigint ? openRegularStatSync(`${file}.absent`, true) : openRegularStatSync(`${file}.absent`, false))).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
  });

  it('is what openRegularSync and readRegularSync open', () => {
    const fd = openRegularSync(file);
    try {
      expect(fstatSync(fd).size).toBe(7);
    } finally {
      closeSync(fd);
    }
    expect(() => openRegularSync(folder)).toThrow(NotRegularFileError);
    expect(readRegularSync(file).toString('latin1')).toBe('seven b');
  });
});
