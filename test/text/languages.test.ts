import { describe, expect, it } from 'vitest';
import { loadLanguageDetector, preferenceRank } from '../../src/text/languages.js';
import type { Language } from 'linguist-languages';

describe('loadLanguageDetector (linguist data)', () => {
  it.each([
    ['src/app.ts', undefined, 'TypeScript'],
    ['types/index.d.ts', undefined, 'TypeScript'],
    ['ui/View.tsx', undefined, 'TSX'],
    ['lib/util.js', undefined, 'JavaScript'],
    ['README.md', undefined, 'Markdown'],
    ['config.yaml', undefined, 'YAML'],
    ['config.yml', undefined, 'YAML'],
    // Linguist settles `.h` (C, C++, Objective-C) by content; without it, the data's preference picks C++.
    ['include/list.h', undefined, 'C++'],
    ['main.rs', undefined, 'Rust'],
    ['Script.PY', undefined, 'Python'],
    ['notes.txt', undefined, 'Text'],
    ['Makefile', undefined, 'Makefile'],
    ['Dockerfile', undefined, 'Dockerfile'],
    ['.gitignore', undefined, 'Ignore List'],
    ['package.json', undefined, 'JSON'],
    ['bin/run', '#!/usr/bin/env python3\nprint(1)\n', 'Python'],
    ['bin/tool', '#!/bin/bash -e\necho\n', 'Shell'],
    ['bin/node-tool', '#!/usr/bin/env -S node --no-warnings\n', 'JavaScript'],
  ])('%s → %s', async (file, head, expected) => {
    const detector = await loadLanguageDetector();
    expect(detector.detect(file, head === undefined ? undefined : Buffer.from(head))?.name).toBe(expected);
  });

  it.each([['data.unknownext'], ['LICENSE.xyz123'], ['bin/noshebang']])('%s → no language', async (file) => {
    const detector = await loadLanguageDetector();
    expect(detector.detect(file, Buffer.from('plain words\n'))).toBeUndefined();
  });

  it('reports the linguist type and the group a language counts toward', async () => {
    const detector = await loadLanguageDetector();
    expect(detector.detect('a.tsx')).toEqual({ name: 'TSX', type: 'programming', group: 'TypeScript' });
    expect(detector.detect('a.json')).toMatchObject({ type: 'data', group: 'JSON' });
  });
});

describe('preferenceRank', () => {
  const lang = (name: string, extra: Partial<Language>): Language =>
    ({ name, type: 'programming', aceMode: 'text', tmScope: 'none', languageId: 1, ...extra }) as Language;
  it.each([
    ['an alias equal to the extension wins', [lang('A', { languageId: 1 }), lang('B', { aliases: ['zz'], languageId: 2 })], 'B'],
    ['then a CodeMirror mode', [lang('A', {}), lang('B', { codemirrorMode: 'x' })], 'B'],
    ['then the primary extension', [lang('A', { extensions: ['.q', '.zz'] }), lang('B', { extensions: ['.zz'] })], 'B'],
    ['then more extensions', [lang('A', { extensions: ['.y', '.zz'] }), lang('B', { extensions: ['.x', '.y', '.zz'] })], 'B'],
    ['then the older id', [lang('A', { languageId: 9 }), lang('B', { languageId: 3 })], 'B'],
    ['then the name', [lang('B', {}), lang('A', {})], 'A'],
  ])('%s', (_rule, languages, best) => {
    expect(preferenceRank(languages as Language[], '.zz')[0]!.name).toBe(best);
  });
});
