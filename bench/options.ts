/**
 * The bench's command line: `npm run bench [-- --scale 10k|100k|1M[,…]] [--rows build,cold,serve,web]
 * [--runs N] [--serve-seconds S] [--serve-warmup S] [--keep] [--corpus DIR] [--no-sqlite] [--no-minisearch]`. Parsed apart from main.ts so it can be
 * tested without running anything.
 */
import { parseArgs } from 'node:util';

/** Corpus sizes by `--scale` name (case-insensitive: `1m` is `1M`). */
export const SCALES: Readonly<Record<string, number>> = { '10k': 10_000, '100k': 100_000, '1M': 1_000_000 };
/** The scales of a default run: issue #24's table is at 100k and at 1M. */
export const DEFAULT_SCALES = ['100k', '1M'] as const;
/**
 * Row groups `--rows` may pick: index build (time, peak RSS, artefact size), cold CLI queries, `serve` under
 * never-seen load (anonymous and private-reading callers, RSS), and the web search page under the same load.
 */
export const ROW_GROUPS = ['build', 'cold', 'serve', 'web'] as const;
export type RowGroup = (typeof ROW_GROUPS)[number];

/** A parsed command line. */
export interface BenchOptions {
  /** Scales in the order given, e.g. `[{ name: '100k', count: 100000 }]`. */
  readonly scales: ReadonlyArray<{ readonly name: string; readonly count: number }>;
  readonly rows: ReadonlySet<RowGroup>;
  /** Interleaved runs per cold query. */
  readonly runs: number;
  /** Seconds of each serve load. */
  readonly serveSeconds: number;
  /**
   * Seconds of never-seen requests each server answers before its first measured load (0: none), so the loads
   * measure a server whose code V8 has compiled, as a long-running one is; the warm-up's own figures are printed.
   */
  readonly serveWarmup: number;
  /** Keep the temp directory (corpora, caches). */
  readonly keep: boolean;
  /**
   * Where each scale's corpus is kept (`<corpus>/<scale>/`) and reused when it is already there (corpus.ts,
   * keptCorpus); undefined: corpora are generated into the temp directory and removed with it.
   */
  readonly corpus: string | undefined;
  readonly sqlite: boolean;
  readonly minisearch: boolean;
}

/** Splits a comma list, trimmed, without empty entries. */
const list = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean);

/**
 * Parses the bench's arguments.
 * @throws RangeError naming the option for an unknown scale or row group, or runs / seconds out of range;
 *   TypeError (node:util) for an unknown option.
 */
export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      scale: { type: 'string', default: DEFAULT_SCALES.join(',') },
      rows: { type: 'string', default: ROW_GROUPS.join(',') },
      runs: { type: 'string', default: '5' },
      'serve-seconds': { type: 'string', default: '15' },
      'serve-warmup': { type: 'string', default: '10' },
      keep: { type: 'boolean', default: false },
      corpus: { type: 'string' },
      'no-sqlite': { type: 'boolean', default: false },
      'no-minisearch': { type: 'boolean', default: false },
    },
  });
  const scales = list(values.scale!).map((raw) => {
    const name = Object.keys(SCALES).find((s) => s.toLowerCase() === raw.toLowerCase());
    if (name === undefined) throw new RangeError(`--scale must be one or more of ${Object.keys(SCALES).join(', ')} (comma-separated), got ${JSON.stringify(raw)}`);
    return { name, count: SCALES[name]! };
  });
  if (scales.length === 0) throw new RangeError('--scale names no scale');
  const rows = list(values.rows!).map((raw) => {
    if (!(ROW_GROUPS as readonly string[]).includes(raw)) throw new RangeError(`--rows must be one or more of ${ROW_GROUPS.join(', ')} (comma-separated), got ${JSON.stringify(raw)}`);
    return raw as RowGroup;
  });
  if (rows.length === 0) throw new RangeError('--rows names no row group');
  const runs = Number(values.runs);
  const serveSeconds = Number(values['serve-seconds']);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new RangeError('--runs must be an integer from 1 to 50');
  if (!(serveSeconds >= 1 && serveSeconds <= 120)) throw new RangeError('--serve-seconds must be from 1 to 120');
  const serveWarmup = Number(values['serve-warmup']);
  if (!(serveWarmup >= 0 && serveWarmup <= 120)) throw new RangeError('--serve-warmup must be from 0 to 120');
  if (values.corpus !== undefined && values.corpus.trim() === '') throw new RangeError('--corpus must name a directory');
  return {
    scales: [...new Map(scales.map((s) => [s.name, s])).values()],
    rows: new Set(rows),
    runs,
    serveSeconds,
    serveWarmup,
    keep: values.keep!,
    corpus: values.corpus,
    sqlite: !values['no-sqlite'],
    minisearch: !values['no-minisearch'],
  };
}
