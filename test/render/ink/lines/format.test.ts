import { describe, expect, it } from 'vitest';
import { compactNumber, groupDigits, longDate, relativeTime, shortAgo, shortDate } from '../../../../src/render/ink/lines/format.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('relativeTime', () => {
  it.each([
    ['2025-06-01T11:59:30Z', 'less than a minute ago'],
    ['2025-06-01T11:59:00Z', 'about 1 minute ago'],
    ['2025-06-01T09:00:00Z', 'about 3 hours ago'],
    ['2025-05-30T12:00:00Z', '2 days ago'],
    ['2025-03-01T12:00:00Z', 'about 3 months ago'],
    ['2022-05-01T12:00:00Z', 'about 3 years ago'],
    ['2025-06-03T12:00:00Z', 'in 2 days'],
    ['not a date', ''],
    [undefined, ''],
  ])('%s → %s', (value, expected) => {
    expect(relativeTime(value, NOW)).toBe(expected);
  });
});

describe('shortAgo', () => {
  it.each([
    ['2025-06-01T11:59:30Z', 'just now'],
    ['2025-06-01T11:15:00Z', '45m ago'],
    ['2025-05-30T12:00:00Z', '2d ago'],
    ['2025-01-01T12:00:00Z', '5mo ago'],
    ['2020-01-01T12:00:00Z', '5y ago'],
  ])('%s → %s', (value, expected) => {
    expect(shortAgo(value, NOW)).toBe(expected);
  });
});

it('formats dates in UTC', () => {
  expect(shortDate('2025-05-20T18:30:00+02:00')).toBe('2025-05-20');
  expect(longDate('2025-05-30T08:00:00Z', NOW)).toBe('2025-05-30 08:00 UTC (2 days ago)');
});

describe('numbers', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [15_300, '15k'],
    [3_456_789, '3.4m'],
  ])('compactNumber(%d) = %s', (n, expected) => {
    expect(compactNumber(n)).toBe(expected);
  });
  it('groups digits', () => {
    expect(groupDigits(1_234_567)).toBe('1,234,567');
    expect(groupDigits(12)).toBe('12');
  });
});
