/**
 * Ctrl-C and SIGTERM during a search or an index build: the cursor comes back (a progress bar hides it), the
 * build's index worker threads are stopped, and the process exits with 128 + the signal's number through
 * `process.exit`, so every 'exit' listener runs (the view leaves the alternate screen, cache writers remove their
 * temporary files) instead of Node's default death that runs none. The interactive view reads Ctrl-C as a key
 * (raw mode) and returns 130 through the normal path; {@link exitAfter} then ends the process the same way, even
 * while an index build it started is still running (the build's pass hands the event loop back every few ms,
 * dump/time-slices.ts, so the key is read at once).
 */
import { stopBuilds } from '../store/parallel-indexer.js';

/** The exit code for each handled signal (128 + its number, as shells report it). */
export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** Shows the cursor again (DECTCEM). */
export const SHOW_CURSOR = '\u001B[?25h';

/** The longest wait (ms) for the index workers to stop before an interrupted process exits anyway. */
export const STOP_WAIT_MS = 100;

/** Where signals come from, what stops before the exit, and how the process ends; injectable for tests. */
export interface SignalDeps {
  readonly source?: Pick<NodeJS.Process, 'on' | 'removeListener'> | undefined;
  readonly exit?: ((code: number) => void) | undefined;
  /** Stops the running build: its pass and its worker threads. @default stopBuilds (store/parallel-indexer.ts) */
  readonly stop?: (() => Promise<void>) | undefined;
}

/**
 * Stop the build's workers (waiting at most {@link STOP_WAIT_MS}), then `exit(code)`: a worker then never writes a
 * file after the exit has removed the process's temp files. Returns at once; `exit` runs later.
 */
function stopThenExit(code: number, exit: (code: number) => void, stop: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, STOP_WAIT_MS);
  });
  void Promise.race([stop().catch(() => undefined), waited]).then(() => {
    clearTimeout(timer);
    exit(code);
  });
}

/**
 * Until the returned function is called, SIGINT and SIGTERM show the cursor on `terminal` (when it is a terminal),
 * stop the index workers and exit with {@link SIGNAL_EXIT}. A second signal while the workers stop exits at once.
 */
export function exitOnSignals(terminal: { readonly isTTY?: boolean; write(text: string): unknown }, deps: SignalDeps = {}): () => void {
  const source = deps.source ?? process;
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  const stop = deps.stop ?? stopBuilds;
  let stopping = false;
  const handlers = (Object.keys(SIGNAL_EXIT) as (keyof typeof SIGNAL_EXIT)[]).map((signal) => {
    const handler = () => {
      if (terminal.isTTY) terminal.write(SHOW_CURSOR);
      if (stopping) return exit(SIGNAL_EXIT[signal]);
      stopping = true;
      stopThenExit(SIGNAL_EXIT[signal], exit, stop);
    };
    source.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) source.removeListener(signal, handler);
  };
}

/**
 * After a run that ended interrupted (130), stop the index workers and end the process: work it started (an index
 * build behind the view) would otherwise keep it alive for as long as that work takes.
 */
export function exitAfter(code: number, exit: (code: number) => void = (c) => process.exit(c), stop: () => Promise<void> = stopBuilds): void {
  if (code === SIGNAL_EXIT.SIGINT) stopThenExit(code, exit, stop);
}
