/**
 * The one boundary where record text (and anything else untrusted: queries, error messages quoting records, URLs)
 * becomes terminal text. Records come from dumps someone else made, so a title, a label name or a dump's key may hold
 * escape sequences (OSC 52 writes the clipboard, OSC 0 retitles the window, CSI clears the screen), 8-bit controls
 * or bidirectional overrides that reorder what a person reads. {@link terminalText} makes each such character
 * visible as one other character, so nothing reaches the terminal that the terminal would act on, and offsets into
 * the text (UTF-16 units, as `text_matches` ranges are once converted) stay valid.
 *
 * What becomes what (one UTF-16 unit each):
 * - C0 controls U+0000–U+001F → the Control Pictures U+2400–U+241F (`ESC` → `␛`, `BEL` → `␇`); DEL → `␡`.
 *   In `multiline` mode `\n`, `\t` and the `\r` of a `\r\n` stay (the view lays them out as line breaks and spaces).
 * - C1 controls U+0080–U+009F (8-bit CSI, OSC, DCS…) → U+FFFD `�`.
 * - Bidirectional embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069 → U+FFFD `�`.
 * Widths are measured after this (a Control Picture is one cell; the controls themselves measured zero).
 */

/** Every character {@link terminalText} replaces on a single line (`\n`, `\t` and `\r` included). */
const UNSAFE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** The same, keeping `\t`, `\n` and the `\r` of `\r\n`. */
const UNSAFE_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

function picture(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return '\ufffd';
}

/** Options of {@link terminalText}. */
export interface TerminalTextOptions {
  /** Keep `\n`, `\t` and `\r\n` (for text the caller splits into lines itself). @default false */
  readonly multiline?: boolean | undefined;
}

/**
 * `text` with every terminal control made visible (see the module comment). The result has the same length in
 * UTF-16 units as `text`, and is `text` itself when nothing needed replacing. Idempotent.
 */
export function terminalText(text: string, options: TerminalTextOptions = {}): string {
  const unsafe = options.multiline ? UNSAFE_MULTILINE : UNSAFE_LINE;
  unsafe.lastIndex = 0;
  if (!unsafe.test(text)) return text;
  unsafe.lastIndex = 0;
  return text.replace(unsafe, picture);
}

/**
 * `text` cut to at most `max` UTF-16 units (never inside a surrogate pair), with `…` appended when anything was cut;
 * `text` itself when it fits. The view cuts every string to what a terminal can show before any per-character
 * work (splitting a 160k-character title into graphemes would take seconds).
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
