/**
 * Issues and pull requests of one repository: working objects with every decision taken (state, labels,
 * milestone, assignees, reactions, PR branches). REST records are rendered by issue-records.ts.
 */
import { DOMAINS, domainOf } from './catalog-domains.js';
import { DAY, HOUR, NOW, day, sha1 } from './ids.js';
import { bumpText, issueText, proseContext, pullText, type IssueKind } from './prose.js';
import { REACTION_KINDS, type Account, type Association, type Author, type Bot, type Item, type Milestone, type People, type PullDetails, type ReactionKind, type Reactions, type Repo } from './model.js';
import { Rng } from './prng.js';

/** Who works on a repository: `members` (owner or org members) and `outsiders` (everyone else who may show up). */
export function repoPeople(repo: Repo, accounts: readonly Account[]): People {
  const people = accounts.filter((a) => a.type === 'User' && !a.site_admin);
  const members = repo.owner.type === 'Organization' ? people.filter((p) => p.orgs.includes(repo.owner.login)) : [repo.owner];
  const rng = new Rng(`people:${repo.fullName}`);
  const others = people.filter((p) => !members.includes(p));
  const outsiders = rng.sample(others, Math.min(others.length, 4 + repo.weight * 2));
  return { members: members.length ? members : [repo.owner], outsiders };
}

/** Milestones of a repository (working objects; ids, counts and state are settled after issues are assigned). */
export function planMilestones(repo: Repo, members: readonly Account[]): Milestone[] {
  const rng = new Rng(`milestones:${repo.fullName}`);
  const count = repo.weight >= 6 ? 3 : repo.weight >= 3 ? 2 : repo.weight >= 2 && rng.chance(0.5) ? 1 : 0;
  const domain = DOMAINS[domainOf(repo)];
  const titles = domain.versions.slice(-count - 1);
  const span = repo.activeUntil - repo.activeFrom;
  const out: Milestone[] = [];
  for (let i = 0; i < count; i++) {
    const createdMs = repo.activeFrom + Math.floor(span * (0.45 + 0.15 * i)) + rng.int(0, 20) * DAY;
    const backlog = i === count - 1 && count >= 3;
    const title = backlog ? 'Backlog' : `v${titles[i]}`;
    out.push({
      number: i + 1,
      title,
      description: backlog ? 'Accepted ideas without a target release.' : rng.pick([`Everything planned for ${title}.`, `Release ${title}: fixes and small features.`, `Scope for the ${title} release. Move items out rather than slipping the date.`, '']),
      createdMs,
      dueMs: backlog ? null : Math.min(createdMs + rng.int(40, 160) * DAY, repo.activeUntil + 30 * DAY),
      creator: rng.pick(members),
      repo,
      issues: [],
      id: 0,
    });
  }
  return out;
}

/**
 * Plan `count` issues and pull requests of a repository (labels already built), in creation order. Each is added
 * to its milestone's `issues`; ids are 0 until assignIssueIds.
 * @param milestones from {@link planMilestones}
 * @param bots bot accounts by login
 * @param forksByOwnerAndParent `login|parentFullName` → fork repo
 */
export function planIssues(
  repo: Repo,
  count: number,
  people: People,
  milestones: readonly Milestone[],
  bots: ReadonlyMap<string, Bot>,
  forksByOwnerAndParent: ReadonlyMap<string, Repo>,
): Item[] {
  const rng = new Rng(`issues:${repo.fullName}`);
  const ctx = proseContext(repo, people.members);
  const labelByName = new Map(repo.labels.map((l) => [l.name, l]));
  const custom = repo.labels.filter((l) => !l.isDefault);
  const bot = bots.get('bumpwise[bot]');
  const from = repo.activeFrom;
  const until = repo.activeUntil - DAY;
  const times = Array.from({ length: count }, () => from + Math.floor(rng.next() * (until - from))).sort((a, b) => a - b);
  const gapMax = Math.max(1, Math.ceil(repo.stars / 260));
  let number = rng.int(1, Math.min(40, 1 + gapMax));
  const items: Item[] = [];
  const everyone = [...people.members, ...people.outsiders];

  for (let i = 0; i < count; i++) {
    const createdMs = times[i]! + rng.int(0, 3599) * 1000;
    const isPull = rng.chance(0.4);
    const isBump = isPull && bot !== undefined && createdMs > bot.createdMs && rng.chance(0.14);
    const i18n = rng.chance(0.035);
    const itemNumber = number;
    number += 1 + rng.int(0, gapMax);
    const labelNames: string[] = [];

    // Author and text.
    const mentions = rng.chance(0.25) ? rng.sample(everyone, rng.int(1, 2)).map((p) => p.login) : [];
    let author: Author;
    let text: { title: string; body: string | null; kind: string; branch: string };
    if (isBump && bot) {
      author = bot;
      const bump = bumpText(ctx, rng);
      text = { title: bump.title, body: bump.body, branch: bump.branch, kind: 'chore' };
      labelNames.push('dependencies');
    } else if (isPull) {
      author = rng.chance(0.65) ? rng.pick(people.members) : rng.pick(people.outsiders);
      const earlier = items.filter((x) => !x.isPull && x.createdMs < createdMs);
      const fixes = earlier.length && rng.chance(0.4) ? rng.pick(earlier).number : null;
      const pr = pullText(ctx, rng, { mentions, fixes, i18n });
      text = { title: pr.title, body: pr.body, branch: pr.branch, kind: pr.type };
      if (pr.type === 'docs') labelNames.push('documentation');
      if (pr.type === 'feat') labelNames.push('enhancement');
      if (pr.type === 'fix' && rng.chance(0.5)) labelNames.push('bug');
    } else {
      author = rng.chance(0.3) ? rng.pick(people.members) : rng.pick(people.outsiders);
      const kind = rng.weighted<IssueKind>([['bug', 5], ['feature', 3], ['docs', 1.5], ['question', 1.2]]);
      const issue = issueText(kind, ctx, rng, { mentions, i18n });
      text = { title: issue.title, body: issue.body, branch: '', kind };
      labelNames.push(ISSUE_KIND_LABELS[kind]);
      if (rng.chance(0.12)) labelNames.push('good first issue');
      if (rng.chance(0.12)) labelNames.push('help wanted');
      if (i18n && labelByName.has('i18n')) labelNames.push('i18n');
    }
    if (custom.length && rng.chance(0.35)) labelNames.push(rng.pick(custom).name);

    // State.
    const age = (NOW - createdMs) / (NOW - from + 1);
    const closed = repo.archived ? rng.chance(0.85) : rng.chance(0.3 + 0.55 * age);
    let closedMs: number | null = null;
    if (closed) {
      const lag = Math.max(HOUR, Math.floor(rng.heavyTail(2, 1.1, 900) * DAY) + rng.int(600, 86399) * 1000);
      closedMs = Math.min(createdMs + lag, repo.activeUntil, NOW - HOUR);
      if (closedMs <= createdMs) closedMs = createdMs + rng.int(300, 7200) * 1000;
    }
    let merged = false;
    let draft = false;
    let stateReason: Item['stateReason'];
    if (isPull) {
      merged = closed && rng.chance(isBump ? 0.6 : 0.8);
      draft = !closed ? rng.chance(0.3) : !merged && rng.chance(0.1);
      stateReason = null;
    } else if (closed) {
      stateReason = rng.chance(0.8) ? 'completed' : 'not_planned';
      if (stateReason === 'not_planned') labelNames.push(rng.pick(['duplicate', 'wontfix', 'invalid', 'wontfix']));
    } else {
      stateReason = rng.chance(0.05) ? 'reopened' : null;
    }

    // Activity.
    const comments = isBump ? rng.int(0, 2) : rng.heavyTail(2.2, 0.85, 240);
    const itemReactions = reactions(rng, repo.stars);
    const lastTouch = Math.max(closedMs ?? createdMs, createdMs + rng.int(0, 40) * DAY * (comments > 0 ? 1 : 0));
    let updatedMs = Math.min(NOW - rng.int(1, 3600) * 1000, lastTouch + rng.int(0, 48) * HOUR);
    if (updatedMs < (closedMs ?? createdMs)) updatedMs = closedMs ?? createdMs;

    // Assignees, lock, milestone.
    let assignees: Account[] = [];
    if (!isBump && rng.chance(0.32)) assignees = rng.sample(people.members, rng.chance(0.15) ? 2 : 1);
    let locked = false;
    let lockReason: string | null = null;
    if (closed && !isPull && rng.chance(0.04)) {
      locked = true;
      lockReason = rng.weighted([['resolved', 5], ['too heated', 2], ['off-topic', 1], ['spam', 1]]);
    }
    const fitting = milestones.filter((m) => m.createdMs < createdMs + 60 * DAY);
    const milestone = fitting.length && !isBump && rng.chance(0.35) ? rng.pick(fitting) : null;

    const base = {
      repo,
      number: itemNumber,
      createdMs,
      updatedMs,
      closedMs,
      author,
      title: text.title,
      body: text.body,
      kind: text.kind,
      mentions,
      labels: [],
      assignees,
      milestone,
      locked,
      lockReason,
      state: closed ? ('closed' as const) : ('open' as const),
      stateReason,
      merged,
      comments,
      reactions: itemReactions,
      association: association(author, repo, people, items, isPull),
      id: 0,
    };
    const labels = [...new Set(labelNames)].filter((name) => labelByName.has(name)).map((name) => labelByName.get(name)!);
    const item: Item = isPull ? { ...base, ...pullDetails(rng, repo, people, forksByOwnerAndParent, { author, closed, merged, isBump, number: itemNumber }), isPull: true, branch: text.branch, draft, labels } : { ...base, isPull: false, labels };
    milestone?.issues.push(item);
    items.push(item);
  }
  return items;
}

/** The label each issue kind gets. */
const ISSUE_KIND_LABELS: Readonly<Record<IssueKind, string>> = { bug: 'bug', feature: 'enhancement', docs: 'documentation', question: 'question' };

/** The branches, diff statistics, reviewers and merger of a planned pull request. */
function pullDetails(
  rng: Rng,
  repo: Repo,
  people: People,
  forksByOwnerAndParent: ReadonlyMap<string, Repo>,
  pr: { author: Author; closed: boolean; merged: boolean; isBump: boolean; number: number },
): PullDetails {
  const { author, closed, merged, isBump } = pr;
  const user = author.type === 'User' ? author : null;
  const fork = user ? forksByOwnerAndParent.get(`${user.login}|${repo.fullName}`) : undefined;
  const external = user !== null && !people.members.includes(user);
  let headOwner = fork && user ? user : repo.owner;
  if (external && !fork) headOwner = repo.owner;
  const baseRef = rng.chance(0.9) ? repo.branch : `release-${rng.int(1, 4)}.x`;
  const commits = isBump ? 1 : 1 + rng.heavyTail(1.5, 0.9, 60);
  const additions = isBump ? rng.int(2, 40) : rng.heavyTail(25, 1.0, 4000) + 1;
  const deletions = isBump ? rng.int(2, 40) : rng.heavyTail(12, 1.0, 3000);
  const changedFiles = Math.max(1, Math.min(commits * 3, 1 + Math.floor((additions + deletions) / rng.int(15, 90))));
  const reviewComments = isBump ? 0 : rng.heavyTail(1.5, 0.8, 80);
  const reviewers = !closed && !isBump && rng.chance(0.45) ? rng.sample(people.members.filter((m) => m !== author), rng.int(1, 2)) : [];
  const mergedBy = merged ? rng.pick(people.members) : null;
  return {
    headRepo: fork ?? repo,
    headOwner,
    baseRef,
    headSha: sha1(`head:${repo.fullName}#${pr.number}`),
    baseSha: sha1(`base:${repo.fullName}#${pr.number}`),
    commits,
    additions,
    deletions,
    changedFiles,
    reviewComments,
    reviewers,
    mergedBy,
    pullId: 0,
  };
}

/** A reaction rollup scaled loosely by the repository's popularity. */
function reactions(rng: Rng, stars: number): Reactions {
  const scale = stars > 10000 ? 2.5 : stars > 1000 ? 1.2 : 0.4;
  const total = rng.chance(0.45) ? 0 : rng.heavyTail(scale, 1.05, 900);
  const weights = [10, 1, 1, 2, 1, 3, 2, 1.5];
  const entries = REACTION_KINDS.map((k, j): readonly [ReactionKind, number] => [k, weights[j]!]);
  const counts = Object.fromEntries(REACTION_KINDS.map((k) => [k, 0])) as Record<ReactionKind, number>;
  for (let i = 0; i < total; i++) counts[rng.weighted(entries)]++;
  return { total, counts };
}

/** GitHub's author_association for an item's author, given the items planned before it. */
function association(author: Author, repo: Repo, people: People, earlier: readonly Item[], isPull: boolean): Association {
  if (author.type === 'Bot') return 'CONTRIBUTOR';
  if (author === repo.owner) return 'OWNER';
  if (people.members.includes(author)) return 'MEMBER';
  const priorPulls = earlier.filter((x) => x.isPull && x.author === author);
  if (priorPulls.some((x) => x.merged)) return 'CONTRIBUTOR';
  if (isPull && priorPulls.length === 0) return author.createdMs > day(2022, 1, 1) ? 'FIRST_TIMER' : 'FIRST_TIME_CONTRIBUTOR';
  return 'NONE';
}
