/**
 * How bin/search.js's cold path (dist/bundle/cold.cjs with its code cache) reads the cache and ends the process:
 * V8's data handed over on an 8-byte boundary (V8 copies it otherwise), and `process.exit` once the event loop is
 * empty, which must never cut work short nor change the exit code or the 'exit' listeners.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_DUMP } from '../helpers/small-dump.js';

const bin = fileURLToPath(new URL('../../bin/search.js', import.meta.url));
const watchEnd = fileURLToPath(new URL('./fixtures/watch-end.cjs', import.meta.url));
const coldBundle = fileURLToPath(new URL('../../dist/bundle/cold.cjs', import.meta.url));

const temp = mkdtempSync(path.join(tmpdir(), 'search-cold-end-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The fixture dump as a directory of `<kind>.json` (a directory dump's index is cached between runs). */
const dump = path.join(temp, 'dump');
const cacheDir = path.join(temp, 'cache');
beforeAll(() => {
  mkdirSync(dump);
  const records = JSON.parse(readFileSync(SMALL_DUMP, 'utf8')) as Record<string, unknown>;
  for (const [name, list] of Object.entries(records)) writeFileSync(path.join(dump, `${name}.json`), JSON.stringify(list));
});

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
  events: string[];
}

let runs = 0;
/** Runs bin/search.js with the watch-end preload and `env`; resolves with what it printed and the events noted. */
async function run(args: readonly string[], env: Record<string, string> = {}): Promise<Ended> {
  const events = path.join(temp, `events-${(runs += 1)}.txt`);
  writeFileSync(events, '');
  // Not the test runner's IPC channel (a worker process's NODE_CHANNEL_FD): the child would open it, and an open
  // channel is a handle at the loop's end, so the process would end naturally.
  const { NODE_CHANNEL_FD: _fd, NODE_CHANNEL_SERIALIZATION_MODE: _mode, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--require', watchEnd, bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, CI: 'true', NO_COLOR: '1', SEARCH_CACHE_DIR: cacheDir, WATCH_END_FILE: events, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, events: readFileSync(events, 'utf8').split('\n').filter(Boolean) };
}

describe.skipIf(!existsSync(coldBundle))('bin/search.js cold path: the code cache read and the end (needs `npm run build`)', () => {
  it('hands V8 its cached data on an 8-byte boundary, and answers as without a cache', async () => {
    const args = ['issues', 'crash', '--data', dump, '--json'];
    const first = await run(args); // builds the index, writes a code cache
    expect(first.code).toBe(0);
    expect(first.events.filter((e) => e.startsWith('cached-data'))).toEqual([]);
    await run(args); // a cache made by a run that built nothing
    const cached = await run(args);
    expect(cached.code).toBe(0);
    expect(cached.stdout).toBe(first.stdout);
    expect(cached.events.filter((e) => e.startsWith('cached-data'))).toEqual(['cached-data 0']);
  }, 60_000);

  it.each([
    ['a match', ['issues', 'crash'], 0],
    ['no match', ['issues', 'zzqqxx'], 0],
    ['a 422', ['issues', 'created:>zz'], 1],
    ['an unknown option', ['issues', 'crash', '--bogus'], 2],
  ])('%s: ends through process.exit at the empty loop, with the exit code and the exit listeners', async (_, words, code) => {
    const ended = await run([...words, '--data', dump, '--json']);
    expect(ended.code).toBe(code);
    expect(ended.events.filter((e) => !e.startsWith('cached-data'))).toEqual([`exit ${code}`, `really-exit ${code}`]);
  }, 60_000);

  it('waits for work still pending when the answer is written (a timer), then ends through process.exit', async () => {
    const ended = await run(['issues', 'crash', '--data', dump, '--json'], { WATCH_END_TIMER: '1' });
    expect(ended.code).toBe(0);
    expect(ended.stdout).toContain('"total_count"');
    expect(ended.events.filter((e) => !e.startsWith('cached-data'))).toEqual(['timer', 'exit 0', 'really-exit 0']);
  }, 60_000);

  it('ends naturally when a beforeExit listener leaves work behind, and that work runs', async () => {
    const ended = await run(['issues', 'crash', '--data', dump, '--json'], { WATCH_END_LATE: '1' });
    expect(ended.code).toBe(0);
    expect(ended.events.filter((e) => !e.startsWith('cached-data'))).toEqual(['late', 'exit 0']);
  }, 60_000);
});
