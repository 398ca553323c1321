/**
 * The open issues per (repository, label) that a repository's `good-first-issues:` and `help-wanted-issues:`
 * qualifiers count (kinds/repositories.ts, through {@link CollectionView.openIssuesWithLabel}). Counted in one pass
 * over the issues, keeping none of them: during the issues' build pass when there is one (store.ts feeds it each
 * record as it streams), else on first use by reading every issue of the snapshot again (at 1M issues, about a
 * minute of parsing).
 */
import type { RawRecord } from '../kinds/kind.js';
import type { CollectionView } from '../kinds/collection-view.js';
import { visibilityVia } from '../kinds/common.js';
import { at, repoFromUrl } from '../kinds/qualifiers.js';

const lower = (s: string): string => s.toLowerCase();

/** The key of a count: visibility, repository full name and label name (names lower-cased). */
function countKey(isPrivate: boolean, fullName: string, label: string): string {
  return `${isPrivate ? 'p' : ''}\u0000${lower(fullName)}\u0000${lower(label)}`;
}

export class OpenLabelCounter {
  private readonly counts = new Map<string, number>();

  /**
   * Count one issue: when open, once per label, for the repository of its `repository_url` and of its visibility
   * (a private issue never adds to a public record's count: two records may share a name; issue #12), the
   * visibility read through `view`'s repositories.
   */
  add(issue: RawRecord, _doc: number, view: CollectionView): void {
    const repo = repoFromUrl(issue.repository_url);
    if (!repo || issue.state !== 'open' || !Array.isArray(issue.labels)) return;
    const priv = visibilityVia(issue, repo, view).private;
    for (const l of issue.labels) {
      const key = countKey(priv, repo, String(at(l, 'name') ?? ''));
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
  }

  /** Open issues of the repository `fullName` (of that visibility) with the label `label` (names any case). */
  count(fullName: string, label: string, isPrivate: boolean): number {
    return this.counts.get(countKey(isPrivate, fullName, label)) ?? 0;
  }
}
