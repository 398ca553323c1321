import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { exitAfter, exitOnSignals, SHOW_CURSOR } from '../../src/cli/interrupt-exit.js';

function fakeProcess() {
  const source = new EventEmitter();
  const exits: number[] = [];
  const written: string[] = [];
  return { source: source as unknown as NodeJS.Process, emitter: source, exits, written, exit: (code: number) => void exits.push(code) };
}

describe('exitOnSignals', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])('%s on a terminal shows the cursor and exits %i', (signal, code) => {
    const p = fakeProcess();
    exitOnSignals({ isTTY: true, write: (t) => p.written.push(t) }, p);
    p.emitter.emit(signal);
    expect(p.written).toEqual([SHOW_CURSOR]);
    expect(p.exits).toEqual([code]);
  });

  it('writes nothing when stderr is not a terminal, and stops listening once disposed', () => {
    const p = fakeProcess();
    const stop = exitOnSignals({ isTTY: false, write: (t) => p.written.push(t) }, p);
    p.emitter.emit('SIGINT');
    expect(p.written).toEqual([]);
    expect(p.exits).toEqual([130]);
    stop();
    expect(p.emitter.listenerCount('SIGINT') + p.emitter.listenerCount('SIGTERM')).toBe(0);
  });
});

describe('exitAfter', () => {
  it('ends the process after an interrupted run only', () => {
    const exits: number[] = [];
    for (const code of [0, 1, 2, 130]) exitAfter(code, (c) => void exits.push(c));
    expect(exits).toEqual([130]);
  });
});
