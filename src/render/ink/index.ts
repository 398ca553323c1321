/**
 * The interactive terminal view: entry point and the pieces the CLI may need.
 * Layout: `state/` holds the view model (reducer, key map, search hook, item fields; takes only a type from the other
 * two), `lines/` turns state and items into styled lines (pure functions), `components/` renders lines with Ink.
 */
export { runInteractiveView, type InteractiveOptions, type InteractiveResult } from './run-interactive-view.js';
/** The shapes of the `search` and `progress` options. */
export type { ProgressSource } from './state/use-search.js';
export type { SearchFunction } from '../../search.js';
/** The URL an item opens and copies (`html_url`, else `url`). */
export { itemUrl } from './state/item-fields.js';
