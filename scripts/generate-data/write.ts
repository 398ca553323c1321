/**
 * Serialising the world to `data/`: one JSON array per file, 2-space indentation, trailing newline.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { World } from './world.js';

/** The files of the dump, in the order they are written. */
export const FILES: ReadonlyArray<keyof World> = ['code', 'commits', 'issues', 'labels', 'repositories', 'topics', 'users', 'pulls'];

/** The exact text of one data file: a JSON array, 2-space indented, with a trailing newline. */
export function serialize(records: readonly object[]): string {
  return JSON.stringify(records, null, 2) + '\n';
}

/** What one written file holds: its name, record count and size in bytes. */
export interface FileReport {
  file: string;
  records: number;
  bytes: number;
}

/** Write every file of the world into `outDir` (created if missing); one report per file, in {@link FILES} order. */
export function writeWorld(world: World, outDir: string): FileReport[] {
  mkdirSync(outDir, { recursive: true });
  return FILES.map((name) => {
    const text = serialize(world[name]);
    const file = join(outDir, `${name}.json`);
    writeFileSync(file, text);
    return { file: `${name}.json`, records: world[name].length, bytes: Buffer.byteLength(text) };
  });
}
