/**
 * The one temp-file writer of the cache directory: every cache file is written under a temporary name beside its
 * target (`<file>.<pid>.<random>.tmp`) and renamed over it once whole, so readers see the old file or the whole new
 * one, never half of it. The process remembers the directories it writes temp files in, so that:
 *
 * - an interrupt (SIGINT, SIGTERM) or an exit removes every temp file this process owns — its pid is in the name,
 *   so the index worker thread's files (same pid) go too — before the signal's default action runs;
 * - the next build removes the temp files of processes that died without that chance (SIGKILL, a power cut):
 *   {@link sweepStaleTemps} removes those whose pid is no longer alive, or that are older than
 *   {@link STALE_TEMP_MS} (a reused pid).
 *
 * Nothing here throws for the file system: a read-only or full disk only costs a later run a rebuild.
 */
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, write, writeSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A temp file older than this (ms) is stale whatever its pid says (pids are reused): one day. */
export const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

/** `<anything>.<pid>[.<random>].tmp`: the pid of the process that wrote it. */
const TEMP_NAME = /\.(\d+)(?:\.[0-9a-z]+)?\.tmp$/;

/** Directories this process has written temp files in (absolute). */
const tempDirs = new Set<string>();
let hooked = false;

/** The pid in a temp file's name, or undefined when the name is not one of ours. */
export function tempOwner(name: string): number | undefined {
  const m = TEMP_NAME.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** Remove every temp file this process owns (in the directories it wrote temp files in). Synchronous; never throws. */
export function removeOwnTemps(): void {
  for (const dir of tempDirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) if (tempOwner(name) === process.pid) removeQuietly(path.join(dir, name));
  }
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // not ours to remove, or already gone
  }
}

/**
 * On SIGINT/SIGTERM: remove this process's temp files; when nobody else handles the signal, let its default action
 * (ending the process, exit status 128 + signal) happen as if this listener were not there.
 */
function onSignal(signal: NodeJS.Signals): void {
  removeOwnTemps();
  if (process.listenerCount(signal) === 1) {
    unhook();
    process.kill(process.pid, signal);
  }
}

function unhook(): void {
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  process.off('exit', removeOwnTemps);
  hooked = false;
}

/** Remember `dir` as holding this process's temp files (and listen for interrupts once). */
export function ownTempsIn(dir: string): void {
  tempDirs.add(path.resolve(dir));
  if (hooked) return;
  hooked = true;
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', removeOwnTemps);
}

/** A fresh temp name beside `file`, owned by this process (see the module comment). */
export function tempFileName(file: string): string {
  ownTempsIn(path.dirname(file));
  return `${file}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
}

/** True unless the process `pid` is known to be gone (EPERM: it exists, as another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove the temp files in `dir` that no living process owns: another pid that is gone, or older than
 * {@link STALE_TEMP_MS}. This process's own are kept (it may be writing them). Called at the start of a build.
 * @param now the current time (ms since the epoch), for tests
 * @returns the names removed
 */
export function sweepStaleTemps(dir: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = tempOwner(name);
    if (pid === undefined || pid === process.pid) continue;
    const file = path.join(dir, name);
    let stale = !alive(pid);
    if (!stale) {
      try {
        stale = now - statSync(file).mtimeMs > STALE_TEMP_MS;
      } catch {
        continue;
      }
    }
    if (!stale) continue;
    removeQuietly(file);
    removed.push(name);
  }
  return removed;
}

/**
 * A file being written under a temp name beside its target: positional writes, then {@link commit} (close and
 * rename over the target) or {@link discard} (close and remove). Failures never throw: they make `commit` return
 * false (the temp file is removed then).
 */
export class TempFile {
  private fd: number | undefined;
  private failed = false;
  readonly temp: string;

  private constructor(readonly file: string) {
    this.temp = tempFileName(file);
  }

  /** A temp file for `file` (its directory created), or undefined when it cannot be created. */
  static create(file: string): TempFile | undefined {
    const out = new TempFile(file);
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      out.fd = openSync(out.temp, 'w');
      return out;
    } catch {
      out.discard();
      return undefined;
    }
  }

  /** The descriptor while open (for async writes the caller chains itself). */
  get descriptor(): number | undefined {
    return this.failed ? undefined : this.fd;
  }

  /** False once a write failed or the file was committed or discarded. */
  get ok(): boolean {
    return !this.failed && this.fd !== undefined;
  }

  /** Write all of `bytes` at byte `position` (a failure is remembered, see {@link commit}). */
  writeAt(position: number, bytes: Uint8Array): void {
    if (!this.ok) return;
    try {
      for (let done = 0; done < bytes.length; ) done += writeSync(this.fd!, bytes, done, bytes.length - done, position + done);
    } catch {
      this.failed = true;
    }
  }

  /**
   * Write all of `bytes` at byte `position` on libuv's pool; resolves (never rejects) when done — a failure is
   * remembered, see {@link commit}. Keep `bytes` unchanged until then.
   */
  writeAtAsync(position: number, bytes: Uint8Array): Promise<void> {
    const fd = this.ok ? this.fd! : undefined;
    if (fd === undefined) return Promise.resolve();
    return new Promise((resolve) => {
      const step = (done: number): void => {
        if (done >= bytes.length) return resolve();
        write(fd, bytes, done, bytes.length - done, position + done, (error, n) => {
          if (error) {
            this.failed = true;
            return resolve();
          }
          step(done + n);
        });
      };
      step(0);
    });
  }

  /** Mark the file as failed (an async write the caller ran did not succeed). */
  fail(): void {
    this.failed = true;
  }

  /**
   * Close the file and rename it over the target.
   * @returns true when the target now holds it; false (and the temp file removed) when a write or the rename failed
   */
  commit(target = this.file): boolean {
    if (this.fd === undefined) return false;
    try {
      closeSync(this.fd);
      this.fd = undefined;
      if (this.failed) throw new Error('not written');
      renameSync(this.temp, target);
      return true;
    } catch {
      this.discard();
      return false;
    }
  }

  /** Give up: close (when open) and remove the temp file. Idempotent; never throws. */
  discard(): void {
    this.failed = true;
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // already closed
      }
      this.fd = undefined;
    }
    removeQuietly(this.temp);
  }
}

/**
 * Write `parts` (concatenated) to `file` atomically, creating its directory. Never throws.
 * @returns the bytes written, or undefined when the file could not be written (the temp file is removed)
 */
export async function writeAtomically(file: string, parts: string | ReadonlyArray<Uint8Array>): Promise<number | undefined> {
  const temp = tempFileName(file);
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

/** {@link writeAtomically}, synchronously, for one small file. @returns true when written */
export function writeAtomicallySync(file: string, data: string | Uint8Array): boolean {
  const out = TempFile.create(file);
  if (!out) return false;
  out.writeAt(0, typeof data === 'string' ? Buffer.from(data) : data);
  return out.commit();
}
