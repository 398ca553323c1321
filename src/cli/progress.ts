/**
 * Progress on stderr while indexes build: a cli-progress bar when stderr is a terminal and the build takes more
 * than a moment; silent otherwise (pipes, CI, `--quiet`).
 *
 * The bar measures the share of a kind's build done, not records against a total: while a dump streams, its record
 * count is only an estimate from the bytes read (it drifts, 104,722 → 100,000), so the bar's total is fixed at
 * 100% and the records read so far are shown beside it, with an estimated time left. Kinds loaded from the cache,
 * and steps without a known size, draw nothing.
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

/** The bar's fixed total: a build's share done, in thousandths. */
const SCALE = 1000;

/** What the bar says per phase of a build. */
const VERB: Readonly<Record<BuildProgress['phase'], string>> = { load: 'loading', build: 'indexing', save: 'writing the index of' };

/** Payload of one bar update. */
interface Payload {
  verb: string;
  kind: string;
  records: string;
}

/** `3 s`, `1 min 05 s`, `2 h 04 min`: seconds left, rounded up to whole seconds. */
export function formatEta(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/**
 * One line of the bar: `indexing issues ██████░░░░░░ 45% · 45,120 records · about 3 s left`. The time left shows
 * once cli-progress has an estimate (two updates), and not at 100% (the last step's length is unknown).
 */
export function formatBar(options: CliProgress.Options, params: CliProgress.Params, payload: Payload): string {
  const size = options.barsize ?? 30;
  const filled = Math.round(Math.min(1, Math.max(0, params.progress)) * size);
  const bar = (options.barCompleteChar ?? '█').repeat(filled) + (options.barIncompleteChar ?? '░').repeat(size - filled);
  const percent = Math.floor(params.progress * 100);
  const eta = Number.isFinite(params.eta) && params.eta > 0 && params.progress < 1 ? ` · about ${formatEta(params.eta)} left` : '';
  return `${payload.verb} ${payload.kind} ${bar} ${percent}% · ${payload.records}${eta}`;
}

/**
 * A progress callback for openStore, and `done()` to stop the bar and clear its line (call it before printing
 * anything else on the terminal: a live bar redraws over what is written after it).
 * @param stream where the bar is drawn (stderr); nothing is drawn unless it is a terminal
 * @param quiet draw nothing
 */
export function stderrProgress(stream: NodeJS.WriteStream & { isTTY?: boolean }, quiet: boolean) {
  let bar: CliProgress.SingleBar | undefined;
  const started = Date.now();
  let kind = '';
  return {
    onProgress(p: BuildProgress): void {
      // A step of unknown size (the first event of a load) draws nothing; a cached kind sends no other event.
      if (quiet || !stream.isTTY || p.total <= 0) return;
      if (bar === undefined && Date.now() - started < PROGRESS_DELAY_MS) return;
      const value = Math.min(SCALE, Math.round((p.done / p.total) * SCALE));
      const payload: Payload = { verb: VERB[p.phase], kind: p.kind, records: `${p.done.toLocaleString('en-US')} records` };
      if (!bar || kind !== p.kind) {
        bar?.stop();
        kind = p.kind;
        const cliProgress = loadCliProgress();
        bar = new cliProgress.SingleBar(
          { stream, format: formatBar as CliProgress.GenericFormatter, hideCursor: true, clearOnComplete: true, barsize: 30 },
          cliProgress.Presets.shades_classic,
        );
        bar.start(SCALE, value, payload);
      } else {
        bar.update(value, payload);
      }
    },
    done(): void {
      bar?.stop();
      bar = undefined;
    },
  };
}
