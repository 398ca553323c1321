#!/usr/bin/env node
// Thin shim: the program is the compiled src (dist/cli/main.js), bundled by `npm run build` into dist/bundle/search.js
// (scripts/bundle.mjs: one file for the cold path instead of ~70 modules). Without the bundle, the modules themselves.
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node >= 22.1 can cache the compiled code of the modules loaded below (on disk, under the OS temp directory or
// NODE_COMPILE_CACHE); Node 20 has no such function, and there this is a no-op. It must run before the program
// is loaded, hence the dynamic import below instead of a static one.
module.enableCompileCache?.();

const bundle = new URL('../dist/bundle/search.js', import.meta.url);
const { run } = await import(existsSync(bundle) ? bundle.href : '../dist/cli/main.js');
await run();
