/** `/search/code`, legacy code search (reference §2.3). Keywords match file content and path. */
import { decodeContent, codeSize } from './code-content.js';
import { MESSAGES } from '../api-error.js';
import { apiRoot, minimalRepository, repoNameOf, repositoryObjectUrl, visibilityVia } from './common.js';
import { detectedLanguage } from '../text/languages.js';
import { languageQ, numberQ, onBoolean, onStrings, scopeQualifiers, textQ, time } from './qualifiers.js';
import type { RawRecord } from './kind.js';
import type { KindSpec, QualifierSpec } from './spec.js';
import type { CollectionView, Getter } from './collection-view.js';
import { codeIdentity } from './identity.js';

const repoOf: Getter<string | undefined> = (r) => repoNameOf(r, 'html_url', 'url');
/** The file's path in its repository ('' when absent). */
const pathOf = (r: RawRecord): string => (typeof r.path === 'string' ? r.path : '');
const path: Getter<string> = (r) => pathOf(r);
/** The file name: `name`, else the last path segment. */
const name: Getter<string> = (r) => (typeof r.name === 'string' ? r.name : pathOf(r).split('/').pop() ?? '');

const extensionOf: Getter<string | undefined> = (r, d, c) => {
  const n = name(r, d, c);
  const dot = n.lastIndexOf('.');
  return dot >= 0 ? n.slice(dot + 1) : undefined;
};

/** The id of the file's repository: its embedded repository's, else the dump's repository record's. */
const repositoryIdOf = (r: RawRecord, d: number, c: CollectionView): unknown => {
  const name = repoOf(r, d, c);
  return (r.repository as { id?: unknown } | undefined)?.id ?? (name ? c.repository(name)?.id : undefined);
};

/**
 * `{root}/repositories/{id}/contents/{path}?ref={ref}`: the item's `url` and every text match's object_url (Part B
 * §3.4: object_url = item url); the record's own `url` when the repository id is unknown.
 */
const objectUrl: Getter<string> = (r, d, c) => {
  const id = repositoryIdOf(r, d, c);
  const ref = typeof r.url === 'string' ? new URL(r.url).searchParams.get('ref') : null;
  const rest = `/contents/${path(r, d, c).split('/').map(encodeURIComponent).join('/')}${ref ? `?ref=${ref}` : ''}`;
  return repositoryObjectUrl(id, apiRoot(r.url), rest, r.url);
};

/** The file lives in a fork: its embedded repository says so, else the dump's repository record. */
const isForkFile: Getter<boolean> = (r, d, c) => {
  const embedded = (r.repository as { fork?: unknown } | undefined)?.fork;
  if (typeof embedded === 'boolean') return embedded;
  const name = repoOf(r, d, c);
  return name !== undefined && c.repository(name)?.fork === true;
};

/** `s` without leading and trailing slashes; linear (a regex `^\/+|\/+$` is quadratic on a run of slashes). */
function trimSlashes(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === '/') start++;
  while (end > start && s[end - 1] === '/') end--;
  return s.slice(start, end);
}

/** `path:DIR` — the file lives in DIR or below; `path:/` — at the repository root (§2.3). */
const pathQ: QualifierSpec = {
  list: false,
  columns: [{ get: path, type: 'strings' }],
  compile(value, { c }) {
    const dir = trimSlashes(value.trim()).toLowerCase();
    return onStrings(c, path, (original) => {
      const p = original.toLowerCase();
      const parent = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '';
      return dir === '' ? parent === '' : parent === dir || parent.startsWith(`${dir}/`) || p.startsWith(`${dir}/`);
    });
  },
};

const scope = scopeQualifiers(repoOf);

/** `fork:true` → no filter, `fork:only` → forks only, any other value → no forks (Part B §3.1). */
const forkQ: QualifierSpec = {
  columns: [{ get: isForkFile, type: 'boolean' }],
  read(value) {
    const v = value.trim().toLowerCase();
    return { shown: v === 'true' ? 'forks included' : v === 'only' ? 'forks only' : 'forks excluded' };
  },
  compile(value, { c }) {
    const v = value.trim().toLowerCase();
    return v === 'true' ? () => true : onBoolean(c, isForkFile, v === 'only');
  },
};

/** Builds the table of `/search/code` (called once, on the kind's first use: catalog.ts). */
export const code = (): KindSpec => ({
  kind: 'code',
  fields: [
    {
      name: 'content',
      analyzer: 'code',
      boost: 1,
      get: (r) => decodeContent(r),
      textMatch: {
        property: 'content',
        objectType: 'FileContent',
        objectUrl,
        // Two fragments per file (GitHub's docs; code reference Part B §3.3). Their size stays 200 characters:
        // the ES copy's default is 100, dotcom's Blackbird cuts ~120-character line snippets (ambiguous).
        fragments: 2,
      },
    },
    {
      name: 'path',
      analyzer: 'code',
      boost: 2,
      get: (r) => (typeof r.path === 'string' ? r.path : undefined),
      textMatch: { property: 'path', objectType: 'FileContent', objectUrl, whole: true },
    },
  ],
  // GitHub's docs say content only; measured behaviour matches paths too (§1.9). We follow the measurement.
  defaultFields: ['content', 'path'],
  inValues: { file: ['content'], path: ['path'] },
  qualifiers: {
    // No `owner:` for code (Part B §3.1).
    repo: scope.repo,
    user: scope.user,
    org: scope.org,
    path: pathQ,
    language: languageQ((r) => (typeof r.language === 'string' ? r.language : detectedLanguage(pathOf(r)))),
    size: numberQ((r) => codeSize(r)),
    filename: textQ((r, d, c) => {
      const n = name(r, d, c);
      const dot = n.lastIndexOf('.');
      return dot > 0 ? [n, n.slice(0, dot)] : [n];
    }),
    extension: {
      ...textQ(extensionOf),
      // Lower-cased, a leading dot removed (Part B §3.1).
      read: (value) => ({ shown: value.trim().replace(/^\./, '').toLowerCase() }),
      compile: (value, ctx) => textQ(extensionOf).compile(value.replace(/^\./, ''), ctx),
    },
    fork: forkQ,
  },
  sorts: { indexed: time('last_modified_at') },
  detectsLanguages: true,
  // Files in forks are left out unless `fork:true|only` is given (§2.3). GitHub further keeps only forks with more
  // stars than their parent; records rarely carry the parent's stars, so with `fork:` every fork is eligible.
  defaults(present, c) {
    return present.has('fork') ? undefined : onBoolean(c, isForkFile, false);
  },
  advancedSyntax: false,
  repeats: 'or',
  // `filename:` is part of the scored query, so it stands in for text (Part B §3.1); only a global query without a
  // query part is refused: a repository scope (`repo:`, `user:`, `org:`) makes it valid (Part B §3.2).
  withoutText: { message: MESSAGES.codeTextRequired, counting: ['filename', 'repo', 'user', 'org'] },
  // The escaped text is capped at 128 characters before the base checks (Part B §3.2).
  textLimit: { characters: 128, message: MESSAGES.codeTooLong },
  // Measured on GitHub (Blackbird): a scope naming nothing answers 200, empty and incomplete (Part B §3.4).
  unresolvedScope: 'empty',
  capRule: 'whole-page',
  // Code search counts against its own window, ignores the API version header and links the applied per_page.
  http: { rateResource: 'code_search', apiVersions: false, linkPerPage: 'applied' },
  visibility: (r, d, c) => visibilityVia(r, repoOf(r, d, c), c),
  identity: codeIdentity,
  project(record, doc, c) {
    const item: Record<string, unknown> = {};
    for (const key of ['name', 'path', 'sha', 'url', 'git_url', 'html_url'] as const) item[key] = record[key] ?? null;
    // GitHub builds a code item's API URLs on the repository id (code reference Part B §3.4): the contents URL —
    // also every text match's object_url — and the blob URL; a record whose repository id is unknown keeps its own.
    item.url = objectUrl(record, doc, c);
    const id = repositoryIdOf(record, doc, c);
    if (typeof id === 'number' && typeof record.sha === 'string') item.git_url = `${apiRoot(record.url)}/repositories/${id}/git/blobs/${record.sha}`;
    if (typeof item.name !== 'string') item.name = name(record, doc, c);
    const repository = minimalRepository(record.repository, repoOf(record, doc, c), c);
    if (repository) item.repository = repository;
    for (const key of ['file_size', 'language', 'last_modified_at', 'line_numbers'] as const) {
      if (key in record) item[key] = record[key];
    }
    return item;
  },
  scoreAfter: 'repository',
});
