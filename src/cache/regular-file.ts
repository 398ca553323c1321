/**
 * Opening cache files without blocking: a FIFO (or a device) put where a cache file belongs would block a plain
 * `open`/`read` forever, so files are opened non-blocking and anything but a regular file is refused.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
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
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) throw new NotRegularFileError(`${file} is not a regular file`);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
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
  const fd = openRegularSync(file);
  try {
    const size = fstatSync(fd).size;
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
