import { describe, expect, it } from 'vitest';
import { inInterval, parseBoolean, parseDateRange, parseNumberRange } from '../../src/kinds/qualifier-values.js';

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
  ] as const)('%s', (raw, ...probes) => {
    const interval = parseNumberRange(raw)!;
    for (const [x, inside] of probes as unknown as Array<[number, boolean]>) expect(inInterval(interval, x), `${raw} vs ${x}`).toBe(inside);
  });

  it.each(['abc', '5..', '..5', '>', '', '1e5', '>=x'])('refuses %j', (raw) => {
    expect(parseNumberRange(raw)).toBeUndefined();
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
  ] as const)('%s', (raw, ...probes) => {
    const interval = parseDateRange(raw)!;
    expect(interval).toBeDefined();
    for (const [iso, inside] of probes as unknown as Array<[string, boolean]>) expect(inInterval(interval, at(iso)), `${raw} vs ${iso}`).toBe(inside);
  });

  it.each(['2020-13-01', '2020-02-30', 'yesterday', '2020/01/01', '>'])('refuses %j', (raw) => {
    expect(parseDateRange(raw)).toBeUndefined();
  });
});

describe('parseBoolean', () => {
  it.each([
    ['true', true],
    ['FALSE', false],
    ['yes', undefined],
  ] as const)('%s', (raw, value) => expect(parseBoolean(raw)).toBe(value));
});
