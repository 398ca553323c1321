/**
 * The HTTP side of the bench's anchors: a bare `node:http` server on 127.0.0.1 answering
 * `GET /search/issues?q=…` with a search function, announcing `listening on http://127.0.0.1:<port>` on stderr
 * like `search serve`, and stopping on SIGTERM/SIGINT.
 */
import { createServer } from 'node:http';
import { pagingFromSearch, type BaselinePaging } from './baseline-query.js';

/** Answers one query with a JSON-serialisable envelope. */
export type BaselineSearch = (q: string, paging: BaselinePaging) => unknown;

/** Serve `search` on an ephemeral loopback port until a signal arrives. */
export function serveBaseline(search: BaselineSearch): void {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/search/issues' || !url.searchParams.get('q')) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = JSON.stringify(search(url.searchParams.get('q')!, pagingFromSearch(url.searchParams)));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stderr.write(`listening on http://127.0.0.1:${port}\n`);
  });
  const stop = (): void => {
    server.close();
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
