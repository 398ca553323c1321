/**
 * The one temp-file writer (src/cache/temp-file.ts): commit and discard, the sweep of a killed build's leftovers,
 * and an interrupted `search index` leaving no temp file behind (issues #21.8, #25.3).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STALE_TEMP_MS, sweepStaleTemps, TempFile, tempFileName, tempOwner, writeAtomicallySync } from '../../src/cache/temp-file.js';

const fresh = (): string => mkdtempSync(path.join(tmpdir(), 'temp-file-'));

/** A pid no process has: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('tempOwner', () => {
  it.each([
    ['issues-pending.records.4242.k3j2h1.tmp', 4242],
    ['issues-hash-ab.txt.17.tmp', 17],
    ['cli-code-x-v8-11.bin.99.tmp', 99],
    ['issues-abc.lunr', undefined],
    ['notes.tmp', undefined],
    ['x.12.tmp.bak', undefined],
  ])('%s → %s', (name, pid) => expect(tempOwner(name)).toBe(pid));
});

describe('TempFile', () => {
  it('renames a whole file into place on commit, and names the temp after this process', () => {
    const file = path.join(fresh(), 'sub', 'a.bin');
    const out = TempFile.create(file)!;
    expect(tempOwner(path.basename(out.temp))).toBe(process.pid);
    out.writeAt(3, Buffer.from('def'));
    out.writeAt(0, Buffer.from('abc'));
    expect(out.commit()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('abcdef');
    expect(readdirSync(path.dirname(file))).toEqual(['a.bin']);
  });

  it('leaves nothing on discard, and a failed write fails the commit', () => {
    const dir = fresh();
    const out = TempFile.create(path.join(dir, 'b.bin'))!;
    out.writeAt(0, Buffer.from('x'));
    out.discard();
    out.discard(); // idempotent
    expect(readdirSync(dir)).toEqual([]);
    const failing = TempFile.create(path.join(dir, 'c.bin'))!;
    failing.fail();
    expect(failing.commit()).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is undefined (and throws nothing) where no file can be created: its directory is a file', () => {
    const blocker = path.join(fresh(), 'file');
    writeFileSync(blocker, 'x');
    expect(TempFile.create(path.join(blocker, 'x.bin'))).toBeUndefined();
    expect(writeAtomicallySync(path.join(blocker, 'y.txt'), 'y')).toBe(false);
  });
});

describe('sweepStaleTemps', () => {
  it("removes a dead process's temp files and stale ones; keeps live processes', its own and other files", () => {
    const dir = fresh();
    const dead = `issues-pending.records.${deadPid()}.abc.tmp`;
    const live = `issues-pending.items.${process.ppid}.abc.tmp`;
    const oldLive = `issues-x.lunr.${process.ppid}.old.tmp`;
    const own = path.basename(tempFileName(path.join(dir, 'issues-y.lunr')));
    const cache = 'issues-0123.lunr';
    for (const name of [dead, live, oldLive, own, cache]) writeFileSync(path.join(dir, name), 'x');
    const old = new Date(Date.now() - STALE_TEMP_MS - 60_000);
    utimesSync(path.join(dir, oldLive), old, old);
    expect(sweepStaleTemps(dir).sort()).toEqual([dead, oldLive].sort());
    expect(readdirSync(dir).sort()).toEqual([cache, live, own].sort());
  });

  it('finds nothing in a missing directory', () => {
    expect(sweepStaleTemps(path.join(fresh(), 'absent'))).toEqual([]);
  });
});

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = existsSync(path.join(root, 'dist/cache/temp-file.js'));

/** Wait until `ready()` or `ms` pass. */
async function until(ready: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (ready()) return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return ready();
}

const temps = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.tmp')) : []);

describe.skipIf(!built)('interrupted writers (need `npm run build`; skipped when dist/ is absent)', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('%s removes the temp files the process owns, then ends it as the signal does', async (signal) => {
    const dir = fresh();
    const script = `import { TempFile } from ${JSON.stringify(path.join(root, 'dist/cache/temp-file.js'))};
      TempFile.create(${JSON.stringify(path.join(dir, 'a.bin'))}).writeAt(0, Buffer.from('x'));
      TempFile.create(${JSON.stringify(path.join(dir, 'b', 'c.bin'))});
      process.stdout.write('ready');
      setInterval(() => undefined, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    expect(temps(dir).length + temps(path.join(dir, 'b')).length).toBe(2);
    child.kill(signal);
    const [code, got] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
    expect({ code, got }).toEqual({ code: null, got: signal });
    expect([...temps(dir), ...temps(path.join(dir, 'b'))]).toEqual([]);
  });

  it('a `search index` interrupted mid-build leaves no temp file, and a killed one is cleaned by the next build', async () => {
    const data = fresh();
    const issues = Array.from({ length: 20_000 }, (_, i) => ({
      number: i + 1,
      title: `issue ${i} about ${['parsers', 'caches', 'servers', 'indexes'][i % 4]} number ${i * 7}`,
      body: `body text ${i} `.repeat(40),
      state: i % 3 ? 'open' : 'closed',
      repository_url: `https://api.github.com/repos/o${i % 50}/r${i % 7}`,
      created_at: '2020-01-01T00:00:00Z',
      updated_at: '2021-01-01T00:00:00Z',
    }));
    mkdirSync(path.join(data, 'dump'));
    writeFileSync(path.join(data, 'dump', 'issues.json'), JSON.stringify(issues));
    const cache = path.join(data, 'cache');
    const env = { ...process.env, SEARCH_CACHE_DIR: cache };
    const run = (signal: NodeJS.Signals) => async (): Promise<{ sawTemp: boolean; signal: NodeJS.Signals | null }> => {
      const child = spawn(process.execPath, [path.join(root, 'bin/search.js'), 'index', '--data', path.join(data, 'dump')], { env, stdio: 'ignore' });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
      const sawTemp = await until(() => temps(cache).length > 0, 20_000);
      child.kill(signal);
      return { sawTemp, signal: await exited };
    };
    const interrupted = await run('SIGINT')();
    expect(interrupted.sawTemp).toBe(true);
    expect(temps(cache)).toEqual([]);
    // SIGKILL leaves them; the next build removes them (their pid is dead) before writing its own.
    const killed = await run('SIGKILL')();
    expect(killed).toEqual({ sawTemp: true, signal: 'SIGKILL' });
    const left = temps(cache);
    expect(left.length).toBeGreaterThan(0);
    const next = spawnSync(process.execPath, [path.join(root, 'bin/search.js'), 'index', '--data', path.join(data, 'dump')], { env });
    expect(next.status).toBe(0);
    expect(temps(cache).filter((name) => left.includes(name))).toEqual([]);
  }, 120_000);
});
