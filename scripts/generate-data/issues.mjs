/**
 * Issues and pull requests of one repository: working objects with every decision taken (state, labels,
 * milestone, assignees, reactions, PR branches). REST records are rendered by issue-records.mjs.
 */
import { DOMAINS, domainOf } from './catalog-domains.mjs';
import { DAY, HOUR, NOW, day, sha1 } from './ids.mjs';
import { bumpText, issueText, proseContext, pullText } from './prose.mjs';
import { Rng } from './prng.mjs';

/** Who works on a repository: `members` (owner or org members) and `outsiders` (everyone else who may show up). */
export function repoPeople(repo, accounts) {
  const people = accounts.filter((a) => a.type === 'User' && !a.site_admin);
  const members = repo.owner.type === 'Organization' ? people.filter((p) => p.orgs.includes(repo.owner.login)) : [repo.owner];
  const rng = new Rng(`people:${repo.fullName}`);
  const others = people.filter((p) => !members.includes(p));
  const outsiders = rng.sample(others, Math.min(others.length, 4 + repo.weight * 2));
  return { members: members.length ? members : [repo.owner], outsiders };
}

/**
 * Milestones of a repository (working objects; counts and state are settled after issues are assigned).
 * @param {Record<string, any>} repo
 * @param {Array<Record<string, any>>} members
 */
export function planMilestones(repo, members) {
  const rng = new Rng(`milestones:${repo.fullName}`);
  const count = repo.weight >= 6 ? 3 : repo.weight >= 3 ? 2 : repo.weight >= 2 && rng.chance(0.5) ? 1 : 0;
  const domain = DOMAINS[domainOf(repo)];
  const titles = domain.versions.slice(-count - 1);
  const span = repo.activeUntil - repo.activeFrom;
  const out = [];
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
    });
  }
  return out;
}

/**
 * Plan `count` issues and pull requests of a repository.
 * @param {Record<string, any>} repo working repository (labels already built)
 * @param {number} count
 * @param {{ members: any[], outsiders: any[] }} people
 * @param {any[]} milestones from {@link planMilestones}
 * @param {Map<string, any>} bots
 * @param {Map<string, any>} forksByOwnerAndParent `login|parentFullName` → fork repo
 */
export function planIssues(repo, count, people, milestones, bots, forksByOwnerAndParent) {
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
  const items = [];
  const everyone = [...people.members, ...people.outsiders];

  for (let i = 0; i < count; i++) {
    const createdMs = times[i] + rng.int(0, 3599) * 1000;
    const isPull = rng.chance(0.4);
    const isBump = isPull && bot && createdMs > bot.createdMs && rng.chance(0.14);
    const i18n = rng.chance(0.035);
    const item = { repo, number, createdMs, isPull, labels: [], assignees: [], milestone: null, locked: false, lockReason: null };
    number += 1 + rng.int(0, gapMax);

    // Author and text.
    const mentions = rng.chance(0.25) ? rng.sample(everyone, rng.int(1, 2)).map((p) => p.login) : [];
    if (isBump) {
      item.author = bot;
      const bump = bumpText(ctx, rng);
      Object.assign(item, { title: bump.title, body: bump.body, branch: bump.branch, kind: 'chore' });
      item.labels.push('dependencies');
    } else if (isPull) {
      item.author = rng.chance(0.65) ? rng.pick(people.members) : rng.pick(people.outsiders);
      const earlier = items.filter((x) => !x.isPull && x.createdMs < createdMs);
      const fixes = earlier.length && rng.chance(0.4) ? rng.pick(earlier).number : null;
      const pr = pullText(ctx, rng, { mentions, fixes, i18n });
      Object.assign(item, { title: pr.title, body: pr.body, branch: pr.branch, kind: pr.type });
      if (pr.type === 'docs') item.labels.push('documentation');
      if (pr.type === 'feat') item.labels.push('enhancement');
      if (pr.type === 'fix' && rng.chance(0.5)) item.labels.push('bug');
    } else {
      item.author = rng.chance(0.3) ? rng.pick(people.members) : rng.pick(people.outsiders);
      const kind = rng.weighted([['bug', 5], ['feature', 3], ['docs', 1.5], ['question', 1.2]]);
      const text = issueText(kind, ctx, rng, { mentions, i18n });
      Object.assign(item, { title: text.title, body: text.body, kind });
      item.labels.push({ bug: 'bug', feature: 'enhancement', docs: 'documentation', question: 'question' }[kind]);
      if (rng.chance(0.12)) item.labels.push('good first issue');
      if (rng.chance(0.12)) item.labels.push('help wanted');
      if (i18n && labelByName.has('i18n')) item.labels.push('i18n');
    }
    item.mentions = mentions;
    if (custom.length && rng.chance(0.35)) item.labels.push(rng.pick(custom).name);

    // State.
    const age = (NOW - createdMs) / (NOW - from + 1);
    const closed = repo.archived ? rng.chance(0.85) : rng.chance(0.3 + 0.55 * age);
    item.state = closed ? 'closed' : 'open';
    if (closed) {
      const lag = Math.max(HOUR, Math.floor(rng.heavyTail(2, 1.1, 900) * DAY) + rng.int(600, 86399) * 1000);
      item.closedMs = Math.min(createdMs + lag, repo.activeUntil, NOW - HOUR);
      if (item.closedMs <= createdMs) item.closedMs = createdMs + rng.int(300, 7200) * 1000;
    } else {
      item.closedMs = null;
    }
    if (isPull) {
      item.merged = closed && rng.chance(isBump ? 0.6 : 0.8);
      item.draft = !closed ? rng.chance(0.3) : !item.merged && rng.chance(0.1);
      item.stateReason = null;
    } else if (closed) {
      item.stateReason = rng.chance(0.8) ? 'completed' : 'not_planned';
      if (item.stateReason === 'not_planned') item.labels.push(rng.pick(['duplicate', 'wontfix', 'invalid', 'wontfix']));
    } else {
      item.stateReason = rng.chance(0.05) ? 'reopened' : null;
    }

    // Activity.
    item.comments = isBump ? rng.int(0, 2) : rng.heavyTail(2.2, 0.85, 240);
    item.reactions = reactions(rng, repo.stars);
    const lastTouch = Math.max(item.closedMs ?? createdMs, createdMs + rng.int(0, 40) * DAY * (item.comments > 0 ? 1 : 0));
    item.updatedMs = Math.min(NOW - rng.int(1, 3600) * 1000, lastTouch + rng.int(0, 48) * HOUR);
    if (item.updatedMs < (item.closedMs ?? createdMs)) item.updatedMs = item.closedMs ?? createdMs;

    // Assignees, lock, milestone.
    if (!isBump && rng.chance(0.32)) item.assignees = rng.sample(people.members, rng.chance(0.15) ? 2 : 1);
    if (closed && !isPull && rng.chance(0.04)) {
      item.locked = true;
      item.lockReason = rng.weighted([['resolved', 5], ['too heated', 2], ['off-topic', 1], ['spam', 1]]);
    }
    const fitting = milestones.filter((m) => m.createdMs < createdMs + 60 * DAY);
    if (fitting.length && !isBump && rng.chance(0.35)) {
      item.milestone = rng.pick(fitting);
      item.milestone.issues.push(item);
    }

    // Association.
    item.association = association(item.author, repo, people, items, isPull);

    // Pull request details.
    if (isPull) {
      const author = item.author;
      const fork = author.type === 'User' ? forksByOwnerAndParent.get(`${author.login}|${repo.fullName}`) : undefined;
      const external = author.type === 'User' && !people.members.includes(author);
      item.headRepo = fork ?? repo;
      item.headOwner = fork ? author : repo.owner;
      if (external && !fork) item.headOwner = repo.owner;
      item.baseRef = rng.chance(0.9) ? repo.branch : `release-${rng.int(1, 4)}.x`;
      item.headSha = sha1(`head:${repo.fullName}#${item.number}`);
      item.baseSha = sha1(`base:${repo.fullName}#${item.number}`);
      item.commits = isBump ? 1 : 1 + rng.heavyTail(1.5, 0.9, 60);
      item.additions = isBump ? rng.int(2, 40) : rng.heavyTail(25, 1.0, 4000) + 1;
      item.deletions = isBump ? rng.int(2, 40) : rng.heavyTail(12, 1.0, 3000);
      item.changedFiles = Math.max(1, Math.min(item.commits * 3, 1 + Math.floor((item.additions + item.deletions) / rng.int(15, 90))));
      item.reviewComments = isBump ? 0 : rng.heavyTail(1.5, 0.8, 80);
      item.reviewers = !closed && !isBump && rng.chance(0.45) ? rng.sample(people.members.filter((m) => m !== author), rng.int(1, 2)) : [];
      item.mergedBy = item.merged ? rng.pick(people.members) : null;
    }
    item.labels = [...new Set(item.labels)].filter((name) => labelByName.has(name)).map((name) => labelByName.get(name));
    items.push(item);
  }
  return items;
}

/** A reaction rollup scaled loosely by the repository's popularity. */
function reactions(rng, stars) {
  const scale = stars > 10000 ? 2.5 : stars > 1000 ? 1.2 : 0.4;
  const total = rng.chance(0.45) ? 0 : rng.heavyTail(scale, 1.05, 900);
  const kinds = ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'];
  const weights = [10, 1, 1, 2, 1, 3, 2, 1.5];
  const counts = Object.fromEntries(kinds.map((k) => [k, 0]));
  for (let i = 0; i < total; i++) counts[rng.weighted(kinds.map((k, j) => [k, weights[j]]))]++;
  return { total, counts };
}

/** GitHub's author_association for an item's author. */
function association(author, repo, people, earlier, isPull) {
  if (author.type === 'Bot') return 'CONTRIBUTOR';
  if (author === repo.owner) return 'OWNER';
  if (people.members.includes(author)) return 'MEMBER';
  const priorPulls = earlier.filter((x) => x.isPull && x.author === author);
  if (priorPulls.some((x) => x.merged)) return 'CONTRIBUTOR';
  if (isPull && priorPulls.length === 0) return author.createdMs > day(2022, 1, 1) ? 'FIRST_TIMER' : 'FIRST_TIME_CONTRIBUTOR';
  return 'NONE';
}
