/**
 * Commits of one repository in the `/search/commits` item shape: short bursts of linked history, merge
 * commits for merged pull requests (two parents), squash commits that mention their pull request, and a few
 * commits whose author email is linked to no account (`author: null`).
 */
import { commitNodeId, DAY, HOUR, isoWithOffset, NOW, sha1 } from './ids.js';
import { commitMessage, proseContext } from './prose.js';
import { Rng } from './prng.js';
import { repoHead } from './repositories.js';
import { API, WEB, minimalRepository } from './urls.js';
import { must, type Account, type People, type PullItem, type Repo } from './model.js';
import type { MinimalRepository, SimpleUser } from '../../src/import/github-shapes.js';

/** A git identity with its date (ISO 8601 with the author's UTC offset). */
export type GitIdentity = { name: string; email: string; date: string };

/** A commit parent. */
export type CommitParent = { url: string; html_url: string; sha: string };

/** The `/search/commits` item of a commit (without `score`). */
export type CommitRecord = {
  url: string;
  sha: string;
  node_id: string;
  html_url: string;
  comments_url: string;
  commit: {
    url: string;
    author: GitIdentity;
    committer: GitIdentity;
    message: string;
    tree: { url: string; sha: string };
    comment_count: number;
  };
  /** Null when the author's email is linked to no account. */
  author: SimpleUser | null;
  committer: SimpleUser;
  parents: CommitParent[];
  repository: MinimalRepository;
};

/** One planned commit: a merge or squash commit of a pull request, or a plain commit, at instant `ms`. */
type Step = { kind: 'merge' | 'squash'; pr: PullItem; ms: number } | { kind: 'plain'; ms: number };

/** Git identities that belong to no account in the world (their commits have `author: null`). */
const UNLINKED = [
  { name: 'Build Robot', email: 'build-robot@ci.invalid', tz: 0 },
  { name: 'vagrant', email: 'vagrant@localhost', tz: -420 },
  { name: 'Ana P.', email: 'ana.p@laptop.local', tz: 60 },
  { name: 'release-script', email: 'release@pipelines.invalid', tz: 0 },
];

/** The email a person commits with: the public one, else GitHub's no-reply form. */
export function commitEmail(account: Account): string {
  return account.email ?? `${account.id}+${account.login}@users.noreply.github.com`;
}

/** The git identity of an account at instant `ms`, in its own UTC offset. */
function gitIdentity(account: Account, ms: number): GitIdentity {
  return { name: account.name ?? account.login, email: commitEmail(account), date: isoWithOffset(ms, account.tz) };
}

/**
 * Plan and render the commits of a repository: `count` commit records, oldest first. Also sets
 * `pull.mergeCommitSha` of the pull requests whose merge or squash commit it writes.
 * @param pulls planned pull requests of this repository (merged ones may get merge commits)
 * @param fixedIssues numbers of completed issues that a commit message may close
 */
export function buildCommits(repo: Repo, count: number, people: People, pulls: readonly PullItem[], fixedIssues: readonly number[]): CommitRecord[] {
  if (count <= 0) return [];
  const rng = new Rng(`commits:${repo.fullName}`);
  const ctx = proseContext(repo, people.members);
  const closedAt = (p: PullItem): number => must(p.closedMs, `closing instant of merged ${repo.fullName}#${p.number}`);
  const merged = pulls.filter((p) => p.merged).sort((a, b) => closedAt(a) - closedAt(b));
  const mergeCount = Math.min(merged.length, Math.round(count * 0.2));
  const mergeTargets = rng.sample(merged, mergeCount);
  const squashPool = merged.filter((p) => !mergeTargets.includes(p));

  const plan: Step[] = mergeTargets.map((pr) => ({ kind: 'merge', pr, ms: closedAt(pr) }));
  const start = repo.activeFrom + DAY;
  const end = Math.min(repo.activeUntil, NOW - HOUR);
  while (plan.length < count) {
    let t = start + Math.floor(rng.next() * Math.max(DAY, end - start));
    const burst = Math.min(count - plan.length, rng.int(2, 6));
    for (let i = 0; i < burst && t < end; i++) {
      const squash = squashPool.length && rng.chance(0.2) ? squashPool.splice(rng.int(0, squashPool.length - 1), 1)[0] : undefined;
      plan.push(squash ? { kind: 'squash', pr: squash, ms: closedAt(squash) } : { kind: 'plain', ms: t });
      t += rng.int(1, 30) * HOUR + rng.int(0, 3599) * 1000;
    }
  }
  plan.sort((a, b) => a.ms - b.ms);

  const issueNumbers = fixedIssues;
  const repoObject = minimalRepository(repoHead(repo));
  const out: CommitRecord[] = [];
  let previous: { sha: string; ms: number } | null = null;
  plan.forEach((step, index) => {
    const sha = sha1(`commit:${repo.fullName}:${index}:${step.kind}:${step.ms}`);
    let author: (typeof UNLINKED)[number] | undefined;
    let authorUser: Account | null;
    let committerUser: Account;
    let message: string;
    let authorMs = step.ms;
    const mergedBy = (pr: PullItem): Account => must(pr.mergedBy, `merger of ${repo.fullName}#${pr.number}`);
    if (step.kind === 'merge') {
      committerUser = mergedBy(step.pr);
      authorUser = committerUser;
      const from = `${step.pr.headOwner.login}/${step.pr.branch}`;
      message = `Merge pull request #${step.pr.number} from ${from}\n\n${step.pr.title}`;
      step.pr.mergeCommitSha = sha;
    } else if (step.kind === 'squash') {
      committerUser = mergedBy(step.pr);
      authorUser = step.pr.author.type === 'User' ? step.pr.author : committerUser;
      message = `${step.pr.title} (#${step.pr.number})`;
      if (step.pr.body && rng.chance(0.5)) message += `\n\n${step.pr.body.split('\n\n')[0]}`;
      step.pr.mergeCommitSha = sha;
      authorMs = step.pr.createdMs + Math.floor((step.ms - step.pr.createdMs) / 2);
    } else {
      authorUser = rng.chance(0.75) ? rng.pick(people.members) : rng.pick(people.outsiders);
      committerUser = rng.chance(0.85) ? authorUser : rng.pick(people.members);
      const ref = issueNumbers.length && rng.chance(0.1) ? rng.pick(issueNumbers) : null;
      message = commitMessage(ctx, rng, { issueRef: ref });
      if (committerUser !== authorUser) authorMs = step.ms - rng.int(1, 72) * HOUR;
      if (rng.chance(0.1)) {
        author = rng.pick(UNLINKED);
        authorUser = null;
      }
      if (rng.chance(0.08) && authorUser) {
        const pair = rng.pick(people.members.filter((m) => m !== authorUser).concat(people.outsiders));
        message += `\n\nCo-authored-by: ${pair.name ?? pair.login} <${commitEmail(pair)}>`;
      }
    }
    const authorIdent: GitIdentity = author
      ? { name: author.name, email: author.email, date: isoWithOffset(authorMs, author.tz) }
      : gitIdentity(must(authorUser, `author of commit ${index} of ${repo.fullName}`), authorMs);
    const committerIdent = gitIdentity(committerUser, step.ms);
    const parentShas: string[] = [];
    parentShas.push(previous !== null && step.ms - previous.ms < 21 * DAY ? previous.sha : sha1(`unsampled:${repo.fullName}:${index}`));
    if (step.kind === 'merge') parentShas.push(step.pr.headSha);
    const tree = sha1(`tree:${sha}`);
    const api = `${API}/repos/${repo.fullName}`;
    out.push({
      url: `${api}/commits/${sha}`,
      sha,
      node_id: commitNodeId(repo.id, sha),
      html_url: `${WEB}/${repo.fullName}/commit/${sha}`,
      comments_url: `${api}/commits/${sha}/comments`,
      commit: {
        url: `${api}/git/commits/${sha}`,
        author: authorIdent,
        committer: committerIdent,
        message,
        tree: { url: `${api}/git/trees/${tree}`, sha: tree },
        comment_count: rng.chance(0.9) ? 0 : rng.int(1, 4),
      },
      author: authorUser ? authorUser.summary : null,
      committer: committerUser.summary,
      parents: parentShas.map((p) => ({ url: `${api}/commits/${p}`, html_url: `${WEB}/${repo.fullName}/commit/${p}`, sha: p })),
      repository: repoObject,
    });
    previous = { sha, ms: step.ms };
  });
  return out;
}
