/**
 * REST rendering of planned issues: the `/search/issues` item, the nullable-milestone object, and the
 * `/pulls` object of each pull request.
 */
import { ISSUE_IDS, MILESTONE_IDS, PULL_IDS, allocateIds } from './id-curves.js';
import { DAY, NOW, isoZ, nodeId, sha1 } from './ids.js';
import { Rng } from './prng.js';
import { repoHead } from './repositories.js';
import { API, WEB, type RepositoryHead } from './urls.js';
import { labelRecord, type LabelRecord } from './labels.js';
import { isPullItem, must, type Association, type Item, type Milestone, type MilestoneRecord, type PullItem, type Repo } from './model.js';
import type { SimpleUser } from '../../src/import/github-shapes.js';

/**
 * Give issues, pull requests and milestones their database ids (growing with creation time).
 * @param items every planned issue and pull request
 * @param milestones every milestone
 */
export function assignIssueIds(items: readonly Item[], milestones: readonly Milestone[]): void {
  allocateIds(items, ISSUE_IDS, (x) => x.createdMs, new Rng('issue-ids'), (x, id) => (x.id = id));
  allocateIds(items.filter(isPullItem), PULL_IDS, (x) => x.createdMs, new Rng('pull-ids'), (x, id) => (x.pullId = id));
  allocateIds(milestones, MILESTONE_IDS, (m) => m.createdMs, new Rng('milestone-ids'), (m, id) => (m.id = id));
}

/** Settle a milestone's counts, state and dates from the issues assigned to it, and render its record. */
export function finishMilestone(m: Milestone): void {
  const open = m.issues.filter((x) => x.state === 'open').length;
  const closed = m.issues.length - open;
  const lastClose = Math.max(m.createdMs, ...m.issues.map((x) => x.closedMs ?? 0));
  const lastTouch = Math.max(m.createdMs, ...m.issues.map((x) => Math.min(x.updatedMs, NOW)));
  const isClosed = open === 0 && closed > 0 && m.dueMs !== null && m.dueMs < NOW - 30 * DAY;
  const closedMs = isClosed ? Math.min(NOW - DAY, Math.max(lastClose, m.dueMs ?? 0) + DAY) : null;
  const base = `${API}/repos/${m.repo.fullName}/milestones/${m.number}`;
  m.record = {
    url: base,
    html_url: `${WEB}/${m.repo.fullName}/milestone/${m.number}`,
    labels_url: `${base}/labels`,
    id: m.id,
    node_id: nodeId('Milestone', m.id),
    number: m.number,
    title: m.title,
    description: m.description,
    creator: m.creator.summary,
    open_issues: open,
    closed_issues: closed,
    state: isClosed ? 'closed' : 'open',
    created_at: isoZ(m.createdMs),
    updated_at: isoZ(Math.max(lastTouch, closedMs ?? 0)),
    due_on: m.dueMs === null ? null : isoZ(Math.floor(m.dueMs / DAY) * DAY + 7 * 3600000),
    closed_at: closedMs === null ? null : isoZ(closedMs),
  };
}

/** The reaction rollup of an issue or pull request. */
export type ReactionRollup = {
  url: string;
  total_count: number;
  '+1': number;
  '-1': number;
  laugh: number;
  hooray: number;
  confused: number;
  heart: number;
  rocket: number;
  eyes: number;
};

/** The `/search/issues` item of an issue or pull request (without `score`); `draft` and `pull_request` for pulls only. */
export type IssueRecord = {
  url: string;
  repository_url: string;
  labels_url: string;
  comments_url: string;
  events_url: string;
  html_url: string;
  id: number;
  node_id: string;
  number: number;
  title: string;
  user: SimpleUser;
  labels: LabelRecord[];
  state: 'open' | 'closed';
  locked: boolean;
  assignee: SimpleUser | null;
  assignees: SimpleUser[];
  milestone: MilestoneRecord | null;
  comments: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  author_association: Association;
  active_lock_reason: string | null;
  draft?: boolean;
  pull_request?: { url: string; html_url: string; diff_url: string; patch_url: string; merged_at: string | null };
  body: string | null;
  reactions: ReactionRollup;
  timeline_url: string;
  performed_via_github_app: null;
  state_reason: Item['stateReason'];
};

/** The `/search/issues` item of a planned issue or pull request (its milestone finished). */
export function issueRecord(x: Item): IssueRecord {
  const full = x.repo.fullName;
  const api = `${API}/repos/${full}/issues/${x.number}`;
  const html = `${WEB}/${full}/${x.isPull ? 'pull' : 'issues'}/${x.number}`;
  return {
    url: api,
    repository_url: `${API}/repos/${full}`,
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: html,
    id: x.id,
    node_id: x.isPull ? nodeId('PullRequest', x.pullId) : nodeId('Issue', x.id),
    number: x.number,
    title: x.title,
    user: x.author.summary,
    labels: x.labels.map(labelRecord),
    state: x.state,
    locked: x.locked,
    assignee: x.assignees[0]?.summary ?? null,
    assignees: x.assignees.map((a) => a.summary),
    milestone: x.milestone ? must(x.milestone.record, `milestone ${x.milestone.number} of ${x.repo.fullName}`) : null,
    comments: x.comments,
    created_at: isoZ(x.createdMs),
    updated_at: isoZ(x.updatedMs),
    closed_at: x.closedMs === null ? null : isoZ(x.closedMs),
    author_association: x.association,
    active_lock_reason: x.locked ? x.lockReason : null,
    ...(x.isPull ? pullFields(x) : {}),
    body: x.body,
    reactions: {
      url: `${api}/reactions`,
      total_count: x.reactions.total,
      '+1': x.reactions.counts['+1'],
      '-1': x.reactions.counts['-1'],
      laugh: x.reactions.counts.laugh,
      hooray: x.reactions.counts.hooray,
      confused: x.reactions.counts.confused,
      heart: x.reactions.counts.heart,
      rocket: x.reactions.counts.rocket,
      eyes: x.reactions.counts.eyes,
    },
    timeline_url: `${api}/timeline`,
    performed_via_github_app: null,
    state_reason: x.stateReason,
  };
}

/** The fields only a pull request's issue item has: `draft` and `pull_request`. */
function pullFields(x: PullItem): Pick<IssueRecord, 'draft' | 'pull_request'> {
  const pulls = `${WEB}/${x.repo.fullName}/pull/${x.number}`;
  return {
    draft: x.draft,
    pull_request: {
      url: `${API}/repos/${x.repo.fullName}/pulls/${x.number}`,
      html_url: pulls,
      diff_url: `${pulls}.diff`,
      patch_url: `${pulls}.patch`,
      merged_at: x.merged ? isoZ(must(x.closedMs, `closing instant of merged ${x.repo.fullName}#${x.number}`)) : null,
    },
  };
}

/** The identifying subset of a repository that `head.repo` and `base.repo` carry here (see {@link pullRecord}). */
export type PullRepository = Omit<RepositoryHead, 'owner' | 'description'>;

/** One side (head or base) of a pull request. */
export type PullBranch = { label: string; ref: string; sha: string; user: SimpleUser; repo: PullRepository };

/** The `/pulls` object of a pull request. */
export type PullRecord = {
  url: string;
  id: number;
  node_id: string;
  html_url: string;
  diff_url: string;
  patch_url: string;
  issue_url: string;
  number: number;
  state: 'open' | 'closed';
  locked: boolean;
  title: string;
  user: SimpleUser;
  body: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  merged_at: string | null;
  merge_commit_sha: string | null;
  requested_reviewers: SimpleUser[];
  requested_teams: never[];
  draft: boolean;
  head: PullBranch;
  base: PullBranch;
  author_association: Association;
  active_lock_reason: string | null;
  merged: boolean;
  comments: number;
  review_comments: number;
  commits: number;
  additions: number;
  deletions: number;
  changed_files: number;
};

/**
 * The `/pulls` object of a planned pull request (`merge_commit_sha` may be set by the commit builder).
 *
 * Size budget: GitHub embeds a whole repository object in `head.repo` and `base.repo` (~5 KB each with its owner
 * and 36 URL templates). That alone would put data/ far over its 5 MB budget, so here `repo` carries only the
 * identifying subset of those fields (`id`, `node_id`, `name`, `full_name`, `private`, `html_url`, `fork`, `url`),
 * each with GitHub's meaning and value; the owner is the sibling `user`.
 */
export function pullRecord(x: PullItem): PullRecord {
  const full = x.repo.fullName;
  const api = `${API}/repos/${full}/pulls/${x.number}`;
  const html = `${WEB}/${full}/pull/${x.number}`;
  const repoObject = (r: Repo): PullRepository => {
    const { owner: _owner, description: _description, ...head } = repoHead(r);
    return head;
  };
  return {
    url: api,
    id: x.pullId,
    node_id: nodeId('PullRequest', x.pullId),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${API}/repos/${full}/issues/${x.number}`,
    number: x.number,
    state: x.state,
    locked: x.locked,
    title: x.title,
    user: x.author.summary,
    body: x.body,
    created_at: isoZ(x.createdMs),
    updated_at: isoZ(x.updatedMs),
    closed_at: x.closedMs === null ? null : isoZ(x.closedMs),
    merged_at: x.merged ? isoZ(must(x.closedMs, `closing instant of merged ${x.repo.fullName}#${x.number}`)) : null,
    merge_commit_sha: x.mergeCommitSha ?? (x.state === 'open' || x.merged ? sha1(`merge:${full}#${x.number}`) : null),
    requested_reviewers: x.reviewers.map((u) => u.summary),
    requested_teams: [],
    draft: x.draft,
    head: {
      label: `${x.headOwner.login}:${x.branch}`,
      ref: x.branch,
      sha: x.headSha,
      user: x.headOwner.summary,
      repo: repoObject(x.headRepo),
    },
    base: {
      label: `${x.repo.owner.login}:${x.baseRef}`,
      ref: x.baseRef,
      sha: x.baseSha,
      user: x.repo.owner.summary,
      repo: repoObject(x.repo),
    },
    author_association: x.association,
    active_lock_reason: x.locked ? x.lockReason : null,
    merged: x.merged,
    comments: x.comments,
    review_comments: x.reviewComments,
    commits: x.commits,
    additions: x.additions,
    deletions: x.deletions,
    changed_files: x.changedFiles,
  };
}
