#!/usr/bin/env node
// The `search` command. Three ways to load the program, fastest first (scripts/bundle.mjs makes the bundles):
// 1. dist/bundle/cold.cjs, the kind searches as one CommonJS file, compiled through node:vm with a V8 code cache
//    kept in the index cache directory: a cold query then spends no time compiling. Only for the commands its
//    trailer names (`search issues ...`, the aliases too; the other commands are not in it); every other command
//    takes dist/bundle/cold-all.cjs, the whole program, the same way. Not when the interactive view may open (see
//    coldPathFits): the view is ink, an ES module that cold.cjs cannot load by itself.
// 2. dist/bundle/search.js, the ES module bundle (code-split at the lazy edges).
// 3. dist/cli/main.js, the compiled modules themselves (no bundle built).
// This file is CommonJS (bin/package.json): an ES module entry would load Node's ES module loader (and the
// fs/promises and readline it uses) before the first line runs, which cold.cjs never needs.
// Anything unexpected in way 1 falls back to way 2 silently: the code cache only ever saves time.
// `search --version` alone loads none of them (printedVersion).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const dist = path.join(__dirname, '..', 'dist');
const cold = path.join(dist, 'bundle', 'cold.cjs');
const coldAll = path.join(dist, 'bundle', 'cold-all.cjs');
/**
 * How cold.cjs starts: scripts/bundle.mjs writes the program as this function expression (a CommonJS module's
 * wrapper, plus the two names below), so the file is compiled as read, with no wrapper concatenated at start.
 */
const COLD_WRAPPER = '(function (exports, require, module, __filename, __dirname, __coldImport) {';
/** Bytes before V8's data in a code cache file: the coverage of the runs it holds (u32 LE, see loadCold). */
const CODE_CACHE_HEADER = 4;
/** The coverage bit of a run that read a dump or built an index (src/cli/code-coverage.ts, COVERAGE.built). */
const CODE_CACHE_BUILT = 1 << 6;

const args = process.argv.slice(2);
if (!printedVersion(args)) {
  const program = coldPathFits(args, process.env) ? (loadCold(cold, args[0]) ?? loadCold(coldAll, args[0])) : undefined;
  if (program) {
    void program.run().then(program.saveCodeCache).then(endWithoutTeardown);
  } else {
    // Node >= 22.1 can cache the compiled code of the modules loaded below; Node 20 has no such function (a no-op).
    require('node:module').enableCompileCache?.();
    const bundle = path.join(dist, 'bundle', 'search.js');
    void import(pathToFileURL(fs.existsSync(bundle) ? bundle : path.join(dist, 'cli', 'main.js')).href).then(({ run }) => run());
  }
}

/**
 * `search --version` (or `-V`) alone: prints package.json's version and a newline on stdout, as commander does for
 * the program (src/cli/main.ts, buildProgram), without loading the program (about 20 ms of CPU: a start-up figure
 * should measure start-up, and scripts call `--version` to check what they run). True once printed; false, with
 * nothing written, for any other arguments or when package.json has no version (the program then answers). A write
 * that fails is handed to process.stdout, as the program's stdout writer does (src/cli/process-io.ts's fdWriter),
 * and a closed pipe (EPIPE) ends the process with 0, as the program's run() does.
 */
function printedVersion(args) {
  if (args.length !== 1 || (args[0] !== '--version' && args[0] !== '-V')) return false;
  let version;
  try {
    version = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).version;
  } catch {
    return false;
  }
  if (typeof version !== 'string') return false;
  const bytes = Buffer.from(`${version}\n`, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += fs.writeSync(1, bytes, done, bytes.length - done);
  } catch {
    process.stdout.on('error', (error) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
    process.stdout.write(bytes.subarray(done));
  }
  return true;
}

/**
 * False when the interactive view may open: `--select`, or stdin and stdout both terminals without CI=true or
 * TERM=dumb (a superset of src/cli/main.ts's wantsJson being false). Every other run writes JSON or text only.
 */
function coldPathFits(args, env) {
  if (args.includes('--select')) return false;
  if (env.CI === 'true' || env.TERM === 'dumb') return true;
  // A terminal is a character device: a pipe or a file on either side settles it without loading node:tty.
  const characterDevice = (fd) => {
    try {
      return fs.fstatSync(fd).isCharacterDevice();
    } catch {
      return false;
    }
  };
  if (!characterDevice(0) || !characterDevice(1)) return true;
  const tty = require('node:tty');
  return !(tty.isatty(0) && tty.isatty(1));
}

/**
 * Way 1: compile and evaluate `file` (cold.cjs or cold-all.cjs) with the code cache of its build id, when its
 * trailer (`//# commands a,b,...` or `//# commands *`, then `//# build-id <hex>`, written by scripts/bundle.mjs)
 * names `command`. Returns its `run` and a function that
 * writes the cache after the run when it was missing, rejected by V8 (another Node, other flags) or when this run
 * covered code the cache's runs did not; undefined when cold.cjs is absent or fails to load (nothing has run yet:
 * way 2 takes over). The cache file starts with the coverage (src/cli/code-coverage.ts: what the runs that made it
 * exercised: a ranked page, qualifiers, a sort, text matches, shaped output, each kind), then V8's data. V8's data
 * is made after the run, so it holds the code the run compiled as well as the code it loaded from the old cache: a
 * rewritten cache covers the union (a cache made by an empty search left a later common query compiling top-k, the
 * priors and the items, about 3 ms; one made by a rare word, a qualifier-heavy query compiling the column filters).
 */
function loadCold(file, command) {
  try {
    const vm = require('node:vm');
    // UTF-8: Node 20 reads it into a string in one native call (Latin-1 goes through a Buffer and a copy: slower).
    const source = fs.readFileSync(file, 'utf8');
    if (!source.startsWith(COLD_WRAPPER)) return undefined; // a cold.cjs of another layout: way 2
    const trailer = /\/\/# commands ([\w,*-]+)\n\/\/# build-id ([0-9a-f]+)\n$/.exec(source.slice(-512));
    if (!trailer || (trailer[1] !== '*' && !trailer[1].split(',').includes(command))) return undefined; // not a command it runs
    const buildId = trailer[2];
    const cacheFile = buildId && path.join(cacheDir(), `cli-code-${buildId}-v8-${process.versions.v8}.bin`);
    let cached;
    try {
      if (cacheFile) cached = readCodeCache(cacheFile);
    } catch {
      cached = undefined;
    }
    // A cache made by a run that built an index also holds the builder's code, which every later query would
    // deserialise: this run compiles without it (once) and writes its own, unless it builds too.
    const cachedCoverage = cached && cached.length > CODE_CACHE_HEADER ? cached.readUInt32LE(0) : undefined;
    const usable = cachedCoverage !== undefined && (cachedCoverage & CODE_CACHE_BUILT) === 0;
    // cold.cjs's import() calls are calls of __coldImport (scripts/bundle.mjs): this module's import(), because code
    // compiled from a code cache loses node:vm's importModuleDynamically. Its require() is this module's too (no
    // node:module and createRequire at start): cold.cjs requires Node built-ins and packages only (scripts/bundle.mjs
    // checks), and bare names resolve the same from bin/ and dist/bundle/ (one package); the view is imported by
    // absolute URL. The bundle's first lines (scripts/cold-prelude.js) wrap that require() so that the built-ins a
    // query does not use load on first use, and give the program a `performance` that does not load perf_hooks.
    const script = new vm.Script(source, {
      filename: file,
      cachedData: usable ? cached.subarray(CODE_CACHE_HEADER) : undefined,
    });
    const module = { exports: {} };
    const coldImport = (specifier) => import(specifier);
    script.runInThisContext().call(module.exports, module.exports, require, module, file, path.dirname(file), coldImport);
    const { run, codeCoverage } = module.exports;
    if (typeof run !== 'function' || typeof codeCoverage !== 'function') return undefined;
    const saveCodeCache = () => {
      if (!cacheFile) return;
      const coverage = codeCoverage();
      if (!usable || script.cachedDataRejected) {
        // No cache to build on: write this run's, but never replace a builder's cache by another builder's.
        if (cachedCoverage === undefined || script.cachedDataRejected || (coverage & CODE_CACHE_BUILT) === 0) writeCodeCache(cacheFile, coverage, script);
      } else if ((coverage & CODE_CACHE_BUILT) === 0 && (coverage & ~cachedCoverage) !== 0) {
        writeCodeCache(cacheFile, (coverage | cachedCoverage) >>> 0, script);
      }
    };
    return { run, saveCodeCache };
  } catch {
    return undefined;
  }
}

/**
 * A code cache file's bytes (the {@link CODE_CACHE_HEADER} and V8's data), read so that V8's data starts 8 bytes
 * into the buffer's memory: V8 copies cached data that does not start on a pointer boundary before deserialising
 * it (the whole cache, ≈ 0.7 MB, and ≈ 170 page faults of fresh memory), and a 4-byte header after a file read the
 * usual way puts it 4 bytes off one. The file's layout is unchanged. Throws what the reads throw (a missing file).
 */
function readCodeCache(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    // A fresh ArrayBuffer starts on a 16-byte boundary; the file goes in at 8 - CODE_CACHE_HEADER % 8.
    const start = (8 - (CODE_CACHE_HEADER % 8)) % 8;
    const buffer = Buffer.allocUnsafeSlow(start + size);
    let done = 0;
    while (done < size) {
      const read = fs.readSync(fd, buffer, start + done, size - done, done);
      if (read === 0) break; // shortened while read: V8 rejects a short cache, and the run writes a new one
      done += read;
    }
    return buffer.subarray(start, start + done);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * After a cold run and its code cache: once the event loop is empty ('beforeExit': every write, callback and
 * microtask done), end the process with `process.exit`, which emits 'exit' and exits with `process.exitCode` as the
 * natural end does, but skips freeing the environment and the V8 heap page by page (≈ 1.5 ms of a cold query's CPU,
 * 30–40 `munmap`s). Only when this is the one 'beforeExit' listener: any other could start more work (the loop then
 * runs again and the process ends naturally, as before).
 */
function endWithoutTeardown() {
  process.once('beforeExit', () => {
    if (process.listenerCount('beforeExit') === 0) process.exit();
  });
}

/** The index cache directory, as src/cache/index-cache.ts's defaultCacheDir names it. */
function cacheDir() {
  if (process.env.SEARCH_CACHE_DIR) return process.env.SEARCH_CACHE_DIR;
  const base = process.env.XDG_CACHE_HOME || path.join(require('node:os').homedir(), '.cache');
  return path.join(base, 'offline-github-search');
}

/** Code caches kept in the cache directory: this build's and a few others' (two installs may share the directory). */
const CODE_CACHES_KEPT = 4;

/**
 * Write the code cache atomically (temp file + rename), then drop all but the {@link CODE_CACHES_KEPT} most recently
 * written (other builds' and Node versions'); any failure is silent.
 */
function writeCodeCache(file, coverage, script) {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    const data = script.createCachedData();
    const dir = path.dirname(file);
    fs.mkdirSync(dir, { recursive: true });
    try {
      const header = Buffer.alloc(CODE_CACHE_HEADER);
      header.writeUInt32LE(coverage, 0);
      fs.writeFileSync(temp, Buffer.concat([header, data]));
      fs.renameSync(temp, file);
    } catch (error) {
      // A full disk leaves a short temp file: never keep it (src/cache/temp-file.ts names the same pattern).
      fs.rmSync(temp, { force: true });
      throw error;
    }
    const caches = fs
      .readdirSync(dir)
      .filter((name) => name.startsWith('cli-code-') && name.endsWith('.bin'))
      .map((name) => ({ name, written: fs.statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.written - a.written);
    for (const { name } of caches.slice(CODE_CACHES_KEPT)) if (name !== path.basename(file)) fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // an unwritable cache directory: the next run compiles again
  }
}
