/** The results table view: header row and the visible rows around the selection. */
import { Box } from 'ink';
import { useMemo } from 'react';
import type { Item } from '../../../envelope/envelope.js';
import type { Kind } from '../../../kinds/kind.js';
import { LineText } from './LineText.js';
import { tableLines } from '../lines/table-lines.js';
import type { Theme } from '../lines/theme.js';

/** Props of {@link ResultsTable}. */
export interface ResultsTableProps {
  readonly kind: Kind;
  readonly items: readonly Item[];
  /** Index of the selected item. @default 0 */
  readonly selected?: number | undefined;
  /** Width in cells. */
  readonly width: number;
  /** Height in lines, header row included. */
  readonly height: number;
  readonly theme: Theme;
  /** Current time in ms, for relative dates. */
  readonly now: number;
  /** The sort key the items are ordered by (its column stays on narrow terminals). @default best match */
  readonly sort?: string | undefined;
}

/** Render the table for one page of items. */
export function ResultsTable({ kind, items, selected = 0, width, height, theme, now, sort }: ResultsTableProps) {
  const lines = useMemo(
    () => tableLines({ kind, items, selected, width, height, sort }, { theme, now }),
    [kind, items, selected, width, height, theme, now, sort],
  );
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.map((line, i) => (
        <LineText key={i} line={line} theme={theme} />
      ))}
    </Box>
  );
}
