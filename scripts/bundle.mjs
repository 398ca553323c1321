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
import { build } from 'esbuild';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Packages on a cached query's path: commander (argument parsing) and lunr (the index format). */
const BUNDLED = new Set(['commander', 'lunr']);

const otherPackagesExternal = {
  name: 'other-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { search: path.join(dist, 'cli/main.js') },
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
  // CommonJS packages inside an ESM bundle call require() for Node built-ins: give them one.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  plugins: [otherPackagesExternal, ownImportMetaUrl],
});
await writeFile(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
