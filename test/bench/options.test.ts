import { describe, expect, it } from 'vitest';
import { DEFAULT_SCALES, parseBenchOptions, ROW_GROUPS } from '../../bench/options.js';
import { webPath } from '../../bench/queries.js';

describe('parseBenchOptions', () => {
  it('runs 100k then 1M, every row group, by default', () => {
    const o = parseBenchOptions([]);
    expect(o.scales.map((s) => s.name)).toEqual([...DEFAULT_SCALES]);
    expect(o.scales.map((s) => s.count)).toEqual([100_000, 1_000_000]);
    expect([...o.rows]).toEqual([...ROW_GROUPS]);
  });

  it.each([
    [['--scale', '100k'], ['100k']],
    [['--scale', '1m'], ['1M']],
    [['--scale', '10K,1M,10k'], ['10k', '1M']],
  ])('%j → %j', (argv, names) => {
    expect(parseBenchOptions(argv).scales.map((s) => s.name)).toEqual(names);
  });

  it('warms each server up for 10 s unless told otherwise', () => {
    expect(parseBenchOptions([]).serveWarmup).toBe(10);
    expect(parseBenchOptions(['--serve-warmup', '0']).serveWarmup).toBe(0);
  });

  it('picks a subset of rows', () => {
    expect([...parseBenchOptions(['--rows', 'cold, serve']).rows]).toEqual(['cold', 'serve']);
  });

  it.each([
    [['--scale', '5k'], /--scale must be one or more of 10k, 100k, 1M .*"5k"/],
    [['--rows', 'cold,speed'], /--rows must be one or more of build, cold, serve, web .*"speed"/],
    [['--runs', '0'], /--runs must be an integer from 1 to 50/],
    [['--serve-seconds', '999'], /--serve-seconds must be from 1 to 120/],
    [['--serve-warmup=-1'], /--serve-warmup must be from 0 to 120/],
    [['--serve-warmup', 'soon'], /--serve-warmup must be from 0 to 120/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseBenchOptions(argv)).toThrow(message);
  });
});

describe('webPath', () => {
  it.each([
    ['/search/issues?q=crash%20label%3Abug', '/search?q=crash%20label%3Abug&type=issues'],
    ['/search/issues?q=x&sort=created&order=asc', '/search?q=x&type=issues&sort=created&order=asc'],
  ])('%s → %s', (api, web) => {
    expect(webPath(api)).toBe(web);
  });
});

describe('--corpus', () => {
  it('is undefined unless given, and names the directory as given', () => {
    expect(parseBenchOptions([]).corpus).toBeUndefined();
    expect(parseBenchOptions(['--corpus', '/tmp/corpora']).corpus).toBe('/tmp/corpora');
    expect(() => parseBenchOptions(['--corpus', ' '])).toThrow(/--corpus must name a directory/);
  });
});
