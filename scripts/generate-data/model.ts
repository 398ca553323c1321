/**
 * The working objects of the generated world: accounts, repositories, labels, milestones, issues and pull
 * requests as the builders plan them, before they are rendered as REST records. Fields documented as "set by …"
 * hold a placeholder (0, '', []) until that later step of buildWorld (world.ts) fills them in.
 */
import type { SimpleUser } from '../../src/import/github-shapes.js';

/** A calendar month: [year, month 1..12]. */
export type YearMonth = readonly [number, number];

/** An organization of the catalog. */
export interface OrgEntry {
  login: string;
  name: string;
  blog: string;
  location: string | null;
  email: string | null;
  bio: string;
  /** Account creation. */
  since: YearMonth;
  followers: number;
}

/** A person of the catalog. */
export interface PersonEntry {
  login: string;
  name: string | null;
  company: string | null;
  blog: string;
  location: string | null;
  email: string | null;
  bio: string | null;
  hireable: boolean | null;
  since: YearMonth;
  /** UTC offset in minutes, used for commit dates. */
  tz: number;
  followers: number;
  following: number;
  gists: number;
  /** Logins of the organizations the person belongs to. */
  orgs: readonly string[];
  site_admin?: boolean;
}

/** A GitHub App bot account of the catalog. */
export interface BotEntry {
  login: string;
  app_slug: string;
  app_id: number;
  since: YearMonth;
}

/** A user or organization account. */
export interface Account {
  login: string;
  type: 'User' | 'Organization';
  name: string | null;
  company: string | null;
  blog: string;
  location: string | null;
  email: string | null;
  bio: string | null;
  hireable: boolean | null;
  since: YearMonth;
  tz: number;
  followers: number;
  following: number;
  gists: number;
  orgs: readonly string[];
  site_admin: boolean;
  /** Creation instant (ms since the epoch). */
  createdMs: number;
  id: number;
  node_id: string;
  summary: SimpleUser;
  /** Last profile update (ms). */
  updatedMs: number;
  /** Public repositories owned; set by buildWorld. */
  publicRepos: number;
}

/** A bot account (`login[bot]`): authors pull requests, never a user-search result. */
export interface Bot extends BotEntry {
  type: 'Bot';
  id: number;
  node_id: string;
  createdMs: number;
  summary: SimpleUser;
}

/** Who can author an issue or pull request. */
export type Author = Account | Bot;

/** A repository of the catalog (see catalog-repos.ts for the fields' meaning). */
export interface RepoEntry {
  owner: string;
  name: string;
  desc?: string | null;
  /** Primary language; null for docs-only repositories. */
  lang?: string | null;
  /** Key of LICENSES, or null. */
  license?: string | null;
  stars: number;
  since: YearMonth;
  /** How much issue, commit and code activity the repository gets (0 = none). */
  weight: number;
  topics?: readonly string[];
  homepage?: string;
  pages?: boolean;
  wiki?: boolean;
  discussions?: boolean;
  private?: boolean;
  archived?: boolean;
  template?: boolean;
  mirror?: string;
  /** Full name of the parent of a fork. */
  forkOf?: string;
  /** Default branch (`main` unless given). */
  branch?: string;
}

/** A repository with its owner, activity window and (once built) labels, issues and counters. */
export interface Repo extends Omit<RepoEntry, 'owner' | 'private' | 'topics' | 'branch'> {
  owner: Account;
  fullName: string;
  private: boolean;
  topics: readonly string[];
  branch: string;
  /** The parent of a fork. */
  parent?: Repo;
  /** Creation instant (ms). */
  createdMs: number;
  /** First and last instants of activity (ms). */
  activeFrom: number;
  activeUntil: number;
  id: number;
  node_id: string;
  /** Set by buildLabels: default labels first (none for forks). */
  labels: Label[];
  /** Set by buildWorld: its planned issues and pull requests. */
  items: Item[];
  /** Set by buildWorld: the head commit and its instant (ms). */
  headSha: string;
  lastCommitMs: number;
  /** Set by buildWorld: the counters that depend on everything else. */
  openIssues: number;
  forksCount: number;
  pushedMs: number;
  updatedMs: number;
  sizeKb: number;
}

/** A label of a repository. */
export interface Label {
  name: string;
  /** Six hex digits, no `#`. */
  color: string;
  description: string | null;
  /** One of the names GitHub creates in every repository. */
  isDefault: boolean;
  repo: Repo;
  createdMs: number;
  /** Set by allocateIds. */
  id: number;
}

/** A milestone: counts, state and record are settled once its issues are known (finishMilestone). */
export interface Milestone {
  number: number;
  title: string;
  description: string;
  createdMs: number;
  dueMs: number | null;
  creator: Account;
  repo: Repo;
  /** The issues and pull requests assigned to it, in planning order. */
  issues: Item[];
  /** Set by assignIssueIds. */
  id: number;
  /** Set by finishMilestone. */
  record?: MilestoneRecord;
}

/** GitHub's `milestone` object. */
export type MilestoneRecord = {
  url: string;
  html_url: string;
  labels_url: string;
  id: number;
  node_id: string;
  number: number;
  title: string;
  description: string;
  creator: SimpleUser;
  open_issues: number;
  closed_issues: number;
  state: 'open' | 'closed';
  created_at: string;
  updated_at: string;
  due_on: string | null;
  closed_at: string | null;
};

/** The reaction kinds of a reaction rollup, in GitHub's key order. */
export const REACTION_KINDS = ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** A reaction rollup: the total and the count per kind. */
export interface Reactions {
  total: number;
  counts: Record<ReactionKind, number>;
}

/** GitHub's `author_association` values. */
export type Association = 'OWNER' | 'MEMBER' | 'CONTRIBUTOR' | 'FIRST_TIMER' | 'FIRST_TIME_CONTRIBUTOR' | 'NONE';

/** What issues and pull requests share. */
interface ItemBase {
  repo: Repo;
  number: number;
  /** Instants in ms; `closedMs` is null while open. */
  createdMs: number;
  updatedMs: number;
  closedMs: number | null;
  author: Author;
  title: string;
  body: string | null;
  /** Issue kind (`bug`, `feature`, `docs`, `question`) or conventional-commit type of a pull request. */
  kind: string;
  /** Logins @-mentioned in the body. */
  mentions: string[];
  labels: Label[];
  assignees: Account[];
  milestone: Milestone | null;
  locked: boolean;
  lockReason: string | null;
  state: 'open' | 'closed';
  stateReason: 'completed' | 'not_planned' | 'reopened' | null;
  /** Always false for an issue. */
  merged: boolean;
  comments: number;
  reactions: Reactions;
  association: Association;
  /** Set by assignIssueIds. */
  id: number;
}

/** A planned issue. */
export interface IssueItem extends ItemBase {
  isPull: false;
}

/** What only a pull request has: its branches, diff statistics, reviewers and merger. */
export interface PullDetails {
  headRepo: Repo;
  headOwner: Account;
  baseRef: string;
  headSha: string;
  baseSha: string;
  commits: number;
  additions: number;
  deletions: number;
  changedFiles: number;
  reviewComments: number;
  reviewers: Account[];
  /** Who merged it (null unless merged). */
  mergedBy: Account | null;
  /** Set by assignIssueIds: the id of the pull request object (not the issue's). */
  pullId: number;
  /** Set by buildCommits when a merge or squash commit of it is in the dump. */
  mergeCommitSha?: string;
}

/** A planned pull request. */
export interface PullItem extends ItemBase, PullDetails {
  isPull: true;
  /** Head branch name. */
  branch: string;
  draft: boolean;
}

/** A planned issue or pull request. */
export type Item = IssueItem | PullItem;

/** True for a pull request. */
export function isPullItem(item: Item): item is PullItem {
  return item.isPull;
}

/** Who works on a repository: `members` (owner or org members) and `outsiders` (everyone else who may show up). */
export interface People {
  members: Account[];
  outsiders: Account[];
}

/**
 * `value`, or an Error naming `what` when a later build step has not set it yet.
 * @throws Error when `value` is null or undefined.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`generate-data: ${what} is not set`);
  return value;
}
