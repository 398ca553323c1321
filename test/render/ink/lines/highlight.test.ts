import { describe, expect, it } from 'vitest';
import { locate, markProperty, markRanges, normalizeRanges, ownMatches, textMatchesOf } from '../../../../src/render/ink/lines/highlight.js';
import { lineText, type Line } from '../../../../src/render/ink/lines/segments.js';
import { ISSUES } from '../fixtures/issues.js';
import { tmAt } from '../fixtures/text-match.js';

/** Matched runs of a line, in order. */
const marked = (line: Line) => line.filter((s) => s.match).map((s) => s.text);

describe('normalizeRanges', () => {
  it.each([
    ['sorts', [[5, 7], [0, 2]], 10, [[0, 2], [5, 7]]],
    ['merges overlaps', [[0, 4], [2, 6]], 10, [[0, 6]]],
    ['clamps to the text', [[8, 20]], 10, [[8, 10]]],
    ['drops empty and inverted', [[3, 3], [5, 4]], 10, []],
  ] as const)('%s', (_name, ranges, length, expected) => {
    expect(normalizeRanges(ranges as unknown as [number, number][], length)).toEqual(expected);
  });
});

describe('markRanges', () => {
  it('splits at the indices', () => {
    expect(markRanges('a colour b', [[2, 8]])).toEqual([{ text: 'a ' }, { text: 'colour', match: true }, { text: ' b' }]);
  });
  it('uses UTF-16 units: an emoji before the match counts as two', () => {
    const fragment = '🎨 colour';
    expect(marked(markRanges(fragment, [[3, 9]]))).toEqual(['colour']);
  });
});

describe('locate', () => {
  const item = {
    text_matches: [
      tmAt('Issue', 'u', 'body', 'named colour to', [[6, 12]]),
      tmAt('Issue', 'u', 'body', 'not in the body', [[0, 3]]),
      tmAt('IssueComment', 'c', 'body', 'a comment colour', [[10, 16]]),
    ],
  };
  const body = 'Expected the named colour to be resolved';

  it('shifts fragment-relative indices by the fragment offset in the full text', () => {
    const { ranges, unplaced } = locate(body, ownMatches(textMatchesOf(item), 'body'));
    expect(ranges).toEqual([[19, 25]]);
    expect(body.slice(19, 25)).toBe('colour');
    expect(unplaced.map((m) => m.fragment)).toEqual(['not in the body']);
  });

  it('leaves comment matches out of the item body', () => {
    expect(ownMatches(textMatchesOf(item), 'body').map((m) => m.objectType)).toEqual(['Issue', 'Issue']);
  });

  it('searches from an offset (the name part of owner/name)', () => {
    const repo = { text_matches: [tmAt('Repository', 'u', 'name', 'prism', [[0, 5]])] };
    const line = markProperty(repo, 'name', 'prism/prism', undefined, 'prism/'.length);
    expect(line).toEqual([{ text: 'prism/' }, { text: 'prism', match: true }]);
  });
});

describe('fixture issue #42', () => {
  const item = ISSUES[0]!;
  it('marks both title matches', () => {
    expect(marked(markProperty(item, 'title', String(item['title'])))).toEqual(['Colour', 'colour']);
  });
  it('places the body window inside the full body', () => {
    const line = markProperty(item, 'body', String(item['body']));
    expect(marked(line)).toEqual(['colour']);
    expect(lineText(line)).toBe(item['body']);
    // Only the occurrence inside the sent fragment is marked, not the other "colour" earlier in the body.
    const before = lineText(line.slice(0, line.findIndex((s) => s.match)));
    expect(before.endsWith('Expected the named ')).toBe(true);
  });
});

it('ignores malformed text_matches', () => {
  expect(textMatchesOf({ text_matches: [null, { property: 1 }, { property: 'p', fragment: 'f', matches: [{ indices: ['x'] }] }] })).toEqual([
    { objectType: '', property: 'p', fragment: 'f', ranges: [] },
  ]);
  expect(textMatchesOf({})).toEqual([]);
});
