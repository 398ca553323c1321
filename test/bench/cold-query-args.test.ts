/** The bench's cold CLI command line is one the real CLI accepts: it printed a usage error for a whole round unseen. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { coldQueryArgs } from '../../bench/queries.js';
import { main } from '../../src/cli/main.js';

const DATA = path.resolve(import.meta.dirname, '../../data');
const cache = mkdtempSync(path.join(tmpdir(), 'ogs-bench-args-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('coldQueryArgs', () => {
  it.each([['a keyword', 'bug'], ['a qualifier-heavy query', 'crash state:closed label:bug comments:>0 -label:enhancement is:issue']])(
    'runs %s through the CLI: exit 0, the whole envelope on stdout, nothing on stderr',
    async (_name, q) => {
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      let out = '';
      let err = '';
      stdout.on('data', (d: Buffer) => (out += d.toString()));
      stderr.on('data', (d: Buffer) => (err += d.toString()));
      const code = await main(coldQueryArgs(q, DATA), {
        stdout: stdout as unknown as NodeJS.WriteStream,
        stderr: stderr as unknown as NodeJS.WriteStream,
        env: { SEARCH_CACHE_DIR: cache },
      });
      expect({ code, err }).toEqual({ code: 0, err: '' });
      const envelope = JSON.parse(out) as { total_count: number; incomplete_results: boolean; items: unknown[] };
      expect(Object.keys(envelope)).toEqual(['total_count', 'incomplete_results', 'items']);
      expect(envelope.total_count).toBeGreaterThan(0);
    },
  );
});
