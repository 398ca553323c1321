/**
 * The search page's result types, as GitHub's web search names them (`/search?type=<type>`): which API kind each
 * searches, what it adds to `q` (`pullrequests` is issues with `is:pr`), its sidebar title and which facets it
 * shows (languages for issues, pull requests, repositories and code; states for issues and pull requests). Listed
 * in the order of GitHub's sidebar.
 */
import type { Kind } from '../kinds/kind.js';

/** One result type of the page. */
export interface WebType {
  /** The `type` parameter value. */
  readonly type: string;
  /** The API kind it searches. */
  readonly kind: Kind;
  /** The sidebar's title. */
  readonly title: string;
  /** Appended to the typed `q` before searching (with a space). */
  readonly adds?: string;
  /** Shows the 10 most frequent languages among the matches. */
  readonly languages: boolean;
  /** Shows the open/closed counts. */
  readonly states: boolean;
}

export const WEB_TYPES: readonly WebType[] = [
  { type: 'code', kind: 'code', title: 'Code', languages: true, states: false },
  { type: 'repositories', kind: 'repositories', title: 'Repositories', languages: true, states: false },
  { type: 'issues', kind: 'issues', title: 'Issues', languages: true, states: true },
  { type: 'pullrequests', kind: 'issues', title: 'Pull requests', adds: 'is:pr', languages: true, states: true },
  { type: 'users', kind: 'users', title: 'Users', languages: false, states: false },
  { type: 'commits', kind: 'commits', title: 'Commits', languages: false, states: false },
  { type: 'topics', kind: 'topics', title: 'Topics', languages: false, states: false },
];

/** GitHub's default when `type` is absent or unknown. */
export const DEFAULT_WEB_TYPE: WebType = WEB_TYPES[1]!;

/** The type named by a `type` parameter (case-insensitive), else the default (repositories, as GitHub). */
export function webTypeOf(value: string | undefined): WebType {
  const wanted = value?.trim().toLowerCase();
  return WEB_TYPES.find((t) => t.type === wanted) ?? DEFAULT_WEB_TYPE;
}

/** The API's `q` for a typed `q`: the type's addition appended. */
export function effectiveQ(type: WebType, q: string): string {
  return type.adds ? `${q} ${type.adds}` : q;
}

/** Results per page, as GitHub's search page shows them. */
export const PAGE_SIZE = 10;

/**
 * The Accept header the page searches with: text matches (for `<mark>`) and both preview media types (commits,
 * topics), so every kind answers as the API does for a client that asked for them.
 */
export const PAGE_ACCEPT = 'application/vnd.github.text-match+json, application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json';
