import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArrayShapeError, JsonArraySplitter } from '../../src/dump/json-array-splitter.js';
import { RecordLimitError } from '../../src/dump/json-limits.js';

/**
 * Split `text` into chunks at `cuts` (byte positions), feed them, and return the parsed elements; each element's
 * offset must point at its bytes in the whole text, wherever the chunks were cut.
 */
function split(text: string | Buffer, cuts: number[] = []): unknown[] {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  const out: unknown[] = [];
  const indexes: number[] = [];
  const splitter = new JsonArraySplitter((element, index, offset) => {
    expect(bytes.subarray(offset, offset + element.length).equals(element)).toBe(true);
    out.push(JSON.parse(element.toString('utf8')));
    indexes.push(index);
  });
  let at = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    splitter.push(bytes.subarray(at, cut));
    at = cut;
  }
  splitter.push(bytes.subarray(at));
  splitter.end();
  expect(indexes).toEqual(out.map((_, i) => i));
  expect(splitter.elements).toBe(out.length);
  return out;
}

describe('JsonArraySplitter', () => {
  it.each([
    ['[]', []],
    ['  [ ]  ', []],
    ['[1,2,3]', [1, 2, 3]],
    ['[{"a":"]},["}, ["x", "\\"]"], "\\\\", {}]', [{ a: ']},[' }, ['x', '"]'], '\\', {}]],
    ['\n[\n  {"t": "é ✓ 😀"},\n  {"n": null}\n]\n', [{ t: 'é ✓ 😀' }, { n: null }]],
    ['\ufeff[true,false]', [true, false]],
  ])('splits %j', (text, expected) => {
    expect(split(text)).toEqual(expected);
  });

  it.each([
    ['{"a":1}', 'must hold a JSON array'],
    ['', 'must hold a JSON array'],
    ['[1,,2]', 'missing before this comma'],
    ['[,1]', 'missing before this comma'],
    ['[1,]', 'trailing comma'],
    ['[1 2]', undefined], // one element "1 2": JSON.parse refuses it
    ['[{"a":1} {"b":2}]', undefined], // one element to the splitter; JSON.parse refuses it
    ['[1] x', 'after the closing ]'],
    ['["a" "b"]', undefined],
    ['[1, 2', 'not closed'],
    ['[}]', 'unexpected }'],
  ])('refuses %j', (text, message) => {
    const attempt = () => split(text);
    if (message === undefined) expect(attempt).toThrow(SyntaxError);
    else expect(attempt).toThrow(message);
  });

  it('reports the byte offset of a structural error', () => {
    const error = (() => {
      try {
        split('[1,\n ,2]');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ArrayShapeError);
    expect((error as ArrayShapeError).offset).toBe(5);
  });

  it('gives the same elements however the bytes are chunked (property, oracle JSON.parse)', () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.integer(),
      fc.constantFrom('"]', '\\', '{}[],"', '\\"'),
      fc.jsonValue({ maxDepth: 3 }),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), fc.array(fc.nat(400), { maxLength: 12 }), fc.boolean(), (elements, cuts, pretty) => {
        const text = JSON.stringify(elements, null, pretty ? 2 : undefined);
        expect(split(text, cuts)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  }); // the suite-wide timeout (vitest.config.ts) covers 300 runs on a busy machine

  it('splits inside a multi-byte character and inside an escape', () => {
    const text = '["a\\"b", "😀😀", "\\\\"]';
    const bytes = Buffer.from(text, 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) expect(split(bytes, [cut])).toEqual(JSON.parse(text));
  });
});

describe('JsonArraySplitter record limits', () => {
  const limits = { maxDepth: 3, maxBytes: 40 };
  const run = (text: string, cuts: number[] = []): unknown => {
    const splitter = new JsonArraySplitter(() => undefined, limits);
    const bytes = Buffer.from(text);
    let at = 0;
    try {
      for (const cut of [...cuts, bytes.length]) {
        splitter.push(bytes.subarray(at, Math.max(at, cut)));
        at = Math.max(at, cut);
      }
      splitter.end();
      return undefined;
    } catch (error) {
      return error instanceof RecordLimitError ? { kind: error.kind, index: error.index, field: error.field } : error;
    }
  };

  it.each([
    ['within both limits', '[{"a":[[1]]},{"b":2}]', undefined],
    ['one level too deep', '[{"a":1},{"a":[[[1]]]}]', { kind: 'depth', index: 1, field: 'a.0.0' }],
    ['too deep in a scalar-free array record', '[[[[[]]]]]', { kind: 'depth', index: 0, field: '0.0.0' }],
    ['too large, closed in the chunk', `[{"a":1},{"title":"${'x'.repeat(50)}"}]`, { kind: 'size', index: 1, field: 'title' }],
    ['too large and never closed', `[{"title":"${'x'.repeat(50)}`, { kind: 'size', index: 0, field: 'title' }],
  ])('%s', (_name, text, expected) => {
    expect(run(text)).toEqual(expected);
    expect(run(text, [3, 9, 17, 30])).toEqual(expected); // however the bytes are chunked
  });
});
