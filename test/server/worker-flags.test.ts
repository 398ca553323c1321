import { describe, expect, it } from 'vitest';
import { SINGLE_THREADED_GC, workerExecArgv } from '../../src/server/workers.js';

describe('workerExecArgv: the garbage collector on the worker’s own thread once the workers fill the cores', () => {
  it.each([
    ['as many workers as cores', [], 2, 2, [SINGLE_THREADED_GC]],
    ['more workers than cores', ['--max-old-space-size=4096'], 4, 2, ['--max-old-space-size=4096', SINGLE_THREADED_GC]],
    ['fewer workers than cores: the background threads have a core of their own', [], 2, 4, []],
    ['one worker on two cores', ['--enable-source-maps'], 1, 2, ['--enable-source-maps']],
    ['one worker on one core', [], 1, 1, [SINGLE_THREADED_GC]],
    ['the operator already chose (the flag given)', [SINGLE_THREADED_GC], 2, 2, [SINGLE_THREADED_GC]],
    ['the operator already chose (its negation)', ['--no-single-threaded-gc'], 2, 2, ['--no-single-threaded-gc']],
    ['the operator already chose (no background tasks at all)', ['--single-threaded'], 2, 2, ['--single-threaded']],
    ['the operator already chose (V8’s other spellings)', ['--nosingle_threaded_gc'], 2, 2, ['--nosingle_threaded_gc']],
    ['a flag that only starts alike is no choice', ['--single-threaded-gc-foo'], 2, 2, ['--single-threaded-gc-foo', SINGLE_THREADED_GC]],
  ])('%s', (_name, execArgv, count, cores, expected) => {
    const given = [...execArgv];
    expect(workerExecArgv(execArgv, count, cores)).toEqual(expected);
    expect(execArgv).toEqual(given); // the primary's own list is not changed
  });
});
