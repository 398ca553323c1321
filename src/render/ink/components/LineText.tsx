/** One styled {@link Line} as an Ink `<Text>`; matched runs take the theme's match style. */
import { Text } from 'ink';
import type { Line } from '../lines/segments.js';
import { terminalText } from '../../terminal-text.js';
import type { Theme } from '../lines/theme.js';

/** Props of {@link LineText}. */
export interface LineTextProps {
  readonly line: Line;
  readonly theme: Theme;
}

/**
 * Render a line; the caller has already fitted it to the width, `truncate-end` is only a guard. Segment text was
 * made line-safe where it entered the line (segments.ts); the single-line pass here is the last guard, so that no
 * path can hand a control character (a stray `\n` included) to Ink.
 */
export function LineText({ line, theme }: LineTextProps) {
  if (line.length === 0) return <Text> </Text>;
  return (
    <Text wrap="truncate-end">
      {line.map((segment, i) => (
        <Text key={i} {...segment.style} {...(segment.match ? theme.match : undefined)}>
          {terminalText(segment.text)}
        </Text>
      ))}
    </Text>
  );
}
