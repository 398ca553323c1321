/** Helpers for asserting rendered frames: ANSI stripping, trimming and waiting for a frame without fixed sleeps. */

const ANSI = /\u001B(?:\[[0-9;?:]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\))/g;

/** Remove ANSI escape sequences. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** The frame without ANSI codes and without trailing spaces on each line. */
export function clean(frame: string | undefined): string {
  return stripAnsi(frame ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n');
}

/**
 * Let pending timers, promises and Ink's input flush run until `predicate` holds for the last frame
 * (event-loop turns, not wall-clock sleeps; fails after `turns` turns).
 */
export async function waitForFrame(lastFrame: () => string | undefined, predicate: (frame: string) => boolean, turns = 200): Promise<string> {
  for (let i = 0; i < turns; i++) {
    const frame = clean(lastFrame());
    if (predicate(frame)) return frame;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`frame never matched; last frame:\n${clean(lastFrame())}`);
}

/** The frame with inverse-video runs (matches without colour) shown as «…» and every other ANSI code removed. */
export function marks(frame: string | undefined): string {
  return clean((frame ?? '').replace(/\u001B\[7m/g, '«').replace(/\u001B\[27m/g, '»'));
}

/** Escape sequences a terminal sends for keys. */
export const KEYS = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  pageUp: '\u001B[5~',
  pageDown: '\u001B[6~',
  enter: '\r',
  escape: '\u001B',
  backspace: '\u007F',
  ctrlC: '\u0003',
  ctrlU: '\u0015',
} as const;
