/**
 * The process's standard streams as {@link Io}, created only when used: Node builds `process.stdout` and
 * `process.stderr` on first access, and for a pipe that loads the net and stream machinery (several ms of a cold
 * query that writes one string). A JSON run to a pipe or a file writes stdout with `fs.writeSync`, which is what
 * `process.stdout` does there on Linux too (pipes and files are written synchronously), and never touches stderr
 * or stdin unless it has something to say or ask.
 */
import { fstatSync, statSync, writeSync, type Stats } from 'node:fs';
import type { Io } from './io.js';

/**
 * A stream getter that creates the stream once, on first call, and then `onCreate`s it (e.g. to add an
 * 'error' listener, as it would have been given at start-up).
 */
export function once(create: () => NodeJS.WriteStream, onCreate: (stream: NodeJS.WriteStream) => void): () => NodeJS.WriteStream {
  let stream: NodeJS.WriteStream | undefined;
  return () => {
    if (!stream) {
      stream = create();
      onCreate(stream);
    }
    return stream;
  };
}

/**
 * A stand-in for the stream `get()` returns that creates it on first use of any property (reads, calls, writes
 * are forwarded; methods are bound to the real stream).
 */
export function lazyStream(get: () => NodeJS.WriteStream): NodeJS.WriteStream {
  return new Proxy({} as NodeJS.WriteStream, {
    get(_, key) {
      const stream = get();
      const value: unknown = Reflect.get(stream, key, stream);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(stream) : value;
    },
    set: (_, key, value) => Reflect.set(get(), key, value),
    has: (_, key) => Reflect.has(get(), key),
  });
}

/**
 * True when `stat` is the null device's (`> /dev/null`): a character device but never a terminal, which Node's
 * `process.stdout` writes as a file (libuv calls a character device that is not a terminal a file), with
 * `fs.writeSync`, as {@link fdWriter} does. Any other character device (a terminal, a serial line) is left to
 * `process.stdout`.
 */
function isDevNull(stat: Stats): boolean {
  if (!stat.isCharacterDevice()) return false;
  try {
    const devNull = statSync('/dev/null');
    return devNull.isCharacterDevice() && devNull.rdev === stat.rdev;
  } catch {
    return false;
  }
}

/**
 * A writer for file descriptor `fd` when it is a pipe, a regular file or the null device (never a terminal: `isTTY` is false, as
 * `process.stdout.isTTY` is there), else undefined. Strings are written whole with `fs.writeSync`. The first
 * write that fails (EPIPE from `| head`, EAGAIN from a non-blocking pipe, a full disk) hands what is left of it,
 * and every later write, to `fallback()` (the process stream), which then behaves exactly as it always did.
 * Only `write` and `isTTY` are provided: all the CLI uses of stdout.
 */
export function fdWriter(fd: number, fallback: () => NodeJS.WriteStream): NodeJS.WriteStream | undefined {
  try {
    const stat = fstatSync(fd);
    if (!stat.isFIFO() && !stat.isFile() && !isDevNull(stat)) return undefined;
  } catch {
    return undefined;
  }
  let stream: NodeJS.WriteStream | undefined;
  const writer = {
    isTTY: false,
    write(chunk: string | Uint8Array): boolean {
      if (stream) return stream.write(chunk);
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      let done = 0;
      try {
        while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
      } catch {
        stream = fallback();
        return stream.write(bytes.subarray(done));
      }
      return true;
    },
  };
  return writer as unknown as NodeJS.WriteStream;
}

/**
 * The process's {@link Io}: stdin's `isTTY` read when asked; stdout a {@link fdWriter} on fd 1 when it is a pipe
 * or a file, else `process.stdout`; stderr `process.stderr` once used. Each process stream gets `onError` as its
 * 'error' listener when it is created.
 */
export function processIo(onError: (error: NodeJS.ErrnoException) => void): Io {
  const stdout = once(() => process.stdout, (s) => s.on('error', onError));
  const stderr = once(() => process.stderr, (s) => s.on('error', onError));
  return {
    stdin: {
      get isTTY() {
        return process.stdin.isTTY;
      },
    },
    stdout: fdWriter(1, stdout) ?? stdout(),
    stderr: lazyStream(stderr),
    env: process.env,
  };
}
