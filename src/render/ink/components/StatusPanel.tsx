/** A block of pre-built lines (loading, empty or error panel) in a fixed-height box. */
import { Box } from 'ink';
import { LineText } from './LineText.js';
import type { Line } from '../lines/segments.js';
import type { Theme } from '../lines/theme.js';

/** Props of {@link StatusPanel}. */
export interface StatusPanelProps {
  readonly lines: readonly Line[];
  readonly width: number;
  readonly height: number;
  readonly theme: Theme;
}

/** Render the first `height` lines. */
export function StatusPanel({ lines, width, height, theme }: StatusPanelProps) {
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.slice(0, height).map((line, i) => (
        <LineText key={i} line={line} theme={theme} />
      ))}
    </Box>
  );
}
