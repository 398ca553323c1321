import { EventEmitter } from 'node:events';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeOnSignals, listen, requestUrl, type RunningServer, type SignalSource } from '../../src/server/listen.js';
import { createHandler, type HandlerOptions } from '../../src/server/routes.js';
import { fakeSearch } from './fixtures/fake-search.js';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  reused: boolean;
}

/** One request over a real loopback socket; `path` may be absolute-form, as sent to an HTTP proxy. */
function send(port: number, path: string, options: { method?: string; agent?: Agent; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', agent: options.agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A raw exchange, for request targets node's client will not send. */
function sendRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

let running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.map((server) => server.close()));
  running = [];
});

async function start(overrides: Partial<HandlerOptions> = {}) {
  const handler = createHandler({ search: fakeSearch(), rateLimit: false, ...overrides });
  const server = await listen({ handler, port: 0, host: '127.0.0.1', shutdownGraceMs: 5000 });
  running.push(server);
  return server;
}

describe('requestUrl', () => {
  it.each([
    ['/search/issues?q=a', 'api.github.localhost', 'http://api.github.localhost/search/issues?q=a'],
    ['/search/issues?q=a', undefined, 'http://127.0.0.1:9/search/issues?q=a'],
    ['http://api.github.localhost/search/users?q=b', '127.0.0.1:9', 'http://api.github.localhost/search/users?q=b'],
  ])('%s with Host %s → %s', (target, host, url) => {
    expect(requestUrl(target, host, '127.0.0.1:9').href).toBe(url);
  });
  it.each([
    ['*', 'x'],
    ['/search/issues', 'user:pw@api.github.localhost'],
    ['/search/issues', 'evil.example/..'],
    ['/search/issues', 'a?b'],
    ['http://user:pw@api.github.localhost/search/issues', 'x'],
    ['http://:pw@api.github.localhost/search/issues', 'x'],
  ])('refuses %s with Host %s (a 400: not a URL, or credentials in it)', (target, host) => {
    expect(() => requestUrl(target, host, '127.0.0.1:9')).toThrow(TypeError);
  });
});

// Issue #21, item 9: these once answered 500 with no log line (the URL could not become a Fetch Request, or the log
// threw decoding a parameter name). Now: GitHub's answer and one log line, secrets masked.
describe('credentials in the target or Host, malformed escapes in secret parameter names', () => {
  it.each([
    ['Host with user:password@', 'GET /search/issues?q=x HTTP/1.1\r\nHost: user:hunter2@api.github.localhost\r\n', 400, 'GET /search/issues?q=x 400'],
    ['an absolute-form target with user:password@', 'GET http://user:hunter2@api.github.localhost/search/issues?q=x HTTP/1.1\r\nHost: x\r\n', 400, 'GET /search/issues?q=x 400'],
    ['a Host that is a path', 'GET /search/issues?q=x HTTP/1.1\r\nHost: api.github.localhost/hunter2\r\n', 400, 'GET /search/issues?q=x 400'],
    ['an asterisk target', 'GET * HTTP/1.1\r\nHost: x\r\n', 400, 'GET / 400'],
    ['client_secret% in a parameter name', 'GET /search/issues?q=x+count:1&client_id=a&client_secret%=hunter2 HTTP/1.1\r\nHost: x\r\n', 200, 'GET /search/issues?q=x+count:1&client_id=a&client_secret%=*** 200'],
    ['access_token%zz in a parameter name', 'GET /search/issues?q=x+count:1&access_token%zz=hunter2 HTTP/1.1\r\nHost: x\r\n', 200, 'GET /search/issues?q=x+count:1&access_token%zz=*** 200'],
    ['a malformed escape in q beside client_secret', 'GET /search/issues?q=%zz+count:1&client_id=a&client_secret=hunter2 HTTP/1.1\r\nHost: x\r\n', 200, 'GET /search/issues?q=%zz+count:1&client_id=a&client_secret=*** 200'],
  ])('%s → %i, one log line without the secret', async (_name, head, status, logged) => {
    const lines: string[] = [];
    const server = await start({ log: (line) => lines.push(line) });
    const raw = await sendRaw(server.port, `${head}Connection: close\r\n\r\n`);
    expect(raw).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    if (status === 400) expect(raw).toContain('"message": "Bad Request"');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(logged);
    expect(lines[0]).not.toContain('hunter2');
  });
});

describe('listen', () => {
  it('serves origin-form requests with links built from the Host header', async () => {
    const server = await start();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const reply = await send(server.port, '/search/issues?q=x+count:100');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body));
    expect(reply.headers['link']).toContain(`<http://127.0.0.1:${server.port}/search/issues?`);
  });

  it('accepts absolute-form targets, as gh sends them through HTTP_PROXY', async () => {
    const server = await start();
    const reply = await send(server.port, 'http://api.github.localhost/search/issues?q=x+count:100');
    expect(reply.status).toBe(200);
    expect(reply.headers['link']).toContain('<http://api.github.localhost/search/issues?q=x+count%3A100&page=2>; rel="next"');
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const server = await start();
    const get = await send(server.port, '/search/issues?q=x+count:9');
    const head = await send(server.port, '/search/issues?q=x+count:9', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['etag']).toBe(get.headers['etag']);
  });

  it('keeps connections alive between requests', async () => {
    const server = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(server.port, '/search/issues?q=x+count:1', { agent });
      const second = await send(server.port, '/search/issues?q=x+count:2', { agent });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('answers 400 with a GitHub body for an asterisk-form target or unparsable bytes, 413 for an oversized body', async () => {
    const server = await start();
    const raw = await sendRaw(server.port, 'GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toContain('"message": "Bad Request"');
    const garbage = await sendRaw(server.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(garbage).toContain('"message": "Bad Request"');
    const big = await send(server.port, '/graphql', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
  });

  it('shuts down gracefully: in-flight requests finish, new connections are refused, the port is released', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const entered = new Promise<void>((resolve) => (started = resolve));
    const inner = fakeSearch();
    const server = await start({
      search: async (request) => {
        started();
        await gate;
        return inner(request);
      },
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const pending = send(server.port, '/search/issues?q=x+count:3', { agent });
      await entered;
      const closed = server.close();
      await expect(send(server.port, '/search/issues?q=x')).rejects.toThrow(/ECONNREFUSED/);
      release();
      const reply = await pending;
      expect(reply.status).toBe(200);
      expect(reply.headers['connection']).toBe('close');
      await closed;
    } finally {
      agent.destroy();
    }
  });

  it('closes on the first signal and detaches its listeners', async () => {
    const server = await start();
    const source = new EventEmitter();
    closeOnSignals(server, ['SIGTERM', 'SIGINT'], source as unknown as SignalSource);
    expect(source.listenerCount('SIGTERM')).toBe(1);
    source.emit('SIGTERM');
    await server.closed;
    expect(source.listenerCount('SIGTERM') + source.listenerCount('SIGINT')).toBe(0);
  });

  it('rejects when the port is taken', async () => {
    const server = await start();
    const handler = createHandler({ search: fakeSearch(), rateLimit: false });
    await expect(listen({ handler, port: server.port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });
});
