import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, NO_PROGRESS } from '../../src/import/progress.js';

/** A fake terminal stream capturing what is drawn. */
function terminal(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, drawn: () => text };
}

describe('createProgress', () => {
  it.each([
    ['--quiet', true, true],
    ['stderr is not a terminal', false, false],
  ])('is silent when %s', (_name, quiet, isTTY) => {
    expect(createProgress({ stream: terminal(isTTY).stream, quiet })).toBe(NO_PROGRESS);
  });

  it('draws a bar only once a phase has run longer than the delay', () => {
    let now = 0;
    const { stream, drawn } = terminal(true);
    const progress = createProgress({ stream, quiet: false, delayMs: 1000, now: () => now });
    progress.phase('commits', 100);
    progress.tick(10);
    expect(drawn()).toBe('');
    now = 1500;
    progress.tick(50);
    progress.stop();
    expect(drawn()).toContain('commits');
    expect(drawn()).toContain('50/100');
  });
});
