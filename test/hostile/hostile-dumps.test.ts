/**
 * The hostile-dump corpus (corpus.ts), run through the CLI in-process: every case ends with its exit code and
 * its exact one-line message — never a crash, a hang or an internal error. Plus the cases that must answer:
 * a `__proto__` key, a stale index after an in-place edit, nesting within the limits.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { caseDir, HOSTILE_CASES, issueText, nested } from './corpus.js';

/** Run the CLI with captured streams and a throwaway cache. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await main(args, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    env: process.env,
  });
  return { code, out, err };
}

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['SEARCH_MAX_DEPTH', 'SEARCH_MAX_RECORD_BYTES', 'SEARCH_CACHE_DIR']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('hostile dumps get exit 3 and a message naming file, record and field', () => {
  it.each(HOSTILE_CASES.map((c) => [c.name, c] as const))('%s', async (_name, hostile) => {
    const dir = caseDir();
    const data = hostile.make(dir);
    process.env.SEARCH_CACHE_DIR = path.join(dir, 'cache');
    Object.assign(process.env, hostile.env ?? {});
    const { code, out, err } = await run(['issues', 'hostile', '--data', data, '--json', '--quiet']);
    expect({ code, err, out }).toEqual({ code: hostile.code, err: hostile.err(data), out: '' });
  });
});

describe('hostile dumps that must answer', () => {
  it('keeps a __proto__ key as an ordinary field of the item (the prototype is untouched)', async () => {
    const dir = caseDir();
    writeFileSync(path.join(dir, 'issues.json'), `[${issueText('"__proto__":{"polluted":true},"body":"x"')}]`);
    process.env.SEARCH_CACHE_DIR = path.join(dir, 'cache');
    const { code, out } = await run(['issues', 'hostile', '--data', dir, '--json']);
    expect(code).toBe(0);
    const item = JSON.parse(out).items[0] as Record<string, unknown>;
    expect(Object.hasOwn(item, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(item, '__proto__')?.value).toEqual({ polluted: true });
    expect(out).toContain('"__proto__": {\n        "polluted": true\n      }');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('renders a record nested right up to a raised depth limit', async () => {
    const dir = caseDir();
    writeFileSync(path.join(dir, 'issues.json'), `[${issueText(`"reactions":{"x":${nested(997)}}`)}]`);
    process.env.SEARCH_CACHE_DIR = path.join(dir, 'cache');
    process.env.SEARCH_MAX_DEPTH = '1000';
    const { code, out, err } = await run(['issues', 'hostile', '--data', dir, '--json', '--quiet']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(JSON.parse(out).total_count).toBe(1);
  });

  it('never raises the depth limit past 1,000 (deeper would overflow the stack when a page is rendered)', async () => {
    const dir = caseDir();
    writeFileSync(path.join(dir, 'issues.json'), `[${issueText(`"body":${nested(5000)}`)}]`);
    process.env.SEARCH_CACHE_DIR = path.join(dir, 'cache');
    process.env.SEARCH_MAX_DEPTH = '100000';
    const { code, err } = await run(['issues', 'hostile', '--data', dir, '--json', '--quiet']);
    expect(code).toBe(3);
    expect(err).toMatch(/, record 0, field "body\.0\.0.*": nested deeper than 1000 levels/);
  });

  it('answers from the edited dump after a same-size in-place edit with the mtime set back', async () => {
    const dir = caseDir();
    const file = path.join(dir, 'issues.json');
    process.env.SEARCH_CACHE_DIR = path.join(dir, 'cache');
    const reference = path.join(dir, 'mtime-reference');
    writeFileSync(file, `[{"number":1,"title":"alpha"}]`);
    writeFileSync(reference, '');
    execFileSync('touch', ['-r', file, reference]); // remembers the mtime to the nanosecond
    const before = statSync(file, { bigint: true });
    expect(JSON.parse((await run(['issues', 'alpha', '--data', dir, '--json'])).out).total_count).toBe(1);
    writeFileSync(file, `[{"number":1,"title":"omega"}]`); // same size
    execFileSync('touch', ['-r', reference, file]);
    const after = statSync(file, { bigint: true });
    expect([after.size, after.mtimeNs, after.ino]).toEqual([before.size, before.mtimeNs, before.ino]);
    expect(JSON.parse((await run(['issues', 'alpha', '--data', dir, '--json'])).out).total_count).toBe(0);
    expect(JSON.parse((await run(['issues', 'omega', '--data', dir, '--json'])).out).total_count).toBe(1);
    expect(readFileSync(file, 'utf8')).toContain('omega');
  });
});
