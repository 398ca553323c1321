/**
 * Progress done right (issue #25.2): the bar's line is cleared before `search index` prints its report, the bar's
 * total is fixed (a share of the build, records beside it), it tells the time left, and steps of unknown size (a
 * cached kind's `0/0`) draw nothing. Plus `search help environment` lists every variable src/ reads, and the cli
 * folder has no import cycle between its files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as CliProgress from 'cli-progress';
import { createIndexCommand } from '../../src/cli/index-command.js';
import { HELP_TOPICS } from '../../src/cli/help-topics.js';
import { formatBar, formatEta, PROGRESS_DELAY_MS, stderrProgress } from '../../src/cli/progress.js';
import type { BuildProgress, Store } from '../../src/store/store.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** A terminal-like stream that records what is written. */
function terminal() {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
  const writes: string[] = [];
  stream.on('data', (d: Buffer) => writes.push(d.toString()));
  return { stream: stream as unknown as NodeJS.WriteStream, writes };
}

afterEach(() => vi.useRealTimers());

describe('the progress bar', () => {
  it.each([
    [0.4, '1 s'],
    [3, '3 s'],
    [59.2, '1 min 00 s'],
    [65, '1 min 05 s'],
    [3725, '1 h 02 min'],
  ])('formatEta(%s) = %s', (seconds, text) => {
    expect(formatEta(seconds)).toBe(text);
  });

  const options = { barsize: 10, barCompleteChar: '█', barIncompleteChar: '░' } as CliProgress.Options;
  const payload = { verb: 'indexing', kind: 'issues', records: '45,120 records' };
  it.each([
    ['with the time left', { progress: 0.45, eta: 3, value: 450, total: 1000 }, 'indexing issues █████░░░░░ 45% · 45,120 records · about 3 s left'],
    ['without an estimate yet', { progress: 0.1, eta: Number.NaN, value: 100, total: 1000 }, 'indexing issues █░░░░░░░░░ 10% · 45,120 records'],
    ['at 100%, no time left shown', { progress: 1, eta: 0, value: 1000, total: 1000 }, 'indexing issues ██████████ 100% · 45,120 records'],
  ])('one line %s', (_name, params, line) => {
    expect(formatBar(options, params as unknown as CliProgress.Params, payload)).toBe(line);
  });

  it('keeps a fixed total while the estimated record count drifts', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { stream, writes } = terminal();
    const progress = stderrProgress(stream, false);
    vi.setSystemTime(Date.now() + PROGRESS_DELAY_MS + 1);
    // The estimate of the total falls as the stream goes on (104,722 → 100,000); the share done only grows.
    progress.onProgress({ kind: 'issues', phase: 'build', done: 50_000, total: 104_722 });
    progress.onProgress({ kind: 'issues', phase: 'build', done: 100_000, total: 100_000 });
    progress.done();
    const text = writes.join('');
    expect(text).toContain('indexing issues');
    expect(text).toContain('47% · 50,000 records');
    expect(text).not.toMatch(/104,722|\/\d/);
  });

  it.each<[string, BuildProgress]>([
    ['the first event of a load (0/0)', { kind: 'commits', phase: 'load', done: 0, total: 0 }],
    ['a build of unknown size', { kind: 'commits', phase: 'build', done: 0, total: 0 }],
  ])('draws nothing for %s', (_name, event) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { stream, writes } = terminal();
    const progress = stderrProgress(stream, false);
    vi.setSystemTime(Date.now() + PROGRESS_DELAY_MS + 1);
    progress.onProgress(event);
    progress.done();
    expect(writes.join('')).toBe('');
  });

  it.each([
    ['quiet', true, true],
    ['not a terminal', false, false],
  ])('draws nothing when %s', (_name, quiet, isTTY) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { stream, writes } = terminal();
    (stream as { isTTY: boolean }).isTTY = isTTY;
    const progress = stderrProgress(stream, quiet);
    vi.setSystemTime(Date.now() + PROGRESS_DELAY_MS + 1);
    progress.onProgress({ kind: 'issues', phase: 'build', done: 1, total: 2 });
    progress.done();
    expect(writes.join('')).toBe('');
  });
});

describe('search index on a terminal', () => {
  it('clears the bar before the report is printed, so the report is never overwritten', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const log: { to: 'out' | 'err'; text: string }[] = [];
    const { stream: err } = terminal();
    (err as unknown as PassThrough).on('data', (d: Buffer) => log.push({ to: 'err', text: d.toString() }));
    const out = new PassThrough();
    out.on('data', (d: Buffer) => log.push({ to: 'out', text: d.toString() }));
    const fakeOpen = (_source: string, options: { onProgress?: (p: BuildProgress) => void }): Store =>
      ({
        source: '/dump',
        counts: async () => ({}),
        collection: async () => {
          throw new Error('unused');
        },
        prebuild: async () => {
          vi.setSystemTime(Date.now() + PROGRESS_DELAY_MS + 1);
          options.onProgress?.({ kind: 'issues', phase: 'build', done: 5, total: 10 });
          options.onProgress?.({ kind: 'issues', phase: 'save', done: 10, total: 10 });
          return [{ kind: 'issues', records: 10, source: 'built', ms: 12, indexBytes: 0 }];
        },
      }) as Store;
    const command = createIndexCommand('/dump', fakeOpen as never, out, err);
    await command.parseAsync([], { from: 'user' });
    const firstOut = log.findIndex((entry) => entry.to === 'out');
    const errAfter = log.slice(firstOut).filter((entry) => entry.to === 'err');
    expect(log.slice(0, firstOut).some((entry) => entry.text.includes('indexing issues'))).toBe(true);
    expect(errAfter).toEqual([]);
    // The bar's last act is to clear its line (ESC[2K) and show the cursor again (ESC[?25h).
    const errText = log.slice(0, firstOut).map((entry) => entry.text).join('');
    expect(errText.lastIndexOf('\x1b[2K')).toBeGreaterThan(errText.lastIndexOf('indexing issues'));
    expect(errText).toContain('\x1b[?25h');
    expect(log.slice(firstOut).map((entry) => entry.text).join('')).toBe('/dump\nissues             10 records  built in 12 ms\n');
  });
});

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('search help environment', () => {
  it('lists every environment variable src/ reads (bench variables under their own line)', () => {
    const names = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:process\.env|env)\.([A-Z][A-Z0-9_]+)\b|\.env\('([A-Z][A-Z0-9_]+)'\)|envInt\('([A-Z][A-Z0-9_]+)'/g)) names.add((m[1] ?? m[2] ?? m[3])!);
    }
    expect(names.size).toBeGreaterThan(8);
    const text = HELP_TOPICS.environment!.text;
    for (const name of names) expect(text, name).toMatch(new RegExp(`\\b${name}\\b`));
  });
});

describe('the cli folder', () => {
  it('has no import cycle between its files (main.ts ↔ process-io.ts was one)', () => {
    const dir = path.join(SRC, 'cli');
    const files = sourceFiles(dir).filter((f) => path.dirname(f) === dir);
    const edges = new Map<string, string[]>();
    for (const file of files) {
      const targets = [...readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.\/[^'"]+)['"]/g)].map((m) => path.join(dir, m[1]!.replace(/\.js$/, '.ts')));
      edges.set(file, targets.filter((t) => files.includes(t)));
    }
    const state = new Map<string, 'open' | 'done'>();
    const cycle: string[] = [];
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done' || cycle.length > 0) return;
      if (state.get(file) === 'open') {
        cycle.push(...trail.slice(trail.indexOf(file)), file);
        return;
      }
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycle.map((f) => path.basename(f))).toEqual([]);
  });
});
