import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyze, analyzeQueryWord, type AnalyzerName } from '../../src/text/analyzer.js';
import { buildTextMatches, findHits, type TextMatchSource } from '../../src/text/text-matches.js';

/** The text at `[start, end)` counted in code points (GitHub's indices, code reference Part B §6). */
const byCodePoints = (text: string, [start, end]: readonly [number, number]): string => [...text].slice(start, end).join('');

const URL = 'https://api.github.com/repositories/1/issues/2';

/** termsFor() from query words, analysed per analyzer as the executor does. */
const termsOf = (...words: string[]) => (analyzer: AnalyzerName) =>
  new Set(words.flatMap((w) => analyzeQueryWord(w, analyzer)));

const source = (text: string, analyzer: AnalyzerName = 'prose', extra: Partial<TextMatchSource> = {}): TextMatchSource => ({
  object_url: URL,
  object_type: 'Issue',
  property: 'body',
  text,
  analyzer,
  ...extra,
});

describe('findHits', () => {
  it.each<[string, AnalyzerName, string[], Array<[number, number]>]>([
    ['Running on Windows', 'prose', ['run', 'windows'], [[0, 7], [11, 18]]],
    ['fs.readFileSync(p)', 'code', ['file'], [[7, 11]]],
    ['fs.readFileSync(p)', 'code', ['file', 'readFileSync'], [[3, 15]]],
    ["GitHub's API", 'prose', ['github'], [[0, 6]]],
    ['no hit here', 'prose', ['zebra'], []],
  ])('%j %s %j', (text, analyzer, words, expected) => {
    expect(findHits(text, analyzer, termsOf(...words)(analyzer))).toEqual(expected);
  });
});

describe('buildTextMatches: short fields', () => {
  it('returns the whole value with keys in GitHub order', () => {
    const [entry, ...rest] = buildTextMatches([source('Crash on Windows and windows', 'prose', { property: 'title' })], termsOf('windows'));
    expect(rest).toEqual([]);
    expect(Object.keys(entry!)).toEqual(['object_url', 'object_type', 'property', 'fragment', 'matches']);
    expect(entry).toEqual({
      object_url: URL,
      object_type: 'Issue',
      property: 'title',
      fragment: 'Crash on Windows and windows',
      matches: [
        { text: 'Windows', indices: [9, 16] },
        { text: 'windows', indices: [21, 28] },
      ],
    });
    expect(Object.keys(entry!.matches[0]!)).toEqual(['text', 'indices']);
  });

  it('keeps whole fields whole even when long, and highlights a code part', () => {
    const path = `${'dir/'.repeat(80)}readFileSync.js`;
    const [entry] = buildTextMatches([source(path, 'code', { property: 'path', whole: true })], termsOf('file'));
    expect(entry!.fragment).toBe(path);
    expect(entry!.matches).toEqual([{ text: 'File', indices: [324, 328] }]);
  });

  it('skips sources without hits and keeps source order', () => {
    const out = buildTextMatches(
      [source('alpha', 'prose', { property: 'title' }), source('beta gamma', 'prose'), source('gamma', 'exact', { property: 'name' })],
      termsOf('gamma'),
    );
    expect(out.map((e) => [e.property, e.fragment])).toEqual([['body', 'beta gamma'], ['name', 'gamma']]);
  });

  it('returns nothing for an empty term set or empty text', () => {
    expect(buildTextMatches([source('some text')], () => new Set())).toEqual([]);
    expect(buildTextMatches([source('')], termsOf('text'))).toEqual([]);
  });

  it('rejects a cap or length below 1', () => {
    expect(() => buildTextMatches([], termsOf('x'), { fragmentLength: 0 })).toThrow(RangeError);
    expect(() => buildTextMatches([], termsOf('x'), { maxFragmentsPerProperty: 0 })).toThrow(RangeError);
  });
});

describe('buildTextMatches: long text', () => {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('cuts a window of at most fragmentLength at word boundaries around one hit', () => {
    const text = `${filler(40)} needle ${filler(40)}`;
    const [entry] = buildTextMatches([source(text)], termsOf('needle'), { fragmentLength: 60 });
    const f = entry!.fragment;
    expect(f.length).toBeLessThanOrEqual(60);
    expect(text.includes(f)).toBe(true);
    expect(f).toMatch(/^word\d+ /);
    expect(f).toMatch(/ word\d+$/);
    expect(byCodePoints(f, entry!.matches[0]!.indices)).toBe('needle');
  });

  it('merges nearby hits into one fragment with several matches', () => {
    const text = `${filler(30)} red and blue ${filler(30)}`;
    const out = buildTextMatches([source(text)], termsOf('red', 'blue'), { fragmentLength: 50 });
    expect(out).toHaveLength(1);
    expect(out[0]!.matches.map((m) => m.text)).toEqual(['red', 'blue']);
  });

  it('gives distant hits separate entries, capped, first hits first', () => {
    const text = ['needle', filler(30), 'needle', filler(30), 'needle', filler(30), 'needle'].join(' ');
    const all = buildTextMatches([source(text)], termsOf('needle'), { fragmentLength: 40 });
    expect(all).toHaveLength(3);
    const two = buildTextMatches([source(text, 'code', { object_type: 'FileContent', property: 'content' })], termsOf('needle'), {
      fragmentLength: 40,
      maxFragmentsPerProperty: 2,
    });
    expect(two).toHaveLength(2);
    expect(two[0]!.fragment.startsWith('needle')).toBe(true);
    expect(two[0]!.matches[0]!.indices).toEqual([0, 6]);
    const starts = two.map((e) => text.indexOf(e.fragment));
    expect(starts[0]).toBeLessThan(starts[1]!);
  });

  it('never starts or ends inside a surrogate pair, ZWJ sequence or CRLF', () => {
    const text = `${'😀👨‍👩‍👧\r\n'.repeat(20)}needle${'\r\n👨‍👩‍👧😀'.repeat(20)}`;
    for (const fragmentLength of [10, 11, 12, 13, 17, 23, 40]) {
      const [entry] = buildTextMatches([source(text)], termsOf('needle'), { fragmentLength });
      const f = entry!.fragment;
      expect(f).not.toMatch(/^[\udc00-\udfff\u200d\n]/);
      expect(f).not.toMatch(/[\ud800-\udbff\u200d\r]$/);
      expect(byCodePoints(f, entry!.matches[0]!.indices)).toBe('needle');
    }
  });
});

describe('buildTextMatches: properties', () => {
  const alphabet = ['foo', 'Bar', 'readFileSync', ' ', ' ', '\n', '\r\n', '.', '_', '-', 'é', 'e\u0301', '😀', '👨‍👩‍👧', '日本', 'İ', 'Running', 'x1'];
  const textArb = fc.array(fc.constantFrom(...alphabet), { maxLength: 120 }).map((a) => a.join(''));
  const analyzerArb = fc.constantFrom<AnalyzerName>('prose', 'code', 'exact');

  it('every match slices out of its fragment; fragments are well-formed substrings within the caps', () => {
    fc.assert(
      fc.property(textArb, analyzerArb, fc.integer({ min: 8, max: 80 }), fc.integer({ min: 1, max: 4 }), fc.nat(), (text, analyzer, fragmentLength, cap, pick) => {
        const tokens = analyze(text, analyzer);
        const terms = new Set(tokens.filter((_, i) => (i + pick) % 3 === 0).map((t) => t.term));
        const out = buildTextMatches([source(text, analyzer)], () => terms, { fragmentLength, maxFragmentsPerProperty: cap });
        const longestHit = Math.max(0, ...findHits(text, analyzer, terms).map(([s, e]) => e - s));
        expect(out.length).toBeLessThanOrEqual(cap);
        if (terms.size > 0 && text.length > 0) expect(out.length).toBeGreaterThan(0);
        let lastEnd = 0;
        for (const entry of out) {
          const at = text.indexOf(entry.fragment, lastEnd);
          expect(at).toBeGreaterThanOrEqual(0);
          lastEnd = at + entry.fragment.length;
          expect(entry.fragment).not.toMatch(/^[\udc00-\udfff]/);
          expect(entry.fragment).not.toMatch(/[\ud800-\udbff]$/);
          expect(entry.fragment.length).toBeLessThanOrEqual(Math.max(fragmentLength, longestHit));
          expect(entry.matches.length).toBeGreaterThan(0);
          for (const m of entry.matches) {
            expect(m.indices[0]).toBeLessThan(m.indices[1]);
            expect(byCodePoints(entry.fragment, m.indices)).toBe(m.text);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
