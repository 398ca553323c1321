/**
 * Helpers for the real-data checks: reading the shared GitHub REST records directly (JSON or gzip, never through
 * src/), opening stores with a test cache directory, paging through every page of a search, capturing ApiErrors,
 * and an independent word tokenizer so expectations never reuse the core's analyzers.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { ApiError } from '../../src/api-error.js';
import type { Kind } from '../../src/kinds/kind.js';
import type { SearchRequest } from '../../src/search-request.js';
import { viewerFor } from '../../src/request/viewer.js';
import { runSearch, type SearchResult } from '../../src/search.js';
import { openStore, type Store } from '../../src/store/store.js';

/** One record as GitHub's REST API returned it. */
export type Rec = Record<string, unknown>;

/** How an item (or the raw record it came from) is identified, per kind. */
export const ID: Readonly<Record<Kind, (r: Rec) => string>> = {
  issues: (r) => String(r.id ?? r.url),
  commits: (r) => String(r.sha),
  repositories: (r) => String(r.id),
  users: (r) => String(r.login).toLowerCase(),
  // Not `url` whole: items build it on the repository id (#26 item 4); its `ref` and the html_url are the record's.
  code: (r) => `${String(r.html_url ?? null)}|${String(r.path)}|${String(r.sha ?? null)}|${typeof r.url === 'string' ? new URL(r.url).searchParams.get('ref') : null}`,
  labels: (r) => String(r.url),
  topics: (r) => String(r.name),
};

/** The project root (tests run from it). */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
/** The shared real GitHub records: `<project>/../shared/data/<source>/<kind>.json[.gz]`. */
export const SHARED_DATA = path.resolve(PROJECT_ROOT, '../shared/data');

/** The shared sources the real-data tests read, by short name. */
export const HF = 'hf-datasets-issues';
export const JENKINS = 'jenkins-git-history';
export const REQUESTS = 'requests-git-history';
export const HUB4J = 'hub4j-github-api-wiremock';
export const PYGITHUB = 'pygithub-replaydata';
export const EXPLORE = 'github-explore';

/** The path of a shared source directory. */
export function sourceDir(source: string): string {
  return path.join(SHARED_DATA, source);
}

/** The file of one kind of a source (plain or gzip), or undefined when absent. */
function kindFile(source: string, kind: string): string | undefined {
  for (const name of [`${kind}.json`, `${kind}.json.gz`]) {
    const file = path.join(sourceDir(source), name);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** True when the source exists and has every listed kind. */
export function hasSource(source: string, ...kinds: string[]): boolean {
  return existsSync(sourceDir(source)) && kinds.every((kind) => kindFile(source, kind) !== undefined);
}

/** A describe title that says why it is skipped when the data is missing. */
export function titleFor(title: string, present: boolean, source: string): string {
  return present ? title : `${title} — SKIPPED: real GitHub records not found at ${sourceDir(source)}`;
}

const rawCache = new Map<string, Rec[]>();

/** The records of one kind of a source, read with fs + zlib (independent of the core's loader). Memoized. */
export function readRaw(source: string, kind: string): Rec[] {
  const key = `${source}/${kind}`;
  let records = rawCache.get(key);
  if (!records) {
    const file = kindFile(source, kind);
    if (!file) return [];
    const bytes = readFileSync(file);
    records = JSON.parse((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as Rec[];
    rawCache.set(key, records);
  }
  return records;
}

/**
 * The one index cache directory of the real-data tests, under the OS temp dir (kept across runs). Cache files are
 * keyed by content and written atomically, so stores in parallel test files share it safely; a test that damages or
 * rewrites cache files uses a directory of its own, never this one.
 */
export const SHARED_CACHE = path.join(tmpdir(), 'ogs-search-tests-cache', 'shared');

/** How long a build lock may stand before it counts as left behind by a killed run (ms). */
const STALE_LOCK_MS = 10 * 60_000;

/** True when `lock`'s holder is a process that no longer runs, or the lock is older than {@link STALE_LOCK_MS}. */
function lockIsLeftBehind(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return false; // being written
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Takes `lock` (a directory: `mkdir` is atomic across processes), waiting while another live holder has it. */
async function takeLock(lock: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (lockIsLeftBehind(lock)) rmSync(lock, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The store of a shared source with every kind built in {@link SHARED_CACHE}, built once for all test files: a
 * dozen files read the same sources and each used to build its own indexes (33 s of a 36 s file; 1.5 s once built),
 * so a clean CI run built them a dozen times over. The first file to ask builds the source under a lock; files that
 * ask meanwhile wait for it and then load the cache. A build error reaches every file that asks.
 */
export async function sharedStore(source: string): Promise<Store> {
  mkdirSync(SHARED_CACHE, { recursive: true });
  const lock = path.join(SHARED_CACHE, `${source}.building`);
  await takeLock(lock);
  try {
    const store = openSource(source, SHARED_CACHE);
    await store.prebuild();
    return store;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Open a shared source as a store whose index cache lives in `cacheDir` (default: the prebuilt {@link SHARED_CACHE}). */
export function openSource(source: string, cacheDir: string = SHARED_CACHE): Store {
  return openStore(sourceDir(source), { cacheDir });
}

/** Accept headers. */
export const ACCEPT = {
  plain: 'application/vnd.github.v3+json',
  textMatch: 'application/vnd.github.v3.text-match+json',
  cloak: 'application/vnd.github.cloak-preview+json',
  cloakTextMatch: 'application/vnd.github.v3.text-match+json, application/vnd.github.cloak-preview+json',
  mercy: 'application/vnd.github.mercy-preview+json',
  mercyTextMatch: 'application/vnd.github.v3.text-match+json, application/vnd.github.mercy-preview+json',
} as const;

/** The Accept header a well-behaved client sends for `kind` (with the preview commits/topics need). */
export function acceptFor(kind: Kind, textMatch = false): string {
  if (kind === 'commits') return textMatch ? ACCEPT.cloakTextMatch : ACCEPT.cloak;
  if (kind === 'topics') return textMatch ? ACCEPT.mercyTextMatch : ACCEPT.mercy;
  return textMatch ? ACCEPT.textMatch : ACCEPT.plain;
}

/** A viewer that may read every private repository (so qualifier checks do not depend on privacy). */
export const ALL_ACCESS = viewerFor('offline-tester', ['*']);

/** Run one search, adding the kind's preview media type unless the request sets `accept` itself. */
export function search(store: Store, request: SearchRequest): Promise<SearchResult> {
  return runSearch({ accept: acceptFor(request.kind), ...request }, store);
}

/** Every item reachable for a query: all pages of `per_page` up to the end or the 1000-result window. */
export async function searchAll(
  store: Store,
  request: Omit<SearchRequest, 'page' | 'per_page'>,
  perPage = 100,
): Promise<{ total: number; items: Rec[]; pages: number }> {
  const first = await search(store, { ...request, per_page: String(perPage), page: '1' });
  const total = first.envelope.total_count;
  const items: Rec[] = [...(first.envelope.items as Rec[])];
  const reachable = request.kind === 'code' ? Math.floor(1000 / perPage) : Math.ceil(1000 / perPage);
  const pages = Math.min(Math.ceil(total / perPage), reachable);
  for (let page = 2; page <= pages; page++) {
    const next = await search(store, { ...request, per_page: String(perPage), page: String(page) });
    expect(next.envelope.total_count, `total_count is stable across pages (page ${page})`).toBe(total);
    items.push(...(next.envelope.items as Rec[]));
  }
  return { total, items, pages: Math.max(pages, 1) };
}

/** The ApiError a search rejects with (fails the test when it resolves or throws something else). */
export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    const result = (await promise) as SearchResult;
    throw new Error(`expected an ApiError, got 200 with total_count ${result?.envelope?.total_count}`);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error;
  }
}

/** `status` + JSON body (key order included) of an ApiError, for exact comparisons. */
export function errorShape(error: ApiError): { status: number; body: string } {
  return { status: error.status, body: JSON.stringify(error.body) };
}

/** Read a dotted path off a record. */
export function get(record: unknown, dotted: string): unknown {
  let value: unknown = record;
  for (const key of dotted.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Rec)[key];
  }
  return value;
}

/** Lower-cased words: maximal runs of letters and digits (the test's own tokenizer). */
export function words(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Words of identifiers: the words above plus camelCase / letter-digit parts (`GitHubAPI2` → github, api, 2…). */
export function codeWords(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const out = words(text);
  for (const raw of text.split(/[^\p{L}\p{N}]+/u)) {
    const parts = raw.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[^\p{L}\p{N}]+|\p{L}+/gu) ?? [];
    if (parts.length > 1) out.push(...parts.map((p) => p.toLowerCase()));
  }
  return out;
}

/** The decoded text of a code record's base64 `content` (undefined when it has none). */
export function codeContent(record: Rec): string | undefined {
  if (typeof record.content !== 'string') return undefined;
  if (record.encoding === 'base64') return Buffer.from(record.content.replace(/\s+/g, ''), 'base64').toString('utf8');
  return record.content;
}

/** The `owner/name` (lower-case) in a GitHub API or web URL. */
export function repoOfUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const m = /^https?:\/\/[^/]+\/(?:repos\/)?([^/]+)\/([^/?#]+)/.exec(url);
  return m ? `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`.toLowerCase() : undefined;
}

/** Epoch ms of a timestamp string, or undefined. */
export function ms(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : t;
}

/** Sorted copy (multiset comparison). */
export function sorted(values: Iterable<string>): string[] {
  return [...values].sort();
}

const newestMemo = new WeakMap<readonly Rec[], Set<Rec>>();
/**
 * Of each repository name (or login, for users; case-insensitive), the record with the latest
 * created/updated/pushed time, the later one in the file on a tie: one repository per name, one account per login.
 */
export function newestRecording(records: readonly Rec[]): Set<Rec> {
  let set = newestMemo.get(records);
  if (set) return set;
  const best = new Map<string, { r: Rec; t: number }>();
  for (const r of records) {
    const t = Math.max(...['created_at', 'updated_at', 'pushed_at'].map((k) => ms(r[k]) ?? -Infinity));
    const key = r.full_name ?? r.login;
    const name = typeof key === 'string' ? key.toLowerCase() : '';
    const held = best.get(name);
    if (!held || t >= held.t) best.set(name, { r, t });
  }
  set = new Set([...best.values()].map((b) => b.r));
  newestMemo.set(records, set);
  return set;
}
