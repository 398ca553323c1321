/**
 * The interactive view: a query header, the results table (or an item's detail, or a loading, empty or error
 * panel) and a footer. State lives in a pure reducer; keys map to its actions; the search runs through the
 * injected `search` function only.
 */
import { Box, useApp } from 'ink';
import { useMemo, type ReactNode } from 'react';
import type { SearchRequest } from '../../../search-request.js';
import { detailLines } from '../lines/detail.js';
import { LineText } from './LineText.js';
import type { Item } from '../../../envelope/envelope.js';
import { emptyLines, errorLines, headerLine, helpLines, keysLine, loadingLines, statusLine } from '../lines/panels.js';
import { DetailView, maxScroll } from './DetailView.js';
import { ResultsTable } from './ResultsTable.js';
import type { Line } from '../lines/segments.js';
import { StatusPanel } from './StatusPanel.js';
import { createTheme } from '../lines/theme.js';
import { useResultsKeys } from '../state/use-results-keys.js';
import { selectedItem, useResultsState } from '../state/use-results-state.js';
import { useDelayed, useSearch, useSpinner, type ProgressSource } from '../state/use-search.js';
import type { SearchFunction } from '../../../search.js';
import { useTerminalSize } from '../state/use-terminal-size.js';
import type { ViewError } from '../state/query-error.js';

/** Props of {@link ResultsApp}. */
export interface ResultsAppProps {
  /** The request the view opens with; its kind, `per_page` and `repository_id` stay, the rest is editable. */
  readonly request: SearchRequest;
  /** Runs one search through the core. */
  readonly search: SearchFunction;
  /** Index-build progress, shown while loading. @default none */
  readonly progress?: ProgressSource | undefined;
  /** Attributes only, no colours. @default false */
  readonly noColor?: boolean | undefined;
  /** The clock in ms, for relative dates. @default Date.now */
  readonly now?: (() => number) | undefined;
  /** Called once when the user leaves the view (the app then exits). */
  readonly onQuit?: ((quit: ViewQuit) => void) | undefined;
  /** Puts a URL on the clipboard; returns true only when the copy is known to have happened. @default false */
  readonly onCopy?: ((url: string) => boolean) | undefined;
  /** Opens a URL in the browser; resolves to the footer's message. @default "Open <url> in a browser" */
  readonly onOpen?: ((url: string) => Promise<string>) | undefined;
  /** `--select`: Enter chooses the selected item (fzf's habit) instead of opening its detail. @default false */
  readonly select?: boolean | undefined;
  /** Typing pause before an edited query runs, in ms. @default 250 */
  readonly debounceMs?: number | undefined;
  /** How long a search runs before the spinner shows, in ms. @default 150 */
  readonly spinnerDelayMs?: number | undefined;
  /** Fixed width in cells. @default the terminal's */
  readonly columns?: number | undefined;
  /** Fixed height in lines. @default the terminal's */
  readonly rows?: number | undefined;
}

/** How the view was left. */
export interface ViewQuit {
  /** `quit` (q), `interrupt` (Ctrl-C) or `choose` (Enter with `select`). */
  readonly how: 'quit' | 'interrupt' | 'choose';
  /** The URL picked with `y`, if any. */
  readonly copied: string | undefined;
  /** The chosen item (`choose` only). */
  readonly chosen: Item | undefined;
  /** The view was showing a refused query (422, 415, 404…). */
  readonly refused: boolean;
  /** The refusal shown when the view was left, if any (printed on stderr after the screen is restored). */
  readonly error?: ViewError | undefined;
}

const noop = () => {};
const notCopied = () => false;
const noBrowser = (url: string) => Promise.resolve(`Open ${url} in a browser`);

/** The interactive results view. */
export function ResultsApp(props: ResultsAppProps) {
  const { request, search, progress, noColor = false, now = Date.now, onQuit = noop, onCopy = notCopied, onOpen = noBrowser } = props;
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize({ columns: props.columns, rows: props.rows });
  const theme = useMemo(() => createTheme(noColor), [noColor]);
  const [state, dispatch] = useResultsState(request);
  useSearch({ state, dispatch, base: request, search, progress, debounceMs: props.debounceMs });
  const slow = useDelayed(state.loading, props.spinnerDelayMs ?? 150);
  const spinner = useSpinner(slow);

  // One line is left free: an Ink frame as tall as the terminal is redrawn by clearing the screen (flicker).
  const height = Math.max(4, rows - 1);
  const bodyHeight = height - 3;
  const width = Math.max(20, columns);
  // Relative dates are computed against the time the shown answer arrived: redraws (spinner ticks, keys) reuse the
  // same cells, and only a new answer reads the clock again.
  const nowMs = useMemo(() => now(), [state.shown]);
  const item = selectedItem(state);
  const detail = useMemo(
    () => (state.mode === 'detail' && item ? detailLines(state.kind, item, { theme, now: nowMs, width: width - 1 }) : []),
    [state.mode, item, state.kind, theme, width, nowMs],
  );
  const detailMax = maxScroll(detail.length, bodyHeight);

  useResultsKeys({
    state,
    dispatch,
    detailMax,
    detailHeight: bodyHeight,
    onCopy,
    onOpen,
    select: props.select,
    onQuit: (how, latest) => {
      onQuit({ how, copied: latest.copied, chosen: how === 'choose' ? selectedItem(latest) : undefined, refused: latest.error !== undefined, error: latest.error });
      exit();
    },
  });

  const detailScroll = Math.min(state.scroll, detailMax);
  const extra =
    state.mode === 'detail' && state.shown && detail.length > bodyHeight
      ? `lines ${detailScroll + 1}–${Math.min(detail.length, detailScroll + bodyHeight)} of ${detail.length}`
      : undefined;
  let body: ReactNode;
  const panel = (lines: Line[]) => <StatusPanel lines={lines} width={width} height={bodyHeight} theme={theme} />;
  if (state.help) body = panel(helpLines(theme, props.select === true));
  else if (state.error) body = panel(errorLines(state.error, theme, width));
  else if (!state.shown) body = panel(slow ? loadingLines(state, theme, spinner.frame, spinner.elapsed) : []);
  else if (state.shown.envelope.items.length === 0) body = panel(emptyLines(state, theme));
  else if (state.mode === 'detail') {
    body = <DetailView lines={detail} scroll={detailScroll} width={width} height={bodyHeight} theme={theme} />;
  } else {
    const items = state.shown.envelope.items;
    body = (
      <ResultsTable kind={state.kind} items={items} selected={state.selected} width={width} height={bodyHeight} theme={theme} now={nowMs} sort={state.shown.sort} />
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      <LineText line={headerLine(state, theme, width, slow && state.shown ? spinner.frame : undefined)} theme={theme} />
      {body}
      <LineText line={statusLine(state, theme, width, extra)} theme={theme} />
      <LineText line={keysLine(state, theme, width, props.select === true)} theme={theme} />
    </Box>
  );
}
