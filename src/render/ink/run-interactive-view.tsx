/**
 * Entry point of the interactive view, called by the CLI when stdout is a terminal (and neither `--json`,
 * `CI=true` nor `TERM=dumb`). Mounts the Ink app on the terminal's alternate screen, so quitting restores the
 * screen exactly as it was, and resolves once the user quits.
 */
import chalk from 'chalk';
import { render } from 'ink';
import type { SearchRequest } from '../../search-request.js';
import type { Item } from '../../envelope/envelope.js';
import { openInBrowser } from './browser.js';
import { terminalClipboard } from './clipboard.js';
import { ResultsApp, type ViewQuit } from './components/ResultsApp.js';
import type { ProgressSource } from './state/use-search.js';
import type { SearchFunction } from '../../search.js';
import type { ViewError } from './state/query-error.js';
import { clipText, terminalText } from '../terminal-text.js';
import { stopBuilds } from '../../store/parallel-indexer.js';

/** What the CLI hands to the view. */
export interface InteractiveOptions {
  /** The initial request (the view forces text-match in its Accept via `defaultAccept(kind, true)`). */
  readonly request: SearchRequest;
  /** Runs one search through the core (same function the JSON path uses). Throws ApiError for 4xx. */
  readonly search: SearchFunction;
  /** Colour off (`NO_COLOR` set or `--no-color`): attributes such as bold and inverse remain. */
  readonly noColor: boolean;
  /** Index-build progress for the loading state. @default none (a spinner with elapsed time only) */
  readonly progress?: ProgressSource | undefined;
  /** @default process.stdin */
  readonly stdin?: NodeJS.ReadStream | undefined;
  /** @default process.stdout */
  readonly stdout?: NodeJS.WriteStream | undefined;
  /** `--select`: Enter chooses an item; this gives the text printed for it. @default Enter opens the detail */
  readonly select?: ((item: Item) => string) | undefined;
  /** Where `GH_BROWSER` / `BROWSER` are read. @default process.env */
  readonly env?: NodeJS.ProcessEnv | undefined;
  /** Where the last refusal is printed once the screen is restored. @default process.stderr */
  readonly stderr?: NodeJS.WritableStream | undefined;
  /**
   * Called as soon as Ctrl-C is read, before the view unmounts: starts stopping what the search started, so that
   * runs alongside the unmount. @default stopBuilds (store/parallel-indexer.ts: the build's pass and workers)
   */
  readonly onInterrupt?: (() => void) | undefined;
}

/** How the view ended. */
export interface InteractiveResult {
  /**
   * 0 after `q` or a choice; 1 after `q` while a refused query was shown (as the same query piped); 130 after
   * Ctrl-C, or `q` under `--select` without a choice (fzf's abort).
   */
  readonly exitCode: number;
  /**
   * The chosen item's text (`--select`) or the URL picked with `y`, printed after the terminal is restored. A URL
   * is one `checkUrl` (safe-url.ts) accepted (`y`) or made visible by {@link terminalText} (`--select`).
   */
  readonly printOnExit?: string | undefined;
  /**
   * The refusal shown when the view was left (`q` after a 422…), in the CLI's error style: `search: <GitHub's
   * message> (HTTP 422)` and a hint line; written to `stderr` by {@link runInteractiveView}, so it stays on the
   * terminal after the alternate screen is gone.
   */
  readonly refusal?: string | undefined;
}

const ENTER_ALT_SCREEN = '\u001B[?1049h\u001B[H';
const LEAVE_ALT_SCREEN = '\u001B[?1049l';

/** Mount the Ink app; resolves with the exit code (0) and, if the user pressed `y`, the URL to print. */
export async function runInteractiveView(options: InteractiveOptions): Promise<InteractiveResult> {
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  // Without colour the highlights are attributes (inverse, bold); keep them even when chalk detected no support.
  if (options.noColor && chalk.level === 0 && stdout.isTTY) chalk.level = 1;
  let quit: ViewQuit | undefined;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    stdout.write(LEAVE_ALT_SCREEN);
  };
  process.once('exit', restore);
  stdout.write(ENTER_ALT_SCREEN);
  try {
    const instance = render(
      <ResultsApp
        request={options.request}
        search={options.search}
        progress={options.progress}
        noColor={options.noColor}
        onCopy={terminalClipboard(stdout)}
        onOpen={(url) => openInBrowser(url, options.env ?? process.env)}
        select={options.select !== undefined}
        onQuit={(q) => {
          quit = q;
          if (q.how === 'interrupt') (options.onInterrupt ?? (() => void stopBuilds()))();
        }}
      />,
      { stdout, stdin, exitOnCtrlC: false, patchConsole: true },
    );
    await instance.waitUntilExit();
  } finally {
    restore();
    process.removeListener('exit', restore);
  }
  const result = outcome(quit, options.select);
  if (result.refusal) (options.stderr ?? process.stderr).write(result.refusal);
  return result;
}

/** The exit code and printed text for how the view was left (see {@link InteractiveResult}). */
export function outcome(quit: ViewQuit | undefined, select: ((item: Item) => string) | undefined): InteractiveResult {
  const refusal = quit?.error ? refusalText(quit.error) : undefined;
  const withRefusal = (result: InteractiveResult): InteractiveResult => (refusal === undefined ? result : { ...result, refusal });
  if (quit === undefined || quit.how === 'interrupt') return withRefusal({ exitCode: 130 });
  if (quit.how === 'choose' && quit.chosen !== undefined && select) return { exitCode: 0, printOnExit: select(quit.chosen) };
  if (select) return withRefusal({ exitCode: 130 });
  const exitCode = quit.refused ? 1 : 0;
  return withRefusal(quit.copied === undefined ? { exitCode } : { exitCode, printOnExit: terminalText(quit.copied) });
}

/** `search: <message> (HTTP 422)` and a hint, as the CLI prints a refusal in JSON mode; terminal-safe. */
export function refusalText(error: ViewError): string {
  const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
  const hint = error.status === 422 ? 'search help syntax shows the query syntax; the query was: ' + clipText(error.query, 200) : undefined;
  const line = (text: string) => `${terminalText(text)}\n`;
  return line(`search: ${clipText(error.summary, 1000)}${status}`) + (hint === undefined ? '' : line(`  hint: ${hint}`));
}
