#!/usr/bin/env node
/**
 * Regenerates the embedded default dump in `data/` (or in the directory given with `--out <dir>`).
 *
 * The output is a pure function of this script and its modules in `scripts/generate-data/`: a seeded PRNG
 * (mulberry32), a fixed "now" of 2026-11-01T00:00:00Z, no clock and no Math.random. Running it twice gives
 * byte-identical files. Every name, text and number in the dump is invented here.
 *
 * Usage: npm run generate-data [-- --out <dir>] [-- --quiet]
 * (compiles scripts/ with tsconfig.scripts.json into dist-scripts/ and runs dist-scripts/scripts/generate-data.js)
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWorld } from './generate-data/world.js';
import { writeWorld } from './generate-data/write.js';

/** The project root: the nearest folder above `from` that holds package.json (the script runs from scripts/ or dist-scripts/scripts/). */
export function projectRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`generate-data: no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

/**
 * Parse the command line.
 * @param argv arguments after the script name
 * @throws Error on an unknown argument.
 */
export function parseArgs(argv: readonly string[]): { out: string; quiet: boolean } {
  let out = join(projectRoot(dirname(fileURLToPath(import.meta.url))), 'data');
  let quiet = false;
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i] === '--out' && next) {
      out = resolve(next);
      i++;
    } else if (argv[i] === '--quiet') quiet = true;
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
