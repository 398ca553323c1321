import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { exitAfter, exitOnSignals, SHOW_CURSOR, STOP_WAIT_MS } from '../../src/cli/interrupt-exit.js';

function fakeProcess() {
  const source = new EventEmitter();
  const exits: number[] = [];
  const written: string[] = [];
  const order: string[] = [];
  return {
    source: source as unknown as NodeJS.Process,
    emitter: source,
    exits,
    written,
    order,
    exit: (code: number) => {
      exits.push(code);
      order.push(`exit ${code}`);
    },
    stop: async () => {
      order.push('stop');
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('exitOnSignals', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])('%s on a terminal shows the cursor, stops the index workers, then exits %i', async (signal, code) => {
    const p = fakeProcess();
    exitOnSignals({ isTTY: true, write: (t) => p.written.push(t) }, p);
    p.emitter.emit(signal);
    expect(p.written).toEqual([SHOW_CURSOR]);
    await settle();
    expect(p.order).toEqual(['stop', `exit ${code}`]);
  });

  it('writes nothing when stderr is not a terminal, and stops listening once disposed', async () => {
    const p = fakeProcess();
    const stop = exitOnSignals({ isTTY: false, write: (t) => p.written.push(t) }, p);
    p.emitter.emit('SIGINT');
    await settle();
    expect(p.written).toEqual([]);
    expect(p.exits).toEqual([130]);
    stop();
    expect(p.emitter.listenerCount('SIGINT') + p.emitter.listenerCount('SIGTERM')).toBe(0);
  });

  it('a worker that does not stop delays the exit by at most STOP_WAIT_MS; a second signal exits at once', async () => {
    const p = fakeProcess();
    exitOnSignals({ isTTY: false, write: () => undefined }, { ...p, stop: () => new Promise(() => undefined) });
    p.emitter.emit('SIGINT');
    await settle();
    expect(p.exits).toEqual([]);
    p.emitter.emit('SIGTERM');
    expect(p.exits).toEqual([143]);
    await new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS + 20));
    expect(p.exits).toEqual([143, 130]);
  });
});

describe('exitAfter', () => {
  it('ends the process after an interrupted run only, once the index workers are stopped', async () => {
    const p = fakeProcess();
    for (const code of [0, 1, 2, 130]) exitAfter(code, p.exit, p.stop);
    await settle();
    expect(p.order).toEqual(['stop', 'exit 130']);
  });
});
