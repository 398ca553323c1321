/**
 * Starting search serve on the real core over a real dump, for end-to-end tests. The dumps are read in place
 * from ../shared/data (never copied); tests skip with a message when they or the core are missing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runSearch } from '../../../src/search.js';
import { listen, type RunningServer } from '../../../src/server/listen.js';
import { createHandler, type HandlerOptions } from '../../../src/server/routes.js';
import { openStore, type Store } from '../../../src/store/store.js';

/** The project root (tests run from it). */
export const PROJECT = resolve(import.meta.dirname, '../../..');
/** The shared real GitHub records, if present. */
export const SHARED_DATA = resolve(PROJECT, '../shared/data');
/** The embedded default dump. */
export const EMBEDDED_DATA = resolve(PROJECT, 'data');

/** True once the core has replaced its stub. */
export function coreReady(): boolean {
  return !readFileSync(resolve(PROJECT, 'src/search.ts'), 'utf8').includes('not implemented');
}

/** True when the shared source directory exists. */
export function hasSource(source: string): boolean {
  return existsSync(resolve(SHARED_DATA, source));
}

/** True when the embedded dump has at least one JSON file. */
export function hasEmbeddedData(): boolean {
  return existsSync(EMBEDDED_DATA) && readdirSync(EMBEDDED_DATA).some((name) => /\.json(\.gz)?$/.test(name));
}

/** A running server over a store, and the store for direct `runSearch` comparisons. */
export interface RealServer {
  readonly server: RunningServer;
  readonly store: Store;
}

const stores = new Map<string, Store>();

/** Open (once per path) and prebuild a store. */
export async function storeFor(path: string): Promise<Store> {
  let store = stores.get(path);
  if (!store) {
    store = openStore(path);
    await store.prebuild();
    stores.set(path, store);
  }
  return store;
}

/** Start a server over `path` with handler options (rate limits off unless given). */
export async function startReal(path: string, options: Omit<HandlerOptions, 'search'> = {}): Promise<RealServer> {
  const store = await storeFor(path);
  const handler = createHandler({ rateLimit: false, ...options, search: (request) => runSearch(request, store) });
  return { server: await listen({ handler, port: 0 }), store };
}

/** Read one kind of a shared source (plain JSON only; enough for repositories and labels). */
function readKind(source: string, kind: string): Record<string, unknown>[] {
  const file = resolve(SHARED_DATA, source, `${kind}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[]) : [];
}

/**
 * Lower-cased full names (`owner/name`) of the private repositories of a source whose name no public record
 * shares (a dump may hold a deleted public repository and a later private one under the same name).
 */
export function privateOnlyRepositories(source: string): string[] {
  const repos = readKind(source, 'repositories');
  const publicNames = new Set(repos.filter((r) => r['private'] !== true).map((r) => String(r['full_name']).toLowerCase()));
  return repos
    .filter((repo) => repo['private'] === true)
    .map((repo) => String(repo['full_name']).toLowerCase())
    .filter((name) => !publicNames.has(name));
}

/** The id of a repository of `source` that has labels in the dump, private or public as asked (unique names only). */
export function labelledRepositoryId(source: string, wantPrivate: boolean): number | undefined {
  const all = readKind(source, 'repositories');
  const count = new Map<string, number>();
  for (const repo of all) count.set(String(repo['full_name']).toLowerCase(), (count.get(String(repo['full_name']).toLowerCase()) ?? 0) + 1);
  const repos = new Map(
    all.filter((repo) => count.get(String(repo['full_name']).toLowerCase()) === 1).map((repo) => [String(repo['full_name']).toLowerCase(), repo]),
  );
  for (const label of readKind(source, 'labels')) {
    const name = /\/repos\/([^/]+\/[^/]+)\/labels\//.exec(String(label['url']))?.[1]?.toLowerCase();
    const repo = name === undefined ? undefined : repos.get(name);
    if (repo && (repo['private'] === true) === wantPrivate && typeof repo['id'] === 'number') return repo['id'];
  }
  return undefined;
}
