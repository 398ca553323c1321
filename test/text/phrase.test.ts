/** Phrase matching with Lucene's slop (issues and topics: phrase_slop 10, code reference Part A §3.2, Part B §4). */
import { describe, expect, it } from 'vitest';
import { containsPhrase, phraseShape, smallestSpread } from '../../src/text/phrase.js';
import { analyseQueryText } from '../../src/text/query-text.js';

describe('containsPhrase', () => {
  const has = (text: string, phrase: string, slop: number) => containsPhrase(text, phraseShape(phrase, 'prose'), 'prose', slop);
  it.each([
    ['blue light crash', 'blue light', 0, true],
    ['blue green light', 'blue light', 0, false],
    ['blue green light', 'blue light', 1, true],
    ['light blue', 'blue light', 1, false],
    ['light blue', 'blue light', 2, true],
    ['a b c d e f g h i j k l blue', 'a blue', 10, false],
    ['a b c d e f g h i j k blue', 'a blue', 10, true],
    ['Crash when splitting blue light', 'blue light crash', 10, true],
    ['Crash when splitting blue light', 'blue light crash', 4, false],
    ['nothing here', 'blue', 10, false],
  ] as const)('%j holds %j with slop %i: %s', (text, phrase, slop, expected) => {
    expect(has(text, phrase, slop)).toBe(expected);
  });

  it('an empty phrase is held by any text', () => expect(containsPhrase('x', [], 'prose')).toBe(true));

  it.each([
    [[[1, 5], [2]], 1],
    [[[0], [10], [5]], 10],
    [[[3, 8], [8, 20], [7, 9]], 1],
    [[[4], [4]], 0],
  ])('smallestSpread(%j) = %i', (lists, spread) => expect(smallestSpread(lists)).toBe(spread));
});

describe('analyseQueryText (#25 item 6, #26 rule 4)', () => {
  it.each([
    ['🐛', false, 'nothing'],
    ['!!!', false, 'nothing'],
    ['"🐛 ✨"', true, 'nothing'],
    ['fix', false, 'terms'],
    ['日本', false, 'terms'],
    ['x'.repeat(128), false, 'terms'],
    ['x'.repeat(129), false, 'too long'],
    [`fix-${'y'.repeat(129)}`, false, 'too long'],
  ] as const)('%j → %s', (text, phrase, expected) => {
    expect(analyseQueryText(text, phrase, ['prose', 'code'])).toBe(expected);
  });

  it('a term in any one field\'s analysis is enough (exact keeps an emoji whole)', () => {
    expect(analyseQueryText('🐛', false, ['prose', 'exact'])).toBe('terms');
  });
});
