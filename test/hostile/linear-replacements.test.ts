/**
 * The linear code that replaced quadratic regexes (issue #12, defects 1 and 7) matches exactly what those regexes
 * matched: property tests with the old regex as the oracle, on inputs short enough for it to be quick.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitOperator, splitRange } from '../../src/kinds/qualifier-values.js';
import { searchTypeProbe } from '../../src/server/graphql.js';

const OLD_RANGE = /^(.*?)\.\.\.?(.*)$/;
const OLD_OPERATOR = /^(>=|<=|>|<)\s*(.*)$/;
const OLD_PROBE = /(?:(\w+)\s*:\s*)?__type\s*\(\s*name\s*:\s*"SearchType"\s*\)/;

/** Strings over an alphabet that makes the interesting cases likely. */
const over = (chars: string[], maxLength = 24) => fc.array(fc.constantFrom(...chars), { maxLength }).map((a) => a.join(''));

describe('splitRange = /^(.*?)\\.\\.\\.?(.*)$/', () => {
  it('agrees on generated values (dots, stars, digits, dashes, line terminators)', () => {
    fc.assert(
      fc.property(over(['.', '.', '*', '1', '2', '-', 'T', ' ', '\n', '\r', '\u2028', 'a']), (value) => {
        const m = OLD_RANGE.exec(value);
        expect(splitRange(value)).toEqual(m ? [m[1], m[2]] : undefined);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('splitOperator = /^(>=|<=|>|<)\\s*(.*)$/', () => {
  it('agrees on generated values (operators, spaces, line terminators)', () => {
    fc.assert(
      fc.property(over(['>', '<', '=', ' ', '\t', '\n', '\r', '\u2028', '\u00a0', '1', '*']), (value) => {
        const m = OLD_OPERATOR.exec(value);
        expect(splitOperator(value)).toEqual(m ? [m[1], m[2]] : undefined);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('searchTypeProbe = the old SearchType regex', () => {
  const tokens = ['__type', '__type', '(', ')', 'name', ':', '"SearchType"', ' ', '\n', 'x', 'SearchType', '_', '{', '}', 'a1'];
  it('agrees on generated GraphQL-ish queries', () => {
    fc.assert(
      fc.property(over(tokens, 16), (query) => {
        const m = OLD_PROBE.exec(query);
        expect(searchTypeProbe(query)).toBe(m ? (m[1] ?? '__type') : undefined);
      }),
      { numRuns: 3000 },
    );
  });
});
