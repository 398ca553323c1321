/**
 * process-io.ts: stdout written straight to a pipe or file descriptor, handing over to the process stream on the
 * first failed write; streams created only when used.
 */
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fdWriter, lazyStream, once } from '../../src/cli/process-io.js';

const fallbackStream = () => {
  const stream = Object.assign(new PassThrough(), { isTTY: undefined });
  let written = '';
  stream.on('data', (d: Buffer) => (written += d.toString()));
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => written };
};

describe('fdWriter', () => {
  it('writes strings whole to a file, in order, and says it is not a terminal', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'process-io-')), 'out.json');
    const fd = openSync(file, 'w');
    const fallback = fallbackStream();
    let fallbacks = 0;
    const writer = fdWriter(fd, () => (fallbacks++, fallback.stream))!;
    expect(writer).toBeDefined();
    expect(writer.isTTY).toBe(false);
    const big = `${'é'.repeat(100_000)}\n`;
    expect(writer.write('{"a":1}\n')).toBe(true);
    writer.write(big);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(`{"a":1}\n${big}`);
    expect(fallbacks).toBe(0);
  });

  it('hands the rest, and every later write, to the fallback once a write fails', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'process-io-')), 'out.json');
    const fd = openSync(file, 'w');
    const fallback = fallbackStream();
    let fallbacks = 0;
    const writer = fdWriter(fd, () => (fallbacks++, fallback.stream))!;
    writer.write('first\n');
    closeSync(fd); // the next write fails (EBADF)
    writer.write('second\n');
    writer.write('third\n');
    expect(readFileSync(file, 'utf8')).toBe('first\n');
    expect(fallback.written()).toBe('second\nthird\n');
    expect(fallbacks).toBe(1);
  });

  it('writes to the null device as to a file (not a terminal), and leaves other character devices alone', () => {
    const fd = openSync('/dev/null', 'w');
    const writer = fdWriter(fd, () => fallbackStream().stream);
    expect(writer).toBeDefined();
    expect(writer!.isTTY).toBe(false);
    expect(writer!.write('{"a":1}\n')).toBe(true);
    closeSync(fd);
    const zero = openSync('/dev/zero', 'r'); // a character device that is not the null device
    expect(fdWriter(zero, () => fallbackStream().stream)).toBeUndefined();
    closeSync(zero);
  });

  it('is undefined for what is neither a pipe nor a file (a directory, a closed descriptor)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'process-io-'));
    const fd = openSync(dir, 'r');
    expect(fdWriter(fd, () => fallbackStream().stream)).toBeUndefined();
    closeSync(fd);
    expect(fdWriter(fd, () => fallbackStream().stream)).toBeUndefined();
  });
});

describe('lazy streams', () => {
  it('creates the stream on first use only, once, and forwards reads, calls and writes to it', () => {
    const { stream, written } = fallbackStream();
    let created = 0;
    const errors: unknown[] = [];
    const get = once(
      () => (created++, stream),
      (s) => s.on('error', (e) => errors.push(e)),
    );
    const lazy = lazyStream(get);
    expect(created).toBe(0);
    expect(lazy.isTTY).toBeUndefined();
    expect(created).toBe(1);
    lazy.write('x');
    lazy.write('y');
    (lazy as unknown as { columns: number }).columns = 80;
    expect((stream as unknown as { columns: number }).columns).toBe(80);
    expect(created).toBe(1);
    expect(written()).toBe('xy');
    stream.emit('error', new Error('boom'));
    expect(errors).toHaveLength(1);
  });
});
