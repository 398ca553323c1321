/**
 * Time slices: a checkpoint asks for a turn of the event loop only once a slice has run for its length, the turn
 * lets pending I/O and timers run, and after haltSlices every checkpoint (and nextTurn) waits forever. The halt is
 * process-wide and irreversible, so it is the last case here (vitest isolates test files).
 */
import { describe, expect, it } from 'vitest';
import { haltSlices, nextTurn, timeSlices } from '../../src/dump/time-slices.js';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
};

describe('timeSlices', () => {
  it('asks for no turn inside a slice, one once the slice has run its length', async () => {
    const pause = timeSlices(20);
    expect(pause()).toBeUndefined();
    busy(25);
    const turn = pause();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    expect(pause()).toBeUndefined(); // a new slice began with the turn
  });

  it('a turn lets a timer that fell due run before the work goes on', async () => {
    const pause = timeSlices(5);
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    busy(10);
    order.push('work before');
    await pause();
    await nextTurn();
    order.push('work after');
    expect(order).toEqual(['work before', 'timer', 'work after']);
  });

  it('after haltSlices, checkpoints and nextTurn never resolve', async () => {
    const pause = timeSlices(1_000_000);
    haltSlices();
    const settled = (promise: Promise<void> | undefined) =>
      Promise.race([promise?.then(() => 'resolved'), new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);
    expect(await settled(pause())).toBe('pending');
    expect(await settled(nextTurn())).toBe('pending');
  });
});
