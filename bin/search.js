#!/usr/bin/env node
// Thin shim: the program lives in the compiled src (dist/cli/main.js).
import { run } from '../dist/cli/main.js';

await run();
