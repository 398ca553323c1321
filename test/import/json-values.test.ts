import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBytes, parseJsonValues } from '../../src/import/json-values.js';
import { DataError } from '../../src/dump/data-error.js';

describe('parseJsonValues', () => {
  it.each([
    ['one array', '[{"a":1},{"a":2}]', [[{ a: 1 }, { a: 2 }]]],
    ['one object', '{"a":1}', [{ a: 1 }]],
    ['gh --paginate pages back to back', '[{"a":1}][{"a":2}]\n[]', [[{ a: 1 }], [{ a: 2 }], []]],
    ['envelopes back to back', '{"total_count":1,"items":[]}\n{"total_count":1,"items":[]}', [{ total_count: 1, items: [] }, { total_count: 1, items: [] }]],
    ['JSON Lines', '{"a":1}\n{"a":"x]}"}\n', [{ a: 1 }, { a: 'x]}' }]],
    ['escaped quotes and brackets inside strings', '{"s":"\\"{["}{"t":"\\\\"}', [{ s: '"{[' }, { t: '\\' }]],
  ])('%s', (_name, text, expected) => {
    expect(parseJsonValues(text, 'f.json')).toEqual(expected);
  });

  it.each([
    ['a bad token, with line and column', '[1]\n[2,]', /f\.json: invalid JSON at line 2, column \d+/],
    ['a scalar between values', '{"a":1} 42', /f\.json: expected a JSON object or array at line 1, column 9, found "42"/],
    ['an unterminated value', '[1][2', /f\.json: unterminated JSON value starting at line 1, column 4/],
    ['an empty file', '  \n', /f\.json: empty file/],
  ])('rejects %s as a DataError', (_name, text, message) => {
    expect(() => parseJsonValues(text, 'f.json')).toThrow(DataError);
    expect(() => parseJsonValues(text, 'f.json')).toThrow(message);
  });
});

describe('decodeBytes', () => {
  it.each([
    ['plain UTF-8', Buffer.from('[1]'), '[1]'],
    ['a byte-order mark', Buffer.from('\uFEFF[1]'), '[1]'],
    ['gzip', gzipSync(Buffer.from('[1]')), '[1]'],
  ])('%s', (_name, bytes, text) => {
    expect(decodeBytes(bytes, 'f')).toBe(text);
  });

  it('names the file of a broken gzip stream', () => {
    expect(() => decodeBytes(Buffer.from([0x1f, 0x8b, 1, 2]), 'x.json.gz')).toThrow(/^x\.json\.gz: not a valid gzip file/);
  });
});

