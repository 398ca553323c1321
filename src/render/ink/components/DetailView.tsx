/** The detail view of one item: all its fields, and its full text with every fragment highlighted; scrollable. */
import { Box } from 'ink';
import { LineText } from './LineText.js';
import type { Line } from '../lines/segments.js';
import type { Theme } from '../lines/theme.js';

/** Props of {@link DetailView}. */
export interface DetailViewProps {
  /** The item's detail lines (see detail.ts), already wrapped to `width - 1`. */
  readonly lines: readonly Line[];
  /** First visible line (clamped to the content). @default 0 */
  readonly scroll?: number | undefined;
  readonly width: number;
  /** Visible height in lines. */
  readonly height: number;
  readonly theme: Theme;
}

/** Largest useful scroll offset for `count` lines in `height`. */
export function maxScroll(count: number, height: number): number {
  return Math.max(0, count - height);
}

/** Render the visible window of the detail lines, indented by one cell. */
export function DetailView({ lines, scroll = 0, width, height, theme }: DetailViewProps) {
  const start = Math.min(scroll, maxScroll(lines.length, height));
  return (
    <Box flexDirection="column" width={width} height={height} paddingLeft={1}>
      {lines.slice(start, start + height).map((line, i) => (
        <LineText key={i} line={line} theme={theme} />
      ))}
    </Box>
  );
}
