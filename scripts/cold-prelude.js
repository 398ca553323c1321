// The start of dist/bundle/cold.cjs and cold-all.cjs (scripts/bundle.mjs puts it there, compacted, inside the
// module wrapper bin/search.js compiles): the `require` and `performance` the bundled program sees. Here rather than
// in bin/search.js so that these functions, which every cold run calls, are compiled from the bundle's V8 code cache
// instead of from source at every start (bin/search.js's own functions have no code cache). Plain JavaScript: it is
// inserted as written (whitespace and comments dropped), not bundled; its names may not collide with the bundle's
// (esbuild's minified names are at most a few characters).
require = lazyBuiltins(require);
const performance = lazyPerformance();

/**
 * `require` for cold.cjs, where the Node built-ins a query does not use (child_process, crypto, http, module, os,
 * stream, worker_threads, zlib, fs/promises) load on first use of one of their exports rather than when the program loads
 * (esbuild hoists every module's requires to its initialiser). node:v8 is among them (whatever reads it later:
 * loading it at start-up pulls in node:stream, ≈ 3 ms of a `--version`). Named imports compile to property reads,
 * so a built-in nobody reads is never loaded. node:zlib's `crc32` is served without loading node:zlib at all
 * ({@link zlibCrc32}).
 */
function lazyBuiltins(coldRequire) {
  const LAZY = new Set(['node:child_process', 'node:crypto', 'node:http', 'node:module', 'node:os', 'node:stream', 'node:v8', 'node:worker_threads', 'node:zlib', 'node:fs/promises']);
  // `own`: members served without loading the module (zlibCrc32's `crc32`).
  const lazy = (id, own = {}) => {
    let loaded;
    const real = () => (loaded ??= coldRequire(id));
    return new Proxy(
      {},
      {
        get: (_, key) => (Object.hasOwn(own, key) ? own[key] : real()[key]),
        has: (_, key) => key in real(),
        ownKeys: () => Reflect.ownKeys(real()),
        getOwnPropertyDescriptor: (_, key) => {
          const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
          return descriptor && { ...descriptor, configurable: true };
        },
      },
    );
  };
  const made = (id) => {
    if (id === 'node:zlib') {
      let zlib;
      const crc32 = zlibCrc32(() => zlib);
      zlib = lazy(id, crc32 ? { crc32 } : {});
      return zlib;
    }
    return LAZY.has(id) ? lazy(id) : coldRequire(id);
  };
  // One answer per id: cold.cjs's modules require the same built-ins again and again (node:fs 16 times), and each
  // call of Node's require() walks its loader (≈ 45 calls at every start).
  const given = new Map();
  const wrapped = (id) => {
    let module = given.get(id);
    if (module === undefined && !given.has(id)) given.set(id, (module = made(id)));
    return module;
  };
  return Object.assign(wrapped, { resolve: coldRequire.resolve, cache: coldRequire.cache });
}

/**
 * `crc32` for cold.cjs's node:zlib that does not load node:zlib: a cold query uses nothing of zlib but `crc32` (the
 * cache files' checksums, src/cache/framing.ts), and loading node:zlib loads node:stream and ≈ 20 stream modules
 * with it (≈ 3 ms of CPU). On an ArrayBuffer view with a uint32 `value` (default 0) it calls the native function that
 * node:zlib's `crc32` calls once its arguments pass the same checks (Node >= 20.15: the zlib binding's `crc32`);
 * anything else (a string, a bad argument) goes to node:zlib's own `crc32` (`zlib()`, the lazy module), so results
 * and errors are node:zlib's. Undefined (node:zlib's `crc32` is used) when there is no such binding, or when reaching
 * it could print a warning: `process.binding` warns (DEP0111) only under --pending-deprecation (a flag, in
 * NODE_OPTIONS or as NODE_PENDING_DEPRECATION=1), which also replaces it by a wrapper of another name.
 */
function zlibCrc32(zlib) {
  let native;
  try {
    const pending = (text) => typeof text === 'string' && text.includes('pending-deprecation');
    if (process.execArgv.some(pending) || pending(process.env.NODE_OPTIONS) || process.env.NODE_PENDING_DEPRECATION === '1') return undefined;
    if (typeof process.binding !== 'function' || process.binding.name !== 'binding') return undefined;
    native = process.binding('zlib').crc32;
  } catch {
    return undefined;
  }
  if (typeof native !== 'function') return undefined;
  return (data, value = 0) =>
    ArrayBuffer.isView(data) && Number.isInteger(value) && value >= 0 && value <= 0xffffffff ? native(data, value) : zlib().crc32(data, value);
}

/**
 * `performance` for cold.cjs: `now()` is the global's (milliseconds since the process started, monotonic) read from
 * `process.uptime()`, and any other member is the global's own. The global `performance` is a getter that loads
 * Node's perf_hooks and the modules behind it (≈ 1.3 ms of CPU) on first use, and a cold query uses only `now()`.
 */
function lazyPerformance() {
  const now = () => process.uptime() * 1000;
  return new Proxy(
    {},
    {
      get: (_, key) => (key === 'now' ? now : Reflect.get(globalThis.performance, key, globalThis.performance)),
      has: (_, key) => key in globalThis.performance,
    },
  );
}
