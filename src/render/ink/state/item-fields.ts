/**
 * Defensive accessors over result items. Items are GitHub-shaped JSON with no guaranteed field (old recordings
 * lack `node_id`, `type`, label ids…), so every read checks its type and falls back to empty.
 */
import type { Item } from '../../../envelope/envelope.js';

/** The value at a dotted path (`commit.author.name`), or undefined. */
export function at(item: unknown, path: string): unknown {
  let value: unknown = item;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A string at `path`, or `''`. */
export function str(item: unknown, path: string): string {
  const value = at(item, path);
  return typeof value === 'string' ? value : '';
}

/** A number at `path`, or undefined. */
export function num(item: unknown, path: string): number | undefined {
  const value = at(item, path);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** True when the value at `path` is `true`. */
export function flag(item: unknown, path: string): boolean {
  return at(item, path) === true;
}

/** An array at `path`, or `[]`. */
export function list(item: unknown, path: string): unknown[] {
  const value = at(item, path);
  return Array.isArray(value) ? value : [];
}

/** The URL a person opens: `html_url`, else the API `url` (labels have no `html_url`). */
export function itemUrl(item: Item): string {
  return str(item, 'html_url') || str(item, 'url');
}

/** gh's rule (reference §5.1): an issue item is a pull request iff `pull_request.html_url` is non-empty. */
export function isPullRequest(item: Item): boolean {
  return str(item, 'pull_request.html_url') !== '';
}

/** The issue/PR state as gh shows it: `open`, `closed`, `merged` (iff `pull_request.merged_at`) or `draft`. */
export function issueState(item: Item): 'open' | 'closed' | 'merged' | 'draft' | 'not planned' {
  const state = str(item, 'state');
  if (isPullRequest(item)) {
    if (str(item, 'pull_request.merged_at') !== '') return 'merged';
    if (state === 'open' && flag(item, 'draft')) return 'draft';
  }
  if (state === 'closed') return str(item, 'state_reason') === 'not_planned' ? 'not planned' : 'closed';
  return 'open';
}

/** `owner/name` of an issue: the last two path segments of `repository_url` (gh's rule). */
export function issueRepo(item: Item): string {
  const url = str(item, 'repository_url') || str(item, 'html_url').replace(/\/(issues|pull)\/\d+$/, '');
  return url.split('/').filter(Boolean).slice(-2).join('/');
}

/** The label summaries of an issue: name and six-hex-digit colour. */
export function labelsOf(item: Item): { name: string; color: string }[] {
  return list(item, 'labels')
    .map((label) => ({ name: str(label, 'name'), color: str(label, 'color') }))
    .filter((label) => label.name !== '');
}

/** The first line of a commit message (or any text). */
export function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? '';
}
