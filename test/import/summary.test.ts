import { describe, expect, it } from 'vitest';
import type { PartReport } from '../../src/import/dump-writer.js';
import { formatDuration, gitSummary, githubSummary, partLines, recordsPerSecond } from '../../src/import/summary.js';

const written = (part: PartReport['part'], records: number, extra: Partial<PartReport> = {}): PartReport =>
  ({ part, records, added: records, updated: 0, status: 'written', ...extra });

describe('summary', () => {
  it.each([
    [300, '0.3 s'],
    [12_449, '12.4 s'],
    [125_000, '2 min 5 s'],
  ])('formatDuration(%i) → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [1000, 500, 2000],
    [10, 0, 0],
  ])('recordsPerSecond(%i records, %i ms) → %i', (records, ms, rate) => {
    expect(recordsPerSecond(records, ms)).toBe(rate);
  });

  it('describes each part: written, with merge counts, unchanged or kept', () => {
    expect(
      partLines([
        written('code', 1200),
        written('commits', 50_014, { added: 14, updated: 2 }),
        written('issues', 7, { added: 0, updated: 0, status: 'unchanged' }),
        written('users', 3, { added: 0, status: 'kept' }),
      ]),
    ).toEqual([
      '  code           1,200  written',
      '  commits       50,014  written (+14 new, 2 updated)',
      '  issues             7  unchanged (file kept, its cached search index stays valid)',
      '  users              3  kept (not in this import)',
    ]);
  });

  it('summarises a git import with skips, rate and which indexes rebuild', () => {
    const lines = gitSummary(
      {
        reports: [written('code', 10), written('commits', 90, { added: 0, status: 'unchanged' }), written('repositories', 1)],
        fullName: 'o/r', branch: 'main', tip: 'abcdef1234567890', imported: { code: 10, commits: 89, repositories: 1 },
        skipped: { binary: 2, tooLarge: 1, symlinks: 0, submodules: 1 }, ms: 500,
      },
      'out',
    );
    expect(lines[0]).toBe('Imported o/r (main @ abcdef1) into out: 100 records in 0.5 s (200 records/s)');
    expect(lines.at(-2)).toBe('Skipped: 2 binary files, 1 file of 384 KB or more, 1 submodule.');
    expect(lines.at(-1)).toBe('The next search rebuilds only the indexes of: code, repositories.');
  });

  it.each<[string, PartReport[], string | undefined]>([
    ['all written', [written('code', 1), written('users', 1)], undefined],
    ['one of two written', [written('code', 1), written('users', 1, { status: 'kept' })], 'The next search rebuilds only the indexes of: code.'],
    ['pulls rebuild issues', [written('issues', 1, { status: 'kept' }), written('users', 1, { status: 'unchanged' }), written('pulls', 1)], 'The next search rebuilds only the indexes of: issues.'],
    ['nothing written', [written('users', 1, { status: 'unchanged' })], 'No file changed: every search index stays cached.'],
  ])('names the indexes to rebuild: %s', (_name, reports, line) => {
    const lines = githubSummary({ reports, stats: { files: 1, records: 1, recognised: {}, embedded: {}, duplicates: 0, unrecognised: { count: 0, examples: [] }, unidentified: 0, pulls: { joined: 0, unmatched: 0 } }, ms: 1 }, 'out');
    expect(lines.find((l) => /rebuilds|stays cached/.test(l))).toBe(line);
  });

  it('summarises a GitHub import with pulls, skips and examples', () => {
    const lines = githubSummary(
      {
        reports: [written('issues', 2), written('pulls', 1)],
        stats: {
          files: 2, records: 4, recognised: { issues: 2, pulls: 1 }, embedded: { users: 3 }, duplicates: 1,
          unrecognised: { count: 1, examples: ['a.json#3: object {id, body}'] }, unidentified: 0, pulls: { joined: 1, unmatched: 0 },
        },
        ms: 2000,
      },
      'out',
    );
    expect(lines).toEqual([
      'Imported 2 files into out: 4 records read, 3 nested users/labels/repositories found, 1 duplicate merged, in 2.0 s (2 records/s)',
      '  issues        2  written',
      '  pulls         1  written',
      'Pulls: 1 joined to their issue records, 0 without one (kept; they enrich an issue once it is imported).',
      'Skipped: 1 record of no known shape.',
      '  e.g. a.json#3: object {id, body}',
    ]);
  });
});
