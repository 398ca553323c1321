#!/usr/bin/env node
// Thin shim: the program lives in the compiled src (dist/cli/main.js).
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
