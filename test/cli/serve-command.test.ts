import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createServeCommand } from '../../src/cli/serve-command.js';
import type { RunningServer, SignalSource } from '../../src/server/listen.js';
import type { Store, StoreOptions } from '../../src/store/store.js';
import { fakeSearch } from '../server/fixtures/fake-search.js';
import { UNLIMITED } from '../../src/server/rate-limiter.js';

class Capture extends Writable {
  text = '';
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** A store stand-in that records what was asked of it, in order. */
function fakeStore(events: string[]) {
  return (source: string, options: StoreOptions): Store => {
    events.push(`open ${source}`);
    return {
      source,
      counts: async () => ({ issues: 120, users: 7 }),
      prebuild: async () => {
        options.onProgress?.({ kind: 'issues', phase: 'build', done: 120, total: 120 });
        events.push('prebuild');
        return [];
      },
    } as unknown as Store;
  };
}

/** Run `serve` with argv; resolves with the running server once listening, plus the action's promise. */
async function start(argv: string[], isTTY = false) {
  const events: string[] = [];
  const stderr = new Capture(isTTY);
  const signals = new EventEmitter();
  let onListening!: (server: RunningServer) => void;
  const listening = new Promise<RunningServer>((resolve) => (onListening = resolve));
  const search = fakeSearch();
  const command = createServeCommand({
    defaultData: '/embedded/data',
    openStore: fakeStore(events),
    search: (request) => search(request),
    stderr,
    signals: signals as unknown as SignalSource,
    onListening: (server) => {
      events.push('listening');
      onListening(server);
    },
  }).exitOverride();
  const done = command.parseAsync(['--port', '0', '--workers', '1', ...argv], { from: 'user' });
  const server = await Promise.race([listening, done.then(() => { throw new Error('serve ended early'); })]);
  return { server, done, events, stderr, signals, search };
}

afterEach(() => {
  delete process.env['SEARCH_DATA'];
});

describe('search serve', () => {
  it('prebuilds before listening, prints one start-up line, serves, and stops on SIGTERM', async () => {
    const { server, done, events, stderr, signals } = await start([]);
    expect(events).toEqual(['open /embedded/data', 'prebuild', 'listening']);
    expect(stderr.text.split('\n')[0]).toBe(
      `search serve: listening on ${server.url} — /embedded/data (issues 120, users 7); rate limit off, previews optional ` +
        `(loopback defaults; --rate-limit on --previews required for GitHub's rules); access public records only; 1 worker`,
    );
    const response = await fetch(`${server.url}/search/issues?q=x+count:3`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(UNLIMITED));
    signals.emit('SIGTERM');
    await done;
    expect(stderr.text).toMatch(/search serve: stopped\n$/);
  });

  it.each([
    [[], undefined, '/embedded/data'],
    [[], '/from/env', '/from/env'],
    [['--data', '/from/flag'], '/from/env', '/from/flag'],
  ])('argv %j with SEARCH_DATA=%s serves %s', async (argv, env, expected) => {
    if (env !== undefined) process.env['SEARCH_DATA'] = env;
    const { events, signals, done } = await start(argv);
    expect(events[0]).toBe(`open ${expected}`);
    signals.emit('SIGINT');
    await done;
  });

  it('passes the switches through to the handler', async () => {
    const { server, signals, done, search } = await start([
      '--rate-limit', 'off', '--previews', 'optional', '--timeout', '250', '--max-in-flight', '4',
    ]);
    const response = await fetch(`${server.url}/search/commits?q=x+count:1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(UNLIMITED));
    expect(search.calls[0]).toMatchObject({ timeoutMs: 250, requirePreviews: false });
    signals.emit('SIGTERM');
    await done;
  });

  it('applies configured quotas (a quota flag turns the rate limit on, also on loopback)', async () => {
    const { server, signals, done } = await start(['--search-rate-anonymous', '1', '--rate-window', '5000']);
    expect((await fetch(`${server.url}/search/issues?q=x`)).status).toBe(200);
    const refused = await fetch(`${server.url}/search/issues?q=x`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('1');
    signals.emit('SIGTERM');
    await done;
  });

  // Issue #25, item 5: loopback defaults to a local developer server; explicit flags always win.
  it.each([
    [[], 'rate limit off, previews optional (loopback defaults; --rate-limit on --previews required for', 200, 200],
    [['--rate-limit', 'on', '--search-rate-anonymous', '1'], 'rate limit on, previews optional (loopback default; --previews required for', 200, 403],
    [['--search-rate-anonymous', '1'], 'rate limit on, previews optional (loopback default; --previews required for', 200, 403],
    [['--previews', 'required'], 'rate limit off, previews required (loopback default; --rate-limit on for', 415, 200],
    [['--rate-limit', 'on', '--previews', 'required', '--search-rate-anonymous', '1'], "rate limit on, previews required (GitHub's rules)", 415, 403],
    [['--host', '0.0.0.0', '--search-rate-anonymous', '1'], "rate limit on, previews required (GitHub's rules)", 415, 403],
    [['--host', '0.0.0.0', '--rate-limit', 'off', '--previews', 'optional'], 'rate limit off, previews optional (as given)', 200, 200],
  ])('argv %j: %s…; commits without a preview → %i, then the 2nd search → %i', async (argv, rules, commits, second) => {
    const { server, signals, done, stderr } = await start(argv);
    expect(stderr.text.split('\n')[0]).toContain(`; ${rules}`);
    expect((await fetch(`${server.url}/search/commits?q=x`)).status).toBe(commits);
    expect((await fetch(`${server.url}/search/issues?q=x`)).status).toBe(second);
    signals.emit('SIGTERM');
    await done;
  });

  it('logs the hint of a 403 and a 415 (the flag that changes it)', async () => {
    const { server, signals, done, stderr } = await start(['--previews', 'required', '--rate-limit', 'on', '--search-rate-anonymous', '2']);
    await fetch(`${server.url}/search/commits?q=x`);
    await fetch(`${server.url}/search/issues?q=x`);
    await fetch(`${server.url}/search/issues?q=x`);
    signals.emit('SIGTERM');
    await done;
    const lines = stderr.text.split('\n');
    expect(lines.find((line) => line.startsWith('GET /search/commits?q=x 415'))).toMatch(/ — .*--previews optional/);
    expect(lines.find((line) => / 403 /.test(line))).toMatch(/^GET \/search\/issues\?q=x 403 \d+ms anonymous — rate limit exceeded: --rate-limit off/);
    expect(lines.filter((line) => / 200 /.test(line)).every((line) => !line.includes(' — '))).toBe(true);
  });

  it('reads the access file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-'));
    const file = join(dir, 'access.json');
    writeFileSync(file, JSON.stringify({ users: [{ login: 'alice', tokens: ['t'], read: ['acme/secret'] }] }));
    const { server, signals, done, stderr } = await start(['--auth', file]);
    expect(stderr.text).toContain(`access from ${file}`);
    const body = async (headers: Record<string, string>) =>
      ((await (await fetch(`${server.url}/search/issues?q=x+count:4`, { headers })).json()) as { total_count: number }).total_count;
    expect(await body({})).toBe(2);
    expect(await body({ authorization: 'token t' })).toBe(4);
    expect((await fetch(`${server.url}/search/issues?q=x`, { headers: { authorization: 'token bad' } })).status).toBe(401);
    signals.emit('SIGTERM');
    await done;
  });

  it('starts its stderr with the start-up line on a terminal too (a quick build shows no bar)', async () => {
    const { stderr, signals, done } = await start([], true);
    expect(stderr.text).toMatch(/^search serve: listening on /);
    signals.emit('SIGTERM');
    await done;
  });

  it.each([
    [['--port', 'abc'], /expected an integer from 0 to 65535/],
    [['--previews', 'maybe'], /Allowed choices are required, optional/],
    [['--max-in-flight', '0'], /expected an integer from 1/],
  ])('rejects %j', async (argv, message) => {
    const command = createServeCommand({ defaultData: '/d', openStore: fakeStore([]), stderr: new Capture() })
      .exitOverride()
      .configureOutput({ writeErr: () => {} });
    await expect(command.parseAsync(argv, { from: 'user' })).rejects.toThrow(message);
  });

  it('fails before listening when the access file is unreadable', async () => {
    const events: string[] = [];
    const command = createServeCommand({ defaultData: '/d', openStore: fakeStore(events), stderr: new Capture() }).exitOverride();
    await expect(command.parseAsync(['--port', '0', '--auth', '/nonexistent/access.json'], { from: 'user' })).rejects.toThrow(
      /cannot read access file/,
    );
    expect(events).toEqual([]);
  });
});
