/**
 * `search serve --workers 2` as a user runs it (bin/search.js, so `npm run build` first): one rate-limit count
 * across the workers, a graceful stop that lets an in-flight request finish, 503 shedding, and a taken port
 * reported once. Skips with a message when dist/ is not built.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SINGLE_THREADED_GC } from '../../src/server/workers.js';
import { EMBEDDED_DATA, PROJECT } from './helpers/real-core.js';

const BIN = resolve(PROJECT, 'bin/search.js');
const skip = !existsSync(resolve(PROJECT, 'dist')) ? 'dist/ is not built (npm run build)' : undefined;

interface Serve {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
  stderr(): string;
  readonly exited: Promise<number | null>;
}

/** How long a test asks on fresh connections until the other worker answers one, in ms. */
const ASK_FOR_OTHER_WORKER_MS = 60_000;

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Start `search serve` with `args`; resolves once its start-up line names the URL. */
function startServe(args: readonly string[]): Promise<Serve> {
  const child = spawn(process.execPath, [BIN, 'serve', '--data', EMBEDDED_DATA, '--port', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.push(child);
  let stderr = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((ready, fail) => {
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(stderr);
      if (url) ready({ child, url: url[1]!, port: Number(url[2]), stderr: () => stderr, exited });
    });
    void exited.then((code) => fail(new Error(`serve exited ${code}: ${stderr}`)));
  });
}

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request on a fresh connection (so the primary hands each to the next worker in turn). */
function get(url: string, method = 'GET', body?: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { method, agent: false, headers: { connection: 'close', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** The pids of `parent`'s child processes (the workers of a primary), from ps; none when ps finds none. */
function workerPids(parent: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(parent)], { encoding: 'utf8' }).split('\n').filter((line) => line.trim() !== '').map(Number);
  } catch {
    return [];
  }
}

/** Poll `done` every 100 ms for up to 30 s; fails with `why` if it never holds. */
async function waitFor(done: () => boolean, why: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (!done()) {
    if (Date.now() > until) throw new Error(why);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(skip !== undefined)(`search serve --workers 2${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('keeps one rate-limit count across the workers', async () => {
    const serve = await startServe(['--workers', '2', '--search-rate-anonymous', '3', '--quiet']);
    expect(serve.stderr()).toMatch(/; rate limit on, previews optional .*; 2 workers\n/);
    const replies: Reply[] = [];
    for (let i = 0; i < 8; i++) replies.push(await get(`${serve.url}/search/issues?q=crash`));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 403, 403, 403, 403, 403]);
    expect(replies.map((r) => r.headers['x-ratelimit-used'])).toEqual(['1', '2', '3', '3', '3', '3', '3', '3']);
    // Both workers answered (the request id names the process that did). The primary hands connections out in turn,
    // but a worker still busy acknowledging its last one is passed over, and one still starting is not in the turn
    // yet, so under load one worker can take them all: ask on, a little apart, until the other answers — it must
    // refuse too, from the count the first one spent.
    const workerOf = (r: Reply) => String(r.headers['x-github-request-id']).split(':')[0];
    const workers = new Set(replies.map(workerOf));
    // (Up to a minute of asking. Runs that once saw "only one worker" for 20–60 s were two workers with the same
    // name: the request id's process name mixed pid and clock into four hex digits; it is the whole pid now.)
    const until = Date.now() + ASK_FOR_OTHER_WORKER_MS;
    for (let i = 0; workers.size < 2 && Date.now() < until; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const reply = await get(`${serve.url}/search/issues?q=crash`);
      expect([reply.status, reply.headers['x-ratelimit-used']]).toEqual([403, '3']);
      workers.add(workerOf(reply));
    }
    expect(workers.size, `only one worker answered; the server said: ${serve.stderr()}`).toBe(2);
    const status = JSON.parse((await get(`${serve.url}/rate_limit`)).body) as { resources: { search: { used: number } } };
    expect(status.resources.search.used).toBe(3);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
  }, 120_000);

  it('starts its workers with the flags workerExecArgv gives (the collector on their own thread when they fill the cores)', async () => {
    const serve = await startServe(['--workers', '2', '--quiet']);
    expect((await get(`${serve.url}/search/issues?q=crash`)).status).toBe(200);
    const pids = workerPids(serve.child.pid!);
    expect(pids.length).toBe(2);
    const argvOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const fills = 2 >= availableParallelism(); // two cores (this machine's and CI's): yes
    for (const pid of pids) expect(argvOf(pid).includes(SINGLE_THREADED_GC)).toBe(fills);
    expect(argvOf(serve.child.pid!)).not.toContain(SINGLE_THREADED_GC); // the primary keeps its own
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
  }, 120_000);

  it("answers a repeated request from the other worker's cache: same bytes, its 304 not counted", async () => {
    const serve = await startServe(['--workers', '2', '--quiet']);
    const url = `${serve.url}/search/issues?q=crash&per_page=3`;
    const first = await get(url);
    expect([first.status, first.headers['x-ratelimit-used']]).toEqual([200, '1']);
    const workerOf = (r: Reply) => String(r.headers['x-github-request-id']).split(':')[0];
    // Ask on fresh connections until the other worker answers (see above). A 304 answered from a response cache
    // with a listed tag is not counted (GitHub's rule): the other worker's answer comes from the first one's cache,
    // so the count stays at 1; searched again there, its 304 would have counted.
    let other: Reply | undefined;
    const until = Date.now() + ASK_FOR_OTHER_WORKER_MS;
    for (let i = 0; other === undefined && Date.now() < until; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const reply = await get(url, 'GET', undefined, { 'if-none-match': String(first.headers.etag) });
      expect([reply.status, reply.headers['x-ratelimit-used']]).toEqual([304, '1']);
      if (workerOf(reply) !== workerOf(first)) other = reply;
    }
    expect(other, `only one worker answered; the server said: ${serve.stderr()}`).toBeDefined();
    // And the body itself, from whichever worker answers: the first one's bytes.
    for (let i = 0; i < 4; i++) {
      const again = await get(url);
      expect([again.body, again.headers.etag]).toEqual([first.body, first.headers.etag]);
    }
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
  }, 120_000);

  it('stops gracefully on SIGTERM: a request in flight is answered, then every process exits', async () => {
    const serve = await startServe(['--workers', '2']);
    const body = JSON.stringify({ query: 'query { viewer { login } }' });
    const reply = new Promise<string>((done, fail) => {
      const socket = connect(serve.port, '127.0.0.1', () => {
        // Headers and half the body now; the rest after the stop was asked for.
        socket.write(`POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\nContent-Type: application/json\r\n\r\n`);
        socket.write(body.slice(0, 10));
        setTimeout(() => serve.child.kill('SIGTERM'), 300);
        setTimeout(() => socket.write(body.slice(10)), 1200);
      });
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => done(text));
      socket.on('error', fail);
    });
    expect(await reply).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*connection: close\r\n/i);
    expect(await serve.exited).toBe(0);
    expect(serve.stderr()).toMatch(/POST \/graphql 200 .*\nsearch serve: stopped\n$/);
  }, 120_000);

  it('sheds load with 503 past --max-in-flight in each worker', async () => {
    const serve = await startServe(['--workers', '2', '--max-in-flight', '1', '--quiet']);
    const paths = Array.from({ length: 40 }, (_, i) => `/search/issues?q=the+${i}&per_page=100`);
    const replies = await Promise.all(paths.map((path) => get(`${serve.url}${path}`)));
    const shed = replies.filter((r) => r.status === 503);
    expect(shed.length).toBeGreaterThan(0);
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThan(1);
    expect(shed.every((r) => r.headers['retry-after'] === '1')).toBe(true);
    expect(JSON.parse(shed[0]!.body)).toMatchObject({ message: expect.stringMatching(/^No server is currently available/) });
    serve.child.kill('SIGINT');
    expect(await serve.exited).toBe(0);
  }, 120_000);

  it('replaces a worker that dies while serving, and says so on stderr', async () => {
    const serve = await startServe(['--workers', '2', '--quiet']);
    const first = workerPids(serve.child.pid!);
    expect(first).toHaveLength(2);
    process.kill(first[0]!, 'SIGKILL');
    const said = /search serve: a worker exited \(signal SIGKILL\) while serving; starting another\n/;
    await waitFor(() => said.test(serve.stderr()), `no line about the dead worker; the server said: ${serve.stderr()}`);
    await waitFor(() => {
      const now = workerPids(serve.child.pid!);
      return now.length === 2 && !now.includes(first[0]!);
    }, 'the dead worker was not replaced');
    for (let i = 0; i < 4; i++) expect((await get(`${serve.url}/search/issues?q=crash`)).status).toBe(200);
    expect(serve.stderr().match(/a worker exited/g)).toHaveLength(1);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
  }, 120_000);

  it('reports a taken port once, exit 3, before building anything', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as { port: number }).port;
    try {
      const child = spawn(process.execPath, [BIN, 'serve', '--data', EMBEDDED_DATA, '--workers', '2', '--port', String(port)], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      running.push(child);
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((done) => child.once('exit', done));
      expect(code).toBe(3);
      expect(stderr.match(/already in use/g)).toHaveLength(1);
    } finally {
      blocker.close();
    }
  }, 60_000);
});
