import { describe, expect, it } from 'vitest';
import { containsTrue, inInterval, isTrueAnchored, parseDateRange, parseNumberRange, parseSha, ValueError } from '../../src/kinds/qualifier-values.js';

describe('parseNumberRange', () => {
  it.each([
    ['500', [499, false], [500, true], [501, false]],
    ['>10', [10, false], [11, true], [1e9, true]],
    ['>=10', [9, false], [10, true]],
    ['<10', [9, true], [10, false]],
    ['<=10', [10, true], [11, false]],
    ['10..50', [9, false], [10, true], [50, true], [51, false]],
    ['10..*', [9, false], [10, true], [1e12, true]],
    ['*..10', [-5, true], [10, true], [11, false]],
    // Part A §2.3 "Range": a...b, floats, spaces after operators, an empty end is open (our choice)
    ['10...50', [9, false], [50, true], [51, false]],
    ['>= 2.5', [2.4, false], [2.5, true]],
    ['5..', [4, false], [5, true], [1e9, true]],
    ['1e5', [100000, true], [99999, false]],
  ] as const)('%s', (raw, ...probes) => {
    const interval = parseNumberRange(raw)!;
    for (const [x, inside] of probes as unknown as Array<[number, boolean]>) expect(inInterval(interval, x), `${raw} vs ${x}`).toBe(inside);
  });

  // GitHub's 422 messages, byte for byte (reference Part A §2.3 "Range")
  it.each([
    ['abc', '"abc" is not a numeric value - please provide an integer value'],
    ['>=x', '"x" is not a numeric value - please provide an integer value'],
    ['1..ten', '"ten" is not a numeric value - please provide an integer value'],
    ['>', '"" is not a numeric value - please provide an integer value'],
    ['50..10', 'the lower bound of the range (50 .. 10) is greater than the upper bound'],
  ])('refuses %j', (raw, message) => {
    expect(() => parseNumberRange(raw)).toThrow(new ValueError(message));
  });

  it.each(['*', '*..*', '*...*'])('%j is no filter', (raw) => {
    expect(parseNumberRange(raw)).toBeNull();
  });
});

describe('parseDateRange', () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ['2013-03-06', ['2013-03-06T00:00:00Z', true], ['2013-03-06T23:59:59Z', true], ['2013-03-07T00:00:00Z', false], ['2013-03-05T23:59:59Z', false]],
    ['>2020-01-01', ['2020-01-01T12:00:00Z', false], ['2020-01-02T00:00:00Z', true]],
    ['>=2020-01-01', ['2020-01-01T00:00:00Z', true], ['2019-12-31T23:59:59Z', false]],
    ['<2020-01-01', ['2019-12-31T23:59:59Z', true], ['2020-01-01T00:00:00Z', false]],
    ['<=2020-01-01', ['2020-01-01T23:59:59Z', true], ['2020-01-02T00:00:00Z', false]],
    ['2020-01-01..2020-01-31', ['2020-01-31T23:00:00Z', true], ['2020-02-01T00:00:00Z', false], ['2020-01-01T00:00:00Z', true]],
    ['2020-01-01..*', ['2030-01-01T00:00:00Z', true], ['2019-12-31T00:00:00Z', false]],
    ['*..2020-01-01', ['2000-01-01T00:00:00Z', true], ['2020-01-02T00:00:00Z', false]],
    ['>2017-01-01T01:00:00+07:00', ['2016-12-31T18:00:00Z', false], ['2016-12-31T18:00:01Z', true]],
    ['2017-01-01T01:00:00Z', ['2017-01-01T01:00:00Z', true], ['2017-01-01T01:00:01Z', false]],
    // Part A §2.3 "Date range": YYYY, YYYY-MM, …THH are whole periods; bounds round to the period
    ['2020', ['2020-01-01T00:00:00Z', true], ['2020-12-31T23:59:59Z', true], ['2021-01-01T00:00:00Z', false], ['2019-12-31T23:59:59Z', false]],
    ['>2020', ['2020-12-31T23:59:59Z', false], ['2021-01-01T00:00:00Z', true]],
    ['<2020', ['2019-12-31T23:59:59Z', true], ['2020-01-01T00:00:00Z', false]],
    ['2020-02', ['2020-02-29T23:00:00Z', true], ['2020-03-01T00:00:00Z', false], ['2020-01-31T23:59:59Z', false]],
    ['2020-01..2020-03', ['2020-03-31T23:59:59Z', true], ['2020-04-01T00:00:00Z', false]],
    ['2020-05-01T10', ['2020-05-01T10:59:59Z', true], ['2020-05-01T11:00:00Z', false], ['2020-05-01T09:59:59Z', false]],
    ['<=2020-05-01T10', ['2020-05-01T10:59:59Z', true], ['2020-05-01T11:00:00Z', false]],
    // with minutes it is one instant
    ['2020-05-01T10:30', ['2020-05-01T10:30:00Z', true], ['2020-05-01T10:30:01Z', false]],
    ['>2020-05-01T10:30', ['2020-05-01T10:30:00Z', false], ['2020-05-01T10:30:01Z', true]],
  ] as const)('%s', (raw, ...probes) => {
    const interval = parseDateRange(raw)!;
    expect(interval).toBeDefined();
    for (const [iso, inside] of probes as unknown as Array<[string, boolean]>) expect(inInterval(interval, at(iso)), `${raw} vs ${iso}`).toBe(inside);
  });

  const format = (v: string) => `"${v}" is not a recognized date/time format. Please provide an ISO 8601 date/time value, such as YYYY-MM-DD.`;
  // GitHub's 422 messages, byte for byte (reference Part A §2.3 "Date range")
  it.each([
    ['2020-13-01', format('2020-13-01')],
    ['2020-02-30', format('2020-02-30')],
    ['yesterday', format('yesterday')],
    ['2020/01/01', format('2020/01/01')],
    ['>', format('')],
    ['1969', 'The year 1969 in "1969" is outside the accepted range 1970 to 2970.'],
    ['>=2971-01-01', 'The year 2971 in "2971-01-01" is outside the accepted range 1970 to 2970.'],
    ['2020-05-01..2020-01-01', 'the lower bound of the range (2020-05-01 .. 2020-01-01) is greater than the upper bound'],
  ])('refuses %j', (raw, message) => {
    expect(() => parseDateRange(raw)).toThrow(new ValueError(message));
  });
});

describe('booleans and SHAs (reference Part A §3.1, §4.1; Part B §2.1)', () => {
  it.each([
    ['true', true, true],
    ['TRUE', true, true],
    ['untrue', false, true],
    ['false', false, false],
    ['yes', false, false],
  ] as const)('%s: anchored %s, unanchored %s', (raw, anchored, unanchored) => {
    expect(isTrueAnchored(raw)).toBe(anchored);
    expect(containsTrue(raw)).toBe(unanchored);
  });

  it.each(['abcdef0', 'a'.repeat(40)])('accepts the SHA %j', (raw) => expect(parseSha(raw)).toBe(raw));
  it.each(['abcdef', 'ABCDEF0', 'a'.repeat(41), 'xyz1234'])('refuses the SHA %j', (raw) => {
    expect(() => parseSha(raw)).toThrow(new ValueError('The given commit SHA is not in a recognized format'));
  });
});

// Issue #26 part 3: the boundaries a mutation run of this module showed untested (reference Part A §2.3).
describe('range and date boundaries, probed on both sides of each bound (Part A §2.3)', () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ['>=10', [9, false], [10, true], [11, true]],
    ['<=10', [9, true], [10, true], [11, false]],
    ['>10', [9, false], [10, false], [11, true]],
    ['<10', [9, true], [10, false], [11, false]],
    ['5..5', [4, false], [5, true], [6, false]],
    ['5...5', [4, false], [5, true], [6, false]],
    [' 7 ', [6, false], [7, true], [8, false]],
    ['-3', [-4, false], [-3, true], [-2, false]],
  ] as const)('number %j', (raw, ...probes) => {
    const interval = parseNumberRange(raw)!;
    for (const [x, inside] of probes as unknown as Array<[number, boolean]>) expect(inInterval(interval, x), `${raw} vs ${x}`).toBe(inside);
  });

  it.each(['10abc', '1.', '.5', '1e', '0x10', '1,5'])('refuses the number %j', (raw) => {
    expect(() => parseNumberRange(raw)).toThrow(new ValueError(`"${raw}" is not a numeric value - please provide an integer value`));
  });

  it.each([
    // …THH is the whole hour (13 characters)
    ['2020-05-01T23', ['2020-05-01T22:59:59Z', false], ['2020-05-01T23:00:00Z', true], ['2020-05-01T23:59:59Z', true], ['2020-05-02T00:00:00Z', false]],
    ['>=2020-05-01T23', ['2020-05-01T22:59:59Z', false], ['2020-05-01T23:00:00Z', true]],
    ['>2020-05-01T23', ['2020-05-01T23:59:59Z', false], ['2020-05-02T00:00:00Z', true]],
    ['<2020-05-01T23', ['2020-05-01T22:59:59Z', true], ['2020-05-01T23:00:00Z', false]],
    // seconds without a zone: one instant, UTC
    ['2020-05-01T10:20:30', ['2020-05-01T10:20:29Z', false], ['2020-05-01T10:20:30Z', true], ['2020-05-01T10:20:31Z', false]],
    ['<=2020-05-01T10:20:30', ['2020-05-01T10:20:30Z', true], ['2020-05-01T10:20:31Z', false]],
    ['<2020-05-01T10:20:30', ['2020-05-01T10:20:29Z', true], ['2020-05-01T10:20:30Z', false]],
    // zones: +07, +0700 and +07:00 are the same instant
    ['2017-01-01T01:00:00+07', ['2016-12-31T18:00:00Z', true], ['2016-12-31T18:00:01Z', false]],
    ['2017-01-01T01:00:00+0700', ['2016-12-31T18:00:00Z', true], ['2016-12-31T17:59:59Z', false]],
    ['2017-01-01T01:00+07:00', ['2016-12-31T18:00:00Z', true]],
    ['2017-01-01 01:00:00.250-02:30', ['2017-01-01T03:30:00Z', true]],
    // periods: a month's and a day's last instant, leap days
    ['2020-02-29', ['2020-02-29T23:59:59Z', true], ['2020-03-01T00:00:00Z', false]],
    ['<=2020-12', ['2020-12-31T23:59:59Z', true], ['2021-01-01T00:00:00Z', false]],
    ['1970..2970', ['1970-01-01T00:00:00Z', true], ['2970-12-31T23:59:59Z', true]],
  ] as const)('date %j', (raw, ...probes) => {
    const interval = parseDateRange(raw)!;
    for (const [iso, inside] of probes as unknown as Array<[string, boolean]>) expect(inInterval(interval, at(iso)), `${raw} vs ${iso}`).toBe(inside);
  });

  const format = (v: string) => `"${v}" is not a recognized date/time format. Please provide an ISO 8601 date/time value, such as YYYY-MM-DD.`;
  it.each(['2020-05-01T10:60', '2020-05-01T24', '2020-05-01T10:20:60', '2020-00-10', '2019-02-29', '2020-05-01T10:20:30+7', '2020-5-01', '20200501', '2020-05-01T'])(
    'refuses the date %j',
    (raw) => expect(() => parseDateRange(raw)).toThrow(new ValueError(format(raw))),
  );

  it('the years 1970 and 2970 are accepted, 2971 with a zone is not', () => {
    expect(parseDateRange('1970')).not.toBeNull();
    expect(parseDateRange('2970-12-31')).not.toBeNull();
    expect(() => parseDateRange('2971-01-01T00:00:00Z')).toThrow(new ValueError('The year 2971 in "2971-01-01T00:00:00Z" is outside the accepted range 1970 to 2970.'));
    expect(() => parseDateRange('1969-12-31T23:59:59+01:00')).toThrow(new ValueError('The year 1969 in "1969-12-31T23:59:59+01:00" is outside the accepted range 1970 to 2970.'));
  });
});
