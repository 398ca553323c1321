/**
 * The interactive terminal view: entry point and the pieces the CLI may need.
 * Layout, each folder importing only those before it: `state/` holds the view model (reducer, key map, search hook,
 * item fields), `lines/` turns state and items into styled lines (pure functions), `components/` renders lines with
 * Ink. Beside `ink/`, `render/terminal-text.ts` (the sanitiser) and `render/safe-url.ts` (what `o`/`y` accept) are
 * shared with the CLI.
 */
export { runInteractiveView, type InteractiveOptions, type InteractiveResult } from './run-interactive-view.js';
/** The shapes of the `search` and `progress` options. */
export type { ProgressSource } from './state/use-search.js';
export type { SearchFunction } from '../../search.js';
import type { Item } from '../../envelope/envelope.js';
import { terminalText } from '../terminal-text.js';
import { itemUrl as rawItemUrl } from './state/item-fields.js';

/**
 * The URL an item opens and copies (`html_url`, else `url`), as printed on exit by `--select`: terminal controls
 * made visible (terminal-text.ts), so a hostile record cannot drive the terminal through the printed line.
 */
export function itemUrl(item: Item): string {
  return terminalText(rawItemUrl(item));
}
