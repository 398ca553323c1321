/** A cache directory that is a file is refused with the path named (exit 3), not an internal error. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DataError } from '../../src/dump/data-error.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';
import { PROJECT_ROOT } from '../helpers/real-data.js';

const DATA = path.join(PROJECT_ROOT, 'data');

function fileInTheWay(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cache-dir-')), 'cache');
  writeFileSync(file, 'not a directory');
  return file;
}

describe('a cache directory that is not a directory', () => {
  it('is a DataError naming it, for searches and builds alike', async () => {
    const file = fileInTheWay();
    const store = openStore(DATA, { cacheDir: file });
    await expect(runSearch({ kind: 'issues', q: 'crash' }, store)).rejects.toThrow(DataError);
    await expect(openStore(DATA, { cacheDir: file }).prebuild()).rejects.toThrow(`${file}: not a directory`);
  });

  it('exits 3 from the CLI with one line on stderr', async () => {
    const file = fileInTheWay();
    let out = '';
    let err = '';
    const saved = process.env.SEARCH_CACHE_DIR;
    process.env.SEARCH_CACHE_DIR = file; // the default cache directory is read from the process's environment
    let code: number;
    try {
      code = await main(['issues', 'crash', '--data', DATA, '--json', '--quiet'], {
        stdout: { write: (s: string) => ((out += s), true), isTTY: false } as unknown as NodeJS.WriteStream,
        stderr: { write: (s: string) => ((err += s), true), isTTY: false } as unknown as NodeJS.WriteStream,
        env: { ...process.env },
      });
    } finally {
      if (saved === undefined) delete process.env.SEARCH_CACHE_DIR;
      else process.env.SEARCH_CACHE_DIR = saved;
    }
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toEqual([`search: ${file}: not a directory (the index cache goes there: point SEARCH_CACHE_DIR at a directory)`]);
  });
});
