/**
 * The builder's external sort (posting-runs.ts): an index built in many small runs — kept in memory or spilled to
 * a file — is exactly the index built in one run, and so is the index file streamed from it; the spill file is
 * gone afterwards, and a spill that cannot be written only keeps the runs in memory.
 */
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import type { RawRecord } from '../../src/kinds/kind.js';
import { CompactIndexBuilder, type BuilderOptions } from '../../src/index/index-builder.js';
import { spillFileName } from '../../src/cache/file-names.js';
import type { CompactIndex } from '../../src/index/compact-index.js';
import { decodeIndexFile, encodeIndexFile, IndexFileSink, tfWidth } from '../../src/cache/compact-index-file.js';
import { Collection } from '../../src/store/collection.js';
import { toLunrJSON } from './lunr-oracle.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'posting-runs-'));
  roots.push(dir);
  return dir;
};

const spec = specOf('issues');
const WORDS = ['crash', 'loader', 'dataset', 'the', 'stream', 'node.js', 'fix', 'docs', 'error', 'v1.2', '日本語', 'crashes'];
const record = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }).map((w) => w.join(' ')),
  body: fc.oneof(fc.constant(null), fc.array(fc.constantFrom(...WORDS), { maxLength: 30 }).map((w) => w.join(' '))),
});

function build(records: readonly RawRecord[], options: BuilderOptions): CompactIndex {
  const c = new Collection(spec, records, new Map(), { repositories: [], users: [], issues: [] });
  const builder = new CompactIndexBuilder(spec, options);
  records.forEach((r, doc) => builder.add(r, doc, c));
  return builder.finish();
}

/** Everything an index holds, postings and statistics included. */
function contents(index: CompactIndex): unknown {
  const terms = Array.from({ length: index.termCount }, (_, rank) => [
    index.term(rank),
    index.termIndex[rank],
    index.fields.map((_f, f) => [Array.from(index.docs(rank, f)), Array.from(index.weights(rank, f)), Array.from(index.tfs(rank, f))]),
  ]);
  return { lunr: toLunrJSON(index), terms, lengths: Array.from(index.fieldLengths!()) };
}

describe('index built in sorted runs', () => {
  it('many runs, in memory or spilled, give the one-run index (property)', () => {
    const dir = tempDir();
    fc.assert(
      fc.property(fc.array(record, { maxLength: 40 }), fc.integer({ min: 1, max: 50 }), (records, runPostings) => {
        const whole = contents(build(records, {}));
        expect(contents(build(records, { runPostings }))).toEqual(whole);
        const spillFile = spillFileName(dir, 'issues');
        expect(contents(build(records, { runPostings, spillFile }))).toEqual(whole);
        expect(existsSync(spillFile)).toBe(false);
      }),
      { seed: 1414, numRuns: 60 },
    );
  });

  it('streams the same file bytes as encoding the finished index', () => {
    const dir = tempDir();
    const records = Array.from({ length: 300 }, (_, i) => ({ title: `crash ${WORDS[i % WORDS.length]}`, body: WORDS.slice(0, i % 9).join(' ') }));
    const c = new Collection(spec, records, new Map(), { repositories: [], users: [], issues: [] });
    const builder = new CompactIndexBuilder(spec, { runPostings: 17, spillFile: spillFileName(dir, 'issues') });
    records.forEach((r, doc) => builder.add(r, doc, c));
    const file = path.join(dir, 'streamed.lunr');
    const bytes = builder.finishInto(new IndexFileSink(file, { kind: 'issues' }));
    const streamed = readFileSync(file);
    expect(streamed.length).toBe(bytes);
    expect(streamed.equals(Buffer.concat(encodeIndexFile(build(records, {}), { kind: 'issues' })))).toBe(true);
    expect(contents(decodeIndexFile(streamed).index)).toEqual(contents(build(records, {})));
    expect(readdirSync(dir)).toEqual(['streamed.lunr']);
  });

  it('keeps the runs in memory when the spill file cannot be written', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'file'), 'not a directory');
    const records = Array.from({ length: 50 }, (_, i) => ({ title: WORDS[i % WORDS.length]!, body: 'the crash' }));
    expect(contents(build(records, { runPostings: 7, spillFile: path.join(dir, 'file', 'runs.tmp') }))).toEqual(contents(build(records, {})));
  });

  it.each([
    [0, 1],
    [255, 1],
    [256, 2],
    [65_535, 2],
    [65_536, 4],
  ])('stores a largest term frequency of %i in %i byte(s)', (maxTf, bytes) => {
    expect(tfWidth(maxTf)).toBe(bytes);
  });

  it('round-trips term frequencies wider than a byte', () => {
    const records = [{ title: 'crash', body: Array.from({ length: 300 }, () => 'crash').join(' ') }, { title: 'loader', body: null }];
    const built = build(records, { runPostings: 1 });
    const { header, index } = decodeIndexFile(Buffer.concat(encodeIndexFile(built, {})));
    expect(header.tfBytes).toBe(2);
    expect(contents(index)).toEqual(contents(built));
    expect(Array.from(index.tfs(index.find('crash'), index.fieldNumber('body')))).toEqual([300]);
  });
});
