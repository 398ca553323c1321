/**
 * Ctrl-C handling for imports: while an import runs, SIGINT/SIGTERM abort it (killing git children and stopping
 * between files) instead of killing the process, so the temporary dump directory is always removed and no
 * half-written dump is left behind. The edge maps {@link ImportInterrupted} to its exit code.
 */

/** The import was interrupted (Ctrl-C or SIGTERM); nothing was written. `exitCode` is 130 (128 + SIGINT). */
export class ImportInterrupted extends Error {
  readonly exitCode = 130;
  constructor(message = 'import interrupted; nothing was written') {
    super(message);
    this.name = 'ImportInterrupted';
  }
}

/** Throws {@link ImportInterrupted} when `signal` is aborted (call between units of work). */
export function checkInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ImportInterrupted();
}

/**
 * Runs `work` with an AbortSignal that fires on SIGINT or SIGTERM; the listeners are removed afterwards.
 * A second Ctrl-C while cleanup runs is absorbed too (cleanup is short and synchronous at its end).
 */
export async function withInterruptSignal<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
