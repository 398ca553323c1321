import chalk from 'chalk';
import { renderToString } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import type { Kind } from '../../../../src/kinds/kind.js';
import { ResultsTable } from '../../../../src/render/ink/components/ResultsTable.js';
import { createTheme } from '../../../../src/render/ink/lines/theme.js';
import { NOW } from '../fixtures/issues.js';
import { ITEMS } from '../fixtures/kinds.js';
import { clean } from '../helpers/frames.js';

const level = chalk.level;
afterEach(() => {
  chalk.level = level;
});

function table(kind: Kind, width: number, options: { noColor?: boolean; selected?: number; height?: number } = {}) {
  const theme = createTheme(options.noColor ?? true);
  const node = <ResultsTable kind={kind} items={ITEMS[kind]} selected={options.selected ?? 1} width={width} height={options.height ?? 6} theme={theme} now={NOW} />;
  return renderToString(node, { columns: width });
}

describe('each kind’s table at 100 columns (colour off, frames compared exactly)', () => {
  it.each<[Kind, string[]]>([
    [
      'issues',
      [
        '  REPO               ID  TITLE                           STATE         LABELS      COMMENTS  UPDATED',
        '  lumen-labs/prism  #42  Colour names are ignored by t…  issue open    [bug] [go…         3  2d ago',
        '❯ lumen-labs/prism  #57  Add OKLab colour conversions    PR merged     [enhancem…        12  1mo ago',
        '  lumen-labs/prism  #61  Drop the legacy colour palette  PR closed     [wontfix]          0  7mo ago',
        '  lumen-labs/prism  #12  Crash on 🎨 emoji in colour n…  issue closed                     0  2y ago',
        '  lumen-labs/prism  #77  色の表示が崩れる colour rende…  issue open                       0  45m ago',
      ],
    ],
    [
      'repositories',
      [
        '  NAME                         DESCRIPTION                         STARS  FORKS  LANGUAGE    UPDATED',
        '  colour-guild/colour-palette  Curated colour palettes as JSON       15k   1.2k  TypeScript  1d ago',
        '❯ lumen-labs/prism             A tiny colour-space toolkit for t…    987     40  Rust        1mo ago',
        '  ada-quill/kiln               Pottery-grade build scripts             3      0  Shell       1mo ago',
        '',
        '',
      ],
    ],
    [
      'code',
      [
        '  REPOSITORY        PATH                 MATCH',
        '  lumen-labs/prism  src/colour/parse.rs  pub fn parse_colour(input: &str) -> Option<Rgb> {',
        '❯ ada-quill/kiln    docs/themes.md       Each theme sets an accent colour.',
        '',
        '',
        '',
      ],
    ],
    [
      'commits',
      [
        '  REPOSITORY        SHA      MESSAGE                           AUTHOR     DATE',
        '  lumen-labs/prism  1f2e3d4  Resolve named colours before hex  Ada Quill  2025-05-20',
        '❯ ada-quill/kiln    9a8b7c6  docs: explain the accent colour   Ben Thic   2024-12-24',
        '',
        '',
        '',
      ],
    ],
    ['users', ['  LOGIN       TYPE          NAME', '  colourist   User          Cole Lourist', '❯ lumen-labs  Organization', '', '', '']],
    [
      'topics',
      [
        '  NAME              DISPLAY NAME      DESCRIPTION                               MARKS',
        '  colour            Colour            Colour is how light is perceived.         ★ featured ✓ curated',
        '❯ colour-blindness  Colour blindness  Tools for people with colour vision def…  ✓ curated',
        '',
        '',
        '',
      ],
    ],
    ['labels', ['  COLOR    NAME    DESCRIPTION', '  #fbca04  colour  Anything about colour handling', '❯ #1d76db  ui      Colour and layout', '', '', '']],
  ])('%s', (kind, expected) => {
    expect(clean(table(kind, 100)).split('\n')).toEqual(expected);
  });
});

describe('narrow terminals', () => {
  it('drops comments and labels before the title, and truncates by cells (CJK, emoji)', () => {
    expect(clean(table('issues', 60, { selected: 3 })).split('\n')).toEqual([
      '   ID  TITLE                           STATE         UPDATED',
      '  #42  Colour names are ignored by t…  issue open    2d ago',
      '  #57  Add OKLab colour conversions    PR merged     1mo ago',
      '  #61  Drop the legacy colour palette  PR closed     7mo ago',
      '❯ #12  Crash on 🎨 emoji in colour n…  issue closed  2y ago',
      '  #77  色の表示が崩れる colour rende…  issue open    45m ago',
    ]);
  });

  it('never draws a line wider than the terminal', async () => {
    const { cellWidth } = await import('../../../../src/render/ink/lines/segments.js');
    for (const width of [40, 57, 80, 133]) {
      for (const line of clean(table('issues', width)).split('\n')) expect(cellWidth(line)).toBeLessThanOrEqual(width);
    }
  });

  it('scrolls to keep the selection visible', () => {
    const frame = clean(table('issues', 100, { selected: 4, height: 3 })).split('\n');
    expect(frame).toHaveLength(3);
    expect(frame[2]).toContain('❯ lumen-labs/prism  #77');
  });
});

describe('highlights come from text_matches', () => {
  it('without colour, matches are inverse video and nothing is coloured', () => {
    chalk.level = 1;
    const frame = table('issues', 100);
    expect(frame).toContain('\u001B[7mColour\u001B[27m names are ignored by t');
    expect(frame).toContain('Add OKLab \u001B[7mcolour\u001B[27m');
    expect(frame).not.toMatch(/\u001B\[(3[0-7]|4[0-7]|9[0-7]|38|48)[;m]/);
  });

  it('with colour, matches are black on yellow and labels use their own colour', () => {
    chalk.level = 3;
    const frame = table('issues', 100, { noColor: false });
    expect(frame).toMatch(/\u001B\[43m[^]*?Colour/);
    expect(frame).toContain('\u001B[48;2;215;58;74m'); // bug: #d73a4a behind…
    expect(frame).toContain('\u001B[48;2;215;58;74m\u001B[38;2;255;255;255m bug '); // …white text (dark label)
    expect(frame).toContain('\u001B[48;2;255;255;255m\u001B[38;2;0;0;0m wontfix '); // black text on the white label
  });

  it('marks only the ranges sent, not other occurrences (users: login "colourist" matched on [0, 6])', () => {
    chalk.level = 1;
    expect(table('users', 100)).toContain('\u001B[7mcolour\u001B[27mist');
  });

  it('code rows show the fragment line holding the match', () => {
    chalk.level = 1;
    expect(table('code', 100)).toContain('pub fn parse_\u001B[7mcolour\u001B[27m(input');
  });
});
