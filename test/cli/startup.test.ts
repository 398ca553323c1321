/**
 * Start-up cost: a JSON query loads only the core. The interactive view, the HTTP server, the importers, the
 * progress bar and the record validator (ajv) load at their point of use, so they must not appear among the
 * modules a cached `search issues ... --json` loads. Also the pieces that made them lazy, and bin/search.js's
 * cold path (dist/bundle/cold.cjs with a V8 code cache): same output as the ES module bundle, whatever its cache.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COVERAGE, KIND_SHIFT } from '../../src/cli/code-coverage.js';
import { PROGRESS_DELAY_MS, stderrProgress } from '../../src/cli/progress.js';
import { KINDS } from '../../src/kinds/kind.js';
import { SERVE_DEFAULT_MAX_IN_FLIGHT } from '../../src/cli/serve-command.js';
import { DEFAULT_MAX_IN_FLIGHT } from '../../src/server/routes.js';
import { SMALL_DUMP } from '../helpers/small-dump.js';

const bin = fileURLToPath(new URL('../../bin/search.js', import.meta.url));
const logModules = fileURLToPath(new URL('./fixtures/log-modules.mjs', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)));
const bundleMeta = fileURLToPath(new URL('../../dist/bundle/meta.json', import.meta.url));
const projectRoot = fileURLToPath(new URL('../../', import.meta.url)).split(path.sep).join('/');

/**
 * A loaded bundle output (dist/bundle/*.js, see scripts/bundle.mjs) stands for the modules esbuild put in it: read
 * from its metafile, as absolute paths, so the rules below judge what the bundle really loaded. Other paths as is.
 */
function expandBundled(modules: readonly string[]): string[] {
  if (!existsSync(bundleMeta)) return [...modules];
  const meta = JSON.parse(readFileSync(bundleMeta, 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  return modules.flatMap((m) => {
    const output = m.startsWith(projectRoot) ? meta.outputs[m.slice(projectRoot.length)] : undefined;
    return output ? [m, ...Object.keys(output.inputs).map((input) => `${projectRoot}${input}`)] : [m];
  });
}

/**
 * Runs `script` (bin/search.js unless told) with the module logger; resolves with the exit code, stdout and the
 * loaded modules' paths (built-ins as `node:<name>`).
 */
async function loadedModules(
  args: readonly string[],
  cacheDir: string,
  script = bin,
): Promise<{ code: number | null; stdout: string; modules: string[] }> {
  const log = path.join(mkdtempSync(path.join(tmpdir(), 'search-modules-')), 'modules.txt');
  const child = spawn(process.execPath, ['--import', logModules, script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SEARCH_CACHE_DIR: cacheDir, LOG_MODULES_FILE: log },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  const modules = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((m) => (m.startsWith('file:') ? fileURLToPath(m) : m).split(path.sep).join('/'));
  return { code, stdout, modules: expandBundled(modules) };
}

/** The fixture dump as a directory of `<kind>.json` (single-file dumps are re-read, so validated, every run). */
function directoryDump(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'search-startup-dump-'));
  const dump = JSON.parse(readFileSync(SMALL_DUMP, 'utf8')) as Record<string, unknown>;
  for (const [name, records] of Object.entries(dump)) writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(records));
  return dir;
}

/** Packages and program parts a JSON query must not load. */
const NOT_FOR_A_JSON_QUERY = [
  /\/node_modules\/(ajv|ajv-formats|cli-progress|ink|react|chalk|linguist-languages)\//,
  // The view; render/terminal-text.js (the sanitiser every stderr message goes through) is a leaf module of its own.
  /\/dist\/render\/(?!terminal-text\.js$)/,
  /\/dist\/server\/(routes|listen|graphql|etag|identify)\.js$/,
  /\/dist\/import\/(git-import|github-import|dump-writer|progress|summary)\.js$/,
  /^node:http$/,
];

const coldBundle = fileURLToPath(new URL('../../dist/bundle/cold.cjs', import.meta.url));
const esBundleRunner = fileURLToPath(new URL('./fixtures/run-es-bundle.mjs', import.meta.url));
const codeCaches = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('cli-code-'));

describe.skipIf(!built)('what a cached JSON query loads (needs `npm run build`; skipped when dist/ is absent)', () => {
  it('loads the core only: no validator, view, server, importers or progress bar', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-startup-cache-'));
    const args = ['issues', 'crash', '--data', directoryDump(), '--json'];
    // Cold cache: the dump is read and validated, so ajv loads (this also shows the logger sees CommonJS).
    const cold = await loadedModules(args, cacheDir, esBundleRunner);
    expect(cold.code).toBe(0);
    expect(cold.modules.some((m) => m.includes('/node_modules/ajv/'))).toBe(true);
    // Warm cache: served from the index cache and the record snapshot; nothing is validated.
    const warm = await loadedModules(args, cacheDir, esBundleRunner);
    expect(warm.code).toBe(0);
    expect(warm.modules.some((m) => m.endsWith('/dist/search.js'))).toBe(true);
    // The bundle (when built) is what ran: the lazily loaded parts are chunks of it, not the unbundled modules.
    if (existsSync(bundleMeta)) expect(warm.modules.some((m) => m.endsWith('/dist/bundle/search.js'))).toBe(true);
    expect(warm.modules.filter((m) => NOT_FOR_A_JSON_QUERY.some((re) => re.test(m)))).toEqual([]);
  }, 60_000);

  it.skipIf(!existsSync(coldBundle))('bin/search.js runs a piped query from cold.cjs and its code cache, with the same output', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-startup-cache-'));
    const args = ['issues', 'crash', '--data', directoryDump(), '--json'];
    const es = await loadedModules(args, cacheDir, esBundleRunner);
    expect(codeCaches(cacheDir)).toEqual([]);
    const indexFiles = readdirSync(cacheDir).sort();
    // First run through bin: no code cache yet; it is written after the search. Every index file the ES module
    // bundle wrote is read as is (column files are named by their getters' fingerprint, the same in both bundles).
    const first = await loadedModules(args, cacheDir);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(es.stdout);
    expect(codeCaches(cacheDir)).toHaveLength(1);
    expect(readdirSync(cacheDir).filter((name) => !name.startsWith('cli-code-')).sort()).toEqual(indexFiles);
    // Second run: compiled from that cache. Neither the ES bundle nor what a JSON query must not load is loaded.
    const warm = await loadedModules(args, cacheDir);
    expect(warm.code).toBe(0);
    expect(warm.stdout).toBe(es.stdout);
    expect(warm.modules.filter((m) => m.includes('/dist/bundle/search.js') || m.includes('/dist/cli/main.js'))).toEqual([]);
    expect(warm.modules.filter((m) => NOT_FOR_A_JSON_QUERY.some((re) => re.test(m)))).toEqual([]);
    // A damaged cache is rejected by V8 (or too short to use): same answer, nothing on stderr, and it is rewritten.
    const [name] = codeCaches(cacheDir);
    for (const damaged of [Buffer.from([1]), Buffer.alloc(5000, 7)]) {
      writeFileSync(path.join(cacheDir, name!), damaged);
      const again = await loadedModules(args, cacheDir);
      expect(again.code).toBe(0);
      expect(again.stdout).toBe(es.stdout);
      expect(readFileSync(path.join(cacheDir, name!)).length).toBeGreaterThan(damaged.length);
    }
  }, 60_000);

  it.skipIf(!existsSync(coldBundle))('keeps this build\'s code cache and the most recent others\' (at most four in all)', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-startup-cache-'));
    const args = ['issues', 'crash', '--data', directoryDump(), '--json'];
    const others = ['a', 'b', 'c', 'd', 'e'].map((id, i) => {
      const file = path.join(cacheDir, `cli-code-${id}-v8-0.bin`);
      writeFileSync(file, 'x');
      utimesSync(file, 1000 + i, 1000 + i); // e is the most recent of them
      return path.basename(file);
    });
    const run = await loadedModules(args, cacheDir);
    expect(run.code).toBe(0);
    const kept = codeCaches(cacheDir);
    expect(kept).toHaveLength(4);
    expect(kept).toEqual(expect.arrayContaining(others.slice(2)));
  }, 60_000);

  it.skipIf(!existsSync(coldBundle))('a code cache that can be neither read nor written costs its time only', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-startup-cache-'));
    const args = ['issues', 'crash', '--data', directoryDump(), '--json'];
    const es = await loadedModules(args, cacheDir, esBundleRunner);
    // A directory where the code cache of this build and Node would go (bin/search.js names it so).
    const buildId = /\/\/# build-id ([0-9a-f]+)\n$/.exec(readFileSync(coldBundle, 'utf8'))?.[1];
    mkdirSync(path.join(cacheDir, `cli-code-${buildId}-v8-${process.versions.v8}.bin`));
    for (let run = 0; run < 2; run++) {
      const again = await loadedModules(args, cacheDir);
      expect(again.code).toBe(0);
      expect(again.stdout).toBe(es.stdout);
    }
  }, 60_000);
});

describe.skipIf(!built)('bin/search.js answers `--version` alone without the program (needs `npm run build`)', () => {
  it('prints what the program prints for --version and -V, loading neither bundle', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-startup-cache-'));
    for (const flag of ['--version', '-V']) {
      const program = await loadedModules([flag], cacheDir, esBundleRunner);
      const bin = await loadedModules([flag], cacheDir);
      expect(program.code).toBe(0);
      expect(program.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
      expect(bin.code).toBe(0);
      expect(bin.stdout).toBe(program.stdout);
      // Neither bundle: the ES modules would be logged, and cold.cjs writes its code cache after any run.
      expect(bin.modules.filter((m) => m.includes('/dist/'))).toEqual([]);
    }
    expect(codeCaches(cacheDir)).toEqual([]);
  }, 60_000);

  it('leaves --version with anything else to the program', async () => {
    // cold.cjs runs `issues --version`, cold-all.cjs `--version issues` (no kind first): each writes its code cache.
    for (const [args, caches] of [
      [['--version', 'issues'], 1],
      [['issues', '--version'], 1],
    ] as const) {
      const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-startup-cache-'));
      const program = await loadedModules(args, cacheDir, esBundleRunner);
      const bin = await loadedModules(args, cacheDir);
      expect(bin.code).toBe(program.code);
      expect(bin.stdout).toBe(program.stdout);
      expect(codeCaches(cacheDir)).toHaveLength(caches);
    }
  }, 60_000);
});

describe.skipIf(!built || !existsSync(coldBundle))('cold.cjs runs the kind searches only, cold-all.cjs the rest (needs `npm run build`)', () => {
  const coldAll = fileURLToPath(new URL('../../dist/bundle/cold-all.cjs', import.meta.url));
  const trailer = (file: string): { commands: string[]; buildId: string } => {
    const match = /\/\/# commands ([\w,*-]+)\n\/\/# build-id ([0-9a-f]+)\n$/.exec(readFileSync(file, 'utf8'));
    return { commands: match?.[1]?.split(',') ?? [], buildId: match?.[2] ?? '' };
  };

  it('names every kind command and alias in its trailer, and no other command; cold-all.cjs serves any', () => {
    const { commands, buildId } = trailer(coldBundle);
    expect(buildId).toMatch(/^[0-9a-f]{32}$/);
    expect([...commands].sort()).toEqual([...KINDS, 'prs', 'repos'].sort());
    expect(trailer(coldAll).commands).toEqual(['*']);
    expect(trailer(coldAll).buildId).toMatch(/^[0-9a-f]{32}$/);
    expect(trailer(coldAll).buildId).not.toBe(buildId);
  });

  it('holds neither the server, the importers nor the web page', () => {
    const meta = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/bundle/cold-meta.json', import.meta.url)), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const inputs = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(inputs.filter((i) => /^dist\/(server\/(routes|listen|workers)|web\/|import\/git-import|cli\/serve-command)/.test(i))).toEqual([]);
    expect(inputs).toContain('dist/cli/kind-command.js');
  });

  it.each([
    [['--help']],
    [['help', 'exit-codes']],
    [['serve', '--help']],
    [['index', '--help']],
    [['import', '--help']],
    [['completion', 'bash']],
    [['repos', '--help']],
  ])('%j: the same output through bin/search.js as through the ES bundle', async (args) => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-startup-cache-'));
    const program = await loadedModules(args, cacheDir, esBundleRunner);
    const bin = await loadedModules(args, cacheDir);
    expect(bin.code).toBe(program.code);
    expect(bin.stdout).toBe(program.stdout);
    // A kind command runs from cold.cjs, any other from cold-all.cjs: the code cache written names which.
    const { buildId } = trailer(args[0] === 'repos' ? coldBundle : coldAll);
    expect(codeCaches(cacheDir)).toEqual([`cli-code-${buildId}-v8-${process.versions.v8}.bin`]);
  }, 60_000);
});

describe.skipIf(!built || !existsSync(coldBundle))('the code cache follows what the runs covered (needs `npm run build`)', () => {
  /** The coverage bits at the head of the one code cache in `dir` (u32 LE), and its bytes. */
  const cacheOf = (dir: string): { coverage: number; bytes: Buffer } => {
    const [name] = codeCaches(dir);
    const bytes = readFileSync(path.join(dir, name!));
    return { coverage: bytes.readUInt32LE(0), bytes };
  };

  it('is rewritten by a run that covered more, with the union, and by no other run; a builder\'s cache is replaced', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'search-startup-cache-'));
    const dump = directoryDump();
    const run = async (args: string[]) => {
      const result = await loadedModules([...args, '--data', dump, '--json'], cacheDir);
      expect(result.code).toBe(0);
      return cacheOf(cacheDir);
    };
    const issues = 1 << (KIND_SHIFT + KINDS.indexOf('issues'));
    const repositories = 1 << (KIND_SHIFT + KINDS.indexOf('repositories'));
    // The first run reads the dump and builds the index: its cache holds the builder's code too.
    const built = await run(['issues', 'crash']);
    expect(built.coverage).toBe(COVERAGE.search | COVERAGE.page | issues | COVERAGE.built);
    // The next run builds nothing: it compiles without that cache and writes its own, smaller.
    const first = await run(['issues', 'crash']);
    expect(first.coverage).toBe(COVERAGE.search | COVERAGE.page | issues);
    expect(first.bytes.length).toBeLessThan(built.bytes.length);
    // The same coverage again: the file is left as it is.
    expect((await run(['issues', 'crash'])).bytes.equals(first.bytes)).toBe(true);
    const qualified = await run(['issues', 'crash state:open']);
    expect(qualified.coverage).toBe(first.coverage | COVERAGE.qualifiers);
    // Less than the cache covers: left as it is.
    expect((await run(['issues', 'zzzznotaword'])).bytes.equals(qualified.bytes)).toBe(true);
    // A run that builds (the repositories' index) leaves a usable cache as it is; the next one adds its kind.
    expect((await run(['repositories', 'cli'])).bytes.equals(qualified.bytes)).toBe(true);
    const other = await run(['repositories', 'cli']);
    expect(other.coverage & (qualified.coverage | repositories)).toBe(qualified.coverage | repositories);
    expect(other.coverage & COVERAGE.built).toBe(0);
  }, 90_000);

  it('names the builder\'s bit as src/cli/code-coverage.ts does', () => {
    expect(readFileSync(bin, 'utf8')).toContain(`const CODE_CACHE_BUILT = 1 << ${Math.log2(COVERAGE.built)};`);
  });
});

describe('lazily loaded pieces', () => {
  afterEach(() => vi.useRealTimers());

  it('serve restates the server default for --max-in-flight', () => {
    expect(SERVE_DEFAULT_MAX_IN_FLIGHT).toBe(DEFAULT_MAX_IN_FLIGHT);
  });

  it('draws the progress bar (cli-progress loaded on first use) once a build outlasts the delay on a terminal', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
    let written = '';
    stream.on('data', (d: Buffer) => (written += d.toString()));
    const progress = stderrProgress(stream as unknown as NodeJS.WriteStream, false);
    progress.onProgress({ kind: 'issues', phase: 'build', done: 1, total: 10 });
    expect(written).toBe('');
    vi.setSystemTime(Date.now() + PROGRESS_DELAY_MS + 1);
    progress.onProgress({ kind: 'issues', phase: 'build', done: 2, total: 10 });
    progress.done();
    expect(written).toContain('indexing issues ██████░');
    expect(written).toContain(' 20% · 2 records');
  });
});
