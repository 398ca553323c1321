/**
 * REST rendering of planned issues: the `/search/issues` item, the nullable-milestone object, and the
 * `/pulls` object of each pull request.
 */
import { ISSUE_IDS, MILESTONE_IDS, PULL_IDS, allocateIds } from './id-curves.mjs';
import { DAY, NOW, isoZ, nodeId, sha1 } from './ids.mjs';
import { Rng } from './prng.mjs';
import { repoHead } from './repositories.mjs';
import { API, WEB } from './urls.mjs';

/**
 * Give issues, pull requests and milestones their database ids (growing with creation time).
 * @param {any[]} items every planned issue and pull request
 * @param {any[]} milestones every milestone
 */
export function assignIssueIds(items, milestones) {
  allocateIds(items, ISSUE_IDS, (x) => x.createdMs, new Rng('issue-ids'), (x, id) => (x.id = id));
  allocateIds(items.filter((x) => x.isPull), PULL_IDS, (x) => x.createdMs, new Rng('pull-ids'), (x, id) => (x.pullId = id));
  allocateIds(milestones, MILESTONE_IDS, (m) => m.createdMs, new Rng('milestone-ids'), (m, id) => (m.id = id));
}

/**
 * Settle each milestone's counts, state and dates from the issues assigned to it, and render its record.
 * @param {any} m working milestone (with `repo` and `issues`)
 */
export function finishMilestone(m) {
  const open = m.issues.filter((x) => x.state === 'open').length;
  const closed = m.issues.length - open;
  const lastClose = Math.max(m.createdMs, ...m.issues.map((x) => x.closedMs ?? 0));
  const lastTouch = Math.max(m.createdMs, ...m.issues.map((x) => Math.min(x.updatedMs, NOW)));
  const isClosed = open === 0 && closed > 0 && m.dueMs !== null && m.dueMs < NOW - 30 * DAY;
  const closedMs = isClosed ? Math.min(NOW - DAY, Math.max(lastClose, m.dueMs) + DAY) : null;
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

/**
 * The `/search/issues` item of a planned issue or pull request (without `score`).
 * @param {any} x
 */
export function issueRecord(x) {
  const full = x.repo.fullName;
  const api = `${API}/repos/${full}/issues/${x.number}`;
  const html = `${WEB}/${full}/${x.isPull ? 'pull' : 'issues'}/${x.number}`;
  const record = {
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
    labels: x.labels.map((l) => l.record),
    state: x.state,
    locked: x.locked,
    assignee: x.assignees.length ? x.assignees[0].summary : null,
    assignees: x.assignees.map((a) => a.summary),
    milestone: x.milestone ? x.milestone.record : null,
    comments: x.comments,
    created_at: isoZ(x.createdMs),
    updated_at: isoZ(x.updatedMs),
    closed_at: x.closedMs === null ? null : isoZ(x.closedMs),
    author_association: x.association,
    active_lock_reason: x.locked ? x.lockReason : null,
  };
  if (x.isPull) {
    const pulls = `${WEB}/${full}/pull/${x.number}`;
    record.draft = x.draft;
    record.pull_request = {
      url: `${API}/repos/${full}/pulls/${x.number}`,
      html_url: pulls,
      diff_url: `${pulls}.diff`,
      patch_url: `${pulls}.patch`,
      merged_at: x.merged ? isoZ(x.closedMs) : null,
    };
  }
  record.body = x.body;
  record.reactions = {
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
  };
  record.timeline_url = `${api}/timeline`;
  record.performed_via_github_app = null;
  record.state_reason = x.stateReason;
  return record;
}

/**
 * The `/pulls` object of a planned pull request (`merge_commit_sha` may be set by the commit builder).
 *
 * Size budget: GitHub embeds a whole repository object in `head.repo` and `base.repo` (~5 KB each with its owner
 * and 36 URL templates). That alone would put data/ far over its 5 MB budget, so here `repo` carries only the
 * identifying subset of those fields (`id`, `node_id`, `name`, `full_name`, `private`, `html_url`, `fork`, `url`),
 * each with GitHub's meaning and value; the owner is the sibling `user`.
 * @param {any} x
 */
export function pullRecord(x) {
  const full = x.repo.fullName;
  const api = `${API}/repos/${full}/pulls/${x.number}`;
  const html = `${WEB}/${full}/pull/${x.number}`;
  const repoObject = (r) => {
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
    merged_at: x.merged ? isoZ(x.closedMs) : null,
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
