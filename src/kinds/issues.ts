/**
 * `/search/issues`: issues and pull requests (reference §2.1). Advanced syntax (parentheses, AND/OR between
 * qualifiers) is on, as on GitHub since 2025-09 (§1.6).
 */
import { apiRoot, repoNameOf, repositoryObjectUrl, userSummary, visibilityVia } from './common.js';
import type { RawRecord } from './kind.js';
import { MESSAGES } from '../api-error.js';
import { containsTrue, toEpochMs } from './qualifier-values.js';
import { isPullRequest, pullSnapshot, type PullSnapshot } from './pull-snapshot.js';
import { at, boolQ, dateQ, enumQ, languageQ, num, numberQ, onBoolean, onStrings, scopeQualifiers, str, textQ, time, unsupportedQ } from './qualifiers.js';
import type { KindSpec, QualifierSpec, RankSpec } from './spec.js';
import type { CollectionView, Getter } from './collection-view.js';
import { DAY_MS, expDecay } from './rank-decay.js';
import { matchesSha, numberWords, shaWords } from './rank-words.js';

const repoOf: Getter<string | undefined> = (r) => repoNameOf(r, 'repository_url', 'html_url');
const repoRecord = (r: RawRecord, c: CollectionView): RawRecord | undefined => {
  const embedded = r.repository;
  if (embedded && typeof embedded === 'object') return embedded as RawRecord;
  const name = repoOf(r, 0, c);
  return name ? c.repository(name) : undefined;
};

/** `{root}/repositories/{repository id}/issues/{number}` (GitHub's text-match object_url for issues, §3.6). */
const objectUrl: Getter<string> = (r, _d, c) => repositoryObjectUrl(repoRecord(r, c)?.id, apiRoot(r.url), `/issues/${String(r.number)}`, r.url);
const isPr: Getter<boolean> = (r) => isPullRequest(r);
/** The record joined with its `/pulls` record as one snapshot (pull-snapshot.ts). */
const snapshot = (r: RawRecord, doc: number, c: CollectionView): PullSnapshot => pullSnapshot(r, isPullRequest(r) ? c.pullOf(doc) : undefined);
const isMerged: Getter<boolean> = (r, doc, c) =>
  isPr(r, doc, c) && (snapshot(r, doc, c).mergedAt !== null || c.pullOf(doc)?.merged === true);
const state: Getter<string | undefined> = (r, doc, c) => (isPullRequest(r) && c.pullOf(doc)?.merged === true ? 'closed' : snapshot(r, doc, c).state);
const mergedAt: Getter<number | undefined> = (r, doc, c) => toEpochMs(snapshot(r, doc, c).mergedAt);
const logins = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((u) => at(u, 'login')).filter((l): l is string => typeof l === 'string') : [];
const assignees: Getter<string[]> = (r) => {
  const all = logins(r.assignees);
  const single = at(r, 'assignee.login');
  if (typeof single === 'string' && !all.includes(single)) all.push(single);
  return all;
};
const authorLogin = (r: RawRecord): string | undefined => {
  const login = at(r, 'user.login');
  return typeof login === 'string' ? login : undefined;
};
const author: Getter<string | undefined> = (r) => authorLogin(r);
const reactions = (key: string): Getter<number | undefined> => num(`reactions.${key}`);
const interactions: Getter<number | undefined> = (r) => {
  const comments = typeof r.comments === 'number' ? r.comments : 0;
  const total = at(r, 'reactions.total_count');
  return comments + (typeof total === 'number' ? total : 0);
};
/** Logins @-mentioned in the body (`@name`, not inside an e-mail address). */
const mentioned: Getter<string[]> = (r) =>
  typeof r.body === 'string' ? [...r.body.matchAll(/(?<![\w@])@([A-Za-z0-9][A-Za-z0-9-]*(?:\/[\w.-]+)?)/g)].map((m) => m[1]!) : [];
const requestedReviewers: Getter<string[]> = (_r, doc, c) => logins(c.pullOf(doc)?.requested_reviewers);
const requestedTeams: Getter<string[]> = (_r, doc, c) => {
  const pull = c.pullOf(doc);
  const org = repoOf(_r, doc, c)?.split('/')[0];
  const teams = Array.isArray(pull?.requested_teams) ? pull.requested_teams : [];
  return teams.map((t) => `${org}/${at(t, 'slug')}`);
};

/** `type:issue|pr`, or an issue type by name (`type:"Bug"`, §2.1). */
const typeName = str('type.name');
const typeQ: QualifierSpec = {
  list: true,
  columns: [
    { get: isPr, type: 'boolean' },
    { get: typeName, type: 'strings' },
  ],
  compile(value, { c }) {
    const v = value.trim().toLowerCase();
    if (v === 'issue') return onBoolean(c, isPr, false);
    if (v === 'pr' || v === 'pull-request') return onBoolean(c, isPr, true);
    // A record without a type matches only `type:""`, as String(undefined ?? '') did.
    const typed = onStrings(c, typeName, (s) => s.toLowerCase() === v);
    if (v !== '') return typed;
    const any = onStrings(c, typeName, () => true);
    return (doc) => typed(doc) || !any(doc);
  },
};

/** `author:login` or `author:app/NAME` (an integration acts as the `NAME[bot]` user). */
const authorQ: QualifierSpec = {
  ...textQ((r) => {
    const login = authorLogin(r);
    const app = at(r, 'performed_via_github_app.slug');
    const bot = login?.endsWith('[bot]') ? `app/${login.slice(0, -5)}` : undefined;
    return [login, bot, typeof app === 'string' ? `app/${app}` : undefined].filter((x): x is string => !!x);
  }),
  users: 'refuse',
};

const assigneeQ: QualifierSpec = {
  list: true,
  users: 'refuse',
  columns: [{ get: assignees, type: 'strings' }],
  compile(value, ctx) {
    if (value.trim() === '*') return onStrings(ctx.c, assignees, () => true);
    return textQ(assignees).compile(value, ctx);
  },
};

/**
 * The snapshot's fields on an issue item (pull-snapshot.ts): `state`, `closed_at`; for a pull request also `draft`
 * (boolean, gh reads it) and `pull_request` with `merged_at` (gh's `--merged` reads it; null when unmerged) and its
 * required `url` (derived from the item's `url` when an old record lacks it).
 */
function snapshotFields(record: RawRecord, pull: RawRecord | undefined): Record<string, unknown> {
  const snap = pullSnapshot(record, pull);
  const fields: Record<string, unknown> = {};
  if (snap.state !== undefined) fields.state = snap.state;
  fields.closed_at = snap.closedAt;
  if (!isPullRequest(record)) return fields;
  const links = { ...(record.pull_request as RawRecord) };
  if (typeof links.url !== 'string' && typeof record.url === 'string') links.url = record.url.replace(/\/issues\/(\d+)$/, '/pulls/$1');
  fields.draft = snap.draft ?? false;
  fields.pull_request = { ...links, merged_at: snap.mergedAt };
  return fields;
}

const scope = scopeQualifiers(repoOf);
/** `sort=relevance`: no sort value on any issue, so the score tie-break alone orders (Part A §3.3). */
const relevanceOnly: Getter<number | undefined> = () => undefined;
const created = time('created_at');
const issueNumber = num('number');
const updated = time('updated_at');

/**
 * Best match on issues (code reference Part A §3.2): (text score + 100 per issue-number hit + 100 per PR commit
 * SHA-prefix hit) × (exp decay on created_at, scale 42 d, 0.5 + exp decay on updated_at, scale 84 d, 0.5 + 2 when
 * open), ages measured from the clock (newest created/updated over public issues). Number and SHA words count only
 * without `in:`, and also match on their own (GitHub ORs them with the text query; here each such word matches its
 * text or the number/SHA). A PR's commit SHAs are the head and merge commits of its `/pulls` record. Without text: newest
 * first (`created desc`, §3.3).
 */
export const issuesRank: RankSpec = {
  defaultSort: { key: 'created', order: 'desc' },
  signals: {
    created,
    updated,
    open: (r, d, c) => (state(r, d, c) === 'open' ? 1 : 0),
    number: issueNumber,
  },
  clock: ['created', 'updated'],
  priors: {
    factor: (signal, clock) =>
      expDecay(signal('created'), clock, 42 * DAY_MS) + expDecay(signal('updated'), clock, 84 * DAY_MS) + (signal('open') === 1 ? 2 : 0),
  },
  alsoMatches(word, c) {
    const wanted = numberWords([word])[0];
    if (wanted !== undefined) {
      const numbers = c.column(issueNumber);
      if (numbers?.type === 'number') return (doc) => numbers.values[doc] === wanted;
      return (doc) => c.records[doc]!.number === wanted;
    }
    const shas = shaWords([word]);
    if (shas.length === 0) return undefined;
    return (doc) => {
      const pull = c.pullOf(doc);
      return pull !== undefined && (matchesSha(at(pull, 'head.sha'), shas) || matchesSha(pull.merge_commit_sha, shas));
    };
  },
  score(text, signal, ctx, doc) {
    let base = text;
    if (ctx.defaultFields) {
      if (ctx.numbers.includes(signal('number'))) base += 100;
      const pull = ctx.shas.length > 0 ? ctx.c.pullOf(doc) : undefined;
      if (pull && (matchesSha(at(pull, 'head.sha'), ctx.shas) || matchesSha(pull.merge_commit_sha, ctx.shas))) base += 100;
    }
    return base * signal('factor');
  },
  linear: { applies: (ctx) => !ctx.defaultFields || (ctx.numbers.length === 0 && ctx.shas.length === 0), multiplier: 'factor' },
};
const repoLanguage: Getter<string | undefined> = (r, _d, c) => {
  const lang = repoRecord(r, c)?.language;
  return typeof lang === 'string' ? lang : undefined;
};
const mentionsQ = textQ(mentioned, 'exact', { users: 'refuse' });
const labelNames: Getter<string[]> = (r) => (Array.isArray(r.labels) ? r.labels.map((l) => String(at(l, 'name') ?? '')) : []);
const labelQ = textQ(labelNames);
const milestoneTitle = str('milestone.title');
const hasMilestone: Getter<boolean> = (r) => r.milestone != null;

/** `milestone:TITLE`; `*`/`any` → has a milestone, `none`/`no` → has none (Part A §2.3 "Milestone"). */
const milestoneQ: QualifierSpec = {
  columns: [{ get: milestoneTitle, type: 'strings' }, { get: hasMilestone, type: 'boolean' }],
  read: (value) => {
    const v = value.trim().toLowerCase();
    return { shown: v === '*' || v === 'any' ? '(any milestone)' : v === 'none' || v === 'no' ? '(no milestone)' : v };
  },
  compile(value, ctx) {
    const v = value.trim().toLowerCase();
    if (v === '*' || v === 'any') return onBoolean(ctx.c, hasMilestone, true);
    if (v === 'none' || v === 'no') return onBoolean(ctx.c, hasMilestone, false);
    return textQ(milestoneTitle).compile(value, ctx);
  },
};

const isOpen: Getter<boolean> = (r, d, c) => state(r, d, c) === 'open';
const isClosed: Getter<boolean> = (r, d, c) => state(r, d, c) === 'closed';
const isDraft: Getter<boolean> = (r, d, c) => snapshot(r, d, c).draft === true;
/** The presence families of `has:` and `no:` (Part A §3.6) whose data REST records carry. */
const presence: Record<string, Getter<boolean>> = {
  label: (r) => Array.isArray(r.labels) && r.labels.length > 0,
  labels: (r) => Array.isArray(r.labels) && r.labels.length > 0,
  milestone: hasMilestone,
  milestones: hasMilestone,
  assignee: (r, d, c) => assignees(r, d, c).length > 0,
  type: (r) => typeof at(r, 'type.name') === 'string',
  'review-requested': (r, d, c) => requestedReviewers(r, d, c).length > 0,
};
const absence = Object.fromEntries(Object.entries(presence).map(([k, has]) => [k, ((r, d, c) => !has(r, d, c)) as Getter<boolean>]));

/** `reason:completed` also takes closures with no reason stored (Part A §3.1); `not planned` → `not_planned`. */
const reasonQ = enumQ({
  completed: (r, d, c) => isClosed(r, d, c) && (r.state_reason == null || r.state_reason === 'completed'),
  'not planned': (r) => r.state_reason === 'not_planned',
  not_planned: (r) => r.state_reason === 'not_planned',
  reopened: (r) => r.state_reason === 'reopened',
  duplicate: (r) => r.state_reason === 'duplicate',
});

/** Builds the table of `/search/issues` (called once, on the kind's first use: catalog.ts). */
export const issues = (): KindSpec => ({
  kind: 'issues',
  fields: [
    {
      name: 'title',
      analyzer: 'prose',
      // GitHub: title^1.5, body, comments.body^0.8 (code reference Part A §3.2; comments are not in REST records).
      boost: 1.5,
      get: str('title'),
      textMatch: { property: 'title', objectType: 'Issue', objectUrl, whole: true },
    },
    {
      name: 'body',
      analyzer: 'prose',
      boost: 1,
      get: str('body'),
      textMatch: { property: 'body', objectType: 'Issue', objectUrl },
    },
  ],
  defaultFields: ['title', 'body'],
  inValues: { title: ['title'], body: ['body'] },
  qualifiers: {
    ...scope,
    type: typeQ,
    // Anything `is:` does not know is a label (Part A §3.1, §3.6).
    is: enumQ(
      {
        issue: (r, d, c) => !isPr(r, d, c),
        pr: isPr,
        'pull-request': isPr,
        open: isOpen,
        closed: isClosed,
        merged: isMerged,
        unmerged: (r, d, c) => isPr(r, d, c) && !isMerged(r, d, c),
        locked: (r) => r.locked === true,
        unlocked: (r) => r.locked !== true,
        public: (r, d, c) => !visibilityVia(r, repoOf(r, d, c), c).private,
        private: (r, d, c) => visibilityVia(r, repoOf(r, d, c), c).private,
        draft: isDraft,
      },
      {},
      { name: 'label', spec: labelQ },
    ),
    // `state:merged` and `state:draft` act as `is:` (Part A §3.6).
    state: enumQ({ open: isOpen, closed: isClosed, merged: isMerged, draft: isDraft }),
    reason: reasonQ,
    author: authorQ,
    assignee: assigneeQ,
    mentions: mentionsQ,
    team: textQ(mentioned),
    involves: {
      ...textQ((r, d, c) =>
        [author(r, d, c), ...assignees(r, d, c), ...mentioned(r, d, c), ...requestedReviewers(r, d, c)].filter((x): x is string => !!x),
      ),
      users: 'refuse',
    },
    commenter: unsupportedQ('issue records carry no comments', { users: 'refuse' }),
    label: labelQ,
    milestone: milestoneQ,
    project: unsupportedQ('issue records carry no project links'),
    has: enumQ(presence),
    no: enumQ(absence, { negatable: false }),
    linked: unsupportedQ('issue records carry no timeline links'),
    language: languageQ(repoLanguage),
    lang: languageQ(repoLanguage),
    comments: numberQ(num('comments')),
    interactions: numberQ(interactions),
    reactions: numberQ(reactions('total_count')),
    draft: boolQ((r, d, c) => (isPr(r, d, c) ? isDraft(r, d, c) : undefined), containsTrue),
    review: unsupportedQ('issue records carry no review state'),
    'reviewed-by': unsupportedQ('issue records carry no reviews', { users: 'refuse' }),
    'review-requested': textQ(requestedReviewers, 'exact', { users: 'refuse' }),
    'user-review-requested': textQ(requestedReviewers, 'exact', { users: 'refuse' }),
    'team-review-requested': textQ(requestedTeams),
    status: unsupportedQ('issue records carry no commit statuses'),
    // Lower-cased prefix matches on the branch names (Part A §2.3 "Prefix").
    head: textQ((_r, d, c) => str('head.ref')(c.pullOf(d) ?? {}, d, c), 'prefix'),
    base: textQ((_r, d, c) => str('base.ref')(c.pullOf(d) ?? {}, d, c), 'prefix'),
    created: dateQ(created),
    updated: dateQ(updated),
    closed: dateQ(time('closed_at')),
    merged: dateQ(mergedAt),
    archived: boolQ((r, _d, c) => repoRecord(r, c)?.archived === true, containsTrue),
  },
  sorts: {
    comments: num('comments'),
    reactions: reactions('total_count'),
    'reactions-+1': reactions('+1'),
    'reactions--1': reactions('-1'),
    'reactions-smile': reactions('laugh'),
    'reactions-thinking_face': reactions('confused'),
    'reactions-heart': reactions('heart'),
    'reactions-tada': reactions('hooray'),
    'reactions-rocket': reactions('rocket'),
    'reactions-eyes': reactions('eyes'),
    interactions,
    created,
    updated,
    // `relevance` sorts on nothing: the score alone orders (Part A §3.3).
    relevance: relevanceOnly,
  },
  rank: issuesRank,
  advancedSyntax: true,
  // Quoted phrases match with `phrase_slop 10` (Part A §3.2).
  phraseSlop: 10,
  repeats: 'and',
  withoutText: { message: MESSAGES.noQualifiersApply },
  joinsPart: 'pulls',
  visibility: (r, d, c) => visibilityVia(r, repoOf(r, d, c), c),
  project(record, doc, c) {
    const item: Record<string, unknown> = { ...record };
    // Required by issue-search-result-item (§4.3); nullable ones default to null when the record predates them.
    for (const key of ['assignee', 'milestone', 'closed_at'] as const) if (!(key in item)) item[key] = null;
    if (!('locked' in item)) item.locked = false;
    if (!('author_association' in item)) item.author_association = 'NONE';
    if (!('comments' in item)) item.comments = 0;
    if (!('labels' in item)) item.labels = [];
    if ('user' in item) item.user = userSummary(item.user);
    if (item.assignee && typeof item.assignee === 'object') item.assignee = userSummary(item.assignee);
    if (Array.isArray(item.assignees)) item.assignees = item.assignees.map((u) => userSummary(u));
    const milestone = item.milestone as RawRecord | null;
    if (milestone && typeof milestone === 'object' && milestone.creator && typeof milestone.creator === 'object') {
      item.milestone = { ...milestone, creator: userSummary(milestone.creator) };
    }
    // Milestones of the oldest recordings lack `labels_url` and `updated_at`, both required by GitHub's milestone
    // schema (clients such as PyGithub read them): the link is derived from the milestone's `url`, and the last
    // change is the latest date the recording does carry (closed_at, else created_at).
    const shown = item.milestone as RawRecord | null | undefined;
    if (shown && typeof shown === 'object' && typeof shown.url === 'string' && (shown.labels_url === undefined || shown.updated_at === undefined)) {
      item.milestone = {
        ...shown,
        ...(shown.labels_url === undefined ? { labels_url: `${shown.url}/labels` } : {}),
        ...(shown.updated_at === undefined ? { updated_at: shown.closed_at ?? shown.created_at ?? null } : {}),
      };
    }
    // A plain issue's all-null `pull_request` marks no pull request (pull-snapshot.ts): not on the item.
    if (!isPr(record, doc, c)) delete item.pull_request;
    // `repository_url` is required (issue-search-result-item): derived from the item's `url` when absent.
    if (typeof item.repository_url !== 'string' && typeof record.url === 'string') {
      const m = /^(.*\/repos\/[^/]+\/[^/]+)\/issues\/\d+$/.exec(record.url);
      if (m) item.repository_url = m[1];
    }
    // Old recordings lack the issue's own API links, which clients read (PyGithub's Issue): derived from `url` as
    // GitHub writes them.
    if (typeof record.url === 'string') {
      if (typeof item.labels_url !== 'string') item.labels_url = `${record.url}/labels{/name}`;
      if (typeof item.comments_url !== 'string') item.comments_url = `${record.url}/comments`;
      if (typeof item.events_url !== 'string') item.events_url = `${record.url}/events`;
    }
    Object.assign(item, snapshotFields(record, isPr(record, doc, c) ? c.pullOf(doc) : undefined));
    return item;
  },
  scoreAfter: 'body',
});
