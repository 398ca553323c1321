/**
 * Progress on stderr for long imports: a cli-progress bar per phase, shown only once a phase has run for more
 * than a second, only when the stream is a terminal, and never with `--quiet`. Otherwise every call is a no-op.
 */
import cliProgress from 'cli-progress';

/** Receives progress from the importers. `total` may change as a phase learns it. */
export interface Progress {
  /** Starts a phase (ends the previous one). `label` is a short noun phrase: `code files`, `commits`. */
  phase(label: string, total: number): void;
  /** Reports `done` units of the current phase. */
  tick(done: number, total?: number): void;
  /** Ends the current phase (clears its bar). */
  stop(): void;
}

/** A progress sink that does nothing (tests, `--quiet`, non-terminals). */
export const NO_PROGRESS: Progress = { phase: () => undefined, tick: () => undefined, stop: () => undefined };

/** Where and whether to draw. */
export interface ProgressOptions {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  quiet: boolean;
  /** Milliseconds a phase must run before its bar appears. @default 1000 */
  delayMs?: number;
  /** Clock, for tests. @default Date.now */
  now?: () => number;
}

/** A {@link Progress} drawing cli-progress bars (see the module comment), or {@link NO_PROGRESS} when silent. */
export function createProgress(options: ProgressOptions): Progress {
  if (options.quiet || !options.stream.isTTY) return NO_PROGRESS;
  const now = options.now ?? Date.now;
  const delay = options.delayMs ?? 1000;
  let label = '';
  let total = 0;
  let started = 0;
  let bar: cliProgress.SingleBar | undefined;
  const stop = (): void => {
    bar?.stop();
    bar = undefined;
  };
  return {
    phase(name, count) {
      stop();
      label = name;
      total = count;
      started = now();
    },
    tick(done, count) {
      if (count !== undefined) total = count;
      if (!bar && now() - started > delay) {
        bar = new cliProgress.SingleBar(
          {
            stream: options.stream,
            format: `${label.padEnd(12)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
            clearOnComplete: true,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done);
      } else {
        bar?.setTotal(total);
        bar?.update(done);
      }
    },
    stop,
  };
}
