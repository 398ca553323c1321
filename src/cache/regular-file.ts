/**
 * Opening cache files without blocking: a FIFO (or a device) put where a cache file belongs would block a plain
 * `open`/`read` forever, so files are opened non-blocking and anything but a regular file is refused.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type BigIntStats, type Stats } from 'node:fs';
import { cacheNotice } from './notice.js';

/** Thrown for an entry that is not a regular file. */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';
}

/**
 * Open `file` for reading (non-blocking, so a FIFO does not hang) and check it is a regular file.
 * @returns the descriptor (the caller closes it)
 * @throws the file system's error (ENOENT, EACCES…), or NotRegularFileError
 */
export function openRegularSync(file: string): number {
  return openRegularStatSync(file, false).fd;
}

/**
 * {@link openRegularSync}, also handing back the one `fstat` it made: with `bigint`, exact inode and device numbers
 * (framing.ts keeps them to tell whether the path still names the file it opened), so no second `fstat` is needed.
 * @throws as {@link openRegularSync}
 */
export function openRegularStatSync(file: string, bigint: true): { fd: number; stat: BigIntStats };
export function openRegularStatSync(file: string, bigint: false): { fd: number; stat: Stats };
export function openRegularStatSync(file: string, bigint: boolean): { fd: number; stat: Stats | BigIntStats } {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = fstatSync(fd, { bigint });
    if (!stat.isFile()) throw new NotRegularFileError(`${file} is not a regular file`);
    return { fd, stat };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Open a cache file that may be missing: a missing file is silently a miss; any other failure (EACCES, not a
 * regular file…) is a miss with one stderr notice, so the caller rebuilds it.
 * @returns the descriptor (the caller closes it), or undefined for a miss
 */
export function openCacheFileSync(file: string): number | undefined {
  try {
    return openRegularSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') cacheNotice(file, (error as Error).message);
    return undefined;
  }
}

/** The whole content of a regular file (see {@link openRegularSync}). */
export function readRegularSync(file: string): Buffer {
  const { fd, stat } = openRegularStatSync(file, false); // (the one fstat gives the size too)
  try {
    const size = stat.size;
    const out = Buffer.allocUnsafe(size);
    let done = 0;
    while (done < size) {
      const n = readSync(fd, out, done, size - done, done);
      if (n === 0) break;
      done += n;
    }
    return out.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}
