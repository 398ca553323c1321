import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import lunr from 'lunr';
import { analyze, analyzeQueryWord, lunrTokenizer, type AnalyzerName } from '../../src/text/analyzer.js';

/** Tokens as compact [term, start, end, position] rows. */
const rows = (text: string, analyzer: AnalyzerName) =>
  analyze(text, analyzer).map((t) => [t.term, t.start, t.end, t.position]);

describe('code analyzer', () => {
  it.each([
    ['XMLHttpRequest', [['xmlhttprequest', 0, 14, 0], ['xml', 0, 3, 0], ['http', 3, 7, 0], ['request', 7, 14, 0]]],
    ['fs.readFileSync(p)', [['fs', 0, 2, 0], ['readfilesync', 3, 15, 1], ['read', 3, 7, 1], ['file', 7, 11, 1], ['sync', 11, 15, 1], ['p', 16, 17, 2]]],
    ['read_file', [['read_file', 0, 9, 0], ['read', 0, 4, 0], ['file', 5, 9, 0]]],
    ['read-file', [['read', 0, 4, 0], ['file', 5, 9, 1]]],
    ['$scope', [['$scope', 0, 6, 0], ['scope', 1, 6, 0]]],
    ['__init__', [['__init__', 0, 8, 0], ['init', 2, 6, 0]]],
    ['utf8Decode', [['utf8decode', 0, 10, 0], ['utf', 0, 3, 0], ['8', 3, 4, 0], ['decode', 4, 10, 0]]],
    ['std::vector<int>', [['std', 0, 3, 0], ['vector', 5, 11, 1], ['int', 12, 15, 2]]],
    ['foo', [['foo', 0, 3, 0]]],
    ['_ $ __', []],
    ['ÉtatCivil', [['étatcivil', 0, 9, 0], ['état', 0, 4, 0], ['civil', 4, 9, 0]]],
    ['a😀b', [['a', 0, 1, 0], ['b', 3, 4, 1]]],
    ['x\r\ny', [['x', 0, 1, 0], ['y', 3, 4, 1]]],
    ['变量名', [['变', 0, 1, 0], ['量', 1, 2, 1], ['名', 2, 3, 2]]],
  ])('%j', (text, expected) => {
    expect(rows(text, 'code')).toEqual(expected);
  });
});

describe('prose analyzer', () => {
  it.each([
    // Stop words are indexed: GitHub ANDs every keyword, so `the` must match only records containing it.
    ['Running the tests', [['run', 0, 7, 0], ['the', 8, 11, 1], ['test', 12, 17, 2]]],
    ["GitHub's issue", [['github', 0, 6, 0], ['issu', 9, 14, 1]]],
    ["don't panic", [["don't", 0, 5, 0], ['panic', 6, 11, 1]]],
    ['don’t', [["don't", 0, 5, 0]]],
    ['v1.2.3', [['v1.2.3', 0, 6, 0], ['v1', 0, 2, 0], ['2', 3, 4, 0], ['3', 5, 6, 0]]],
    ['Use node.js.', [['us', 0, 3, 0], ['node.js', 4, 11, 1], ['node', 4, 8, 1], ['js', 9, 11, 1]]],
    ['read_file', [['read_file', 0, 9, 0], ['read', 0, 4, 0], ['file', 5, 9, 0]]],
    ['well-known', [['well', 0, 4, 0], ['known', 5, 10, 1]]],
    ['(hello), world!', [['hello', 1, 6, 0], ['world', 9, 14, 1]]],
    ['__init__', [['init', 2, 6, 0]]],
    ['日本語', [['日', 0, 1, 0], ['本', 1, 2, 1], ['語', 2, 3, 2]]],
    ['cafe\u0301 ok', [['café', 0, 5, 0], ['ok', 6, 8, 1]]],
    ['Ｆｕｌｌ', [['full', 0, 4, 0]]],
    ['🎉 party 👨‍👩‍👧', [['parti', 3, 8, 0]]],
    ['it is what it is', [['it', 0, 2, 0], ['is', 3, 5, 1], ['what', 6, 10, 2], ['it', 11, 13, 3], ['is', 14, 16, 4]]],
  ])('%j', (text, expected) => {
    expect(rows(text, 'prose')).toEqual(expected);
  });
});

describe('exact analyzer', () => {
  it.each([
    ['octocat', [['octocat', 0, 7, 0]]],
    ['Good First Issue', [['good first issue', 0, 16, 0], ['good', 0, 4, 0], ['first', 5, 10, 1], ['issue', 11, 16, 2]]],
    ['mojombo-bot', [['mojombo-bot', 0, 11, 0], ['mojombo', 0, 7, 0], ['bot', 8, 11, 1]]],
    [' bug ', [['bug', 1, 4, 0]]],
    ['🐛', [['🐛', 0, 2, 0]]],
    ['a@b.io', [['a@b.io', 0, 6, 0], ['a', 0, 1, 0], ['b', 2, 3, 1], ['io', 4, 6, 2]]],
    ['p*1', [['p', 0, 1, 0], ['1', 2, 3, 1]]],
    ['', []],
  ])('%j', (text, expected) => {
    expect(rows(text, 'exact')).toEqual(expected);
  });
});

describe('analyzeQueryWord', () => {
  it.each<[string, AnalyzerName, string[]]>([
    ['readFileSync', 'code', ['readfilesync']],
    ['file', 'code', ['file']],
    ['std::vector', 'code', ['std', 'vector']],
    ['$', 'code', []],
    ['Running', 'prose', ['run']],
    ['the', 'prose', ['the']],
    ['v1.2.3', 'prose', ['v1.2.3']],
    ["GitHub's", 'prose', ['github']],
    ['foo/bar', 'prose', ['foo', 'bar']],
    ['good-first', 'exact', ['good', 'first']],
    ['Octocat', 'exact', ['octocat']],
    ['🎉', 'exact', ['🎉']],
  ])('%j (%s) → %j', (word, analyzer, expected) => {
    expect(analyzeQueryWord(word, analyzer)).toEqual(expected);
  });

  it('rejects an unknown analyzer', () => {
    expect(() => analyze('x', 'nope' as AnalyzerName)).toThrow(TypeError);
    expect(() => analyzeQueryWord('x', 'nope' as AnalyzerName)).toThrow(TypeError);
  });
});

describe('lunrTokenizer', () => {
  const contexts = [
    'fs.readFileSync(p)', "require('fs').readFileSync(file, 'utf8')", 'const {readFileSync} = fs;',
    'import { readFileSync } from "node:fs";', 'x = readFileSync;', '[readFileSync, writeFileSync]',
    '`${readFileSync(a)}`', '// see readFileSync()', 'a=readFileSync(b)', 'return readFileSync(path)!;',
  ];
  const files = Array.from({ length: 28 }, (_, i) => ({
    id: String(i),
    content: `line ${i}\n${contexts[i % contexts.length]}\nmore text ${i}`,
  }));

  function build(custom: boolean): lunr.Index {
    const builder = new lunr.Builder();
    if (custom) {
      builder.pipeline.reset();
      builder.searchPipeline.reset();
      builder.tokenizer = lunrTokenizer({ content: 'code' });
    } else {
      builder.pipeline.add(lunr.trimmer, lunr.stopWordFilter, lunr.stemmer);
      builder.searchPipeline.add(lunr.stemmer);
    }
    builder.ref('id');
    builder.field('content');
    for (const f of files) builder.add(f);
    return builder.build();
  }
  const find = (idx: lunr.Index, term: string) =>
    idx.query((q) => q.term(term, { usePipeline: false, fields: ['content'] })).length;

  it('finds every readFileSync file by its whole term and by a part, unlike the default pipeline', () => {
    const idx = build(true);
    expect(find(idx, analyzeQueryWord('readFileSync', 'code')[0]!)).toBe(28);
    expect(find(idx, 'file')).toBe(28);
    expect(find(build(false), 'readfilesync')).toBeLessThan(28);
  });

  it('returns lunr tokens with metadata and a separator', () => {
    const tok = lunrTokenizer({ title: 'prose' });
    expect(tok.separator).toBeInstanceOf(RegExp);
    const tokens = tok('Running fast', { fields: ['title'] });
    expect(tokens.map(String)).toEqual(['run', 'fast']);
    expect((tokens[1] as unknown as { metadata: unknown }).metadata).toEqual({ fields: ['title'], position: [8, 4], index: 1 });
    expect(tok(null, { fields: ['title'] })).toEqual([]);
    expect(tok(['a cat', null, 'dogs'], { fields: ['title'] }).map(String)).toEqual(['a', 'cat', 'dog']);
  });

  it('throws for a field without an analyzer', () => {
    expect(() => lunrTokenizer({ title: 'prose' })('x', { fields: ['body'] })).toThrow(/body/);
  });
});

describe('properties', () => {
  const alphabet = ['a', 'Z', 'q', '1', '_', '$', '.', "'", '-', ' ', '\n', '\r\n', 'é', 'e\u0301', '😀', '👨‍👩‍👧', '日', 'の', 'İ', 'ǅ', '\ud800', 'Ab', 'xY'];
  const textArb = fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((a) => a.join(''));
  const analyzers: AnalyzerName[] = ['prose', 'code', 'exact'];

  it.each(analyzers)('%s: tokens are well-formed code-point-aligned spans with ordered positions', (analyzer) => {
    fc.assert(
      fc.property(textArb, (text) => {
        let lastPosition = 0;
        for (const t of analyze(text, analyzer)) {
          expect(t.term.length).toBeGreaterThan(0);
          expect(0 <= t.start && t.start < t.end && t.end <= text.length).toBe(true);
          expect(/^[\udc00-\udfff]/.test(text.slice(t.start)) && /[\ud800-\udbff]$/.test(text.slice(0, t.start))).toBe(false);
          expect(/[\ud800-\udbff]$/.test(text.slice(0, t.end)) && /^[\udc00-\udfff]/.test(text.slice(t.end))).toBe(false);
          expect(t.position).toBeGreaterThanOrEqual(lastPosition);
          lastPosition = t.position;
        }
      }),
    );
  });

  it.each(analyzers)('%s: the source slice of every word-level token analyzes back to its term', (analyzer) => {
    fc.assert(
      fc.property(textArb, (text) => {
        for (const t of analyze(text, analyzer)) {
          const slice = text.slice(t.start, t.end);
          if (analyzer === 'exact') expect(t.term).toBe(slice.normalize('NFKC').toLowerCase());
          else expect(analyzeQueryWord(slice, analyzer)).toContain(t.term);
        }
      }),
    );
  });
});
