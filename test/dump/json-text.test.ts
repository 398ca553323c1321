import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { jsonErrorOffset, lineColumn, parseJsonBytes } from '../../src/dump/json-text.js';

describe('jsonErrorOffset', () => {
  it.each<[string, number | undefined]>([
    ['[1, 2, {"a": [true, false, null, -1.5e3, "x\\n\\u00e9"]}]', undefined],
    ['  {}  ', undefined],
    ['{"issues": [}', 12],
    ['[1,2', 4],
    ['[1 2]', 3],
    ['{"a" 1}', 5],
    ['["a\\q"]', 3],
    ['[tru]', 1],
    ['{"a": 1,}', 8],
    ['[01]', 2],
    ['["tab\there"]', 5],
    ['[1] x', 4],
    ['', 0],
    ['{"unterminated', 14],
  ])('%j -> %s', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
    // The scanner agrees with JSON.parse on validity.
    if (offset === undefined) expect(() => JSON.parse(text)).not.toThrow();
    else expect(() => JSON.parse(text)).toThrow();
  });

  it('gives up (undefined) on nesting too deep to scan, without throwing', () => {
    expect(jsonErrorOffset('['.repeat(200_000))).toBeUndefined();
  });
});

describe('lineColumn', () => {
  it.each([
    ['abc', 0, 'line 1, column 1'],
    ['abc', 2, 'line 1, column 3'],
    ['a\nbc', 2, 'line 2, column 1'],
    ['a\n\nbcd', 5, 'line 3, column 3'],
  ])('%j at %i', (text, offset, expected) => {
    expect(lineColumn(text, offset)).toBe(expected);
  });
});

describe('parseJsonBytes', () => {
  it.each<[string, Buffer, boolean, unknown]>([
    ['plain', Buffer.from('[1]'), false, [1]],
    ['gzip', gzipSync('{"a": []}'), true, { a: [] }],
    ['a UTF-8 byte-order mark', Buffer.from('\uFEFF[2]'), false, [2]],
  ])('parses %s', (_name, bytes, gz, expected) => {
    expect(parseJsonBytes(bytes, 'f.json', gz)).toEqual(expected);
  });

  it.each<[string, Buffer, boolean, RegExp]>([
    ['bad JSON', Buffer.from('[\n  1,\n  ]'), false, /^f\.json: invalid JSON at line 3, column 3: /],
    ['truncated JSON', Buffer.from('[1, 2'), false, /^f\.json: invalid JSON at line 1, column 6: /],
    ['bad gzip', Buffer.from('[1]'), true, /^f\.json: not a valid gzip file \(/],
  ])('names the file and position for %s', (_name, bytes, gz, message) => {
    expect(() => parseJsonBytes(bytes, 'f.json', gz)).toThrow(message);
  });
});
