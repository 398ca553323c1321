import { describe, expect, it } from 'vitest';
import { runJq } from '../../src/cli/output.js';
import { UsageError } from '../../src/cli/cli-errors.js';

describe('--jq runs bounded (jq-wasm in a worker)', () => {
  it('filters as jq -r does', async () => {
    expect(await runJq('{"items":[{"t":"a"},{"t":"b"}]}', '.items[].t')).toBe('a\nb\n');
  });

  it('a compile error is a usage error with jq\'s message on one line', async () => {
    const error = await runJq('{}', '.[').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/^--jq: /);
    expect((error as Error).message).not.toContain('\n');
  });

  it('repeat(.) stops at a limit with a one-line error instead of growing without bound', async () => {
    const started = Date.now();
    const error = await runJq('{"a":1}', 'repeat(.)', { limits: { timeMs: 3000, heapMb: 64, memoryMb: 512 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/^--jq: stopped (after 3 s|at \d+ MiB)/);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('an endless loop without output stops at the time limit', async () => {
    const error = await runJq('1', 'def f: f; f', { limits: { timeMs: 1000 } }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('--jq: stopped after 1 s (the time limit of a jq filter)');
  }, 30_000);

  it('a filter that builds a huge array in jq\'s own memory stops at a memory limit', async () => {
    const error = await runJq('1', '[range(1e9)] | length', { limits: { timeMs: 20_000, memoryMb: 256 } }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^--jq: stopped( at 256 MiB| after 20 s|: jq ran out of memory)/);
  }, 40_000);
});

describe('the page-size guard', () => {
  it('a page whose JSON exceeds what one string holds is an EnvironmentError (exit 3) naming what to ask instead', async () => {
    const { renderOutput } = await import('../../src/cli/output.js');
    const { EnvironmentError } = await import('../../src/cli/cli-errors.js');
    // JSON.stringify throws this RangeError past V8's longest string (2^29 − 24 units); a toJSON stands in for 512 MiB.
    const huge = { toJSON: () => { throw new RangeError('Invalid string length'); } };
    const error = (() => { try { renderOutput({ total_count: 1, incomplete_results: false, items: [huge] }, false, false); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(EnvironmentError);
    expect((error as Error).message).toMatch(/over 512 MiB/);
    const tooLong = Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), { code: 'ERR_STRING_TOO_LONG' });
    const other = (() => { try { renderOutput([{ toJSON: () => { throw tooLong; } }], true, false); } catch (e) { return e; } })();
    expect(other).toBeInstanceOf(EnvironmentError);
    const unrelated = (() => { try { renderOutput([{ toJSON: () => { throw new TypeError('x'); } }], true, false); } catch (e) { return e; } })();
    expect(unrelated).toBeInstanceOf(TypeError);
  });
});

describe('wellFormedJson: lone surrogates jq would refuse', () => {
  it.each([
    ['{"t":"a\\ud800b"}', '{"t":"a\\ufffdb"}'],
    ['{"t":"\\udc00"}', '{"t":"\\ufffd"}'],
    ['{"t":"\\ud83d\\udc4d"}', '{"t":"\\ud83d\\udc4d"}'],
    ['{"t":"\\\\ud800"}', '{"t":"\\\\ud800"}'],
    ['{"t":"\\\\\\ud800\\n"}', '{"t":"\\\\\\ufffd\\n"}'],
    ['{"t":"\\ud800\\ud800\\udc00"}', '{"t":"\\ufffd\\ud800\\udc00"}'],
  ])('%s → %s', async (input, expected) => {
    const { wellFormedJson } = await import('../../src/cli/jq-bounded.js');
    expect(wellFormedJson(input)).toBe(expected);
    expect(JSON.parse(wellFormedJson(JSON.stringify(JSON.parse(input))))).toBeDefined();
  });

  it('--jq reads a record with a lone surrogate', async () => {
    expect(await runJq(JSON.stringify({ t: 'a\ud800b' }), '.t')).toBe('a\ufffdb\n');
  });
});
