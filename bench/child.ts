/**
 * Whole-process measurements for the bench: run a Node program (or any program) as a child and report its wall
 * time (ms) and peak RSS (bytes, through peak-rss-hook.ts, or GNU time for other programs), with a time limit; start a server child and read the URL from its
 * first stderr lines; read a live process's RSS and CPU time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a finished child did. */
export interface ChildRun {
  /** Wall time from spawn to exit, in ms. */
  readonly ms: number;
  /** Peak resident set size in bytes; undefined when not measured or not reported. */
  readonly peakRssBytes: number | undefined;
  /** Exit code (null when killed by a signal). */
  readonly code: number | null;
  /** Bytes written to stdout (the output itself is discarded). */
  readonly stdoutBytes: number;
  /** stdout text when `keepStdout` was set. */
  readonly stdout: string;
  /** The last 2,000 characters of stderr. */
  readonly stderrTail: string;
  /** True when the time limit killed it. */
  readonly timedOut: boolean;
}

/** Options of {@link runNode}. */
export interface RunOptions {
  /** Extra environment variables. */
  readonly env?: Readonly<Record<string, string>>;
  /** Node flags placed before the script (e.g. `--max-old-space-size=8192`). */
  readonly nodeFlags?: readonly string[];
  /** Kill the child after this many ms. */
  readonly timeoutMs: number;
  /** Measure peak RSS through the preload hook. */
  readonly peakRss?: boolean;
  /** Keep stdout in memory (only for small outputs). */
  readonly keepStdout?: boolean;
}

const HOOK_URL = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'peak-rss-hook.js')).href;

/** Run `node [flags] script ...args` to completion (peak RSS through the preload hook when asked). */
export function runNode(script: string, args: readonly string[], options: RunOptions): Promise<ChildRun> {
  const rssDir = options.peakRss ? mkdtempSync(path.join(tmpdir(), 'bench-rss-')) : undefined;
  const rssFile = rssDir && path.join(rssDir, 'peak');
  const flags = [...(options.nodeFlags ?? []), ...(rssFile ? ['--import', HOOK_URL] : [])];
  const env = { ...options.env, ...(rssFile ? { BENCH_PEAK_RSS_FILE: rssFile } : {}) };
  return runProcess(process.execPath, [...flags, script, ...args], { ...options, env, peakRss: false }).then((run) => {
    if (!rssFile) return run;
    let peakRssBytes: number | undefined;
    try {
      peakRssBytes = Number(readFileSync(rssFile, 'utf8'));
    } catch {
      peakRssBytes = undefined;
    }
    rmSync(rssDir!, { recursive: true, force: true });
    return { ...run, peakRssBytes };
  });
}

/** GNU time, which reports a child's peak RSS for programs that are not Node (sqlite3); undefined when absent. */
const GNU_TIME = ['/usr/bin/time'].find((file) => existsSync(file));

/**
 * Run any program to completion; `peakRss` measures it through GNU time's maximum resident set size when
 * /usr/bin/time exists (else the figure stays undefined). `input` is written to its stdin.
 */
export function runProcess(file: string, args: readonly string[], options: RunOptions & { readonly input?: string }): Promise<ChildRun> {
  const rssDir = options.peakRss && GNU_TIME ? mkdtempSync(path.join(tmpdir(), 'bench-rss-')) : undefined;
  const rssFile = rssDir && path.join(rssDir, 'peak');
  const argv = rssFile ? [GNU_TIME!, '-f', '%M', '-o', rssFile, file, ...args] : [file, ...args];
  const env = { ...process.env, ...options.env };
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), { env, stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (options.input !== undefined) child.stdin!.end(options.input);
    let stdoutBytes = 0;
    const kept: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (options.keepStdout) kept.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      let peakRssBytes: number | undefined;
      if (rssFile) {
        try {
          // GNU time writes kilobytes (after a "Command exited with non-zero status" line on failure).
          peakRssBytes = Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) * 1024;
        } catch {
          peakRssBytes = undefined;
        }
        rmSync(rssDir!, { recursive: true, force: true });
      }
      resolve({ ms, peakRssBytes, code, stdoutBytes, stdout: Buffer.concat(kept).toString('utf8'), stderrTail: stderr, timedOut });
    });
  });
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A server child that announced its URL. */
export interface ServerChild {
  readonly url: string;
  readonly process: ChildProcess;
  /** SIGTERM, then SIGKILL after 5 s; resolves when it has exited. */
  stop(): Promise<void>;
}

/**
 * Start a server child and wait for `listening on http://…` on its stderr (the first line of `search serve`).
 * @param timeoutMs how long start-up (loading indexes) may take
 * @throws Error with the stderr tail when the child exits or times out before announcing
 */
export function startServer(script: string, args: readonly string[], options: Omit<RunOptions, 'peakRss' | 'keepStdout'>): Promise<ServerChild> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), script, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    let announced = false;
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not start within ${options.timeoutMs} ms: ${stderr.slice(-500)}`));
    }, options.timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      if (announced) return;
      stderr += chunk.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(stderr);
      if (m) {
        announced = true;
        clearTimeout(timer);
        resolve({ url: m[1]!, process: child, stop });
      }
    });
    child.once('close', (code) => {
      if (announced) return;
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening: ${stderr.slice(-500)}`));
    });
  });
}

/** Current resident set size of a live process in bytes, from /proc (Linux); undefined elsewhere. */
export function residentBytes(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pids of a live process's descendants (children, their children …), from /proc's `children` lists (Linux);
 * empty elsewhere or when the process is gone.
 */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  const visit = (parent: number): void => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      let children: string;
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(/\s+/).filter(Boolean).map(Number)) {
        out.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return out;
}

/**
 * The largest resident set size in bytes among a live process and its descendants: for `serve --workers N`, whose
 * primary forks one process per worker, the RSS of the largest worker (issue #24's "RSS per worker"); undefined
 * when none can be read.
 */
export function largestResident(pid: number): number | undefined {
  const sizes = [pid, ...descendants(pid)].map(residentBytes).filter((bytes): bytes is number => bytes !== undefined);
  return sizes.length > 0 ? Math.max(...sizes) : undefined;
}

/**
 * The CPU time (user + system, in clock ticks) that a line of `/proc/<pid>/stat` reports: fields 14 and 15,
 * counted after the command name, which sits in parentheses and may itself hold spaces and parentheses (the last
 * `)` ends it). Undefined for a line that does not have them.
 */
export function statCpuTicks(statLine: string): number | undefined {
  const end = statLine.lastIndexOf(')');
  if (end < 0) return undefined;
  // After ") ": state (field 3) is index 0, so utime (field 14) is index 11 and stime (field 15) index 12.
  const fields = statLine.slice(end + 1).trim().split(/\s+/);
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  return fields.length > 12 && Number.isInteger(user) && Number.isInteger(system) ? user + system : undefined;
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100, Linux's usual value, if it cannot say). */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    const ticks = Number(answer.stdout?.trim());
    ticksPerSecond = answer.status === 0 && Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
  }
  return ticksPerSecond;
}

/**
 * CPU time so far (user + system, ms) of each live process in `pids`, by pid, from /proc (Linux); a process that
 * is gone or unreadable is left out. For `serve --workers N` pass the primary and {@link descendants}: a load's
 * CPU per request is then the difference of two readings over the requests answered.
 */
export function cpuTimesMs(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  const msPerTick = 1000 / clockTicks();
  for (const pid of pids) {
    let ticks: number | undefined;
    try {
      ticks = statCpuTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      continue;
    }
    if (ticks !== undefined) out.set(pid, ticks * msPerTick);
  }
  return out;
}

/**
 * CPU ms spent between two {@link cpuTimesMs} readings by the processes of the first one still there in the second
 * (a process that exited in between is left out: its last time cannot be read). Undefined when none is.
 */
export function cpuSpentMs(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number | undefined {
  let spent: number | undefined;
  for (const [pid, ms] of before) {
    const later = after.get(pid);
    if (later !== undefined) spent = (spent ?? 0) + later - ms;
  }
  return spent;
}
