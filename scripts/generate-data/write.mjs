/**
 * Serialising the world to `data/`: one JSON array per file, 2-space indentation, trailing newline.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The files of the dump, in the order they are written. */
export const FILES = ['code', 'commits', 'issues', 'labels', 'repositories', 'topics', 'users', 'pulls'];

/**
 * The exact bytes of one data file.
 * @param {Array<Record<string, any>>} records
 */
export function serialize(records) {
  return JSON.stringify(records, null, 2) + '\n';
}

/**
 * Write every file of the world into `outDir` (created if missing).
 * @param {Record<string, Array<Record<string, any>>>} world
 * @param {string} outDir
 * @returns {Array<{ file: string, records: number, bytes: number }>}
 */
export function writeWorld(world, outDir) {
  mkdirSync(outDir, { recursive: true });
  return FILES.map((name) => {
    const text = serialize(world[name]);
    const file = join(outDir, `${name}.json`);
    writeFileSync(file, text);
    return { file: `${name}.json`, records: world[name].length, bytes: Buffer.byteLength(text) };
  });
}
