/**
 * The bench's process measurements (bench/child.ts): a server's RSS is read over its whole process tree, so
 * `serve --workers N` (a primary that forks one process per worker) reports its largest worker, not the primary.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuSpentMs, cpuTimesMs, descendants, largestResident, residentBytes, statCpuTicks } from '../../bench/child.js';

const linux = existsSync('/proc/self/status');

describe.skipIf(!linux)('largestResident (Linux /proc)', () => {
  it('finds a grandchild and reports the largest RSS of the tree', async () => {
    // A parent that forks a child holding ~150 MB and prints the child's pid once it holds it.
    const grandchild = `const b = Buffer.alloc(150 * 2 ** 20, 1); process.send?.('x'); console.log('held'); setInterval(() => b[0]++, 1000);`;
    const parent = `const { spawn } = require('node:child_process');
      const c = spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: ['ignore', 'pipe', 'inherit'] });
      c.stdout.once('data', () => console.log(String(c.pid)));
      process.on('SIGTERM', () => { c.kill('SIGKILL'); process.exit(0); });
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['-e', parent], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const grandPid = await new Promise<number>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))));
      expect(descendants(child.pid!)).toContain(grandPid);
      const own = residentBytes(child.pid!)!;
      const largest = largestResident(child.pid!)!;
      expect(largest).toBeGreaterThan(140 * 2 ** 20);
      expect(largest).toBeGreaterThan(own);
      // Each figure is its own read of /proc, and a live process's RSS moves between reads (its heap, its code
      // pages): the largest is the grandchild's within a few MiB, not to the byte (an exact equality failed once
      // under a loaded machine's full suite).
      expect(Math.abs(largest - Math.max(own, residentBytes(grandPid)!))).toBeLessThan(16 * 2 ** 20);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('is undefined for a process that is gone, and a leaf has no descendants', () => {
    expect(largestResident(2 ** 22 + 12345)).toBeUndefined();
    expect(descendants(2 ** 22 + 12345)).toEqual([]);
    expect(descendants(process.pid).every((pid) => Number.isInteger(pid))).toBe(true);
  });
});

describe('statCpuTicks (a /proc/<pid>/stat line)', () => {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
  const rest = (utime: number, stime: number) => `S 1 2 3 0 -1 4194560 100 0 0 0 ${utime} ${stime} 7 8 20 0 1 0 5 6 7`;
  it.each([
    ['a plain name', `42 (node) ${rest(150, 25)}`, 175],
    ['a name with spaces', `42 (search serve) ${rest(3, 4)}`, 7],
    ['a name with parentheses and digits', `42 (a) 1 2 (b)) ${rest(10, 0)}`, 10],
    ['no CPU yet', `7 (x) ${rest(0, 0)}`, 0],
  ])('reads utime + stime after %s', (_what, line, ticks) => {
    expect(statCpuTicks(line)).toBe(ticks);
  });

  it.each([
    ['no name', '42 node S 1 2'],
    ['a truncated line', '42 (node) S 1 2 3 0 -1 4194560 100 0 0 0 12'],
    ['fields that are not numbers', `42 (node) S 1 2 3 0 -1 4194560 100 0 0 0 x 3 0 0`],
  ])('is undefined for %s', (_what, line) => {
    expect(statCpuTicks(line)).toBeUndefined();
  });
});

describe('cpuSpentMs', () => {
  it.each([
    ['sums the processes read twice', [[1, 10], [2, 5]], [[1, 30], [2, 6]], 21],
    ['leaves out a process gone by the second reading', [[1, 10], [2, 5]], [[1, 12]], 2],
    ['ignores a process that appeared in between', [[1, 10]], [[1, 10], [3, 99]], 0],
    ['is undefined when none is left', [[1, 10]], [], undefined],
  ] as const)('%s', (_what, before, after, spent) => {
    expect(cpuSpentMs(new Map(before), new Map(after))).toBe(spent);
  });
});

describe.skipIf(!linux)('cpuTimesMs (Linux /proc)', () => {
  it('reads this process and leaves out one that is gone', () => {
    let spin = 0;
    for (let i = 0; i < 5e6; i++) spin += i % 7;
    const times = cpuTimesMs([process.pid, 2 ** 22 + 12345]);
    expect(spin).toBeGreaterThan(0);
    expect([...times.keys()]).toEqual([process.pid]);
    expect(times.get(process.pid)!).toBeGreaterThan(0);
  });
});
