import { describe, expect, it } from 'vitest';
import { printAst } from '../../src/query/ast.js';
import { parseQuery, QuerySyntaxError } from '../../src/query/parser.js';

const legacy = { grouping: false };
const advanced = { grouping: true };

describe('parseQuery (legacy grammar)', () => {
  it.each([
    ['bug', 'bug'],
    ['fix typo', '(and fix typo)'],
    ['"hello world" cats', '(and "hello world" cats)'],
    ['cats NOT "hello world"', '(and cats (not "hello world"))'],
    ['a OR b c', '(or a (and b c))'],
    ['a AND b OR c', '(or (and a b) c)'],
    ['-bug crash', '(and (not bug) crash)'],
    ['label:bug', 'label:bug'],
    ['-label:bug is:open', '(and -label:bug is:open)'],
    ['label:"in progress",bug', 'label:"in progress",bug'],
    // names are matched case-sensitively (reference Part A §2.1): LABEL:x is text
    ['stars:>=10 LABEL:x', '(and stars:>=10 LABEL:x)'],
    // && and || are operators (Part A §2.2); @login, @owner/name, -#topic are shorthands (Part A §2.1)
    ['a && b || c', '(or (and a b) c)'],
    ['@hub4j -@jenkinsci/git-plugin #jenkins', '(and user:hub4j -repo:jenkinsci/git-plugin topic:jenkins)'],
    // an odd number of quotes drops the last one (Part A §2.1)
    ['"hello world" "open', '(and "hello world" open)'],
    ['say"s', 'says'],
    // parentheses are plain characters in the legacy grammar (§1.5): a word and a qualifier valued `llm)`
    ['(topic:ai OR topic:llm)', '(or (topic:ai topic:llm))'],
    ['std::vector', 'std::vector'],
    ['and or not', '(and and or not)'],
    ['foo OR', 'foo'],
    ['NOT', '()'],
    ['', '()'],
  ])('%j → %s', (q, printed) => {
    expect(printAst(parseQuery(q, legacy).root)).toBe(printed);
  });

  it.each([
    ['a AND b OR c NOT d', 3],
    ['AND OR', 2],
    ['plain words', 0],
  ])('counts operators in %j', (q, n) => {
    expect(parseQuery(q, legacy).operators).toBe(n);
  });

  it('unescapes quotes inside quoted values as gh sends them', () => {
    const { root } = parseQuery('label:"say \\"hi\\""', legacy);
    expect(root).toMatchObject({ type: 'qualifier', name: 'label', values: ['say "hi"'] });
  });

  it('keeps spans on every node', () => {
    const { root } = parseQuery('crash -label:bug', legacy);
    expect(root).toMatchObject({
      type: 'and',
      children: [
        { type: 'term', span: { start: 0, end: 5 } },
        { type: 'qualifier', negated: true, span: { start: 6, end: 16 } },
      ],
    });
  });
});

describe('parseQuery (advanced issue grammar)', () => {
  it.each([
    ['(a OR b) c', '(and (or a b) c)'],
    ['label:bug AND assignee:me OR label:crash', '(or (and label:bug assignee:me) label:crash)'],
    ['(type:"Bug" AND assignee:x) OR (type:"Enhancement" AND assignee:y)', '(or (and type:Bug assignee:x) (and type:Enhancement assignee:y))'],
    ['((a)', 'a'],
    ['a)', 'a'],
    ['NOT (a OR b)', '(not (or a b))'],
  ])('%j → %s', (q, printed) => {
    expect(printAst(parseQuery(q, advanced).root)).toBe(printed);
  });

  it('refuses boolean groups nested five deep; parentheses around one child add no level (reference Part A §3.6)', () => {
    const five = 'a OR (b (c OR (d (e OR f))))';
    expect(() => parseQuery(five, advanced)).toThrow(new QuerySyntaxError('Query clause limit exceeded', { start: 18, end: 24 }));
    expect(printAst(parseQuery('a OR (b (c OR (d e)))', advanced).root)).toBe('(or a (and b (or c (and d e))))');
    expect(printAst(parseQuery('(((((a)))))', advanced).root)).toBe('a');
    expect(printAst(parseQuery('(((((a OR b)))))', advanced).root)).toBe('(or a b)');
    // The parser's own bound on parentheses (MAX_PARENTHESES = 1000): deeper is refused, never a stack overflow.
    expect(printAst(parseQuery(`${'('.repeat(1000)}a${')'.repeat(1000)}`, advanced).root)).toBe('a');
    expect(() => parseQuery(`${'('.repeat(1001)}a`, advanced)).toThrow(new QuerySyntaxError('Query clause limit exceeded', { start: 1000, end: 1001 }));
  });

  it('records each explicit AND with its two operands (advanced issue search checks top-level terms, Part A §3.6)', () => {
    const parsed = parseQuery('repo:a/b AND repo:c/d x && y z', advanced);
    expect(parsed.explicitAnds.map((e) => [printAst(e.left), printAst(e.right), e.span])).toEqual([
      ['repo:a/b', 'repo:c/d', { start: 9, end: 12 }],
      ['x', 'y', { start: 24, end: 26 }],
    ]);
    expect(parseQuery('AND a', advanced).explicitAnds).toEqual([]);
  });
});

describe('qualifier values mixing bare and quoted parts', () => {
  it.each([
    ['label:bug,"good first issue"', ['bug', 'good first issue']],
    ['label:"in progress",bug', ['in progress', 'bug']],
    ['milestone:"v1 beta"', ['v1 beta']],
    ['label:a"b c"d,e', ['ab cd', 'e']],
  ])('%j (reference Part A §2.1 "Values")', (q, values) => {
    expect(parseQuery(q, { grouping: false }).root).toMatchObject({ type: 'qualifier', values });
  });
});
