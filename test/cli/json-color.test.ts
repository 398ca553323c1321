import { describe, expect, it } from 'vitest';
import { terminalSafeJson } from '../../src/cli/json-color.js';

describe('terminalSafeJson: JSON on a terminal carries no raw C1, bidi or separator characters', () => {
  it.each([
    ['\u009b31m', '\\u009b31m'], // 8-bit CSI
    ['\u0085', '\\u0085'],
    ['a\u202eb', 'a\\u202eb'], // right-to-left override
    ['\u2066x\u2069', '\\u2066x\\u2069'],
    ['\u2028', '\\u2028'],
    ['é ü 日本 🐛', 'é ü 日本 🐛'], // ordinary text unchanged
  ])('%j → %j, same value', (text, escaped) => {
    const json = JSON.stringify({ title: text }, null, 2);
    const safe = terminalSafeJson(json);
    expect(safe).toBe(JSON.stringify({ title: 'X' }, null, 2).replace('X', escaped));
    expect(JSON.parse(safe)).toEqual({ title: text });
  });
});
