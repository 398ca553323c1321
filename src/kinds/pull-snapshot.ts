/**
 * One pull request, one snapshot. A pull request is recorded twice in a dump — its `/issues` record and its `/pulls`
 * record — often at different times (an issue recorded open, the pull recorded after its merge). They are joined
 * as one unit by the newest-recording rule (README; kinds/recordings.ts): the newer of the two by `updated_at`
 * decides `state`, `draft` and `closed_at`; a merge is never undone, so a `merged_at` in either wins over a null,
 * and a merged pull request is always closed.
 */
import type { RawRecord } from './kind.js';
import { toEpochMs } from './qualifier-values.js';

/** Whether an issue record is a pull request: its `pull_request` object has some non-null value. Old records
 * carry `{"html_url": null, "diff_url": null, "patch_url": null}` on plain issues: that marks no pull request. */
export function isPullRequest(record: RawRecord): boolean {
  const links = record.pull_request;
  return links !== null && typeof links === 'object' && Object.values(links as RawRecord).some((v) => v !== null && v !== undefined);
}

/** The facts of a pull request (or plain issue) that the snapshot decides. */
export interface PullSnapshot {
  /** `open` / `closed` (lower-case), undefined when neither record says. */
  readonly state: string | undefined;
  readonly mergedAt: string | null;
  readonly draft: boolean | undefined;
  readonly closedAt: unknown;
}

/**
 * The snapshot of an issue record and, for a pull request, its `/pulls` record (when the dump has it). A plain
 * issue (or a pull request without a `/pulls` record) is its own snapshot.
 */
export function pullSnapshot(issue: RawRecord, pull: RawRecord | undefined): PullSnapshot {
  const own = (r: RawRecord | undefined, key: string): unknown => r?.[key];
  const links = issue.pull_request !== null && typeof issue.pull_request === 'object' ? (issue.pull_request as RawRecord) : undefined;
  const pr = isPullRequest(issue) ? pull : undefined;
  const issueTime = toEpochMs(issue.updated_at) ?? -Infinity;
  const pullTime = toEpochMs(pr?.updated_at) ?? -Infinity;
  const [newer, older] = pr !== undefined && pullTime > issueTime ? [pr, issue] : [issue, pr];
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const mergedAt =
    text(newer === pr ? pr?.merged_at : links?.merged_at) ?? text(newer === pr ? links?.merged_at : pr?.merged_at) ?? null;
  const stateOf = (r: RawRecord | undefined) => (typeof r?.state === 'string' ? r.state.toLowerCase() : undefined);
  const state = mergedAt !== null ? 'closed' : (stateOf(newer) ?? stateOf(older));
  const draftOf = (r: RawRecord | undefined) => (typeof r?.draft === 'boolean' ? r.draft : undefined);
  const draft = draftOf(newer) ?? draftOf(older);
  let closedAt = own(newer, 'closed_at') ?? own(older, 'closed_at') ?? null;
  if (state === 'open') closedAt = null;
  else if (closedAt === null && mergedAt !== null) closedAt = mergedAt;
  return { state, mergedAt, draft, closedAt };
}
