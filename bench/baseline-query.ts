/**
 * The query handling shared by the bench's two anchors (naive Lunr and the linear scan): a deliberately small
 * reading of the issue query language — keywords plus the qualifiers the bench's queries use (`state:`, `is:`,
 * `label:`, `comments:`, `created:`, `updated:`, `repo:`, each negatable) — and GitHub-style paging and sorting
 * of the matches. Not the project's planner: only good enough to make the anchors do comparable work.
 */
import type { RawRecord } from '../src/kinds/kind.js';

/** A parsed query: keywords (lower-cased) and a predicate for the qualifiers. */
export interface BaselineQuery {
  readonly words: readonly string[];
  test(record: RawRecord): boolean;
}

/** Request parameters besides `q`. */
export interface BaselinePaging {
  readonly sort?: string | undefined;
  readonly order?: string | undefined;
  readonly page?: number | undefined;
  readonly perPage?: number | undefined;
}

const TOKEN = /(-?)([A-Za-z_-]+):("([^"]*)"|\S+)|"([^"]*)"|(\S+)/g;

const labelsOf = (r: RawRecord): string[] =>
  Array.isArray(r.labels) ? r.labels.map((l) => String((l as RawRecord | null)?.name ?? '').toLowerCase()) : [];

/** `>N`, `<N`, `>=N`, `<=N`, `A..B`, `N` over numbers or ISO dates (compared as strings when dates). */
function compare(spec: string): ((v: string | number) => boolean) | undefined {
  const range = /^(.+)\.\.(.+)$/.exec(spec);
  if (range) return (v) => String(v) >= range[1]! && String(v) <= range[2]! + '\uffff';
  const m = /^(>=|<=|>|<)?(.+)$/.exec(spec);
  if (!m) return undefined;
  const numeric = /^\d+$/.test(m[2]!);
  const bound: string | number = numeric ? Number(m[2]) : m[2]!;
  const as = (v: string | number): string | number => (numeric ? Number(v) : String(v));
  switch (m[1]) {
    case '>':
      return (v) => as(v) > bound;
    case '<':
      return (v) => as(v) < bound;
    case '>=':
      return (v) => as(v) >= bound;
    case '<=':
      return (v) => as(v) <= bound;
    default:
      return (v) => (numeric ? as(v) === bound : String(v).startsWith(String(bound)));
  }
}

/** One qualifier as a predicate, or undefined when the anchors ignore it. */
function qualifier(key: string, raw: string): ((r: RawRecord) => boolean) | undefined {
  const v = raw.toLowerCase();
  switch (key.toLowerCase()) {
    case 'state':
      return (r) => r.state === v;
    case 'is':
      if (v === 'open' || v === 'closed') return (r) => r.state === v;
      if (v === 'pr') return (r) => !!r.pull_request;
      if (v === 'issue') return (r) => !r.pull_request;
      return undefined;
    case 'label':
      return (r) => labelsOf(r).includes(v);
    case 'repo':
      return (r) => String(r.repository_url ?? '').toLowerCase().endsWith(`/repos/${v}`);
    case 'comments': {
      const test = compare(v);
      return test && ((r) => typeof r.comments === 'number' && test(r.comments));
    }
    case 'created':
    case 'updated': {
      const test = compare(v);
      const field = `${key.toLowerCase()}_at`;
      return test && ((r) => typeof r[field] === 'string' && test(r[field] as string));
    }
    default:
      return undefined;
  }
}

/** Parse a query string (keywords and quoted phrases become words; known qualifiers become predicates). */
export function parseBaselineQuery(q: string): BaselineQuery {
  const words: string[] = [];
  const tests: Array<(r: RawRecord) => boolean> = [];
  for (const m of q.matchAll(TOKEN)) {
    if (m[2] !== undefined) {
      const test = qualifier(m[2], m[4] ?? m[3]!);
      if (test) tests.push(m[1] === '-' ? (r) => !test(r) : test);
    } else {
      for (const w of (m[5] ?? m[6]!).toLowerCase().split(/\s+/)) if (w) words.push(w);
    }
  }
  return { words, test: (r) => tests.every((t) => t(r)) };
}

/**
 * The page of matches GitHub would return: best match (by `scores`) or the `sort` key, then `page`/`perPage`.
 * @returns a search envelope with whole records as items
 */
export function pageOf(
  records: readonly RawRecord[],
  docs: readonly number[],
  scores: readonly number[],
  paging: BaselinePaging,
): { total_count: number; incomplete_results: boolean; items: RawRecord[] } {
  const order = docs.map((_, i) => i);
  const sortField = paging.sort === 'comments' ? 'comments' : paging.sort === 'created' || paging.sort === 'updated' ? `${paging.sort}_at` : undefined;
  if (sortField) {
    const sign = paging.order === 'asc' ? 1 : -1;
    const key = (i: number): string | number => (records[docs[i]!]![sortField] as string | number | undefined) ?? '';
    order.sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : a - b));
  } else {
    order.sort((a, b) => scores[b]! - scores[a]! || docs[a]! - docs[b]!);
  }
  const perPage = Math.min(100, Math.max(1, paging.perPage ?? 30));
  const start = (Math.max(1, paging.page ?? 1) - 1) * perPage;
  const items = order.slice(start, start + perPage).map((i) => ({ ...records[docs[i]!]!, score: scores[i]! }));
  return { total_count: docs.length, incomplete_results: false, items };
}

/** The parameters of a request path or CLI arguments. */
export function pagingFromSearch(params: URLSearchParams): BaselinePaging {
  const number = (name: string): number | undefined => (params.has(name) ? Number(params.get(name)) : undefined);
  return { sort: params.get('sort') ?? undefined, order: params.get('order') ?? undefined, page: number('page'), perPage: number('per_page') };
}
