/**
 * A small generated dump with private records, for the visibility tests (issue #12): public and private
 * repositories of several owners, one name with both a public and a private record (`acme/twin`), a login that
 * appears only in private records (`zed`), and issues, commits, code files and labels whose words come from a
 * small vocabulary, so relevance statistics differ with and without the private records. Deterministic per seed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type Rec = Record<string, unknown>;

export const VOCABULARY = ['alpha', 'beta', 'gamma', 'delta', 'zebra', 'crash', 'parser', 'window', 'cache', 'token', 'stripe', 'garden'];

/** Repositories: full name → private? (`acme/twin` has both records; the private one comes last). */
export const REPOS: ReadonlyArray<readonly [string, boolean]> = [
  ['acme/open', false],
  ['acme/secret', true],
  ['bob/tools', false],
  ['carol/vault', true],
  ['acme/twin', false],
  ['acme/twin', true],
];
/** Logins of the public user records (`zed` is not among them: it appears in carol/vault's records only). */
export const USERS = ['acme', 'alice', 'bob', 'carol'];
export const PRIVATE_ONLY_LOGIN = 'zed';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function user(login: string, id: number): Rec {
  return { login, id, node_id: `U_${login}`, type: login === 'acme' ? 'Organization' : 'User', site_admin: false, url: `https://api.github.com/users/${login}`, html_url: `https://github.com/${login}` };
}

const ids = new Map<string, number>(USERS.map((login, i) => [login, 500 + i]));
ids.set(PRIVATE_ONLY_LOGIN, 599);

/** Write the dump to a fresh temp directory; returns it and the records by kind. */
export function generateDump(seed = 1, perRepo = 6): { dir: string; dump: Record<string, Rec[]> } {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = (n: number): string => Array.from({ length: 1 + Math.floor(random() * n) }, () => pick(VOCABULARY)).join(' ');
  const day = (): string => `2024-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}T0${Math.floor(random() * 9)}:00:00Z`;
  const dump: Record<string, Rec[]> = { repositories: [], issues: [], commits: [], code: [], labels: [], users: USERS.map((l) => user(l, ids.get(l)!)) };
  let id = 10_000;
  REPOS.forEach(([fullName, isPrivate], r) => {
    const [owner, name] = fullName.split('/') as [string, string];
    const api = `https://api.github.com/repos/${fullName}`;
    dump.repositories!.push({
      id: 9000 + r, node_id: `R_${r}`, name, full_name: fullName, private: isPrivate, owner: user(owner, ids.get(owner)!),
      html_url: `https://github.com/${fullName}`, description: words(6), fork: false, url: api,
      created_at: day(), updated_at: day(), pushed_at: day(), stargazers_count: Math.floor(random() * 50),
      forks_count: Math.floor(random() * 5), language: pick(['Python', 'Go', 'TypeScript']), topics: [pick(VOCABULARY)],
      archived: false, visibility: isPrivate ? 'private' : 'public', open_issues_count: 1, watchers_count: 1, size: 10,
    });
    // The twin's public record has no documents of its own: its name's documents follow the private record.
    if (fullName === 'acme/twin' && !isPrivate) return;
    const people = fullName === 'carol/vault' ? ['carol', PRIVATE_ONLY_LOGIN] : ['alice', 'bob', owner];
    for (let i = 1; i <= perRepo; i++) {
      const author = user(pick(people), 0);
      author.id = ids.get(String(author.login)) ?? 0;
      const labelName = pick(['bug', 'help wanted', 'docs']);
      dump.issues!.push({
        url: `${api}/issues/${i}`, repository_url: api, html_url: `https://github.com/${fullName}/issues/${i}`, id: id++,
        node_id: `I_${id}`, number: i, title: words(5), user: author,
        labels: [{ id: id++, name: labelName, color: 'ffffff', default: false, description: null }],
        state: random() < 0.7 ? 'open' : 'closed', locked: false, assignee: null, assignees: [], milestone: null,
        comments: Math.floor(random() * 12), created_at: day(), updated_at: day(), closed_at: null, author_association: 'MEMBER',
        body: words(25), reactions: { total_count: Math.floor(random() * 9), '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
      });
      const sha = (id++).toString(16).padStart(40, '0');
      dump.commits!.push({
        sha, url: `${api}/commits/${sha}`, html_url: `https://github.com/${fullName}/commit/${sha}`, comments_url: `${api}/commits/${sha}/comments`,
        commit: {
          url: `${api}/git/commits/${sha}`,
          author: { name: String(author.login), email: `${String(author.login)}@example.com`, date: day() },
          committer: { name: String(author.login), email: `${String(author.login)}@example.com`, date: day() },
          message: words(8), tree: { sha: 'e'.repeat(40), url: `${api}/git/trees/${'e'.repeat(40)}` }, comment_count: 0,
        },
        author, committer: author, parents: [],
      });
      const file = `${pick(['src', 'docs', 'lib'])}/${pick(VOCABULARY)}${i}.txt`;
      const blob = (id++).toString(16).padStart(40, '0');
      dump.code!.push({
        name: file.split('/')[1], path: file, sha: blob, size: 40, url: `${api}/contents/${file}?ref=main`,
        html_url: `https://github.com/${fullName}/blob/main/${file}`, git_url: `${api}/git/blobs/${blob}`, type: 'file',
        content: Buffer.from(`${words(20)}\n`).toString('base64'), encoding: 'base64',
      });
      if (i <= 2) {
        dump.labels!.push({ id: id++, node_id: `L_${id}`, url: `${api}/labels/${encodeURIComponent(labelName)}${i}`, name: `${labelName}${i}`, color: 'ffffff', default: false, description: words(4) });
      }
    }
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'ogs-access-dump-'));
  writeDump(dir, dump);
  return { dir, dump };
}

/** Write records by kind as `<kind>.json` files. */
export function writeDump(dir: string, dump: Record<string, Rec[]>): void {
  for (const [kind, records] of Object.entries(dump)) writeFileSync(path.join(dir, `${kind}.json`), JSON.stringify(records));
}
