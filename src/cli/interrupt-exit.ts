/**
 * Ctrl-C and SIGTERM during a search or an index build: the cursor comes back (a progress bar hides it) and the
 * process exits at once with 128 + the signal's number, through `process.exit`, so every 'exit' listener runs
 * (the view leaves the alternate screen, cache writers remove their temporary files) instead of Node's default
 * death that runs none. The interactive view reads Ctrl-C as a key (raw mode) and returns 130 through the normal
 * path; {@link exitAfter} then ends the process even while an index build it started is still running.
 */

/** The exit code for each handled signal (128 + its number, as shells report it). */
export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** Shows the cursor again (DECTCEM). */
export const SHOW_CURSOR = '\u001B[?25h';

/** Where signals come from and how the process ends; injectable for tests. */
export interface SignalDeps {
  readonly source?: Pick<NodeJS.Process, 'on' | 'removeListener'> | undefined;
  readonly exit?: ((code: number) => void) | undefined;
}

/**
 * Until the returned function is called, SIGINT and SIGTERM show the cursor on `terminal` (when it is a terminal)
 * and exit with {@link SIGNAL_EXIT}.
 */
export function exitOnSignals(terminal: { readonly isTTY?: boolean; write(text: string): unknown }, deps: SignalDeps = {}): () => void {
  const source = deps.source ?? process;
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  const handlers = (Object.keys(SIGNAL_EXIT) as (keyof typeof SIGNAL_EXIT)[]).map((signal) => {
    const handler = () => {
      if (terminal.isTTY) terminal.write(SHOW_CURSOR);
      exit(SIGNAL_EXIT[signal]);
    };
    source.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) source.removeListener(signal, handler);
  };
}

/**
 * After a run that ended interrupted (130), end the process now: work it started (an index build behind the view)
 * would otherwise keep it alive for as long as that work takes.
 */
export function exitAfter(code: number, exit: (code: number) => void = (c) => process.exit(c)): void {
  if (code === SIGNAL_EXIT.SIGINT) exit(code);
}
