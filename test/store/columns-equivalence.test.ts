/**
 * Columns vs records on the real shared dumps: qualifier filters and sort keys read per-document columns (built
 * during the streaming build pass, saved as `<kind>-<id>.columns`, or built lazily from the records), and fall back
 * to calling the getters on the records when a collection has no column. Both paths must agree exactly:
 *
 * 1. every column of every kind equals, doc by doc, its getter applied to the record — for columns streamed during
 *    a directory build and for columns a single-file dump builds lazily in memory;
 * 2. a second store on the same dump and cache directory reads the saved column file (not rebuilt, not deleted)
 *    and its columns equal the first store's element for element;
 * 3. query by query (qualifiers × every sort key × both orders, and best match), stores answering through columns
 *    return the same total_count and item order as a store whose collections have no columns at all.
 *
 * Every store is built before this file loads linguist's data (as in a fresh process whose first search builds the
 * kind); the data is then loaded before any comparison, as `runSearch` loads it before compiling any `language:`
 * query — so the getters are evaluated as the record path evaluates them at query time. (This caught code's
 * `q.language.0` column built without detected languages: `language:javascript` found nothing through columns.
 * The store now loads the data before building the columns of a kind that `detectsLanguages`.)
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api-error.js';
import { specOf } from '../../src/kinds/catalog.js';
import { KINDS, type Kind, type RawRecord } from '../../src/kinds/kind.js';
import type { Column, Getter } from '../../src/kinds/collection-view.js';
import type { SearchRequest } from '../../src/search-request.js';
import { runSearch } from '../../src/search.js';
import type { Collection } from '../../src/store/collection.js';
import { columnDefs, type ColumnDef } from '../../src/store/column-defs.js';
import { openStore, type Store } from '../../src/store/store.js';
import { ensureLanguages } from '../../src/text/languages.js';
import { acceptFor, ALL_ACCESS, get, hasSource, ID, readRaw, SHARED_DATA, sourceDir, words, type Rec } from '../helpers/real-data.js';

// ------------------------------------------------------------------------------------------------ sources

/**
 * The sources checked, and the kinds of each (only those the source has are used).
 * - `singleFile`: also open the records as a single-file dump (columns built lazily in memory); default true.
 * - `sortedQueries`: how many queries of a kind's table (from its start: the broad ones, which together cover
 *   every document) run under every sort key in both orders; the others run best match only (a sort reads its
 *   column for whatever documents matched, so more filtered queries add little). Default {@link SORTED_QUERIES}.
 * - `large`: checked only when COLUMNS_EQUIVALENCE_LARGE=1 (jenkins' 38k commits add ~8 s to this file's ~20 s).
 */
const SOURCES: ReadonlyArray<{ source: string; kinds: readonly Kind[]; singleFile?: boolean; sortedQueries?: number; large?: boolean }> = [
  // The largest of the default set (16 MB of repositories): no single-file copy (+7 s: a second build, slow items).
  { source: 'hub4j-github-api-wiremock', kinds: KINDS, singleFile: false },
  { source: 'pygithub-replaydata', kinds: KINDS },
  { source: 'octokit-fixtures', kinds: KINDS },
  { source: 'changelog-generator-vcr', kinds: KINDS },
  { source: 'rest-api-examples', kinds: KINDS },
  { source: 'github-explore', kinds: ['topics'] },
  // 7k issues of one repository: no single-file copy, fewer sorted queries.
  { source: 'hf-datasets-issues', kinds: ['issues'], singleFile: false, sortedQueries: 2 },
  { source: 'jenkins-git-history', kinds: ['commits'], singleFile: false, sortedQueries: 2, large: true },
];
const SORTED_QUERIES = 4;
const LARGE = process.env.COLUMNS_EQUIVALENCE_LARGE === '1';

const PRESENT = SOURCES.filter((entry) => LARGE || !entry.large)
  .map((entry) => ({
    singleFile: true,
    sortedQueries: SORTED_QUERIES,
    ...entry,
    kinds: entry.kinds.filter((kind) => hasSource(entry.source, kind)),
  }))
  .filter(({ kinds }) => kinds.length > 0);
const HAVE_DATA = PRESENT.length > 0;
const BUILD_TIMEOUT = 120_000;
const CASE_TIMEOUT = 30_000;

// ------------------------------------------------------------------------------------------------ stores

interface Stores {
  /** Directory dump, fresh cache dir: columns streamed during the build pass (and saved). */
  streamed: Store;
  /** A second store on the same dump and cache dir: columns read from the saved file. */
  reopened: Store;
  /** The same records as one JSON file: columns built lazily in memory from the records (when asked for). */
  singleFile: Store | undefined;
  /**
   * A store whose collections have no columns: every predicate and sort reads the records. On the single-file dump
   * when there is one (its records are plain objects in memory: fast), else on the directory dump's cache.
   */
  records: Store;
  /** The streamed store's cache dir. */
  cacheDir: string;
  /** `<kind>-*.columns` files (with their identity) right after the streamed store built them. */
  files: Map<Kind, Array<{ name: string; ino: bigint; mtimeNs: bigint; size: bigint }>>;
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function tempDir(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `columns-equivalence-${tag}-`));
  roots.push(dir);
  return dir;
}

/** The `<kind>-*.columns` files of a cache dir, with inode and mtime (to tell a rewrite or a deletion). */
function columnFiles(cacheDir: string, kind: Kind): Array<{ name: string; ino: bigint; mtimeNs: bigint; size: bigint }> {
  return readdirSync(cacheDir)
    .filter((name) => name.startsWith(`${kind}-`) && name.endsWith('.columns'))
    .sort()
    .map((name) => {
      const st = statSync(path.join(cacheDir, name), { bigint: true });
      return { name, ino: st.ino, mtimeNs: st.mtimeNs, size: st.size };
    });
}

async function openStores(source: string, kinds: readonly Kind[], withSingleFile: boolean): Promise<Stores> {
  const cacheDir = tempDir(`${source}-cache`);
  const streamed = openStore(sourceDir(source), { cacheDir });
  await streamed.prebuild(kinds);
  const files = new Map(kinds.map((kind) => [kind, columnFiles(cacheDir, kind)] as const));

  const reopened = openStore(sourceDir(source), { cacheDir });
  await reopened.prebuild(kinds);

  let singleFile: Store | undefined;
  let records: Store;
  if (withSingleFile) {
    // Every kind of the source (neighbours included) plus its pulls, as one single-file dump.
    const all: Record<string, Rec[]> = {};
    for (const kind of KINDS) if (hasSource(source, kind)) all[kind] = readRaw(source, kind);
    if (hasSource(source, 'pulls')) all.pulls = readRaw(source, 'pulls');
    const file = path.join(tempDir(`${source}-single`), 'dump.json');
    writeFileSync(file, JSON.stringify(all));
    const singleCache = tempDir(`${source}-single-cache`);
    singleFile = openStore(file, { cacheDir: singleCache });
    await singleFile.prebuild(kinds);
    records = openStore(file, { cacheDir: singleCache });
  } else {
    records = openStore(sourceDir(source), { cacheDir });
  }
  await records.prebuild(kinds);
  for (const kind of kinds) {
    const c = await records.collection(kind);
    c.column = () => undefined;
  }
  return { streamed, reopened, singleFile, records, cacheDir, files };
}

const storesBySource = new Map<string, Stores>();

function storesOf(source: string): Stores {
  const stores = storesBySource.get(source);
  if (!stores) throw new Error(`stores of ${source} were not opened`);
  return stores;
}

// Build everything before linguist's data is loaded (see the header), then load it.
beforeAll(async () => {
  if (!HAVE_DATA) return;
  for (const { source, kinds, singleFile } of PRESENT) storesBySource.set(source, await openStores(source, kinds, singleFile));
  await ensureLanguages();
}, BUILD_TIMEOUT);

// ------------------------------------------------------------------------------------------------ normalising

/** A document's value as a column holds it: number (NaN = none), boolean 0/1/2, or the list of strings. */
type Cell = number | readonly string[];
/** A getter value no column of the type can hold (or a getter that threw). */
const OUTSIDE = 'OUTSIDE THE COLUMN TYPE';

/** The getter's value normalised to what the column must hold for it. */
function expectedCell(def: ColumnDef, record: RawRecord, doc: number, c: Collection): Cell | typeof OUTSIDE {
  let value: unknown;
  try {
    value = (def.get as Getter<unknown>)(record, doc, c);
  } catch {
    return OUTSIDE;
  }
  if (def.type === 'number') {
    if (value === undefined || value === null) return NaN;
    if (typeof value !== 'number' || value === Infinity || value === -Infinity) return OUTSIDE;
    return value;
  }
  if (def.type === 'boolean') {
    if (value === undefined || value === null) return 2;
    return typeof value === 'boolean' ? Number(value) : OUTSIDE;
  }
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return (value as unknown[]).filter((item): item is string => typeof item === 'string');
  return OUTSIDE;
}

/** Document `doc`'s value in the column. */
function cellOf(column: Column, doc: number): Cell {
  if (column.type !== 'strings') return column.values[doc]!;
  const out: string[] = [];
  for (let k = column.offsets[doc]!; k < column.offsets[doc + 1]!; k++) out.push(column.dict[column.ids[k]!]!);
  return out;
}

function sameCell(a: Cell | typeof OUTSIDE, b: Cell | typeof OUTSIDE): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((s, i) => s === b[i]);
  return a === b;
}

const show = (cell: Cell | typeof OUTSIDE): string => (typeof cell === 'number' && Number.isNaN(cell) ? 'NaN' : JSON.stringify(cell));

/** The number of documents a column holds. */
function columnLength(column: Column): number {
  return column.type === 'strings' ? column.offsets.length - 1 : column.values.length;
}

/**
 * Differences between a collection's column and its getter (at most `limit` listed, then a count).
 * A column may be absent only when some getter value is outside its type.
 */
function columnVsGetter(c: Collection, def: ColumnDef, limit = 8): string[] {
  const records = c.records;
  const expected = records.map((record, doc) => expectedCell(def, record, doc, c));
  const column = c.column(def.get);
  if (column === undefined) {
    return expected.includes(OUTSIDE) ? [] : ['the column is undefined although every getter value fits its type'];
  }
  if (column.type !== def.type) return [`column type ${column.type}, def type ${def.type}`];
  if (columnLength(column) !== records.length) return [`column holds ${columnLength(column)} documents, collection ${records.length}`];
  const out: string[] = [];
  let more = 0;
  for (let doc = 0; doc < records.length; doc++) {
    const have = cellOf(column, doc);
    if (sameCell(have, expected[doc]!)) continue;
    if (out.length < limit) out.push(`doc ${doc} (${ID[c.kind](records[doc]!)}): column ${show(have)}, getter ${show(expected[doc]!)}`);
    else more++;
  }
  if (more > 0) out.push(`… and ${more} more documents`);
  return out;
}

/** The first difference between two columns (typed arrays element by element, NaN equal to NaN), if any. */
function columnDiff(a: Column | undefined, b: Column | undefined): string | undefined {
  if (a === undefined || b === undefined) return a === b ? undefined : `one column is undefined (${a?.type} vs ${b?.type})`;
  if (a.type !== b.type) return `types ${a.type} vs ${b.type}`;
  const arrays = (x: Column): Array<[string, ArrayLike<number>]> =>
    x.type === 'strings' ? [['offsets', x.offsets], ['ids', x.ids]] : [['values', x.values]];
  const left = arrays(a);
  const right = arrays(b);
  for (let i = 0; i < left.length; i++) {
    const [name, x] = left[i]!;
    const y = right[i]![1];
    if (x.length !== y.length) return `${name}: length ${x.length} vs ${y.length}`;
    for (let k = 0; k < x.length; k++) {
      const u = x[k]!;
      const v = y[k]!;
      if (!(Object.is(u, v) || (Number.isNaN(u) && Number.isNaN(v)))) return `${name}[${k}]: ${u} vs ${v}`;
    }
  }
  if (a.type === 'strings' && b.type === 'strings') {
    if (a.dict.length !== b.dict.length) return `dict: length ${a.dict.length} vs ${b.dict.length}`;
    const k = a.dict.findIndex((s, i) => s !== b.dict[i]);
    if (k >= 0) return `dict[${k}]: ${JSON.stringify(a.dict[k])} vs ${JSON.stringify(b.dict[k])}`;
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------ query tables

/** The most frequent value (ties: first seen), or undefined. */
function mostCommon(values: Iterable<string | undefined>): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  for (const [v, n] of counts) if (best === undefined || n > counts.get(best)!) best = v;
  return best;
}

const quote = (value: string): string => (/[\s"]/.test(value) ? `"${value.replace(/"/g, '')}"` : value);
const repoOfApiUrl = (url: unknown): string | undefined =>
  typeof url === 'string' ? /\/repos\/([^/]+\/[^/]+)/.exec(url)?.[1] : undefined;
/** A frequent word (4+ letters) of a text field: keyword part for kinds that require text. */
const commonWord = (records: readonly Rec[], field: string): string =>
  mostCommon(records.flatMap((r) => words(get(r, field)).filter((w) => w.length >= 4 && /^[a-z]+$/.test(w)))) ?? 'the';

/** Qualifier queries per kind, some with values taken from the source's own records. */
const QUERIES: Readonly<Partial<Record<Kind, (records: readonly Rec[]) => string[]>>> = {
  issues: (records) => {
    const label = mostCommon(records.flatMap((r) => (Array.isArray(r.labels) ? r.labels.map((l) => get(l, 'name') as string) : [])));
    const author = mostCommon(records.map((r) => get(r, 'user.login') as string | undefined));
    const repo = mostCommon(records.map((r) => repoOfApiUrl(r.repository_url)));
    return [
      // broad first (run under every sort key): together these cover every issue
      'state:open',
      'state:closed',
      'is:pr',
      'is:issue',
      'no:label',
      'comments:>3',
      'is:pr is:merged',
      'is:pr is:unmerged',
      'is:locked',
      'is:public',
      'type:issue',
      'type:pr',
      'draft:true',
      'draft:false',
      'reason:completed',
      'label:bug',
      'comments:0',
      'comments:1..5',
      'interactions:>2',
      'reactions:>0',
      'created:<2022-01-01',
      'created:2019-01-01..2021-12-31',
      'updated:>2020-06-01',
      'closed:>2019-01-01',
      'merged:>2019-01-01',
      'no:milestone',
      'no:assignee',
      'assignee:*',
      '-label:bug state:closed',
      'archived:false',
      'language:java',
      'language:python',
      'is:open (comments:>2 OR no:label)',
      ...(label ? [`label:${quote(label)}`, `-label:${quote(label)} is:issue`] : []),
      ...(author ? [`author:${author}`, `involves:${author}`] : []),
      ...(repo ? [`repo:${repo} is:closed`] : []),
    ];
  },
  repositories: (records) => {
    const topic = mostCommon(records.flatMap((r) => (Array.isArray(r.topics) ? (r.topics as string[]) : [])));
    const owner = mostCommon(records.map((r) => get(r, 'owner.login') as string | undefined));
    return [
      // broad first (run under every sort key): `fork:true` includes forks, which are hidden by default
      'fork:true',
      'stars:>10',
      'stars:0',
      'fork:only',
      'is:public',
      'language:java',
      'forks:>5',
      'language:python',
      'size:>1000',
      'created:<2015-01-01',
      'pushed:>2020-01-01',
      'topics:>0',
      'archived:true',
      'archived:false',
      'template:false',
      'mirror:false',
      'followers:>5',
      'good-first-issues:>0',
      'help-wanted-issues:>0',
      'license:mit',
      '-language:java stars:>1',
      ...(topic ? [`topic:${topic}`] : []),
      ...(owner ? [`user:${owner} fork:true`] : []),
    ];
  },
  users: () => ['type:user', 'type:org', 'followers:>10', 'followers:0', 'repos:>5', 'created:<2015-01-01', 'location:san', 'fullname:john'],
  commits: (records) => {
    const word = commonWord(records, 'commit.message');
    const author = mostCommon(records.map((r) => get(r, 'author.login') as string | undefined));
    const name = mostCommon(records.map((r) => (get(r, 'commit.author.name') as string | undefined)?.split(/\s+/)[0]));
    const email = mostCommon(records.map((r) => get(r, 'commit.committer.email') as string | undefined));
    return [
      `${word} is:public`,
      `${word} author-date:>2020-01-01`,
      `${word} committer-date:<2018-01-01`,
      `${word} merge:true`,
      `${word} merge:false`,
      `${word} hash:a`,
      `${word} parent:1`,
      ...(author ? [`${word} author:${author}`, `${word} -author:${author}`] : []),
      ...(name ? [`${word} author-name:${quote(name)}`] : []),
      ...(email ? [`${word} committer-email:${email}`] : []),
    ];
  },
  code: (records) => {
    const word = commonWord(records, 'name');
    const filename = mostCommon(records.map((r) => get(r, 'name') as string | undefined));
    return [
      `${word} fork:true`,
      `${word} path:src`,
      `${word} language:java extension:java`,
      `${word} language:javascript`,
      `${word} language:python`,
      `${word} -language:markdown`,
      `${word} size:>1000`,
      `${word} extension:py`,
      `${word} fork:only`,
      ...(filename ? [`filename:${quote(filename)}`] : []),
    ];
  },
  topics: () => ['is:featured', 'is:curated', 'is:not-featured', 'repositories:>100', 'created:>2015-01-01', 'is:curated repositories:>10'],
};

/** Every ordering: best match and each sort key in both orders. */
function orderings(kind: Kind): Array<{ sort?: string; order?: string }> {
  return [{}, ...Object.keys(specOf(kind).sorts).flatMap((sort) => [{ sort, order: 'asc' }, { sort, order: 'desc' }])];
}

/** total_count and item ids of page 1 (per_page 100), or the error's status and body. */
async function answer(store: Store, request: SearchRequest): Promise<{ total: number; ids: string[] } | { error: string }> {
  try {
    const result = await runSearch({ accept: acceptFor(request.kind), viewer: ALL_ACCESS, per_page: '100', page: '1', ...request }, store);
    return { total: result.envelope.total_count, ids: (result.envelope.items as Rec[]).map((item) => ID[request.kind](item)) };
  } catch (error) {
    if (error instanceof ApiError) return { error: `${error.status} ${JSON.stringify(error.body)}` };
    throw error;
  }
}

/**
 * Labels are searched within one repository (`repository_id`): the dump's repository most of its labels belong
 * to, with frequent words of those labels' names as queries; none when no label's repository is in the dump.
 */
function labelsCases(source: string): { repositoryId: string; queries: string[] } | undefined {
  const ids = new Map(readRaw(source, 'repositories').map((r) => [String(r.full_name).toLowerCase(), r.id]));
  const labels = readRaw(source, 'labels').filter((r) => typeof ids.get(repoOfApiUrl(r.url)?.toLowerCase() ?? '') === 'number');
  const repo = mostCommon(labels.map((r) => repoOfApiUrl(r.url)?.toLowerCase()));
  if (!repo) return undefined;
  const mine = labels.filter((r) => repoOfApiUrl(r.url)?.toLowerCase() === repo);
  const counts = new Map<string, number>();
  for (const r of mine) for (const w of new Set(words(r.name))) counts.set(w, (counts.get(w) ?? 0) + 1);
  const queries = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 4).map(([w]) => w);
  return { repositoryId: String(ids.get(repo)), queries };
}

// ------------------------------------------------------------------------------------------------ tests

describe.skipIf(!HAVE_DATA)(
  `columns ≡ records on the real dumps${HAVE_DATA ? '' : ` — SKIPPED: real GitHub records not found at ${SHARED_DATA}`}`,
  () => {
    describe.each(PRESENT)('$source', ({ source, kinds, singleFile, sortedQueries }) => {
      describe.each(kinds)('%s', (kind) => {
        const defs = columnDefs(specOf(kind)).list;

        it('has documents and column defs; the column stores have columns, the records store none', async () => {
          const stores = storesOf(source);
          const streamed = await stores.streamed.collection(kind);
          const records = await stores.records.collection(kind);
          expect(streamed.records.length).toBeGreaterThan(0);
          expect(records.records.length).toBe(streamed.records.length);
          expect(defs.length).toBeGreaterThan(0);
          expect(defs.filter((def) => streamed.column(def.get) !== undefined).length, 'usable columns').toBeGreaterThan(0);
          expect(defs.filter((def) => records.column(def.get) !== undefined).map((def) => def.name)).toEqual([]);
        });

        // 1. every column equals its getter, doc by doc: streamed (directory build) and lazily built (single file)
        describe.each(defs.map((def) => ({ def, name: def.name })))('column $name', ({ def }) => {
          it('streamed column = getter on every record', async () => {
            const c = await storesOf(source).streamed.collection(kind);
            expect(columnVsGetter(c, def)).toEqual([]);
          });
          // (Only sources with a single-file copy: defined conditionally, so the others add no skipped tests.)
          if (singleFile) {
            it('single-file (lazily built) column = getter on every record', async () => {
              const c = await storesOf(source).singleFile!.collection(kind);
              expect(columnVsGetter(c, def)).toEqual([]);
            });
          }
        });

        // 2. the saved file is read back as it was written
        it('a second store reads the saved columns file: every column deep-equal to the first store’s', async () => {
          const stores = storesOf(source);
          const before = stores.files.get(kind)!;
          expect(before.map((f) => f.name), 'exactly one columns file after the first build').toHaveLength(1);
          const first = await stores.streamed.collection(kind);
          const second = await stores.reopened.collection(kind);
          expect(second).not.toBe(first);
          expect(second.records.length).toBe(first.records.length);
          const diffs: string[] = [];
          for (const def of defs) {
            const diff = columnDiff(first.column(def.get), second.column(def.get));
            if (diff) diffs.push(`${def.name}: ${diff}`);
          }
          expect(diffs).toEqual([]);
          // Not rebuilt (a save renames a new file in), not discarded as corrupt (a failed check deletes it).
          expect(columnFiles(stores.cacheDir, kind)).toEqual(before);
        });

        // 3. query answers: columns (streamed, saved file, lazily built) vs records only
        const labels = kind === 'labels' && HAVE_DATA ? labelsCases(source) : undefined;
        const queries = kind === 'labels' ? labels?.queries : HAVE_DATA ? QUERIES[kind]?.(readRaw(source, kind)) : undefined;
        if (!queries || queries.length === 0) return;
        const repositoryId = labels?.repositoryId;
        describe('queries: same total_count and item order through columns as through records', () => {
          const cases = queries.map((q, i) => ({ q, sorted: i < sortedQueries }));
          let nonEmpty = 0;
          afterAll(() => {
            // The table must exercise something: at least one query of the kind finds documents.
            if (HAVE_DATA) expect(nonEmpty, `${source} ${kind}: every query found nothing`).toBeGreaterThan(0);
          });
          it.each(cases)(
            'q=$q',
            async ({ q, sorted }) => {
              const stores = storesOf(source);
              const columnStores: Record<string, Store> = { streamed: stores.streamed, reopened: stores.reopened };
              if (stores.singleFile) columnStores.singleFile = stores.singleFile;
              const diffs: string[] = [];
              for (const { sort, order } of sorted ? orderings(kind) : [{}]) {
                const request: SearchRequest = { kind, q, sort, order, repository_id: repositoryId };
                const truth = await answer(stores.records, request);
                if ('total' in truth && truth.total > 0) nonEmpty++;
                for (const [name, store] of Object.entries(columnStores)) {
                  const got = await answer(store, request);
                  if (JSON.stringify(got) !== JSON.stringify(truth)) {
                    const ordering = sort ? `sort=${sort}&order=${order}` : 'best match';
                    diffs.push(`${ordering}, ${name}: ${JSON.stringify(got)} ≠ records ${JSON.stringify(truth)}`);
                  }
                }
              }
              expect(diffs).toEqual([]);
            },
            CASE_TIMEOUT,
          );
        });
      });
    });
  },
);

// The large sources, left out of the default run (say so instead of silently checking less).
describe.each(SOURCES.filter((entry) => entry.large && !LARGE && hasSource(entry.source, ...entry.kinds)))(
  '$source — SKIPPED: large source, run with COLUMNS_EQUIVALENCE_LARGE=1',
  () => {
    it.skip('columns ≡ records', () => undefined);
  },
);
