/**
 * Every kind's envelope validated against GitHub's own OpenAPI description (`@octokit/openapi` 23.0.2,
 * `components.schemas["<kind>-search-result-item"]` and each `/search/<kind>` 200 wrapper) with Ajv 8, following
 * the reference's recipe (§4.8): `nullable: true` rewritten for Ajv, `strict: false`, ajv-formats. Pages are real
 * answers of the core over the shared GitHub records (30+ items where the data has them), with and without the
 * text-match media type, plus the embedded `data/` dump when present.
 *
 * Recorded data from every era of the API lacks keys the 23.x schemas require (old users without `node_id`,
 * minimal repositories inside search results, explore topics without `featured`, commits without
 * `verification.verified_at`) or holds values the schemas do not allow (GitHub's real `body: null`). Such an error
 * is accepted only when the raw record the item came from has exactly that gap; anything the core dropped or
 * changed fails. Pages of complete-shape records (`strict`) must validate with no exception at all.
 *
 * `/search/issues`: the 23.x wrapper requires `search_type` (new with semantic search); GitHub's 2022-11-28 answers
 * and this project emit `{total_count, incomplete_results, items}` only, so issues envelopes are validated against
 * the wrapper minus that one requirement, and the keys are checked by hand.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Kind } from '../../src/kinds/kind.js';
import type { SearchRequest } from '../../src/search-request.js';
import { runSearch } from '../../src/search.js';
import { openStore, type Store } from '../../src/store/store.js';
import {
  acceptFor, ALL_ACCESS, get, hasSource, PROJECT_ROOT, readRaw, repoOfUrl, SHARED_CACHE, words, ID, type Rec, HF, JENKINS, REQUESTS, HUB4J, PYGITHUB, EXPLORE, sharedStore,
} from '../helpers/real-data.js';

const require = createRequire(import.meta.url);
const OPENAPI_PACKAGE = require.resolve('@octokit/openapi/package.json');
const OPENAPI_FILE = path.join(path.dirname(OPENAPI_PACKAGE), 'generated', 'api.github.com.json');

const ITEM_SCHEMA: Record<Kind, string> = {
  code: 'code-search-result-item',
  commits: 'commit-search-result-item',
  issues: 'issue-search-result-item',
  labels: 'label-search-result-item',
  repositories: 'repo-search-result-item',
  topics: 'topic-search-result-item',
  users: 'user-search-result-item',
};

type Json = unknown;

/**
 * Make OpenAPI 3.0 `nullable` understandable to Ajv (reference §4.8): beside a string `type` the type becomes
 * `[type, "null"]` (and `null` joins an `enum`); otherwise the schema is wrapped as `anyOf: [schema, {type: "null"}]`.
 */
function fixNullable(node: Json): Json {
  if (Array.isArray(node)) return node.map(fixNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) out[key] = fixNullable(value);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

/** Point `#/components/...` references at the registered document `gh`. */
function rehome(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"gh#/components/')) as Json;
}

interface Validators {
  item: Record<Kind, ValidateFunction>;
  envelope: Record<Kind, ValidateFunction>;
  issuesWrapperRequired: string[];
}

function buildValidators(): Validators {
  const spec = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
    components: Json;
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: Record<string, Json> }> }> } }>;
  };
  const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true });
  (addFormatsModule as unknown as { default: (a: Ajv) => void }).default(ajv);
  ajv.addFormat('int32', true).addFormat('int64', true);
  ajv.addSchema({ $id: 'gh', components: fixNullable(spec.components) });
  const item = {} as Record<Kind, ValidateFunction>;
  const envelope = {} as Record<Kind, ValidateFunction>;
  let issuesWrapperRequired: string[] = [];
  for (const [kind, name] of Object.entries(ITEM_SCHEMA) as Array<[Kind, string]>) {
    item[kind] = ajv.getSchema(`gh#/components/schemas/${name}`)!;
    const wrapper = fixNullable(spec.paths[`/search/${kind}`]!.get.responses['200']!.content['application/json']!.schema) as Record<string, Json>;
    if (kind === 'issues') {
      issuesWrapperRequired = [...(wrapper.required as string[])];
      wrapper.required = issuesWrapperRequired.filter((k) => k !== 'search_type');
    }
    envelope[kind] = ajv.compile(rehome(wrapper) as object);
  }
  return { item, envelope, issuesWrapperRequired };
}

/** Ajv errors as short readable lines. */
function describeErrors(validate: ValidateFunction, label: string): string[] {
  return (validate.errors ?? []).map((e) => `${label}${e.instancePath} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`);
}

/** The value at a JSON pointer (`/repository/owner`). */
function atPointer(value: unknown, pointer: string): unknown {
  let current = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Where the data of an item came from: the raw record, and for `repository` of code/commit items (which the core
 * builds from the dump's repository record when the record embeds none) that repository record.
 */
interface Origin {
  record: Rec | undefined;
  repositoryRecord: Rec | undefined;
}

/** Every raw record an item may come from (dumps hold a few recorded variants under one identity). */
type Origins = Origin[];

/** The raw counterpart of the object at `pointer` inside an item. */
function rawAt(origin: Origin, pointer: string): unknown {
  if (/^\/repository(\/|$)/.test(pointer) && origin.record && !(origin.record.repository && typeof origin.record.repository === 'object')) {
    return atPointer(origin.repositoryRecord, pointer.slice('/repository'.length));
  }
  return atPointer(origin.record, pointer);
}

/**
 * Split Ajv errors into those the recorded data explains (a required key the raw object lacks too, a value exactly
 * as recorded — e.g. an old record without `node_id`, GitHub's real `body: null` that the schema calls a string)
 * and those it does not (the core dropped, renamed or changed something), which fail the test.
 */
function unexplained(validate: ValidateFunction, item: unknown, candidates: Origins, label: string): { bad: string[]; explained: number } {
  const bad: string[] = [];
  let explained = 0;
  for (const e of validate.errors ?? []) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') continue; // reported through their branches
    const line = `${label}${e.instancePath} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`;
    if (e.keyword === 'required') {
      const missing = String((e.params as { missingProperty: string }).missingProperty);
      const raws = candidates.map((origin) => rawAt(origin, e.instancePath));
      const lacking = raws.some((raw) => raw !== null && typeof raw === 'object' && !Object.hasOwn(raw, missing));
      if (lacking) explained++;
      else bad.push(`${line} (recorded: ${JSON.stringify(raws.map((raw) => (raw && typeof raw === 'object' ? (raw as Rec)[missing] : 'no raw object')))})`);
      continue;
    }
    const value = JSON.stringify(atPointer(item, e.instancePath));
    const raws = candidates.map((origin) => JSON.stringify(rawAt(origin, e.instancePath)));
    if (raws.includes(value)) explained++;
    else bad.push(`${line} (item ${value} vs recorded ${raws.join(' | ')})`);
  }
  return { bad, explained };
}

// ------------------------------------------------------------------------------------------------ pages


interface Page {
  source: string;
  kind: Kind;
  q: string;
  /** Fewest items the page must hold (30 unless the data has fewer candidates, e.g. labels of one repository). */
  min: number;
  extra?: Partial<SearchRequest>;
  /** Complete-shape records: the page must validate with no data-explained exception at all. */
  strict?: boolean;
}

const PAGES: Page[] = [
  { source: HF, kind: 'issues', q: 'dataset', min: 100, strict: true },
  { source: HF, kind: 'issues', q: 'streaming is:pr is:merged', min: 30 },
  { source: HUB4J, kind: 'issues', q: 'github', min: 100, strict: true },
  { source: HUB4J, kind: 'issues', q: 'test user:hub4j-test-org', min: 30 },
  { source: PYGITHUB, kind: 'issues', q: 'pull', min: 30 },
  { source: JENKINS, kind: 'commits', q: 'javadoc', min: 100, strict: true },
  { source: REQUESTS, kind: 'commits', q: 'cookie', min: 100 },
  { source: HUB4J, kind: 'commits', q: 'merge', min: 30 },
  { source: PYGITHUB, kind: 'commits', q: 'merge OR fix OR test OR add', min: 30 },
  { source: HUB4J, kind: 'repositories', q: 'jenkins', min: 100 },
  { source: HUB4J, kind: 'repositories', q: 'plugin fork:true', min: 100 },
  { source: PYGITHUB, kind: 'repositories', q: 'test OR python OR github fork:true', min: 30 },
  { source: HUB4J, kind: 'users', q: 'type:user', min: 100 },
  { source: HUB4J, kind: 'users', q: 'com OR gmail OR org OR test OR hub', min: 30 },
  { source: PYGITHUB, kind: 'users', q: 'vincent OR software OR github OR com OR support', min: 30 },
  { source: PYGITHUB, kind: 'users', q: 'type:user', min: 100 },
  { source: HUB4J, kind: 'code', q: 'js', min: 30, strict: true },
  { source: PYGITHUB, kind: 'code', q: 'readme OR pyproject OR tests OR docs OR index', min: 30 },
  // Labels are searched within one repository; the largest repositories in the data have 10–26 labels.
  // No text lists every label of the repository (Part B §5; words match should-any, so OR lists would not widen).
  { source: HUB4J, kind: 'labels', q: 'sort:created', min: 7, extra: { repository_id: '30830186' } },
  { source: PYGITHUB, kind: 'labels', q: 'sort:created', min: 12, extra: { repository_id: '345337' } },
  { source: EXPLORE, kind: 'topics', q: 'is:curated', min: 100 },
  { source: EXPLORE, kind: 'topics', q: 'language OR framework OR library', min: 100 },
  { source: PYGITHUB, kind: 'topics', q: 'python', min: 30, strict: true },
];

// ------------------------------------------------------------------------------------------------ embedded dump

const EMBEDDED = path.join(PROJECT_ROOT, 'data');
const embeddedKinds = existsSync(EMBEDDED) ? readdirSync(EMBEDDED).filter((f) => /\.json$/.test(f)).map((f) => f.replace(/\.json$/, '')) : [];

function readEmbedded(kind: string): Rec[] {
  const file = path.join(EMBEDDED, `${kind}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Rec[]) : [];
}

/** Common English words a keyword page should not rely on (stop words of English search analyzers). */
const STOP_WORDS = new Set(['about', 'after', 'again', 'their', 'there', 'these', 'those', 'which', 'while', 'would', 'could', 'should', 'other', 'where', 'being', 'every']);

/** The most frequent word (≥ 4 letters) of some texts, for a keyword page over unknown data. */
function frequentWord(texts: unknown[]): string | undefined {
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of new Set(words(t))) if (/^[a-z]{5,}$/.test(w) && !STOP_WORDS.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** Pages over the embedded dump, chosen from its own records (no assumption about its contents). */
function embeddedPages(): Page[] {
  const pages: Page[] = [];
  const has = (kind: string): boolean => embeddedKinds.includes(kind) && readEmbedded(kind).length > 0;
  if (has('issues')) {
    pages.push({ source: EMBEDDED, kind: 'issues', q: 'is:issue', min: 1 });
    pages.push({ source: EMBEDDED, kind: 'issues', q: 'is:pr', min: 1 });
  }
  if (has('repositories')) pages.push({ source: EMBEDDED, kind: 'repositories', q: 'fork:true stars:>=0', min: 1, strict: true });
  if (has('users')) pages.push({ source: EMBEDDED, kind: 'users', q: 'type:user', min: 1, strict: true });
  const topicWord = has('topics') ? frequentWord(readEmbedded('topics').flatMap((t) => [t.name, t.short_description])) : undefined;
  if (topicWord) pages.push({ source: EMBEDDED, kind: 'topics', q: topicWord, min: 1, strict: true });
  const commitWord = has('commits') ? frequentWord(readEmbedded('commits').map((c) => (c.commit as Rec | undefined)?.message)) : undefined;
  if (commitWord) pages.push({ source: EMBEDDED, kind: 'commits', q: commitWord, min: 1, strict: true });
  const codeWord = has('code') ? frequentWord(readEmbedded('code').map((c) => c.path)) : undefined;
  if (codeWord) pages.push({ source: EMBEDDED, kind: 'code', q: codeWord, min: 1, strict: true });
  if (has('labels') && has('repositories')) {
    const labels = readEmbedded('labels');
    const counts = new Map<string, number>();
    for (const l of labels) {
      const repo = repoOfUrl(l.url);
      if (repo) counts.set(repo, (counts.get(repo) ?? 0) + 1);
    }
    const [repo] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [];
    const record = readEmbedded('repositories').find((r) => String(r.full_name).toLowerCase() === repo);
    const word = frequentWord(labels.filter((l) => repoOfUrl(l.url) === repo).flatMap((l) => [l.name, l.description]));
    if (record && word) pages.push({ source: EMBEDDED, kind: 'labels', q: word, min: 1, strict: true, extra: { repository_id: String(record.id) } });
  }
  return pages;
}

// ------------------------------------------------------------------------------------------------ origins


/** Maps an item back to every raw record it may have been projected from. */
function origins(source: string, kind: Kind): (item: Rec) => Origins {
  const read = (k: string): Rec[] => (source === EMBEDDED ? readEmbedded(k) : readRaw(source, k));
  const byId = new Map<string, Rec[]>();
  for (const r of read(kind)) byId.set(ID[kind](r), [...(byId.get(ID[kind](r)) ?? []), r]);
  const repos = new Map<string, Rec[]>();
  for (const r of read('repositories')) {
    const name = String(r.full_name).toLowerCase();
    repos.set(name, [...(repos.get(name) ?? []), r]);
  }
  return (item) => {
    const records = byId.get(ID[kind](item)) ?? [];
    const name = typeof get(item, 'repository.full_name') === 'string' ? String(get(item, 'repository.full_name')).toLowerCase() : undefined;
    const repositoryRecords: Array<Rec | undefined> = name && repos.has(name) ? repos.get(name)! : [undefined];
    return records.flatMap((record) => repositoryRecords.map((repositoryRecord) => ({ record, repositoryRecord })));
  };
}

// ------------------------------------------------------------------------------------------------ tests

const CACHE = SHARED_CACHE;
const stores = new Map<string, Promise<Store>>();
function storeFor(source: string): Promise<Store> {
  let store = stores.get(source);
  if (!store) {
    store = source === EMBEDDED ? Promise.resolve(openStore(EMBEDDED, { cacheDir: CACHE })) : sharedStore(source);
    stores.set(source, store);
  }
  return store;
}

const OPENAPI_PRESENT = existsSync(OPENAPI_FILE);

const SKIPPED_PAGES = PAGES.filter((p) => !hasSource(p.source, p.kind)).map((p) => `${p.kind}@${p.source}`);
const TITLE = [
  'envelopes validate against @octokit/openapi 23.0.2 (Ajv 8, §4.8 recipe)',
  OPENAPI_PRESENT ? '' : ` — SKIPPED: ${OPENAPI_FILE} not found`,
  SKIPPED_PAGES.length > 0 ? ` — pages SKIPPED (shared data not found under ../shared/data): ${SKIPPED_PAGES.join(', ')}` : '',
].join('');

describe.skipIf(!OPENAPI_PRESENT)(TITLE, () => {
  let v: Validators;
  beforeAll(() => {
    v = buildValidators();
  }, 60_000);

  it('the package is @octokit/openapi 23.0.2, and its issues wrapper requires search_type (validated without it)', () => {
    expect((JSON.parse(readFileSync(OPENAPI_PACKAGE, 'utf8')) as { version: string }).version).toBe('23.0.2');
    expect(v.issuesWrapperRequired).toEqual(['total_count', 'incomplete_results', 'items', 'search_type']);
  });

  it.each(Object.keys(ITEM_SCHEMA) as Kind[])('%s: the validators reject an item without score and an envelope without items', (kind) => {
    expect(v.item[kind]({})).toBe(false);
    expect(v.envelope[kind]({ total_count: 0, incomplete_results: false })).toBe(false);
    expect(v.envelope[kind]({ total_count: 0, incomplete_results: false, items: [] })).toBe(true);
  });

  const pages = [...PAGES.filter((p) => hasSource(p.source, p.kind)), ...embeddedPages()];

  const rows = pages.flatMap((p) => [false, true].map((textMatch) => ({ ...p, textMatch, where: path.basename(p.source) })));
  it.each(rows)('$kind $where "$q" (text-match: $textMatch)', async ({ source, kind, q, min, extra, textMatch, strict }) => {
    const store = await storeFor(source);
    const request: SearchRequest = { kind, q, per_page: '100', viewer: ALL_ACCESS, accept: acceptFor(kind, textMatch), ...extra };
    const { envelope } = await runSearch(request, store);
    expect(Object.keys(envelope), 'envelope keys in GitHub order').toEqual(['total_count', 'incomplete_results', 'items']);
    expect(envelope.items.length, `a page of at least ${min} items`).toBeGreaterThanOrEqual(min);
    expect(envelope.incomplete_results).toBe(false);
    const errors: string[] = [];
    const originsOf = origins(source, kind);
    let explained = 0;
    envelope.items.forEach((item, i) => {
      if (!v.item[kind](item)) {
        const result = unexplained(v.item[kind], item, originsOf(item as Rec), `items[${i}] `);
        errors.push(...result.bad);
        explained += result.explained;
      }
      const rec = item as Rec;
      expect(typeof rec.score, 'score is a number').toBe('number');
      if (textMatch) expect(Array.isArray(rec.text_matches), 'text_matches on every item').toBe(true);
      else expect('text_matches' in rec).toBe(false);
    });
    expect(errors, `${kind} items valid against ${ITEM_SCHEMA[kind]} wherever the recorded data allows`).toEqual([]);
    if (strict) expect(explained, 'a complete-shape page validates with no exception at all').toBe(0);
    if (explained === 0 && !v.envelope[kind](envelope)) errors.push(...describeErrors(v.envelope[kind], 'envelope'));
    expect(errors, `envelope valid against the /search/${kind} 200 schema`).toEqual([]);
    const hasKeyword = q.split(/\s+/).some((t) => t !== '' && !t.includes(':') && !['AND', 'OR', 'NOT'].includes(t));
    if (textMatch && envelope.items.length > 0 && hasKeyword) {
      expect(envelope.items.some((i) => ((i as Rec).text_matches as unknown[]).length > 0), 'some item has text matches').toBe(true);
    }
  }, 120_000);

  it.runIf(hasSource(HF, 'issues'))('a page with an issue missing `assignee` would fail: the item schema really checks required keys', async () => {
    const { envelope } = await runSearch({ kind: 'issues', q: 'dataset', per_page: '5' }, await storeFor(HF));
    const item = { ...(envelope.items[0] as Rec) };
    expect(v.item.issues(item)).toBe(true);
    delete item.assignee;
    expect(v.item.issues(item)).toBe(false);
    expect(v.item.issues({ ...(envelope.items[0] as Rec), closed_at: null })).toBe(true);
  }, 120_000);

  it.runIf(hasSource(HF, 'issues'))('the raw records read for the pages are the shared ones (sanity)', () => {
    expect(readRaw(HF, 'issues').length).toBeGreaterThan(1000);
  });
});
