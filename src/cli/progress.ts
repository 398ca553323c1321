/**
 * Progress on stderr while indexes build: a cli-progress bar when stderr is a terminal and the build takes more
 * than a moment; silent otherwise (pipes, CI, `--quiet`).
 */
import { createRequire } from 'node:module';
import type * as CliProgress from 'cli-progress';
import type { BuildProgress } from '../store/store.js';

/**
 * cli-progress, loaded when the first bar is drawn: most runs (pipes, `--json`, cached indexes) never draw one.
 * `require` because it is CommonJS and `onProgress` is synchronous.
 */
function loadCliProgress(): typeof CliProgress {
  return createRequire(import.meta.url)('cli-progress') as typeof CliProgress;
}

/** Delay before a bar appears, in ms: short builds stay silent. */
export const PROGRESS_DELAY_MS = 700;

/** A progress callback for openStore, and `done()` to clear the bar. */
export function stderrProgress(stream: NodeJS.WriteStream & { isTTY?: boolean }, quiet: boolean) {
  let bar: CliProgress.SingleBar | undefined;
  const started = Date.now();
  let kind = '';
  return {
    onProgress(p: BuildProgress): void {
      if (quiet || !stream.isTTY || p.phase !== 'build' || Date.now() - started < PROGRESS_DELAY_MS) return;
      if (!bar || kind !== p.kind) {
        bar?.stop();
        kind = p.kind;
        const cliProgress = loadCliProgress();
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
