/**
 * Bounded memory and a full disk. A record past the size limit fails as soon as the limit is passed — after one
 * chunk of the file, not after buffering it — and 4 GB of `[` fails at the depth limit in its first chunk. A
 * cache directory with no space left costs rebuilds, never an answer or a stray temp file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDump } from '../../src/dump/dump.js';
import { JsonArraySplitter } from '../../src/dump/json-array-splitter.js';
import { RecordLimitError } from '../../src/dump/json-limits.js';
import { renderJson } from '../../src/envelope/envelope.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';

const MiB = 1024 * 1024;
/** What the dump stream reads per chunk (dump.ts, createReadStream's highWaterMark). */
const CHUNK = 4 * MiB;

afterEach(() => {
  delete process.env.SEARCH_MAX_RECORD_BYTES;
});

/** Write `chunks` copies of `chunk` after `head` to a file, gzipped when the name ends in .gz. */
async function writeRepeated(file: string, head: string, chunk: Buffer, chunks: number): Promise<void> {
  const out = createWriteStream(file);
  const sink = file.endsWith('.gz') ? createGzip({ level: 1 }) : undefined;
  sink?.pipe(out);
  const target = (sink ?? out) as NodeJS.WritableStream;
  const write = (data: string | Buffer): Promise<void> =>
    new Promise((resolve) => (target.write(data) ? resolve() : target.once('drain', () => resolve())));
  await write(head);
  for (let i = 0; i < chunks; i++) await write(chunk);
  await new Promise<void>((resolve) => {
    out.on('close', () => resolve());
    target.end();
  });
}

describe('the streaming splitter holds at most the size limit plus one chunk', () => {
  it('throws at the first chunk that passes the limit, with the record prefix cut just past it', () => {
    const limits = { maxDepth: 64, maxBytes: 64 * 1024 };
    const splitter = new JsonArraySplitter(() => undefined, limits);
    splitter.push(Buffer.from('[{"title": "'));
    const chunk = Buffer.alloc(MiB, 'a');
    let pushed = 0;
    let error: unknown;
    try {
      for (; pushed < 1024; pushed++) splitter.push(chunk);
    } catch (caught) {
      error = caught;
    }
    expect(pushed).toBe(0); // the first 1 MiB chunk passes a 64 KiB limit
    expect(error).toBeInstanceOf(RecordLimitError);
    expect((error as RecordLimitError).prefix.length).toBe(limits.maxBytes + 1);
    expect((error as RecordLimitError).field).toBe('title');
  });
});

describe('a dump file past the limits', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'search-bounded-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true })); // 128 MiB of test files

  it('stops reading an element that never closes at the size limit (tiny limit, 64 MiB file)', async () => {
    process.env.SEARCH_MAX_RECORD_BYTES = '65536';
    await writeRepeated(path.join(dir, 'issues.json'), '[{"title": "', Buffer.alloc(MiB, 'a'), 64);
    const dump = await openDump(dir);
    let read = 0;
    const failure = await dump.stream('issues', () => undefined, (bytes) => void (read = bytes)).catch((e: unknown) => e);
    expect((failure as Error).message).toBe(
      `${dir}/issues.json, record 0, field "title": record larger than 65536 bytes (the limit; SEARCH_MAX_RECORD_BYTES changes it)`,
    );
    expect(read).toBeLessThanOrEqual(CHUNK);
  });

  it('fails 64 MiB of [ (as it would 4 GB) in its first chunk, at the depth limit', async () => {
    const sub = path.join(dir, 'brackets');
    mkdirSync(sub);
    await writeRepeated(path.join(sub, 'issues.json'), '', Buffer.alloc(MiB, '['), 64);
    const dump = await openDump(sub);
    let read = 0;
    const failure = await dump.stream('issues', () => undefined, (bytes) => void (read = bytes)).catch((e: unknown) => e);
    expect((failure as Error).message).toMatch(/issues\.json, record 0, field "0\.0\.0\.0\.0\.0\.0\.0\.0\.0\.0\.0…": nested deeper than 64 levels/);
    expect(read).toBeLessThanOrEqual(CHUNK);
  });
});

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = existsSync(path.join(root, 'dist/cli/main.js'));

describe.skipIf(!built)('peak memory of a run over a 256 MiB record (needs `npm run build`; skipped when dist/ is absent)', () => {
  it('stays far below the record: the element is dropped at the limit', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'search-bounded-rss-'));
    // 256 MiB of JSON text, ~1 MiB gzipped: buffering the element would take 256 MiB at least.
    await writeRepeated(path.join(dir, 'issues.json.gz'), '[{"number": 1, "title": "', Buffer.alloc(MiB, 'a'), 256);
    const script = [
      `import { main } from ${JSON.stringify(path.join(root, 'dist/cli/main.js'))};`,
      `const code = await main(['issues', 'a', '--data', ${JSON.stringify(dir)}, '--json', '--quiet'], { stdout: process.stdout, stderr: process.stderr, env: process.env });`,
      `process.stderr.write('maxRSS ' + process.resourceUsage().maxRSS + '\\n');`,
      'process.exitCode = code;',
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, SEARCH_MAX_RECORD_BYTES: '65536', SEARCH_CACHE_DIR: path.join(dir, 'cache') },
      encoding: 'utf8',
    });
    const [message, rss] = child.stderr.trim().split('\n');
    expect(child.status).toBe(3);
    expect(message).toBe(
      `search: ${dir}/issues.json.gz, record 0, field "title": record larger than 65536 bytes (the limit; SEARCH_MAX_RECORD_BYTES changes it)`,
    );
    rmSync(dir, { recursive: true, force: true });
    const peakKiB = Number(rss!.split(' ')[1]);
    expect(peakKiB * 1024).toBeLessThan(200 * MiB);
  }, 120_000);
});

/** A 256 KiB tmpfs, or undefined when this machine cannot mount one (not root, or no tmpfs in a container). */
function tinyFilesystem(): string | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'search-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

const full = process.getuid?.() === 0 ? tinyFilesystem() : undefined;
afterAll(() => {
  if (!full) return;
  try {
    execFileSync('umount', [full]);
    rmSync(full, { recursive: true, force: true });
  } catch {
    // left mounted: harmless, in the temp directory
  }
});

describe.skipIf(!full)('a cache directory on a full disk (needs root to mount a 256 KiB tmpfs; skipped otherwise)', () => {
  it('answers as with a working cache and leaves no temp file behind', async () => {
    const dump = mkdtempSync(path.join(tmpdir(), 'search-full-dump-'));
    const issues = Array.from({ length: 200 }, (_, i) => ({ number: i + 1, title: `crash number ${i}`, body: 'x'.repeat(2000) }));
    writeFileSync(path.join(dump, 'issues.json'), JSON.stringify(issues));
    const request = { kind: 'issues' as const, q: 'crash', per_page: '100' };
    const expected = renderJson((await runSearch(request, openStore(dump, { cacheDir: mkdtempSync(path.join(tmpdir(), 'search-ok-')) }))).envelope);
    // Fill the disk: what is left is too little for any cache file.
    try {
      writeFileSync(path.join(full!, 'filler'), Buffer.alloc(512 * 1024));
    } catch {
      // ENOSPC: the disk is full, as wanted
    }
    const cacheDir = path.join(full!, 'cache');
    for (let run = 0; run < 3; run++) {
      expect(renderJson((await runSearch(request, openStore(dump, { cacheDir }))).envelope)).toBe(expected);
    }
    const left = existsSync(cacheDir) ? readdirSync(cacheDir) : [];
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
