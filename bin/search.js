#!/usr/bin/env node
// Thin shim: the program lives in the compiled src (dist/cli/main.js).
import module from 'node:module';

// Node >= 22.1 can cache the compiled code of the modules loaded below (on disk, under the OS temp directory or
// NODE_COMPILE_CACHE); Node 20 has no such function, and there this is a no-op. It must run before the program
// is loaded, hence the dynamic import below instead of a static one.
module.enableCompileCache?.();

const { run } = await import('../dist/cli/main.js');
await run();
