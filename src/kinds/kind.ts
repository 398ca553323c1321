/**
 * The seven record kinds of GitHub's search API, in the order GitHub's docs list the endpoints.
 * Each kind is served at `/search/<kind>`; `pulls` is not a kind but an enrichment of `issues` (see dump/dump.ts).
 */
export const KINDS = ['code', 'commits', 'issues', 'labels', 'repositories', 'topics', 'users'] as const;

/** One of {@link KINDS}. */
export type Kind = (typeof KINDS)[number];

/** True when `value` names one of the seven kinds (case-sensitive, as in GitHub's paths). */
export function isKind(value: string): value is Kind {
  return (KINDS as readonly string[]).includes(value);
}

/** A record exactly as a GitHub REST endpoint returns it (no field is guaranteed; kinds read them defensively). */
export type RawRecord = Record<string, unknown>;
