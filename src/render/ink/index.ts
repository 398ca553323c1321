/**
 * The interactive terminal view: entry point and the pieces the CLI may need.
 * Layout: `state/` holds the view model (reducer, key map, search hook, item fields; takes only a type from the other
 * two), `lines/` turns state and items into styled lines (pure functions), `components/` renders lines with Ink.
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
