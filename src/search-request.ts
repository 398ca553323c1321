/**
 * The one request type both edges build (argv or HTTP query string) and the core answers.
 */
import type { Kind } from './kinds/kind.js';
import { parseAccept, type MediaOptions } from './request/media-type.js';
import { ANONYMOUS, type Viewer } from './request/viewer.js';

/** A search request as it arrives: parameter values are raw strings exactly as given (GitHub absorbs bad ones). */
export interface SearchRequest {
  readonly kind: Kind;
  /** The `q` parameter, undecoded already (spaces as spaces). Undefined when absent. */
  readonly q?: string | undefined;
  readonly sort?: string | undefined;
  readonly order?: string | undefined;
  readonly page?: string | undefined;
  readonly per_page?: string | undefined;
  /** `/search/labels` only: the repository whose labels are searched. */
  readonly repository_id?: string | undefined;
  /** The Accept header value; undefined means plain JSON. */
  readonly accept?: string | undefined;
  /** The caller; anonymous when absent. */
  readonly viewer?: Viewer | undefined;
  /** Per-query time limit in ms; past it the answer has `incomplete_results: true`. Undefined: no limit. */
  readonly timeoutMs?: number | undefined;
  /** When false, commits/topics are served without their preview media type (`serve --previews optional`). */
  readonly requirePreviews?: boolean | undefined;
}

/** The same request with every parameter resolved to its effective value. */
export interface NormalizedRequest {
  readonly kind: Kind;
  readonly q: string;
  /** A sort key of the kind, or undefined for best match. */
  readonly sort: string | undefined;
  /** `desc` unless `asc` was given; only meaningful with a sort. */
  readonly order: 'asc' | 'desc';
  /** 1-based page; absent, non-numeric, zero or negative values become 1 (GitHub absorbs them, §3.2). */
  readonly page: number;
  /** 1–100; absent, 0 or malformed → 30; over 100 → 100 (§3.2). */
  readonly perPage: number;
  readonly repositoryId: number | undefined;
  readonly media: MediaOptions;
  readonly viewer: Viewer;
  readonly timeoutMs: number | undefined;
  readonly requirePreviews: boolean;
}

/** Default and maximum `per_page` (seed, Limits). */
export const PER_PAGE_DEFAULT = 30;
export const PER_PAGE_MAX = 100;

/** Parse a strictly positive decimal integer; anything else (`abc`, `-1`, `1.5`, `0`) is undefined. */
function positiveInt(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\s*\d+\s*$/.test(raw)) return undefined;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * Resolve defaults and clamping (reference §3.2). Never throws: GitHub absorbs malformed paging values. Sort
 * validity is decided by the kind table in the core, not here.
 */
export function normalizeRequest(request: SearchRequest): NormalizedRequest {
  const perPage = positiveInt(request.per_page);
  return {
    kind: request.kind,
    q: request.q ?? '',
    sort: request.sort === undefined || request.sort === '' ? undefined : request.sort,
    order: request.order?.toLowerCase() === 'asc' ? 'asc' : 'desc',
    page: positiveInt(request.page) ?? 1,
    perPage: perPage === undefined ? PER_PAGE_DEFAULT : Math.min(perPage, PER_PAGE_MAX),
    repositoryId: positiveInt(request.repository_id),
    media: parseAccept(request.accept),
    viewer: request.viewer ?? ANONYMOUS,
    timeoutMs: request.timeoutMs,
    requirePreviews: request.requirePreviews ?? true,
  };
}
