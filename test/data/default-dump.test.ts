/**
 * The embedded default dump: the generator (`scripts/generate-data.ts` and `scripts/generate-data/`, run here from
 * its TypeScript source in-process) must be deterministic, the committed `data/` must be exactly its output byte
 * for byte, and the generated world must hang together (every reference resolves, every counter matches what the
 * records say). A full generation takes well under a second.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld } from '../../scripts/generate-data/world.js';
import { FILES as WRITTEN, writeWorld } from '../../scripts/generate-data/write.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DATA = join(ROOT, 'data');
const FILES = ['code', 'commits', 'issues', 'labels', 'pulls', 'repositories', 'topics', 'users'].map((k) => `${k}.json`);
const NOW = Date.parse('2026-11-01T00:00:00Z');

type Rec = Record<string, any>;

/** Run the generator into a fresh temporary directory and return it. */
function generate(): string {
  const dir = mkdtempSync(join(tmpdir(), 'default-dump-'));
  writeWorld(buildWorld(), dir);
  return dir;
}

describe('generate-data', () => {
  const dirs: string[] = [];
  let world: Record<string, Rec[]>;

  beforeAll(() => {
    dirs.push(generate(), generate());
    const dir = dirs[0] as string;
    world = Object.fromEntries(FILES.map((f) => [f.replace('.json', ''), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Rec[]]));
  });

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const w = (kind: string): Rec[] => world[kind] ?? [];

  it('writes exactly the seven kinds plus pulls', () => {
    expect(readdirSync(dirs[0] as string).sort()).toEqual(FILES);
    expect(WRITTEN.map((name) => `${name}.json`).sort()).toEqual(FILES);
  });

  it('is deterministic: two runs give identical bytes', () => {
    for (const f of FILES) {
      expect(readFileSync(join(dirs[1] as string, f)).equals(readFileSync(join(dirs[0] as string, f))), f).toBe(true);
    }
  });

  it('matches the committed data/ byte for byte (regenerate with `npm run generate-data`)', () => {
    for (const f of FILES) {
      expect(readFileSync(join(DATA, f)).equals(readFileSync(join(dirs[0] as string, f))), f).toBe(true);
    }
  });

  it('keeps data/ under 5 MB, as 2-space indented JSON arrays', () => {
    let total = 0;
    for (const f of FILES) {
      const text = readFileSync(join(DATA, f), 'utf8');
      total += Buffer.byteLength(text);
      expect(text.startsWith('[\n  {'), f).toBe(true);
      expect(text.endsWith('}\n]\n'), f).toBe(true);
    }
    expect(total).toBeLessThan(5_000_000);
  });

  it('has records of every kind, with unique ids', () => {
    const key: Record<string, (r: Rec) => unknown> = {
      users: (r) => r.id, repositories: (r) => r.id, labels: (r) => r.id, issues: (r) => r.id, pulls: (r) => r.id,
      commits: (r) => r.sha, code: (r) => r.url, topics: (r) => r.name,
    };
    for (const [kind, f] of Object.entries(key)) {
      const records = w(kind);
      expect(records.length, kind).toBeGreaterThan(40);
      expect(new Set(records.map(f)).size, kind).toBe(records.length);
    }
  });

  it('gives every repository an owner that exists as a user, with the same summary fields', () => {
    const users = new Map(w('users').map((u) => [u.login, u]));
    for (const r of w('repositories')) {
      const owner = users.get(r.owner.login);
      expect(owner, r.full_name).toBeDefined();
      for (const [k, v] of Object.entries(r.owner)) expect(owner?.[k], `${r.full_name} owner.${k}`).toEqual(v);
      expect(r.full_name).toBe(`${r.owner.login}/${r.name}`);
      expect(r.html_url).toBe(`https://github.com/${r.full_name}`);
      expect(r.issues_url).toBe(`https://api.github.com/repos/${r.full_name}/issues{/number}`);
    }
  });

  it('counts public repositories per user from the dump', () => {
    for (const u of w('users')) {
      const owned = w('repositories').filter((r) => r.owner.login === u.login && !r.private).length;
      expect(u.public_repos, u.login).toBe(owned);
    }
  });

  it('links every issue to a repository, labels of that repository, and (for PRs) a pulls record', () => {
    const repos = new Map(w('repositories').map((r) => [r.url, r]));
    const labelsByUrl = new Map(w('labels').map((l) => [l.url, l]));
    const pulls = new Map(w('pulls').map((p) => [p.url, p]));
    for (const i of w('issues')) {
      const repo = repos.get(i.repository_url);
      expect(repo, i.url).toBeDefined();
      expect(i.url).toBe(`${i.repository_url}/issues/${i.number}`);
      for (const l of i.labels) {
        expect(l.url.startsWith(`${i.repository_url}/labels/`), l.url).toBe(true);
        expect(labelsByUrl.get(l.url), l.url).toEqual(l);
      }
      if (i.pull_request) {
        const pull = pulls.get(i.pull_request.url);
        expect(pull, i.url).toBeDefined();
        expect(pull?.number).toBe(i.number);
        expect(pull?.merged_at).toBe(i.pull_request.merged_at);
        expect(pull?.merged).toBe(i.pull_request.merged_at !== null);
        expect(pull?.draft).toBe(i.draft);
        expect(pull?.node_id).toBe(i.node_id);
        expect(pull?.base.repo.id).toBe(repo?.id);
      }
    }
    expect(w('pulls').length).toBe(w('issues').filter((i) => i.pull_request).length);
  });

  it('keeps repository counters consistent with the issues in the dump', () => {
    for (const r of w('repositories')) {
      const open = w('issues').filter((i) => i.repository_url === r.url && i.state === 'open').length;
      expect(r.open_issues_count, r.full_name).toBe(open);
      expect(r.open_issues).toBe(open);
      expect(r.watchers_count).toBe(r.stargazers_count);
      expect(r.visibility).toBe(r.private ? 'private' : 'public');
    }
  });

  it('keeps milestone counts consistent with the issues that carry them', () => {
    const byId = new Map<number, Rec[]>();
    for (const i of w('issues')) if (i.milestone) byId.set(i.milestone.id, [...(byId.get(i.milestone.id) ?? []), i]);
    expect(byId.size).toBeGreaterThan(5);
    for (const issues of byId.values()) {
      const m = (issues[0] as Rec).milestone;
      for (const i of issues) expect(i.milestone).toEqual(m);
      expect(m.open_issues).toBe(issues.filter((i) => i.state === 'open').length);
      expect(m.closed_issues).toBe(issues.filter((i) => i.state === 'closed').length);
    }
  });

  it('points commits and code at repositories of the dump', () => {
    const ids = new Map(w('repositories').map((r) => [r.id, r]));
    for (const c of w('commits')) {
      const repo = ids.get(c.repository.id);
      expect(repo, c.sha).toBeDefined();
      expect(c.repository.full_name).toBe(repo?.full_name);
      expect(c.url).toBe(`https://api.github.com/repos/${repo?.full_name}/commits/${c.sha}`);
      expect(c.sha).toMatch(/^[0-9a-f]{40}$/);
      expect(Date.parse(c.commit.committer.date)).toBeLessThanOrEqual(NOW);
    }
    for (const f of w('code')) {
      expect(ids.get(f.repository.id), f.url).toBeDefined();
      const text = Buffer.from(f.content, 'base64').toString('utf8');
      expect(Buffer.byteLength(text), f.path).toBe(f.size);
      expect(f.name).toBe(f.path.split('/').pop());
    }
  });

  it('counts each topic over the public repositories that carry it', () => {
    const used = new Set(w('repositories').flatMap((r) => r.topics as string[]));
    for (const t of w('topics')) {
      const count = w('repositories').filter((r) => !r.private && r.topics.includes(t.name)).length;
      expect(t.repository_count, t.name).toBe(count);
    }
    for (const name of used) expect(w('topics').some((t) => t.name === name), name).toBe(true);
  });

  it('keeps timestamps ordered and never after the fixed now', () => {
    for (const i of w('issues')) {
      const created = Date.parse(i.created_at);
      expect(Date.parse(i.updated_at)).toBeGreaterThanOrEqual(created);
      expect(Date.parse(i.updated_at)).toBeLessThanOrEqual(NOW);
      if (i.closed_at) expect(Date.parse(i.closed_at)).toBeGreaterThanOrEqual(created);
      expect(i.state === 'closed').toBe(i.closed_at !== null);
    }
    for (const r of w('repositories')) {
      expect(Date.parse(r.pushed_at)).toBeGreaterThanOrEqual(Date.parse(r.created_at));
      expect(Date.parse(r.updated_at)).toBeLessThanOrEqual(NOW);
    }
  });

  it('has private repositories with issues, commits, code and labels to hide', () => {
    const priv = w('repositories').filter((r) => r.private);
    expect(priv.length).toBeGreaterThanOrEqual(2);
    const urls = new Set(priv.map((r) => r.url));
    const ids = new Set(priv.map((r) => r.id));
    expect(w('issues').some((i) => urls.has(i.repository_url))).toBe(true);
    expect(w('commits').some((c) => ids.has(c.repository.id))).toBe(true);
    expect(w('code').some((f) => ids.has(f.repository.id))).toBe(true);
    expect(w('labels').some((l) => priv.some((r) => l.url.startsWith(`${r.url}/labels/`)))).toBe(true);
  });

  it('gives the interesting qualifiers something to find', () => {
    const issues = w('issues');
    const prs = issues.filter((i) => i.pull_request);
    expect(prs.some((p) => p.pull_request.merged_at)).toBe(true); // is:merged
    expect(prs.some((p) => p.draft)).toBe(true); // draft:true
    expect(issues.some((i) => i.labels.some((l: Rec) => l.name === 'good first issue'))).toBe(true);
    expect(issues.some((i) => /@[a-z]/.test(i.body ?? ''))).toBe(true); // mentions:
    expect(issues.some((i) => i.reactions.total_count > 10)).toBe(true); // reactions:>10
    expect(issues.some((i) => i.state_reason === 'not_planned')).toBe(true); // reason:"not planned"
    expect(issues.some((i) => i.locked)).toBe(true); // is:locked
    expect(issues.some((i) => i.user.type === 'Bot')).toBe(true); // author:app/…
    expect(issues.some((i) => /[^\u0000-\u007f]/.test(i.title))).toBe(true); // non-ASCII text
    const repos = w('repositories');
    expect(repos.some((r) => r.stargazers_count > 10000)).toBe(true);
    expect(repos.some((r) => r.stargazers_count === 0)).toBe(true);
    for (const flag of ['archived', 'fork', 'is_template', 'private']) expect(repos.some((r) => r[flag]), flag).toBe(true);
    expect(repos.some((r) => r.mirror_url)).toBe(true);
    expect(repos.some((r) => r.license?.key === 'mit')).toBe(true);
    expect(w('commits').some((c) => c.parents.length === 2)).toBe(true); // merge:true
    expect(w('commits').some((c) => c.author === null)).toBe(true);
    expect(w('commits').some((c) => c.commit.author.date.endsWith('Z'))).toBe(true);
    expect(w('commits').some((c) => /[+-]\d\d:\d\d$/.test(c.commit.author.date))).toBe(true);
    expect(w('code').some((f) => f.path.startsWith('src/') && f.name.endsWith('.ts'))).toBe(true);
    expect(w('users').some((u) => u.type === 'Organization')).toBe(true);
    expect(w('users').some((u) => u.followers > 100)).toBe(true);
    expect(w('topics').some((t) => t.featured)).toBe(true);
    expect(w('topics').some((t) => (t.repository_count ?? 0) > 5)).toBe(true);
  });
});
