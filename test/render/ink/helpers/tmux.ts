/**
 * A real pseudo-terminal for end-to-end tests: a private tmux server (its own socket, no user config) running one
 * command in a detached window of a fixed size. Keys go in with `send-keys`, the screen comes out with
 * `capture-pane`.
 */
import { execFileSync, spawnSync } from 'node:child_process';

/** The tmux version line, or undefined when tmux is not installed. */
export function tmuxVersion(): string | undefined {
  const result = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** One tmux window running a command. */
export class TmuxSession {
  private readonly socket = `search-e2e-${process.pid}-${Date.now()}`;

  constructor(command: string, columns = 120, rows = 30) {
    this.tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'e2e', '-x', String(columns), '-y', String(rows), command);
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  /** A tmux format for the window's pane (`#{pane_title}`, `#{cursor_flag}`…). */
  format(format: string): string {
    return this.tmux('display-message', '-p', '-t', 'e2e', format).trim();
  }

  /** The names of the server's paste buffers (an OSC 52 write makes one when `set-clipboard` is on). */
  buffers(): string[] {
    return this.tmux('list-buffers', '-F', '#{buffer_name}').split('\n').filter(Boolean);
  }

  /** Set a server option (`set-clipboard on`). */
  setOption(name: string, value: string): void {
    this.tmux('set-option', '-s', name, value);
  }

  /** Press keys by tmux name (`Enter`, `Escape`, `Right`, `PageDown`, `j`…). */
  keys(...names: string[]): void {
    this.tmux('send-keys', '-t', 'e2e', ...names);
  }

  /** Type text literally. */
  type(text: string): void {
    this.tmux('send-keys', '-t', 'e2e', '-l', text);
  }

  /** The visible screen as text (`escapes`: with colour and attribute codes). */
  screen(escapes = false): string {
    return this.tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', 'e2e');
  }

  /** Poll the screen until `predicate` holds (the program runs in another process, so polling is the only way). */
  async waitFor(predicate: (screen: string) => boolean, what: string, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (predicate(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stop this private tmux server (and the program in it). */
  close(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
  }
}
