/** The per-kind best-match functions and their helpers (code reference Part A §3.2, §4.2; Part B §2.3, §4). */
import { describe, expect, it } from 'vitest';
import { commitsRank } from '../../src/kinds/commits.js';
import { issuesRank } from '../../src/kinds/issues.js';
import type { RankContext, RankSpec } from '../../src/kinds/spec.js';
import type { CollectionView } from '../../src/kinds/collection-view.js';
import { popularity, repositoriesRank } from '../../src/kinds/repositories.js';
import { labelsRank } from '../../src/kinds/labels.js';
import { topicsRank } from '../../src/kinds/topics.js';
import { DAY_MS, expDecay } from '../../src/kinds/rank-decay.js';
import { matchesSha, numberWords, shaWords } from '../../src/kinds/rank-words.js';

const CLOCK = Date.parse('2024-01-01T00:00:00Z');

/** A context over a fake collection holding `records` (and pulls by doc). */
function ctx(words: string[], records: Array<Record<string, unknown>> = [], extra: Partial<RankContext> = {}, pulls: Record<number, Record<string, unknown>> = {}): RankContext {
  const c = { records, pullOf: (doc: number) => pulls[doc] } as unknown as CollectionView;
  return {
    clock: CLOCK,
    words,
    text: words.join(' '),
    numbers: numberWords(words),
    shas: shaWords(words),
    owners: [],
    defaultFields: true,
    c,
    ...extra,
  };
}
/** A document's signals, plus the priors the rank computes from them at {@link CLOCK} (as src/rank/rank.ts does). */
const signalsOf = (rank: RankSpec) => (values: Record<string, number>) => (name: string): number => {
  const prior = rank.priors?.[name];
  const signal = (n: string): number => values[n] ?? NaN;
  return prior ? prior(signal, CLOCK) : signal(name);
};

describe('expDecay', () => {
  it.each([
    [CLOCK, 1],
    [CLOCK - 42 * DAY_MS, 0.5],
    [CLOCK - 84 * DAY_MS, 0.25],
    [CLOCK + 42 * DAY_MS, 0.5],
    [NaN, 1],
  ])('value %d → %d (scale 42 d, decay 0.5)', (value, expected) => {
    expect(expDecay(value, CLOCK, 42 * DAY_MS)).toBeCloseTo(expected, 12);
  });
  it('a missing origin scores 1', () => expect(expDecay(CLOCK, NaN, DAY_MS)).toBe(1));
});

describe('query words GitHub matches outside the text', () => {
  it.each([
    [['fix', '1624', '#12', '0', '1073741824', '1073741823'], [1624, 1073741823]],
    [['abc'], []],
  ])('numberWords(%j) = %j', (words, expected) => expect(numberWords(words)).toEqual(expected));
  it.each([
    [['deadbee', 'DEADBEEF', 'abc123', 'a'.repeat(40), 'a'.repeat(41), 'xyz1234'], ['deadbee', 'a'.repeat(40)]],
  ])('shaWords keeps 7–40 lower-case hex words', (words, expected) => expect(shaWords(words)).toEqual(expected));
  it('matchesSha is a prefix test', () => {
    expect(matchesSha('deadbeef00', ['deadbee'])).toBe(true);
    expect(matchesSha('0deadbeef', ['deadbee'])).toBe(false);
    expect(matchesSha(undefined, ['deadbee'])).toBe(false);
  });
});

describe('issues: text × (created decay 42 d + updated decay 84 d + 2 if open)', () => {
  const now = { created: CLOCK, updated: CLOCK };
  it.each([
    ['open, created and updated at the clock', { ...now, open: 1 }, 2 * (1 + 1 + 2)],
    ['closed, created and updated at the clock', { ...now, open: 0 }, 2 * (1 + 1)],
    ['closed, 42 d old, updated 84 d ago', { created: CLOCK - 42 * DAY_MS, updated: CLOCK - 84 * DAY_MS, open: 0 }, 2 * (0.5 + 0.5)],
    ['open, dates missing (decays score 1)', { open: 1 }, 2 * (1 + 1 + 2)],
  ])('%s', (_title, values, expected) => {
    expect(issuesRank.score(2, signalsOf(issuesRank)(values), ctx(['crash']), 0)).toBeCloseTo(expected, 10);
  });
  it('an issue number in the text adds 100 to the text score (only without in:)', () => {
    const s = signalsOf(issuesRank)({ ...now, open: 0, number: 1624 });
    expect(issuesRank.score(2, s, ctx(['crash', '1624']), 0)).toBeCloseTo(102 * 2, 10);
    expect(issuesRank.score(2, s, ctx(['crash', '1625']), 0)).toBeCloseTo(2 * 2, 10);
    expect(issuesRank.score(2, s, ctx(['crash', '1624'], [], { defaultFields: false }), 0)).toBeCloseTo(2 * 2, 10);
  });
  it("a SHA prefix of a pull request's head or merge commit adds 100", () => {
    const s = signalsOf(issuesRank)({ ...now, open: 0 });
    const pulls = { 0: { head: { sha: 'deadbeefcafe' }, merge_commit_sha: '0123456789ab' } };
    expect(issuesRank.score(1, s, ctx(['deadbeef'], [], {}, pulls), 0)).toBeCloseTo(101 * 2, 10);
    expect(issuesRank.score(1, s, ctx(['0123456'], [], {}, pulls), 0)).toBeCloseTo(101 * 2, 10);
    expect(issuesRank.score(1, s, ctx(['fedcba9'], [], {}, pulls), 0)).toBeCloseTo(1 * 2, 10);
  });
  it('is newest first without text', () => expect(issuesRank.defaultSort).toEqual({ key: 'created', order: 'desc' }));
});

describe('commits: text + max(20 × author decay, 20 × committer decay) over 365 d, + 100 for a SHA prefix', () => {
  const year = 365 * DAY_MS;
  it.each([
    ['both at the clock', { authorDate: CLOCK, committerDate: CLOCK }, 3 + 20],
    ['author a year old, committer two', { authorDate: CLOCK - year, committerDate: CLOCK - 2 * year }, 3 + 10],
    ['committer newer than author', { authorDate: CLOCK - 2 * year, committerDate: CLOCK - year }, 3 + 10],
  ])('%s', (_title, values, expected) => {
    expect(commitsRank.score(3, signalsOf(commitsRank)(values), ctx(['fix'], [{ sha: 'ffff' }]), 0)).toBeCloseTo(expected, 10);
  });
  it('a 7–40 hex word that prefixes the SHA adds 100; an upper-case one does not', () => {
    const s = signalsOf(commitsRank)({ authorDate: CLOCK, committerDate: CLOCK });
    const records = [{ sha: 'abcdef0123456789' }];
    expect(commitsRank.score(0, s, ctx(['abcdef0'], records), 0)).toBeCloseTo(120, 10);
    expect(commitsRank.score(0, s, ctx(['ABCDEF0'], records), 0)).toBeCloseTo(20, 10);
  });
  it('has no default order', () => expect(commitsRank.defaultSort).toBeUndefined());
});

describe('repositories: text × popularity, × 20 for the exact owner/name', () => {
  it.each([
    [NaN, 1],
    [0, 1],
    [9, 2],
    [999, 4],
  ])('popularity(%d stars) = %d', (stars, expected) => expect(popularity(stars)).toBeCloseTo(expected, 10));
  const records = [{ full_name: 'hub4j/github-api' }];
  it.each([
    ['the whole text is owner/name (any case)', ['Hub4j/GitHub-API'], [], 20],
    ['owner/name plus another word', ['hub4j/github-api', 'java'], [], 1],
    ['one user: value and the text is the name', ['github-api'], ['hub4j'], 20],
    ['two owners given', ['github-api'], ['hub4j', 'kohsuke'], 1],
    ['another owner', ['github-api'], ['kohsuke'], 1],
    ['the name alone', ['github-api'], [], 1],
  ])('%s', (_title, words, owners, factor) => {
    const score = repositoriesRank.score(2, signalsOf(repositoriesRank)({ stars: 0 }), ctx(words, records, { owners }), 0);
    expect(score).toBeCloseTo(2 * factor, 10);
  });
  it('is most stars first without text', () => expect(repositoriesRank.defaultSort).toEqual({ key: 'stars', order: 'desc' }));
});

describe('topics: text × sqrt(1.4 × repository_count), missing count 1', () => {
  it.each([
    [NaN, Math.sqrt(1.4)],
    [10, Math.sqrt(14)],
  ])('count %d', (count, factor) => {
    expect(topicsRank.score(2, signalsOf(topicsRank)({ repositories: count }), ctx(['x']), 0)).toBeCloseTo(2 * factor, 10);
  });
});

describe('labels: text + 15 exact name + 10 name phrase + 8 name prefix', () => {
  it.each([
    ['bug', 'bug', 15 + 10 + 8],
    ['Bug', 'bug', 15 + 10 + 8],
    ['bug report', 'bug', 10 + 8],
    ['critical bug', 'bug', 10],
    ['debugging', 'bug', 0],
    ['good first issue', 'good first', 10 + 8],
  ])('name %j, text %j', (name, text, extra) => {
    expect(labelsRank.score(1, () => NaN, ctx(text.split(' '), [{ name }]), 0)).toBeCloseTo(1 + extra, 10);
  });
});
