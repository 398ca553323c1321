/**
 * The view's palette. Colours are the 16 ANSI names (which every terminal theme maps to readable values on its own
 * background) plus each label's own hex colour behind a contrasting text; nothing assumes a dark or light
 * background (no white or black foregrounds except on a known label colour). Without colour (`NO_COLOR`,
 * `--no-color`) only attributes remain: bold, dim, underline and inverse.
 */
import { plain, type Line, type Style } from './segments.js';

/** Named styles used across the view. */
export interface Theme {
  /** True when colour is off; attributes (bold, inverse…) still apply. */
  readonly noColor: boolean;
  /** Text inside a `text_matches` range. */
  readonly match: Style;
  /** The pointer and text of the selected row. */
  readonly selected: Style;
  readonly pointer: Style;
  /** Column headers and section titles. */
  readonly header: Style;
  /** Secondary text: dates, counts, hints. */
  readonly dim: Style;
  /** Identifiers a person scans for: repository names, logins, shas. */
  readonly accent: Style;
  readonly open: Style;
  readonly closed: Style;
  /** Merged pull requests and issues closed as completed (gh shows both in purple). */
  readonly merged: Style;
  readonly draft: Style;
  readonly error: Style;
  readonly warning: Style;
  /** Key names in the footer. */
  readonly key: Style;
  /** A label as a chip: its colour behind a contrasting text, or `[name]` without colour. */
  label(name: string, hex: string): Line;
  /** A two-cell swatch of a colour, or `#rrggbb` without colour. */
  swatch(hex: string): Line;
}

/** Parse `rrggbb` (with or without `#`); undefined when malformed. */
export function parseHex(hex: string): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Black or white, whichever reads better on `hex` (YIQ brightness, the rule GitHub's label chips follow). */
export function contrastText(hex: string): '#000000' | '#ffffff' {
  const rgb = parseHex(hex);
  if (!rgb) return '#000000';
  const [r, g, b] = rgb;
  return (r * 299 + g * 587 + b * 114) / 1000 >= 128 ? '#000000' : '#ffffff';
}

/** The theme for the given colour mode. */
export function createTheme(noColor: boolean): Theme {
  if (noColor) {
    return {
      noColor,
      match: { inverse: true },
      selected: { bold: true },
      pointer: { bold: true },
      header: { bold: true, underline: true },
      dim: { dimColor: true },
      accent: {},
      open: { bold: true },
      closed: {},
      merged: { italic: true },
      draft: { dimColor: true },
      error: { bold: true },
      warning: { bold: true },
      key: { bold: true },
      label: (name) => plain(`[${name}]`),
      swatch: (hex) => plain(parseHex(hex) ? `#${hex.replace(/^#/, '').toLowerCase()}` : '#??????'),
    };
  }
  return {
    noColor,
    match: { color: 'black', backgroundColor: 'yellow', bold: true },
    selected: { bold: true },
    pointer: { color: 'cyan', bold: true },
    header: { bold: true, underline: true },
    dim: { dimColor: true },
    accent: { color: 'cyan' },
    open: { color: 'green' },
    closed: { color: 'red' },
    merged: { color: 'magenta' },
    draft: { dimColor: true },
    error: { color: 'red', bold: true },
    warning: { color: 'yellow', bold: true },
    key: { color: 'cyan', bold: true },
    label: (name, hex) => {
      const rgb = parseHex(hex);
      if (!rgb) return plain(`[${name}]`, { dimColor: true });
      return plain(` ${name} `, { backgroundColor: `#${hex.replace(/^#/, '')}`, color: contrastText(hex) });
    },
    swatch: (hex) => {
      const rgb = parseHex(hex);
      if (!rgb) return plain('??', { dimColor: true });
      return plain('  ', { backgroundColor: `#${hex.replace(/^#/, '')}` });
    },
  };
}
