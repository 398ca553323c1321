/**
 * Property: whatever happens to a cache file — a flipped bit, a truncation, a zeroed block — every answer is the
 * answer a fresh cache gives, or a refusal that names the cache file (a DataError, exit 3). Never a different
 * answer, never an internal error. Damage is noticed once per file on stderr and healed in-process.
 *
 * The known-names files (`*.names.json`) are the privacy work's to checksum (test/access/defects.test.ts); the
 * private documents are among the segment facts (`*.segment`), damaged here like every other file.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCacheNoticeSink } from '../../src/cache/notice.js';
import { DataError } from '../../src/dump/data-error.js';
import { renderJson } from '../../src/envelope/envelope.js';
import type { SearchRequest } from '../../src/search-request.js';
import { viewerFor } from '../../src/request/viewer.js';
import { runSearch } from '../../src/search.js';
import { openStore } from '../../src/store/store.js';
import { SMALL_DUMP } from '../helpers/small-dump.js';
import { sectionAt } from '../cache/helpers/framed-bytes.js';

const TEXT_MATCH = 'application/vnd.github.text-match+json';
const QUERIES: readonly SearchRequest[] = [
  { kind: 'issues', q: 'crash', accept: TEXT_MATCH },
  { kind: 'issues', q: 'is:open is:closed', sort: 'comments', order: 'asc' },
  { kind: 'issues', q: 'crash label:bug', sort: 'created' },
  { kind: 'issues', q: '"blue light"', accept: TEXT_MATCH },
  { kind: 'issues', q: 'crash secret', viewer: viewerFor('ada', ['lattice/vault']) },
  { kind: 'repositories', q: 'prism stars:>=0', accept: 'application/vnd.github.mercy-preview+json' },
  { kind: 'code', q: 'prism', accept: TEXT_MATCH },
  { kind: 'commits', q: 'typo', accept: 'application/vnd.github.cloak-preview+json' },
  { kind: 'users', q: 'ada', sort: 'followers' },
  { kind: 'topics', q: 'light', accept: 'application/vnd.github.mercy-preview+json' },
];

/** Every answer as its JSON body, or `refused: <message>` for a DataError (anything else fails the test). */
async function answers(dump: string, cacheDir: string): Promise<string[]> {
  const store = openStore(dump, { cacheDir });
  const out: string[] = [];
  for (const request of QUERIES) {
    try {
      out.push(renderJson((await runSearch(request, store)).envelope));
    } catch (error) {
      if (!(error instanceof DataError)) throw error;
      out.push(`refused: ${error.message}`);
    }
  }
  return out;
}

let dump: string;
let pristine: string;
let fresh: string[];
let files: string[];
const notices: string[] = [];

beforeAll(async () => {
  // The fixture as a directory dump, so every cache file is written (snapshot, hash memo, columns, index, items).
  dump = mkdtempSync(path.join(tmpdir(), 'search-corrupt-dump-'));
  const parts = JSON.parse(readFileSync(SMALL_DUMP, 'utf8')) as Record<string, unknown[]>;
  for (const [part, records] of Object.entries(parts)) writeFileSync(path.join(dump, `${part}.json`), JSON.stringify(records));
  pristine = mkdtempSync(path.join(tmpdir(), 'search-corrupt-cache-'));
  // Built as `search index` builds it, so the rendered-items files are among the damaged files too.
  await openStore(dump, { cacheDir: pristine }).prebuild();
  fresh = await answers(dump, pristine);
  files = readdirSync(pristine)
    .filter((name) => !name.endsWith('.tmp') && !name.endsWith('.names.json'))
    .sort();
  setCacheNoticeSink((line) => void notices.push(line));
});

afterAll(() => {
  setCacheNoticeSink(undefined);
});

type Damage =
  | { type: 'flip'; at: number; bit: number }
  | { type: 'truncate'; at: number }
  | { type: 'zero'; at: number; length: number };

/** Apply a damage to `file`; positions are fractions of its size (so every file size is covered alike). */
function damage(file: string, how: Damage): void {
  const bytes = readFileSync(file);
  if (bytes.length === 0) return;
  const at = Math.min(bytes.length - 1, Math.floor(how.at * bytes.length));
  if (how.type === 'truncate') return truncateSync(file, at);
  if (how.type === 'flip') bytes[at]! ^= 1 << how.bit;
  else bytes.fill(0, at, Math.min(bytes.length, at + how.length));
  writeFileSync(file, bytes);
}

const damages: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ type: fc.constant('flip' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), bit: fc.integer({ min: 0, max: 7 }) }),
  // The tail holds what is read lazily and checked late: posting blocks, snapshot offsets, the last columns.
  fc.record({ type: fc.constant('flip' as const), at: fc.double({ min: 0.7, max: 1, noNaN: true }), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ type: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ type: fc.constant('zero' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 4096 }) }),
);

describe('a damaged cache file', () => {
  it('leaves the cache with one file of each kind to damage', () => {
    const kinds = new Set(files.map((name) => name.replace(/^[a-z]+-/, '').replace(/^[0-9a-f]+/, '').replace(/^hash-[0-9a-f]+/, 'hash')));
    expect([...kinds].sort()).toEqual(['.columns', '.items', '.lunr', '.records', '.segment', 'hash.txt'].sort());
    expect(fresh.every((answer) => answer.startsWith('{'))).toBe(true);
  });

  it('answers as a fresh cache does, or refuses naming the cache file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...files), damages, async (name, how) => {
        const dir = mkdtempSync(path.join(tmpdir(), 'search-corrupt-run-'));
        cpSync(pristine, dir, { recursive: true });
        damage(path.join(dir, name), how);
        const got = await answers(dump, dir);
        for (let i = 0; i < got.length; i++) {
          if (got[i]!.startsWith('refused: ')) expect(got[i]).toContain(path.join(dir, name));
          else expect(got[i]).toBe(fresh[i]);
        }
        // Healed: a second run from the rewritten cache answers the same.
        expect(await answers(dump, dir)).toEqual(fresh);
      }),
      { numRuns: 120 },
    );
  }, 600_000);

  it('heals a posting block found corrupt in a running store (a server), instead of failing every search', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'search-corrupt-run-'));
    cpSync(pristine, dir, { recursive: true });
    const lunr = path.join(dir, files.find((name) => name.startsWith('issues-') && name.endsWith('.lunr'))!);
    const store = openStore(dump, { cacheDir: dir });
    await store.prebuild(['issues']); // opened: dictionary checked, no posting block read yet
    const bytes = readFileSync(lunr);
    const [postDocs] = sectionAt(bytes, 'postDocs');
    bytes[postDocs + 4]! ^= 0x10;
    writeFileSync(lunr, bytes); // same inode: the open descriptor reads the damaged bytes
    notices.length = 0;
    for (let round = 0; round < 2; round++) {
      for (const [i, request] of QUERIES.entries()) {
        if (request.kind !== 'issues') continue;
        expect(renderJson((await runSearch(request, store)).envelope)).toBe(fresh[i]);
      }
    }
    expect(notices).toEqual([`search: cache file ${lunr} is damaged (posting block 0 is corrupt); rebuilt from the dump\n`]);
  });

  it('is noticed once on stderr, naming the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'search-corrupt-run-'));
    cpSync(pristine, dir, { recursive: true });
    const lunr = files.find((name) => name.startsWith('issues-') && name.endsWith('.lunr'))!;
    damage(path.join(dir, lunr), { type: 'zero', at: 0.5, length: 64 });
    notices.length = 0;
    setCacheNoticeSink((line) => void notices.push(line));
    expect(await answers(dump, dir)).toEqual(fresh);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(new RegExp(`^search: cache file ${path.join(dir, lunr).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged \\(.+\\); rebuilt from the dump\\n$`));
  });
});
