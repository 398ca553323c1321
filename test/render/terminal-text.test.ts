import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipText, terminalText } from '../../src/render/terminal-text.js';
import { ATTACKS, drivesTerminal } from '../hostile/records.js';

describe('terminalText: record text made safe for a terminal', () => {
  it.each([
    ['OSC 52 clipboard', ATTACKS.clipboard, /^␛\]52;c;[A-Za-z0-9+/=]+␇$/],
    ['OSC 0 title', ATTACKS.title, /^␛\]0;pwned␇$/],
    ['CSI clear', ATTACKS.clear, /^␛\[2J␛\[H$/],
    ['DCS', ATTACKS.dcs, /^␛P1\$r␛\\$/],
    ['8-bit CSI', ATTACKS.csi8bit, /^\uFFFD2J$/],
    ['8-bit OSC', ATTACKS.osc8bit, /^\uFFFD0;pwned8\uFFFD$/],
    ['right-to-left override', ATTACKS.rtlOverride, /^\uFFFDevil\uFFFD$/],
    ['isolates', ATTACKS.isolate, /^\uFFFDx\uFFFD$/],
    ['carriage return', ATTACKS.carriageReturn, /^ok␍overwritten$/],
    ['backspace', ATTACKS.backspace, /^abc␈␈␈xyz$/],
    ['NUL and DEL', 'a\u0000b\u007f', /^a␀b␡$/],
    ['line break and tab (single line)', 'a\nb\tc', /^a␊b␉c$/],
  ])('%s becomes visible', (_name, input, expected) => {
    const out = terminalText(input);
    expect(out).toMatch(expected);
    expect(drivesTerminal(out)).toBe(false);
  });

  it('multiline keeps \\n, \\t and \\r\\n, but not a lone \\r', () => {
    expect(terminalText('a\r\nb\tc\rd\u001b', { multiline: true })).toBe('a\r\nb\tc␍d␛');
  });

  it('returns the same string when nothing needs replacing (emoji, CJK, RTL letters)', () => {
    const text = 'héllo 漢字 👍🏽 שלום';
    expect(terminalText(text)).toBe(text);
  });

  it('keeps the length in UTF-16 units (so text_matches offsets stay valid), is idempotent, and leaves nothing a terminal acts on', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.boolean(), (text, multiline) => {
        const out = terminalText(text, { multiline });
        expect(out.length).toBe(text.length);
        expect(terminalText(out, { multiline })).toBe(out);
        const rest = multiline ? out.replace(/\r\n|[\n\t]/g, '') : out;
        expect(drivesTerminal(rest)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('clipText', () => {
  it('cuts to the limit with … and never splits a surrogate pair', () => {
    expect(clipText('abcdef', 3)).toBe('abc…');
    expect(clipText('abc', 3)).toBe('abc');
    expect(clipText('ab👍', 3)).toBe('ab…');
  });
});
