/**
 * Progress on stderr while indexes build: a cli-progress bar when stderr is a terminal and the build takes more
 * than a moment; silent otherwise (pipes, CI, `--quiet`).
 */
import cliProgress from 'cli-progress';
import type { BuildProgress } from '../store/store.js';

/** Delay before a bar appears, in ms: short builds stay silent. */
export const PROGRESS_DELAY_MS = 700;

/** A progress callback for openStore, and `done()` to clear the bar. */
export function stderrProgress(stream: NodeJS.WriteStream & { isTTY?: boolean }, quiet: boolean) {
  let bar: cliProgress.SingleBar | undefined;
  const started = Date.now();
  let kind = '';
  return {
    onProgress(p: BuildProgress): void {
      if (quiet || !stream.isTTY || p.phase !== 'build' || Date.now() - started < PROGRESS_DELAY_MS) return;
      if (!bar || kind !== p.kind) {
        bar?.stop();
        kind = p.kind;
        bar = new cliProgress.SingleBar(
          { stream, format: `indexing ${p.kind} [{bar}] {value}/{total} records`, hideCursor: true, clearOnComplete: true },
          cliProgress.Presets.shades_classic,
        );
        bar.start(p.total, p.done);
      } else {
        bar.update(p.done);
      }
    },
    done(): void {
      bar?.stop();
      bar = undefined;
    },
  };
}
