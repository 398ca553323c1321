/**
 * `search serve --workers N`: N replicas of the server, one process each (node:cluster), over the same read-only
 * index files and one port (the primary hands connections out in turn). The primary builds the indexes before any
 * worker starts, keeps the one rate-limit count (shared-rate-limiter.ts), relays answers between the workers'
 * response caches (shared-answers.ts), replaces a worker that dies, and on SIGINT/SIGTERM tells every worker to
 * stop gracefully (in-flight requests finish) and waits for them.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import type { SignalSource } from './listen.js';
import { RateLimiter, type RateLimits } from './rate-limiter.js';
import { answerRateQuestions, SharedRateCounter } from './shared-rate-limiter.js';
import { answerRelay, workerAnswerExchange, type AnswerExchange, type Channel } from './shared-answers.js';
import type { RunningServer } from './listen.js';

/** Is this process a worker of `serve --workers N`? */
export function isServeWorker(): boolean {
  return cluster.isWorker;
}

/**
 * Whether this process can run workers: `cluster.fork()` runs the process's own entry script again, so it must be
 * this package's `bin/search.js` (through any symlink, as `npm link` makes). Embedded in another program (a test
 * runner, a script that imports the command) the server keeps one process instead of starting copies of that
 * program.
 */
export function canFork(entry: string | undefined = process.argv[1]): boolean {
  if (entry === undefined) return false;
  try {
    return realpathSync(entry).endsWith(`${path.sep}bin${path.sep}search.js`);
  } catch {
    return false;
  }
}

/**
 * Bind and release `host:port` once, so a port that is taken fails in the primary with node's own error (`code`
 * EADDRINUSE, `port`, `address`) before any worker is forked. Port 0 needs no probe.
 */
export async function probePort(port: number, host: string): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => resolve());
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The V8 flag that keeps a process's garbage collection on its own thread (no background marking or sweeping). */
export const SINGLE_THREADED_GC = '--single-threaded-gc';

/**
 * The node flags a worker starts with: the primary's own (`execArgv`), plus {@link SINGLE_THREADED_GC} when there
 * are at least as many workers as cores. Then every core already runs a worker, and V8's background collector
 * threads only take turns with the other workers for the same cores while adding work of their own (concurrent
 * marking's synchronisation): fewer CPU seconds per request with the collection on the worker's own thread
 * (docs/serve-cost.md, eleventh round). With spare cores the background threads stay (they shorten pauses). A
 * choice the operator made in `execArgv` (the flag, its negation, `--single-threaded`; `_` or `--no` spellings too)
 * is left as given.
 * @param execArgv the primary's node flags (never changed)
 * @param count the workers started
 * @param cores the processors this process may use (`os.availableParallelism()`)
 */
export function workerExecArgv(execArgv: readonly string[], count: number, cores: number): string[] {
  const flags = [...execArgv];
  if (count >= cores && !flags.some((flag) => /^--(no-?)?single[-_]threaded([-_]gc)?(=|$)/.test(flag))) flags.push(SINGLE_THREADED_GC);
  return flags;
}

/** Options of {@link startWorkers}. */
export interface WorkerPoolOptions {
  /** How many workers (≥ 1). */
  readonly count: number;
  /** The quotas of the shared count (`--rate-limit off`: the unlimited ones). */
  readonly limits: RateLimits;
  /** The interface the workers bind (for the URL). */
  readonly host: string;
  /** A worker still running this long (ms) after being told to stop is killed. @default 15000 */
  readonly stopGraceMs?: number | undefined;
  /**
   * Told when a worker that was listening exits before the pool was asked to stop (it crashed or was killed), just
   * before a replacement is forked: its exit code, or the signal that ended it (the other one is null). The pool
   * replaces it either way; this is so the operator hears of it (serve-command.ts writes one stderr line).
   */
  readonly onWorkerDied?: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;
}

/** Running workers. */
export interface WorkerPool {
  /** `http://<host>:<port>` (IPv6 hosts in brackets). */
  readonly url: string;
  readonly count: number;
  /** Tell every worker to stop gracefully; resolves once all have exited. Idempotent. */
  stop(): Promise<void>;
  /** Resolves once every worker has exited after {@link stop}. */
  readonly closed: Promise<void>;
}

/** What a worker tells the primary when it cannot listen (the port is taken, say). */
interface ListenFailure {
  readonly type: 'listen-error';
  readonly message: string;
  readonly code?: string;
  readonly port?: number;
  readonly address?: string;
}

/**
 * Fork `count` workers that run this same command line (each opens the store, whose indexes the primary has built,
 * and listens); resolve once all listen.
 * @throws the first worker's listen error (an Error with its `code`, `port`, `address`), after stopping the others
 */
export async function startWorkers(options: WorkerPoolOptions): Promise<WorkerPool> {
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, options.count, availableParallelism()) });
  const limiter = new RateLimiter(options.limits);
  const relay = answerRelay();
  const workers = new Set<Worker>();
  /** The workers that listen: they have said so, and heed a stop message from then on. */
  const serving = new Set<Worker>();
  let stopping = false;
  let port = 0;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));

  const fork = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      workers.add(worker);
      // A worker whose channel has closed (it is exiting) is not written to: node would raise the error on it.
      const relayed: Channel = {
        send: (message) => {
          if (!worker.isConnected()) throw new Error('the worker has disconnected');
          return worker.send(message as Parameters<Worker['send']>[0]);
        },
        on: (event, listener) => worker.on(event, listener),
      };
      relay.join(relayed);
      // A search's question for another worker's answer rides on its rate-limit count (no round trip of its own).
      answerRateQuestions(worker, limiter, (question) => relay.ask(relayed, question));
      let listening = false;
      worker.on('message', (message: Partial<ListenFailure>) => {
        if (message?.type !== 'listen-error') return;
        reject(Object.assign(new Error(message.message), { code: message.code, port: message.port, address: message.address }));
      });
      worker.once('listening', (address) => {
        listening = true;
        serving.add(worker);
        port = address.port;
        resolve();
      });
      worker.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
        workers.delete(worker);
        serving.delete(worker);
        relay.leave(relayed);
        if (!listening) reject(new Error(`search serve: a worker exited (code ${code}) before it listened`));
        else if (!stopping) {
          // A worker that died while serving is replaced, and the operator is told.
          options.onWorkerDied?.(code, signal);
          void fork().catch(() => {});
        }
        if (stopping && workers.size === 0) resolveClosed();
      });
    });

  const stop = (): Promise<void> => {
    if (!stopping) {
      stopping = true;
      if (workers.size === 0) resolveClosed();
      for (const worker of workers) {
        try {
          // One still starting (a replacement, say) has no request in flight and would not hear the message yet.
          if (!serving.has(worker)) worker.process.kill('SIGTERM');
          else worker.send({ type: 'stop' });
        } catch {
          worker.process.kill('SIGTERM'); // its channel is gone: a signal asks the same
        }
        setTimeout(() => worker.process.kill('SIGKILL'), options.stopGraceMs ?? 15_000).unref();
      }
    }
    return closed;
  };

  try {
    await Promise.all(Array.from({ length: options.count }, fork));
  } catch (error) {
    await stop();
    throw error;
  }
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { url: `http://${host}:${port}`, count: options.count, stop, closed };
}

/** Stop the pool on the first of `signals` (the primary's SIGINT/SIGTERM). */
export function stopOnSignals(pool: WorkerPool, signals: readonly NodeJS.Signals[], source: SignalSource): void {
  const onSignal = () => {
    signals.forEach((signal) => source.off(signal, onSignal));
    void pool.stop();
  };
  signals.forEach((signal) => source.once(signal, onSignal));
  void pool.closed.then(() => signals.forEach((signal) => source.off(signal, onSignal)));
}

/** In a worker: the rate-limit count the primary keeps. */
export function workerRateCounter(): SharedRateCounter {
  return new SharedRateCounter(process as unknown as ConstructorParameters<typeof SharedRateCounter>[0]);
}

/** In a worker: the other workers' response caches, through the primary. */
export function workerAnswers(): AnswerExchange {
  return workerAnswerExchange({
    // Once the primary has gone, process.send would raise the error on the process: a fetch is then a miss.
    send: (message) => {
      if (!process.connected || process.send === undefined) throw new Error('the primary has gone');
      return process.send(message as Parameters<NonNullable<typeof process.send>>[0]);
    },
    on: (event, listener) => process.on(event, listener),
  });
}

/** In a worker: report a listen error to the primary (which reports it once, for all). */
export function reportListenFailure(error: unknown): void {
  const e = error as NodeJS.ErrnoException & { port?: number; address?: string };
  const failure: ListenFailure = { type: 'listen-error', message: e?.message ?? String(error), code: e?.code, port: e?.port, address: e?.address };
  process.send?.(failure);
}

/**
 * In a worker: close `server` gracefully when the primary says stop or goes away, then leave the IPC channel (so
 * the process ends once the last connection has).
 */
export function stopWithPrimary(server: RunningServer): void {
  const onMessage = (message: { type?: string }) => {
    if (message?.type === 'stop') void server.close();
  };
  process.on('message', onMessage);
  process.once('disconnect', () => void server.close());
  void server.closed.then(() => {
    process.off('message', onMessage);
    if (process.connected) process.disconnect();
  });
}
