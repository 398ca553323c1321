/**
 * End to end: PyGithub 1.55 (Debian's `python3-github`, unmodified) against search serve on the real core. PyGithub
 * fetches an object again with a GET on its url whenever an attribute it is asked for is absent, so reading every
 * attribute the seed lists for every search item (and its nested users, repositories, labels, milestones, commits)
 * must cause no request beyond the search pages themselves.
 */
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreReady, hasSource, SHARED_DATA, startReal, type RealServer } from './helpers/real-core.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./fixtures/pygithub_read_all.py', import.meta.url));
const HUB = 'hub4j-github-api-wiremock';
const PY = 'pygithub-replaydata';

/** PyGithub's version when Debian's python3 can import it, else undefined. */
function pygithubVersion(): string | undefined {
  try {
    return execFileSync(PYTHON, ['-c', 'import github, importlib.metadata as m; print(m.version("PyGithub"))'], {
      encoding: 'utf8',
      timeout: 20_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

const version = pygithubVersion();
const skip = !version
  ? 'PyGithub is not installed; apt-get install -y python3-github'
  : !coreReady()
    ? 'the core is still a stub'
    : !hasSource(HUB) || !hasSource(PY)
      ? `../shared/data/{${HUB},${PY}} not found`
      : undefined;

interface Report {
  items: number;
  reads: number;
  requests: Array<[string, string]>;
  errors: string[];
}

function runPyGithub(baseUrl: string, kind: string, q: string, max: number): Promise<Report> {
  return new Promise((resolve, reject) => {
    execFile(PYTHON, [SCRIPT, baseUrl, kind, q, String(max)], { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`PyGithub failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as Report);
    });
  });
}

describe.skipIf(skip !== undefined)(`PyGithub ${version ?? ''} against search serve on the real core${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const servers = new Map<string, RealServer>();
  beforeAll(async () => {
    for (const source of [HUB, PY]) servers.set(source, await startReal(`${SHARED_DATA}/${source}`, { previews: 'optional' }));
  }, 180_000);
  afterAll(async () => {
    await Promise.all([...servers.values()].map((s) => s.server.close()));
  });

  it.each([
    [HUB, 'users', 'type:user', 1000],
    [HUB, 'users', 'type:org', 1000],
    [PY, 'users', 'type:user', 1000],
    [HUB, 'repositories', 'stars:>=0', 1000],
    [PY, 'repositories', 'stars:>=0', 1000],
    [HUB, 'issues', 'is:pr', 300],
    [HUB, 'issues', 'is:issue', 300],
    [PY, 'issues', 'is:issue', 300],
    [HUB, 'commits', 'fix', 200],
    [HUB, 'code', 'github', 200],
    [PY, 'topics', 'python', 100],
  ] as const)('%s %s "%s": every attribute of every item read with no request beyond the search', async (source, kind, q, max) => {
    const server = servers.get(source)!;
    const report = await runPyGithub(server.server.url, kind, q, max);
    expect(report.items).toBeGreaterThan(0);
    expect(report.reads).toBeGreaterThan(report.items);
    expect(report.errors).toEqual([]);
    const beyond = report.requests.filter(([verb, url]) => verb !== 'GET' || !new URL(url, server.server.url).pathname.startsWith('/search/'));
    expect(beyond).toEqual([]);
  }, 180_000);
});
