/** A shared store over the hand-written fixture dump, with a throwaway index cache. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kind } from '../../src/kinds/kind.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';
import type { SearchRequest } from '../../src/search-request.js';

export const SMALL_DUMP = fileURLToPath(new URL('../fixtures/small-dump.json', import.meta.url));
export const store = openStore(SMALL_DUMP, { cacheDir: mkdtempSync(path.join(tmpdir(), 'search-cache-')) });

const PREVIEW: Partial<Record<Kind, string>> = {
  commits: 'application/vnd.github.cloak-preview+json',
  topics: 'application/vnd.github.mercy-preview+json',
};

/** Run a search on the fixture dump with the preview a well-behaved client sends. */
export function search(kind: Kind, q: string, extra: Partial<SearchRequest> = {}) {
  return runSearch({ kind, q, accept: PREVIEW[kind], ...extra }, store);
}

/** The identity of an item for assertions: number, sha prefix, full_name, name or login. */
export function idOf(item: Record<string, unknown>): string {
  if (typeof item.number === 'number') return `#${item.number}@${String(item.repository_url).split('/').slice(-2).join('/')}`;
  if (typeof item.sha === 'string' && item.commit) return item.sha.slice(0, 1);
  if (typeof item.full_name === 'string') return item.full_name;
  if (typeof item.path === 'string') return item.path;
  if (typeof item.login === 'string') return item.login;
  return String(item.name);
}

/** Ids of every item of a search (first page of 100). */
export async function ids(kind: Kind, q: string, extra: Partial<SearchRequest> = {}): Promise<string[]> {
  const result = await search(kind, q, { per_page: '100', ...extra });
  return result.envelope.items.map(idOf);
}
