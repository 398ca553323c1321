/**
 * The only file that touches node:http: adapts `IncomingMessage` → Fetch `Request` (a GET or HEAD: only its
 * method, URL and headers, request-head.ts) → {@link Handler} →
 * `Response` → `ServerResponse`, listens, and shuts down gracefully (stop accepting, let in-flight requests
 * finish, close keep-alive connections, release the port). Accepts absolute-form request targets
 * (`GET http://api.github.localhost/search/issues?… HTTP/1.1`), which is what gh sends through `HTTP_PROXY`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderJson } from '../envelope/envelope.js';
import { badRequest, payloadTooLarge, serverError, type ApiError } from '../api-error.js';
import type { Handler } from './routes.js';
import { bodilessRequest } from './request-head.js';
import { JSON_CONTENT_TYPE, rawBodyOf } from './respond.js';

/** Options of {@link listen}. */
export interface ListenOptions {
  readonly handler: Handler;
  /** TCP port; 0 picks a free one. @default 3000 */
  readonly port?: number | undefined;
  /** Interface to bind. @default '127.0.0.1' */
  readonly host?: string | undefined;
  /** Largest request body read (bytes); larger ones get 413. @default 1 MiB */
  readonly maxBodyBytes?: number | undefined;
  /** After `close()`, connections still busy this long (ms) are cut. @default 10000 */
  readonly shutdownGraceMs?: number | undefined;
}

/** A listening server. */
export interface RunningServer {
  /** `http://<host>:<port>` (IPv6 hosts in brackets). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stop accepting, let in-flight requests finish, then release the port. Idempotent. */
  close(): Promise<void>;
  /** Resolves once the server is fully closed (by `close()` or a signal). */
  readonly closed: Promise<void>;
}

/** Node reports IPv4 clients of a dual-stack socket as `::ffff:a.b.c.d`; GitHub names them `a.b.c.d`. */
function plainAddress(address: string | undefined): string | undefined {
  return address?.startsWith('::ffff:') ? address.slice(7) : address;
}

/** A `Host` value as RFC 9110 §7.2 allows it: a host name or address, an optional port; no `@`, `/`, `?`, `#`. */
const HOST_VALUE = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::\d{0,5})?$/;

/**
 * The absolute URL of a request: absolute-form targets as given, origin-form ones resolved against Host.
 * @throws TypeError for a target that is neither, a `Host` that is no host, or credentials (`user:password@`) in
 *         either (RFC 9112 §3.2: a 400)
 */
export function requestUrl(target: string, hostHeader: string | undefined, fallbackHost: string): URL {
  let url: URL;
  if (/^https?:\/\//i.test(target)) url = new URL(target);
  else if (!target.startsWith('/')) throw new TypeError('unsupported request target');
  else if (hostHeader && !HOST_VALUE.test(hostHeader)) throw new TypeError('malformed Host header');
  else url = new URL(`http://${hostHeader || fallbackHost}${target}`);
  if (url.username !== '' || url.password !== '') throw new TypeError('credentials in the request URL');
  return url;
}

/**
 * The URL a malformed request is handled under (it is answered 400): the server's own origin with the target's path
 * and query when there is one to keep for the log, credentials and host dropped.
 */
function fallbackUrl(target: string, bound: string): URL {
  const base = `http://${bound}`;
  try {
    const parsed = /^https?:\/\//i.test(target) ? new URL(target) : new URL(target.startsWith('/') ? target : '/', base);
    return new URL(`${parsed.pathname}${parsed.search}`, base);
  } catch {
    return new URL('/', base);
  }
}

/** Read a request body up to `limit` bytes; undefined when it is larger. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Write a Fetch Response to a node ServerResponse (HEAD: headers only, node drops the body). */
async function writeResponse(res: ServerResponse, response: Response, closing: boolean): Promise<void> {
  const body = rawBodyOf(response) ?? (response.body === null ? undefined : Buffer.from(await response.arrayBuffer()));
  // One flat list handed to writeHead (the order the Fetch headers iterate in), not a setHeader call per header.
  const head: string[] = [];
  let length = false;
  response.headers.forEach((value, name) => {
    head.push(name, value);
    if (name === 'content-length') length = true;
  });
  if (body !== undefined && !length) head.push('content-length', String(body.length));
  if (closing) head.push('connection', 'close');
  res.writeHead(response.status, head);
  res.end(body);
}

function errorAsResponse(error: ApiError): Response {
  return new Response(renderJson(error.body), { status: error.status, headers: { 'content-type': JSON_CONTENT_TYPE } });
}

/** Start serving `handler`. Resolves once the port is open; rejects when it cannot be bound. */
export async function listen(options: ListenOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  let closing = false;
  let bound = `${host}:${options.port ?? 3000}`;

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let response: Response;
    try {
      // A target or Host that is no usable URL still goes through the handler (its 400 gets a log line).
      let url: URL;
      let malformed = false;
      try {
        url = requestUrl(req.url ?? '/', req.headers.host, bound);
      } catch {
        url = fallbackUrl(req.url ?? '/', bound);
        malformed = true;
      }
      const method = req.method ?? 'GET';
      let body: Buffer | undefined;
      if (method !== 'GET' && method !== 'HEAD') {
        body = await readBody(req, maxBody);
        if (body === undefined) {
          await writeResponse(res, errorAsResponse(payloadTooLarge()), true);
          return;
        }
      }
      // The raw pairs go to the Request as they are: its Headers are built and checked once (not also here).
      const raw = req.rawHeaders;
      const headers: Array<[string, string]> = [];
      for (let i = 0; i + 1 < raw.length; i += 2) {
        if (malformed && raw[i]!.toLowerCase() === 'host') continue;
        headers.push([raw[i]!, raw[i + 1]!]);
      }
      // A GET or HEAD is read as method, URL and headers: no Fetch Request (its signal, body state, URL parse again).
      const request =
        method === 'GET' || method === 'HEAD'
          ? bodilessRequest(method, url, new Headers(headers))
          : new Request(url, { method, headers, ...(body ? { body } : {}) });
      response = await options.handler(request, { remoteAddress: plainAddress(req.socket.remoteAddress), malformed, url });
    } catch {
      response = errorAsResponse(serverError());
    }
    await writeResponse(res, response, closing);
  };

  const server = createServer((req, res) => {
    onRequest(req, res).catch(() => res.destroy());
  });
  // Requests node cannot even parse still get a GitHub-shaped body rather than node's bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = renderJson(tooLarge ? { ...badRequest().body, message: 'Request Header Fields Too Large', status: '431' } : badRequest().body);
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        `Content-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  bound = address.family === 'IPv6' ? `[${address.address}]:${address.port}` : `${address.address}:${address.port}`;
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  let grace: NodeJS.Timeout | undefined;
  void closed.then(() => clearTimeout(grace));

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    host,
    port: address.port,
    closed,
    close(): Promise<void> {
      if (!closing) {
        closing = true;
        server.close();
        server.closeIdleConnections();
        grace = setTimeout(() => server.closeAllConnections(), options.shutdownGraceMs ?? 10_000);
        grace.unref();
      }
      return closed;
    },
  };
}

/** Something that emits process signals (process itself, or an EventEmitter in tests). */
export interface SignalSource {
  once(event: NodeJS.Signals, listener: () => void): unknown;
  off(event: NodeJS.Signals, listener: () => void): unknown;
}

/**
 * Close `server` gracefully on the first of `signals`. Returns a function that removes the listeners (also
 * removed once the server has closed, so a second signal reaches the default handler and ends the process).
 */
export function closeOnSignals(
  server: RunningServer,
  signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'],
  source: SignalSource = process,
): () => void {
  const onSignal = () => {
    detach();
    void server.close();
  };
  const detach = () => signals.forEach((signal) => source.off(signal, onSignal));
  signals.forEach((signal) => source.once(signal, onSignal));
  void server.closed.then(detach);
  return detach;
}
