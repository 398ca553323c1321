/**
 * Best-effort clipboard through the terminal: the OSC 52 escape sequence, which most modern terminals (and tmux
 * with `set-clipboard on`) turn into a clipboard write. Nothing is spawned; terminals that ignore it lose nothing,
 * because the view also prints the URL on exit.
 */

/** The OSC 52 sequence that sets the system clipboard to `text`. */
export function osc52(text: string): string {
  return `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

/** A copier writing OSC 52 to `stream`. */
export function terminalClipboard(stream: NodeJS.WritableStream): (text: string) => void {
  return (text) => {
    stream.write(osc52(text));
  };
}
