/** The interactive terminal view: entry point and the pieces the CLI may need. */
export { runInteractiveView, type InteractiveOptions, type InteractiveResult } from './run-interactive-view.js';
/** The shapes of the `search` and `progress` options. */
export type { ProgressSource, SearchFn } from './use-search.js';
