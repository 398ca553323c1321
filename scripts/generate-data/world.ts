/**
 * Builds the whole generated world in dependency order and returns the REST records per file:
 * accounts → repositories → labels → milestones, issues and pull requests → commits → code → topics,
 * then the counters that depend on the rest (open issues, forks, public repos, pushed dates).
 */
import { buildAccounts, userRecord, type UserRecord } from './accounts.js';
import { buildCode, plannedFileCount, type CodeRecord } from './code.js';
import { buildCommits, type CommitRecord } from './commits.js';
import { DAY, HOUR, NOW, sha1 } from './ids.js';
import { assignIssueIds, finishMilestone, issueRecord, pullRecord, type IssueRecord, type PullRecord } from './issue-records.js';
import { planIssues, planMilestones, repoPeople } from './issues.js';
import { buildLabels, labelRecord, type LabelRecord } from './labels.js';
import { isPullItem, type Item, type Milestone, type People, type Repo } from './model.js';
import { Rng } from './prng.js';
import { buildRepositories, repositoryRecord, type RepositoryRecord } from './repositories.js';
import { buildTopics, type TopicRecord } from './topics.js';

/** How many records of the large kinds to produce. */
export interface Targets {
  issues: number;
  commits: number;
  code: number;
}

/** The default targets (the size budget of data/ is 5 MB). */
export const TARGETS: Targets = { issues: 350, commits: 95, code: 70 };

/** The REST records of each file of the dump (`<name>.json`). */
export interface World {
  users: UserRecord[];
  repositories: RepositoryRecord[];
  labels: LabelRecord[];
  topics: TopicRecord[];
  issues: IssueRecord[];
  pulls: PullRecord[];
  commits: CommitRecord[];
  code: CodeRecord[];
}

/**
 * Split `total` among `items` proportionally to `weight(item)`, each getting at least `min` (and at most `cap(item)`).
 * Deterministic: leftovers go to the heaviest items first, ties by original order.
 */
export function apportion<T>(items: readonly T[], total: number, weight: (item: T) => number, min: number, cap: (item: T) => number = () => Infinity): Map<T, number> {
  const sum = items.reduce((s, x) => s + weight(x), 0);
  const out = new Map(items.map((x) => [x, Math.min(cap(x), Math.max(min, Math.floor((total * weight(x)) / sum)))]));
  let assigned = [...out.values()].reduce((s, n) => s + n, 0);
  const order = items.map((x, i) => [x, i] as const).sort((a, b) => weight(b[0]) - weight(a[0]) || a[1] - b[1]).map(([x]) => x);
  while (assigned < total) {
    const before = assigned;
    for (const x of order) {
      if (assigned >= total) break;
      const share = out.get(x) ?? 0;
      if (share < cap(x)) {
        out.set(x, share + 1);
        assigned++;
      }
    }
    if (assigned === before) break;
  }
  return out;
}

/** Generate the world: the records of every file of the dump. */
export function buildWorld(targets: Targets = TARGETS): World {
  const { accounts, byLogin, bots } = buildAccounts();
  const repos = buildRepositories(byLogin);
  const labels = buildLabels(repos);
  const forksByOwnerAndParent = new Map(repos.filter((r) => r.forkOf).map((r) => [`${r.owner.login}|${r.forkOf}`, r]));

  // Issues and pull requests.
  const active = repos.filter((r) => !r.forkOf && r.weight > 0);
  const issueQuota = apportion(active, targets.issues, (r) => Math.pow(r.weight, 1.7), 1);
  const items: Item[] = [];
  const milestones: Milestone[] = [];
  const peopleOf = new Map<Repo, People>();
  for (const r of active) {
    const people = repoPeople(r, accounts);
    peopleOf.set(r, people);
    const ms = planMilestones(r, people.members);
    const planned = planIssues(r, issueQuota.get(r) ?? 0, people, ms, bots, forksByOwnerAndParent);
    milestones.push(...ms);
    r.items = planned;
    items.push(...planned);
  }
  assignIssueIds(items, milestones);

  // Commits (they may settle merge commit shas of pull requests).
  const commitQuota = apportion(active, targets.commits, (r) => Math.pow(r.weight, 1.3), 1);
  const commits: CommitRecord[] = [];
  for (const r of active) {
    const fixed = r.items.filter((x) => !x.isPull && x.stateReason === 'completed').map((x) => x.number);
    const list = buildCommits(r, commitQuota.get(r) ?? 0, peopleOf.get(r)!, r.items.filter(isPullItem), fixed);
    commits.push(...list);
    const last = list[list.length - 1];
    r.headSha = last ? last.sha : sha1(`head:${r.fullName}`);
    r.lastCommitMs = last ? Date.parse(last.commit.committer.date) : r.activeUntil - 3 * DAY;
  }
  for (const r of repos) {
    if (!r.headSha) {
      r.headSha = sha1(`head:${r.fullName}`);
      r.lastCommitMs = r.forkOf ? Math.min(r.activeUntil, r.createdMs + 40 * DAY) : r.activeUntil - 5 * DAY;
    }
  }

  // Code.
  const withFiles = repos.filter((r) => plannedFileCount(r) > 0);
  const codeQuota = apportion(withFiles, targets.code, (r) => r.weight + 0.5, 1, (r) => plannedFileCount(r));
  const code = withFiles.flatMap((r) => buildCode(r, codeQuota.get(r) ?? 0));

  // Counters that depend on everything above.
  const rng = new Rng('finish');
  for (const r of repos) {
    const own = r.items;
    r.openIssues = own.filter((x) => x.state === 'open').length;
    const forksHere = repos.filter((f) => f.forkOf === r.fullName).length;
    r.forksCount = r.private || r.forkOf ? 0 : forksHere + Math.floor(r.stars * (rng.int(3, 16) / 100));
    const lastMerge = Math.max(0, ...own.filter((x) => x.merged).map((x) => x.closedMs ?? 0));
    const recentPush = !r.archived && !r.forkOf && r.weight >= 2 ? NOW - rng.int(0, 20 * (11 - Math.min(10, r.weight))) * HOUR * 6 : 0;
    r.pushedMs = Math.min(NOW - HOUR, Math.max(r.lastCommitMs, lastMerge, recentPush) + rng.int(0, 3600) * 1000);
    r.updatedMs = r.archived
      ? Math.min(NOW - HOUR, r.activeUntil + rng.int(1, 30) * DAY)
      : Math.max(r.pushedMs, r.stars > 50 ? NOW - rng.int(0, 5) * DAY - rng.int(3600, 86399) * 1000 : r.pushedMs);
    r.sizeKb = r.desc === null && r.stars === 0 ? 0 : Math.max(8, Math.floor((r.weight + 1) * rng.int(120, 2400) * (r.lang ? 1 : 0.2)));
  }
  for (const m of milestones) finishMilestone(m);
  for (const a of accounts) a.publicRepos = repos.filter((r) => r.owner === a && !r.private).length;

  const issueRecords = items.slice().sort((a, b) => a.id - b.id).map(issueRecord);
  const pullRecords = items.filter(isPullItem).sort((a, b) => a.pullId - b.pullId).map(pullRecord);
  commits.sort((a, b) => Date.parse(a.commit.committer.date) - Date.parse(b.commit.committer.date) || (a.sha < b.sha ? -1 : 1));
  code.sort((a, b) => a.repository.id - b.repository.id || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  return {
    users: accounts.map(userRecord),
    repositories: repos.map(repositoryRecord),
    labels: labels.map(labelRecord),
    topics: buildTopics(repos),
    issues: issueRecords,
    pulls: pullRecords,
    commits,
    code,
  };
}
