/**
 * Whole answers with and without the shortcuts (src/search.ts {@link Evaluation}): the requests
 * test/search-exact.test.ts asks of a store, and an answer as the edges write it — the envelope bytes of
 * `pageBytes` (envelope/page.ts, the CLI's and the server's) with the last page of the `Link` header, or an error's
 * status and body.
 */
import { ApiError } from '../../src/api-error.js';
import { pageBytes } from '../../src/envelope/page.js';
import { sortKeys } from '../../src/kinds/catalog.js';
import type { Kind } from '../../src/kinds/kind.js';
import type { Viewer } from '../../src/request/viewer.js';
import { runSearch, type Evaluation } from '../../src/search.js';
import type { SearchRequest } from '../../src/search-request.js';
import type { Store } from '../../src/store/store.js';
import { forgetMemos } from './best-match-requests.js';
import { acceptFor, errorShape, get, words, type Rec } from './real-data.js';

/** One answer as text: `lastPage` and the envelope bytes, or `error <status> <body>`. */
export async function answerOf(store: Store, request: SearchRequest, evaluation: Evaluation = {}): Promise<string> {
  try {
    const result = await runSearch(request, store, evaluation);
    return `last ${result.lastPage}\n${pageBytes(result.page).toString('utf8')}`;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { status, body } = errorShape(error);
    return `error ${status} ${body}`;
  }
}

/**
 * The exhaustive answer of `request`: every shortcut of {@link runSearch} off, over a reader whose memos are dropped
 * first (no remembered keyword matches, chunk forms, scores or results: as a process's first query).
 */
export async function exhaustiveAnswerOf(store: Store, request: SearchRequest): Promise<string> {
  forgetMemos(await store.collection(request.kind));
  return answerOf(store, request, { exhaustive: true });
}

/** The text fields of a kind's records the word picker reads (dotted paths). */
const TEXT_FIELDS: Readonly<Record<Kind, readonly string[]>> = {
  issues: ['title', 'body'],
  commits: ['commit.message'],
  repositories: ['name', 'description'],
  users: ['login', 'name', 'bio'],
  code: ['name', 'path'],
  labels: ['name', 'description'],
  topics: ['name', 'short_description', 'description'],
};

/**
 * Words of `records` (the test's own tokenizer, three letters or more) by how many records hold them, most first:
 * the 1st, 2nd, 3rd and a rarer one (the 12th, or the last there is).
 */
export function frequentWords(kind: Kind, records: readonly Rec[]): string[] {
  const counts = new Map<string, number>();
  for (const record of records) {
    const seen = new Set(TEXT_FIELDS[kind].flatMap((field) => words(get(record, field))).filter((w) => w.length >= 3 && !/^\d+$/.test(w)));
    for (const word of seen) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
  return [...new Set([...ranked.slice(0, 3), ranked[Math.min(11, ranked.length - 1)]!])].filter(Boolean);
}

/** Qualifiers each kind takes (its own, plus a negated one where the kind has labels). */
const QUALIFIERS: Readonly<Record<Kind, readonly string[]>> = {
  issues: ['state:closed', 'is:pr', 'comments:>1', 'created:>2019-01-01', '-label:bug'],
  commits: ['author-date:>2015-01-01', 'merge:false', 'committer-date:<2020-01-01'],
  repositories: ['stars:>1', 'fork:true', 'language:java', 'size:>100'],
  users: ['type:user', 'followers:>1', 'repos:>1'],
  code: ['extension:java', 'in:path', 'language:python'],
  labels: [],
  topics: ['is:featured', 'is:curated', 'repositories:>10'],
};

/** A request of {@link requestsFor} before its page. */
type Query = Omit<SearchRequest, 'page' | 'per_page'>;

/**
 * The queries asked of one kind: frequent words alone, two words, OR, NOT, each qualifier after a word and alone,
 * each sort key (descending on a word, ascending on a word with a qualifier), every third with the text-match media
 * type. The single words go to every viewer, the others to one each in turn (bounded: test/search-exact.test.ts's
 * time). `scope` is prefixed to every query (code: the repository or user GitHub requires); `repositoryId` is set on labels
 * requests.
 */
export function queriesFor(kind: Kind, found: readonly string[], viewers: readonly Viewer[], scope = '', repositoryId?: string): Query[] {
  const [a = 'zzqq', b = a, c = b, rare = c] = found;
  const qualifiers = QUALIFIERS[kind];
  const words = [...new Set([a, b, rare])].map((q) => ({ q }));
  const texts = [`${a} ${b}`, `${a} OR ${c}`, `${a} NOT ${b}`, ...qualifiers.flatMap((q) => [`${a} ${q}`, q])];
  const sorted = sortKeys(kind).flatMap((sort) => [
    { q: a, sort, order: 'desc' },
    { q: `${b} ${qualifiers[0] ?? ''}`.trim(), sort, order: 'asc' },
  ]);
  const shapes = [...words.flatMap((shape) => viewers.map((viewer) => ({ ...shape, viewer }))), ...[...texts.map((q) => ({ q })), ...sorted].map((shape, i) => ({ ...shape, viewer: viewers[i % viewers.length]! }))];
  return shapes.map((shape, i) => ({
    kind,
    ...shape,
    q: [scope, shape.q].filter(Boolean).join(' '),
    accept: acceptFor(kind, i % 3 === 0),
    ...(repositoryId === undefined ? {} : { repository_id: repositoryId }),
  }));
}

/** The last page and `total_count` an answer of {@link answerOf} names (1 and 0 for an error). */
export function lastOf(answer: string): { last: number; total: number } {
  if (!answer.startsWith('last ')) return { last: 1, total: 0 };
  const newline = answer.indexOf('\n');
  return { last: Number(answer.slice(5, newline)), total: (JSON.parse(answer.slice(newline + 1)) as { total_count: number }).total_count };
}

/**
 * One more page of the `i`-th query after its first page of 30 (`last`: its last page, `total`: its count), in
 * turn from: page 1 of 1, page 2 and the last of 30, page 1 of 100, the last page of 1 and the one past it (1,000
 * at most can be reached: past it, a 422).
 */
export function morePage(i: number, last: number, total: number): { page: string; per_page: string } {
  const last1 = Math.max(1, Math.min(total, 1000));
  const pages = [
    { page: '1', per_page: '1' },
    { page: '2', per_page: '30' },
    { page: String(last1), per_page: '1' },
    { page: '1', per_page: '100' },
    { page: String(last1 + 1), per_page: '1' },
    { page: String(last), per_page: '30' },
  ];
  return pages[i % pages.length]!;
}
