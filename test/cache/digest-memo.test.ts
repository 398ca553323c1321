/**
 * The digest memo (src/cache/digest-memo.ts): sha256Hex answers remembered texts from the file a process uses, writes
 * back what it hashed, and reads a damaged or foreign file as empty (every answer is then hashed again).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DIGEST_MEMO_ENTRIES,
  DIGEST_MEMO_TEXT,
  formatDigestMemo,
  memoisedDigest,
  parseDigestMemo,
  saveDigestMemo,
  useDigestMemo,
} from '../../src/cache/digest-memo.js';
import { digestMemoFileName } from '../../src/cache/file-names.js';
import { sha256Hex } from '../../src/cache/sha256.js';

const oracle = (text: string): string => createHash('sha256').update(text).digest('hex');
const memoFile = (): string => digestMemoFileName(mkdtempSync(path.join(tmpdir(), 'search-digests-')));
/** A digest that is not the text's: only a memo could answer it. */
const planted = 'f'.repeat(64);

afterEach(() => useDigestMemo(undefined));

describe('digest memo', () => {
  it('answers a remembered text from the file, and hashes every other', () => {
    const file = memoFile();
    writeFileSync(file, formatDigestMemo([['remembered', planted]]));
    useDigestMemo(file);
    expect(sha256Hex('remembered')).toBe(planted);
    expect(sha256Hex('not remembered')).toBe(oracle('not remembered'));
    useDigestMemo(undefined);
    expect(sha256Hex('remembered')).toBe(oracle('remembered'));
  });

  it('writes back what the process hashed, newest first, and nothing when it hashed nothing new', () => {
    const file = memoFile();
    writeFileSync(file, formatDigestMemo([['old', oracle('old')]]));
    useDigestMemo(file);
    sha256Hex('old');
    saveDigestMemo();
    expect(readFileSync(file, 'utf8')).toBe(formatDigestMemo([['old', oracle('old')]]));
    sha256Hex('a');
    sha256Hex('b');
    saveDigestMemo();
    const written = [...parseDigestMemo(readFileSync(file, 'utf8'))];
    expect(written).toEqual([
      ['a', oracle('a')],
      ['b', oracle('b')],
      ['old', oracle('old')],
    ]);
    // A later process reads them back.
    useDigestMemo(file);
    expect(memoisedDigest('b')).toBe(oracle('b'));
  });

  it(`keeps the ${DIGEST_MEMO_ENTRIES} most recent, and no text longer than ${DIGEST_MEMO_TEXT}`, () => {
    const file = memoFile();
    useDigestMemo(file);
    const texts = Array.from({ length: DIGEST_MEMO_ENTRIES + 5 }, (_, i) => `key ${i}`);
    for (const text of texts) sha256Hex(text);
    const long = 'x'.repeat(DIGEST_MEMO_TEXT + 1);
    expect(sha256Hex(long)).toBe(oracle(long));
    saveDigestMemo();
    const kept = parseDigestMemo(readFileSync(file, 'utf8'));
    expect([...kept.keys()]).toEqual(texts.slice(0, DIGEST_MEMO_ENTRIES));
    expect(kept.has(long)).toBe(false);
  });

  it('writes into an existing directory only', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'search-digests-')), 'missing', 'digests-1.json');
    useDigestMemo(file);
    sha256Hex('text');
    saveDigestMemo();
    expect(() => readFileSync(file)).toThrow();
    mkdirSync(path.dirname(file));
    sha256Hex('text');
    saveDigestMemo();
    expect(parseDigestMemo(readFileSync(file, 'utf8')).get('text')).toBe(oracle('text'));
  });

  const good = formatDigestMemo([['remembered', planted]]);
  it.each([
    ['a flipped digit', good.replace('ffff', 'fffe')],
    ['another CRC', good.replace(/"crc":\d+/, '"crc":1')],
    ['no CRC', JSON.stringify({ entries: [['remembered', planted]] })],
    ['a digest of the wrong length', formatDigestMemo([['remembered', 'f'.repeat(63)]])],
    ['an upper-case digest', formatDigestMemo([['remembered', 'F'.repeat(64)]])],
    ['an entry of three', JSON.stringify({ crc: 0, entries: [['remembered', planted, 1]] })],
    ['not JSON', good.slice(0, -1)],
    ['JSON null', 'null'],
    ['empty', ''],
  ])('reads %s as no memo', (_label, text) => {
    const file = memoFile();
    writeFileSync(file, text);
    useDigestMemo(file);
    expect(sha256Hex('remembered')).toBe(oracle('remembered'));
  });

  it('reads back what it writes, for any texts', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: 'binary', maxLength: 80 }), { maxLength: 20 }), (texts) => {
        const entries = texts.map((text) => [text, oracle(text)] as const);
        expect([...parseDigestMemo(formatDigestMemo(entries))]).toEqual(entries);
      }),
      { numRuns: 50 },
    );
  });
});
