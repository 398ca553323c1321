#!/usr/bin/env node
/**
 * Regenerates the embedded default dump in `data/` (or in the directory given with `--out <dir>`).
 *
 * The output is a pure function of this script and its modules in `scripts/generate-data/`: a seeded PRNG
 * (mulberry32), a fixed "now" of 2026-11-01T00:00:00Z, no clock and no Math.random. Running it twice gives
 * byte-identical files. Every name, text and number in the dump is invented here.
 *
 * Usage: node scripts/generate-data.mjs [--out <dir>] [--quiet]
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWorld } from './generate-data/world.mjs';
import { writeWorld } from './generate-data/write.mjs';

/**
 * Parse the command line.
 * @param {string[]} argv arguments after the script name
 * @returns {{ out: string, quiet: boolean }}
 */
export function parseArgs(argv) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  let out = join(root, 'data');
  let quiet = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out' && argv[i + 1]) out = resolve(argv[++i]);
    else if (argv[i] === '--quiet') quiet = true;
    else throw new Error(`generate-data: unknown argument ${argv[i]}`);
  }
  return { out, quiet };
}

const { out, quiet } = parseArgs(process.argv.slice(2));
const report = writeWorld(buildWorld(), out);
if (!quiet) {
  const total = report.reduce((sum, r) => sum + r.bytes, 0);
  for (const r of report) console.log(`${r.file.padEnd(18)} ${String(r.records).padStart(6)} records ${String(r.bytes).padStart(9)} bytes`);
  console.log(`${'total'.padEnd(18)} ${String(report.reduce((s, r) => s + r.records, 0)).padStart(6)} records ${String(total).padStart(9)} bytes -> ${out}`);
}
