/**
 * Best-effort clipboard through the terminal: the OSC 52 escape sequence, which most modern terminals (and tmux
 * with `set-clipboard on`) turn into a clipboard write. Nothing is spawned; terminals that ignore it lose nothing,
 * because the view shows the URL and prints it on exit.
 */

/** The OSC 52 sequence that sets the system clipboard to `text`. */
export function osc52(text: string): string {
  return `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

/**
 * A copier writing OSC 52 to `stream`. It returns false: a terminal never acknowledges OSC 52 (tmux drops it
 * unless `set-clipboard on`), so the view must not claim the copy happened.
 */
export function terminalClipboard(stream: NodeJS.WritableStream): (text: string) => boolean {
  return (text) => {
    stream.write(osc52(text));
    return false;
  };
}
