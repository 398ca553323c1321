/**
 * Accessors over result items for the interactive view. Items are GitHub-shaped JSON with no guaranteed field (old
 * recordings lack `node_id`, `type`, label ids…): every read goes through the record view's one decoding rule
 * (kinds/record-view.ts) and the view's own default for a missing value: an empty string, an empty list, false.
 */
import type { Item } from '../../../envelope/envelope.js';
import { asArray, asBoolean, asNumber, asString, at, ISSUE, LABEL, PULL_LINKS } from '../../../kinds/record-view.js';

export { at };

/** A string at `path`, or `''`. */
export function str(item: unknown, path: string): string {
  return asString(at(item, path)) ?? '';
}

/** A number at `path`, or undefined. */
export function num(item: unknown, path: string): number | undefined {
  return asNumber(at(item, path));
}

/** True when the value at `path` is `true`. */
export function flag(item: unknown, path: string): boolean {
  return asBoolean(at(item, path)) === true;
}

/** An array at `path`, or `[]`. */
export function list(item: unknown, path: string): unknown[] {
  return asArray(at(item, path)) ?? [];
}

/** The URL a person opens: `html_url`, else the API `url` (labels have no `html_url`). */
export function itemUrl(item: Item): string {
  return str(item, 'html_url') || str(item, 'url');
}

/** gh's rule (reference §5.1): an issue item is a pull request iff `pull_request.html_url` is non-empty. */
export function isPullRequest(item: Item): boolean {
  return (PULL_LINKS.html_url(ISSUE.pull_request(item)) ?? '') !== '';
}

/** The issue/PR state as gh shows it: `open`, `closed`, `merged` (iff `pull_request.merged_at`) or `draft`. */
export function issueState(item: Item): 'open' | 'closed' | 'merged' | 'draft' | 'not planned' {
  const state = ISSUE.state(item);
  if (isPullRequest(item)) {
    if ((PULL_LINKS.merged_at(ISSUE.pull_request(item)) ?? '') !== '') return 'merged';
    if (state === 'open' && ISSUE.draft(item) === true) return 'draft';
  }
  if (state === 'closed') return ISSUE.state_reason(item) === 'not_planned' ? 'not planned' : 'closed';
  return 'open';
}

/** `owner/name` of an issue: the last two path segments of `repository_url` (gh's rule). */
export function issueRepo(item: Item): string {
  const url = ISSUE.repository_url(item) || (ISSUE.html_url(item) ?? '').replace(/\/(issues|pull)\/\d+$/, '');
  return url.split('/').filter(Boolean).slice(-2).join('/');
}

/** The label summaries of an issue: name and six-hex-digit colour. */
export function labelsOf(item: Item): { name: string; color: string }[] {
  return (ISSUE.labels(item) ?? [])
    .map((label) => ({ name: LABEL.name(label) ?? '', color: LABEL.color(label) ?? '' }))
    .filter((label) => label.name !== '');
}

/** The first line of a commit message (or any text). */
export function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? '';
}
