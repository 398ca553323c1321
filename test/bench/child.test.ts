/**
 * The bench's process measurements (bench/child.ts): a server's RSS is read over its whole process tree, so
 * `serve --workers N` (a primary that forks one process per worker) reports its largest worker, not the primary.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { descendants, largestResident, residentBytes } from '../../bench/child.js';

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
      expect(largest).toBe(Math.max(own, residentBytes(grandPid)!));
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
