/**
 * The pretty layout of compact JSON (src/envelope/json-layout.ts), in WebAssembly and in JavaScript: for arbitrary
 * JSON values, laying out JSON.stringify(v) equals JSON.stringify(v, null, step) with every later line indented by
 * `base` (the envelope's item depth is base 4, the envelope itself base 0), plus a table of the cases that matter
 * (empty containers, escapes that look like structure, numbers written `1.0`, deep nesting past the first guess).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layOutJson, layOutJsonScript } from '../../src/envelope/json-layout.js';

const pretty = (value: unknown, step: number, base: number): string =>
  JSON.stringify(value, null, step).replaceAll('\n', '\n' + ' '.repeat(base));
const compact = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');

const layouts = [
  ['WebAssembly', layOutJson],
  ['JavaScript', layOutJsonScript],
] as const;

describe.each(layouts)('layOutJson (%s)', (_name, layOut) => {
  const cases: ReadonlyArray<[string, unknown]> = [
    ['a number', 1],
    ['a string', 'x'],
    ['null', null],
    ['an empty object', {}],
    ['an empty array', []],
    ['empty containers inside', { a: {}, b: [], c: [{}, []], d: [[[]]] }],
    ['quotes, backslashes and brackets in strings', { 'k"{': 'a\\"b,c:[d]}', '\\': '\\\\', '': '"' }],
    ['a backslash just before a closing quote', ['\\', 'x\\', '\\\\\\"']],
    ['long strings (the 16-byte path) with escapes at every position', Array.from({ length: 40 }, (_, i) => `${'x'.repeat(i)}"${'y'.repeat(40 - i)}\\`)],
    ['control characters and non-ASCII', { s: '\u0000\u001f\n\t é 😀 \ud800', 'ключ': '值' }],
    ['nested objects and arrays', { a: [1, { b: [true, false, null], c: { d: -1.5e-7 } }], e: 'f' }],
    ['deep nesting past the first capacity guess', JSON.parse('['.repeat(300) + ']'.repeat(300)) as unknown],
  ];
  it.each(cases)('%s: at every base the envelope uses', (_what, value) => {
    for (const base of [0, 4]) for (const step of [2]) expect(layOut(compact(value), step, base).toString('utf8')).toBe(pretty(value, step, base));
  });

  it('copies number tokens as written (an item score of 1.0)', () => {
    const text = Buffer.from('{"id":7,"score":1.0,"labels":[]}');
    expect(layOut(text, 2, 4).toString()).toBe('{\n      "id": 7,\n      "score": 1.0,\n      "labels": []\n    }');
  });

  it('lays out bytes [start, end) of a larger buffer', () => {
    const text = Buffer.from('xx{"a":[1,2]}yy');
    expect(layOut(text, 2, 0, 2, text.length - 2).toString()).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
  });

  it('never throws or hangs on what is not compact JSON', () => {
    for (const junk of ['{{{', '}}]]', '"unterminated', '"\\', '[1, 2]', '{"a" : 1}', '', ',,,,']) expect(() => layOut(Buffer.from(junk), 2, 4)).not.toThrow();
  });

  it('equals JSON.stringify(v, null, step) for arbitrary JSON values (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom(0, 2, 4, 6), fc.constantFrom(1, 2, 4), (value, base, step) => {
        expect(layOut(compact(value), step, base).toString('utf8')).toBe(pretty(value, step, base));
      }),
      { numRuns: 400 },
    );
  });

  it('equals JSON.stringify for arbitrary strings, full Unicode (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 60 }), { maxLength: 6 }), fc.dictionary(fc.string(), fc.string()), (strings, object) => {
        const value = { strings, object };
        expect(layOut(compact(value), 2, 4).toString('utf8')).toBe(pretty(value, 2, 4));
      }),
      { numRuns: 300 },
    );
  });
});
