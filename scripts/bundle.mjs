// Bundles the CLI's compiled program (dist/cli/main.js, from tsc) into dist/bundle/ with esbuild, so a cold
// `search <kind> ...` reads a handful of files instead of ~70 ESM modules and resolves no package graph.
// - ESM with code splitting: what the program imports lazily (the interactive view, the HTTP server, the importers,
//   linguist's data) stays in chunks loaded at its point of use, and a module both sides reach lives in one shared
//   chunk, so its classes stay one class (instanceof across the lazy edge keeps working).
// - Each bundled file of ours sees `import.meta.url` as its own dist/ path (rewritten below), so paths it resolves
//   relative to itself (package.json, data/, the index worker script) are the same as unbundled.
// - Only the packages of the cold path are bundled (BUNDLED); every other package (ink, react, linguist's data, the
//   HTTP edge's) stays an ordinary import from node_modules, loaded where it is used, exactly as unbundled. Packages
//   loaded through createRequire (ajv, cli-progress) are not seen by esbuild and load from node_modules too.
// - dist/bundle/meta.json is esbuild's metafile: which inputs each output holds (test/cli/startup.test.ts reads it).
// - dist/bundle/cold.cjs is the same program once more as ONE CommonJS file (written as the function expression of
//   a CommonJS module wrapper), for bin/search.js to compile through node:vm with a V8 code cache (Node 20 has no compile cache for ES modules). Our lazy edges are inlined (esbuild
//   wraps each lazily imported module in an initialiser that runs at its point of use), except the interactive view:
//   ink has top-level await, which CommonJS cannot require, so the view stays the ES module dist/bundle/view.js
//   (an entry of the build above), imported from cold.cjs by URL. bin/search.js never takes cold.cjs when the view
//   may open, so that edge is a safety net, not a path. cold.cjs's import() calls become calls of `__coldImport`
//   (a parameter of its wrapper: bin/search.js's own import()). Packages stay external as above; cold.cjs may require() only
//   Node built-ins and CommonJS packages (checked below). Its last line names a build id (a hash of its text), the
//   key of its code cache.
// - cold.cjs holds the package's version as a literal (dist/version.js reads package.json when it loads): a cold run
//   opens no package.json.
// - cold.cjs runs the kind searches only (`search issues ...`, the aliases too): bin/search.js takes it when the
//   first argument names one (its trailer lists them), and the ES module bundle for every other command. The modules
//   of the other commands (serve, import, index, completion) are replaced in it by a module whose factories throw,
//   so the server, the importers and the web page, reachable only through them, are not in the text every cold query
//   reads and deserialises (0.15 MB; ≈ 1 ms of CPU). A kind command never calls them (src/cli/main.ts's buildProgram
//   builds the invoked subcommand only). dist/bundle/cold-all.cjs is the whole program the same way (its trailer
//   serves `*`), with a code cache of its own, for every other command.
// - dist/bundle/cold-meta.json is cold.cjs's metafile.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const outdir = path.join(dist, 'bundle');

/** Rewrites `import.meta.url` in our compiled modules to the module's own URL relative to the output chunk. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'js' };
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'js' };
    });
  },
};

/** Packages on a cached query's path: commander (argument parsing), lunr (the index format), @noble/hashes (cache names). */
const BUNDLED = new Set(['commander', 'lunr', '@noble/hashes']);

const otherPackagesExternal = {
  name: 'other-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

// The column files' fingerprints hash the getters' source text (src/store/column-defs.ts): computed here from
// dist/'s text and defined in both bundles, whose own text differs (minified, renamed apart differently).
const { columnDefs, fingerprintKey } = await import(pathToFileURL(path.join(dist, 'store/column-defs.js')).href);
const { specOf } = await import(pathToFileURL(path.join(dist, 'kinds/catalog.js')).href);
const { KINDS } = await import(pathToFileURL(path.join(dist, 'kinds/kind.js')).href);
const fingerprints = Object.fromEntries(
  KINDS.map((kind) => {
    const defs = columnDefs(specOf(kind));
    return [fingerprintKey(kind, defs.list), defs.fingerprint];
  }),
);
const define = { __COLUMN_FINGERPRINTS__: JSON.stringify(fingerprints) };

await rm(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { search: path.join(dist, 'cli/main.js'), view: path.join(dist, 'render/ink/index.js') },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir,
  chunkNames: 'chunk-[hash]',
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  define,
  // CommonJS packages inside an ESM bundle call require() for Node built-ins: give them one.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  plugins: [otherPackagesExternal, ownImportMetaUrl],
});
await writeFile(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));

/** The view's lazy edge in dist/cli/main.js, as tsc writes it, and what it becomes in cold.cjs. */
const VIEW_IMPORT = "import('../render/ink/index.js')";
const VIEW_FROM_COLD = "import(new URL('./view.js', __coldUrl).href)";

/** dist/version.js's one read of package.json, and the version it reads, written into cold.cjs instead. */
const VERSION_READ = 'export const TOOL_VERSION = readVersion();';
const { version: packageVersion } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));

/** cold.cjs: `import.meta.url` as each module's own dist/ URL, from cold.cjs's (`__coldUrl`, set by the banner). */
const coldImportMetaUrl = {
  name: 'cold-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      // The version is the package's own, known now: a cold run then opens no package.json (the file ships beside it).
      if (args.path === path.join(dist, 'version.js')) {
        if (!text.includes(VERSION_READ)) throw new Error(`bundle: ${VERSION_READ} not found in dist/version.js (update scripts/bundle.mjs)`);
        text = text.replace(VERSION_READ, `export const TOOL_VERSION = ${JSON.stringify(packageVersion ?? '0.0.0')};`);
      }
      if (args.path === path.join(dist, 'cli/main.js')) {
        if (!text.includes(VIEW_IMPORT)) throw new Error(`bundle: ${VIEW_IMPORT} not found in dist/cli/main.js (update scripts/bundle.mjs)`);
        text = text.replaceAll(VIEW_IMPORT, VIEW_FROM_COLD);
      }
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'js' };
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, __coldUrl).href`), loader: 'js' };
    });
  },
};

/** The modules of the commands other than the kind searches, as dist/cli/main.js imports them, and their factories. */
const OTHER_COMMANDS = {
  './serve-command.js': ['createServeCommand'],
  './import-command.js': ['createImportCommand'],
  './index-command.js': ['createIndexCommand'],
  './completion.js': ['createCompletionCommand'],
};
/** cold.cjs: the other commands' modules replaced by factories that throw (bin/search.js never runs them from cold.cjs). */
const kindSearchesOnly = {
  name: 'kind-searches-only',
  setup(b) {
    b.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) =>
      args.importer === path.join(dist, 'cli/main.js') && Object.hasOwn(OTHER_COMMANDS, args.path) ? { path: args.path, namespace: 'other-command' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'other-command' }, (args) => ({
      contents: OTHER_COMMANDS[args.path]
        .map((name) => `export function ${name}() { throw new Error('${name}: not in cold.cjs (bin/search.js runs this command from the ES module bundle)'); }`)
        .join('\n'),
      loader: 'js',
    }));
  },
};
/**
 * cold.cjs: our modules' default imports of node:path and lunr (the only way they import them) read the module's
 * exports themselves. Left to esbuild, each importer's `import x from '<CommonJS module>'` becomes an interop object
 * (`__toESM`) that copies every export as a getter: 9 copies of node:path's 17 and 2 of lunr's 26 at every start
 * (≈ 70 KB of short-lived objects). A named import of either would fail the build ("No matching export"), not run.
 */
const PLAIN_DEFAULTS = new Set(['node:path', 'lunr']);
const plainDefaultImports = {
  name: 'plain-default-imports',
  setup(b) {
    b.onResolve({ filter: /^(node:path|lunr)$/ }, (args) =>
      args.namespace === 'file' && args.importer.startsWith(dist + path.sep) && PLAIN_DEFAULTS.has(args.path) ? { path: args.path, namespace: 'plain-default' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'plain-default' }, (args) => ({
      contents: `export default require(${JSON.stringify(args.path)});`,
      loader: 'js',
      resolveDir: root,
    }));
  },
};
const mainText = await readFile(path.join(dist, 'cli/main.js'), 'utf8');
for (const spec of Object.keys(OTHER_COMMANDS)) {
  if (!mainText.includes(`from '${spec}'`)) throw new Error(`bundle: dist/cli/main.js no longer imports ${spec} (update scripts/bundle.mjs)`);
}
/** The first arguments cold.cjs serves: the kind commands' names and aliases (src/cli/gh-flags.ts). */
const { KIND_COMMANDS } = await import(pathToFileURL(path.join(dist, 'cli/gh-flags.js')).href);
const coldCommands = KIND_COMMANDS.flatMap((c) => [c.name, ...c.aliases]);

/**
 * Build the program as one CommonJS file for bin/search.js: `kindOnly`, the kind searches (the other commands'
 * modules replaced, see kindSearchesOnly); else every command. Writes `<name>.cjs` with its trailer (the first
 * arguments it serves, `*` for any, then its build id) and returns esbuild's metafile.
 */
async function buildCold(name, kindOnly) {
  const cold = await build({
    entryPoints: { [name]: path.join(dist, 'cli/main.js') },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.cjs' },
    metafile: true,
    write: false,
    logLevel: 'warning',
    legalComments: 'none',
    minifyWhitespace: true,
    minifySyntax: true,
    // Short local names: the text bin/search.js reads at every start shrinks from 0.69 to 0.49 MB (≈ 0.6 ms of CPU
    // to read; the code cache and the evaluation shrink a little too). Nothing the program prints depends on a
    // function's or a class's name (errors carry their own messages; no code reads `.name` or a function's text).
    minifyIdentifiers: true,
    define,
    // A path of only these characters is its own file URL's path (pathToFileURL encodes none of them; ≈ 0.4 ms of a
    // cold start for its first call); any other path (Windows, spaces, '%', '#', non-ASCII) goes through pathToFileURL.
    // Then the prelude (scripts/cold-prelude.js): the program's `require` and `performance`.
    banner: { js: `${coldPrelude}\nconst __coldUrl = /^\\/[\\w./-]*$/.test(__filename) ? 'file://' + __filename : require('node:url').pathToFileURL(__filename).href;` },
    plugins: [...(kindOnly ? [kindSearchesOnly] : []), plainDefaultImports, otherPackagesExternal, coldImportMetaUrl],
  });
  // require() of an ES module would fail (top-level await) or warn: cold.cjs may require Node built-ins and CommonJS packages only.
  // React's packages are CommonJS too (the search page's renderer, src/web/, behind serve's lazy edge).
  const COMMONJS_PACKAGES = new Set(['cli-progress', 'ajv', 'react/jsx-runtime', 'react-dom/server']);
  for (const output of Object.values(cold.metafile.outputs)) {
    for (const i of output.imports) {
      if (i.kind !== 'require-call' || i.path.startsWith('node:') || COMMONJS_PACKAGES.has(i.path)) continue;
      throw new Error(`bundle: ${name}.cjs would require() ${i.path}; keep it behind a lazy edge esbuild leaves as import()`);
    }
  }
  // import() inside code that node:vm compiled with a code cache loses its loader (Node 20: "A dynamic import callback
  // was not specified"), so cold.cjs's remaining import() calls (external packages, built-ins, the view) go through
  // `__coldImport`, an import() of bin/search.js's. Every one must be rewritten: the count is checked against esbuild's.
  const dynamicImports = Object.values(cold.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.kind === 'dynamic-import')).length + 1;
  let rewritten = 0;
  const text = cold.outputFiles[0].text.replace(/(?<![\w$.])import\(/g, () => (rewritten++, '__coldImport('));
  if (rewritten !== dynamicImports) throw new Error(`bundle: ${name}.cjs has ${rewritten} import( where esbuild reports ${dynamicImports} dynamic imports`);
  // Written as the function expression bin/search.js compiles (COLD_WRAPPER there, the same text): compiling the file
  // as read, rather than the read text concatenated into a wrapper, saves V8 a flat copy of 0.6 MB at every start
  // (≈ 1.4 ms of CPU with its garbage, measured in fresh processes with the code cache).
  const wrapped = `${COLD_WRAPPER}${text}\n})`;
  const buildId = createHash('sha256').update(wrapped).digest('hex').slice(0, 32);
  // The trailer: the first arguments it serves (bin/search.js reads them before compiling), then the build id.
  const commands = kindOnly ? coldCommands.join(',') : '*';
  await writeFile(path.join(outdir, `${name}.cjs`), `${wrapped}//# commands ${commands}\n//# build-id ${buildId}\n`);
  return cold.metafile;
}
const COLD_WRAPPER = '(function (exports, require, module, __filename, __dirname, __coldImport) {';
/**
 * scripts/cold-prelude.js as cold.cjs's first lines, without its comments and whitespace (its names kept: it is
 * inserted as text, before esbuild's output, and must not be renamed apart from the program that uses them).
 */
const coldPrelude = (await transform(await readFile(path.join(root, 'scripts/cold-prelude.js'), 'utf8'), { minifyWhitespace: true, legalComments: 'none', format: 'cjs' })).code.trim();
// cold.cjs for the kind searches; cold-all.cjs, the same way, for every other command (serve, index, import, help…).
await writeFile(path.join(outdir, 'cold-meta.json'), JSON.stringify(await buildCold('cold', true)));
await buildCold('cold-all', false);
