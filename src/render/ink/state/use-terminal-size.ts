/** The terminal's size in cells, updated on `resize` so the table re-lays itself out. */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** Columns and rows of the terminal. */
export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

/**
 * Track stdout's size.
 * @param fixed sizes that override the terminal's (tests render at a fixed size)
 */
export function useTerminalSize(fixed: Partial<TerminalSize> = {}): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({
    columns: fixed.columns ?? (stdout.columns || 80),
    rows: fixed.rows ?? (stdout.rows || 24),
  });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed.columns, fixed.rows]);
  return fixed.columns !== undefined || fixed.rows !== undefined ? read() : size;
}
