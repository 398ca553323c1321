/**
 * Writing a cache file so that readers see the old file or the whole new one, never half of it: the bytes go to
 * a temp file beside it (`<file>.<pid>.tmp`), which is then renamed over the target.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Write `parts` (concatenated) to `file` atomically, creating its directory. Never throws: a read-only or full
 * disk only costs a later run a rebuild.
 * @returns the bytes written, or undefined when the file could not be written (the temp file is removed)
 */
export async function writeAtomically(file: string, parts: string | ReadonlyArray<Uint8Array>): Promise<number | undefined> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temp, typeof parts === 'string' ? parts : [...parts]);
    await rename(temp, file);
    return typeof parts === 'string' ? Buffer.byteLength(parts) : parts.reduce((sum, part) => sum + part.length, 0);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
    return undefined;
  }
}
