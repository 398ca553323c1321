import { describe, expect, it } from 'vitest';
import { codeSize, decodeContent } from '../../src/kinds/code-content.js';
import type { RawRecord } from '../../src/kinds/kind.js';

const b64 = (bytes: Buffer | string): string => Buffer.from(bytes).toString('base64');
/** base64 wrapped at 60 columns with newlines, the way GitHub's /contents endpoint returns it. */
const wrapped = (text: string): string => b64(text).replace(/(.{60})/g, '$1\n');
const long = 'line of text\n'.repeat(20);

describe('decodeContent', () => {
  it.each<[string, RawRecord, string | undefined]>([
    ['base64', { content: b64('hello\n'), encoding: 'base64' }, 'hello\n'],
    ['base64 wrapped at 60 columns', { content: wrapped(long), encoding: 'base64' }, long],
    ['base64 with spaces and CRLF', { content: ` ${b64('héllo wörld')}\r\n`.replace(/(.{4})/, '$1 \r\n'), encoding: 'base64' }, 'héllo wörld'],
    ['BASE64 in capitals', { content: b64('x'), encoding: 'BASE64' }, 'x'],
    ['utf-8 text', { content: 'plain ✓', encoding: 'utf-8' }, 'plain ✓'],
    ['utf8 text', { content: 'plain', encoding: 'utf8' }, 'plain'],
    ['text without encoding', { content: 'no encoding' }, 'no encoding'],
    ['an empty file', { content: '', encoding: 'base64' }, ''],
    ['a byte-order mark dropped', { content: b64(Buffer.from([0xef, 0xbb, 0xbf, 0x61])), encoding: 'base64' }, 'a'],
    ['no content (search result)', { name: 'a.py', path: 'a.py' }, undefined],
    ['null content', { content: null, encoding: 'base64' }, undefined],
    ['encoding none (file too large)', { content: '', encoding: 'none' }, undefined],
    ['a NUL byte', { content: b64(Buffer.from([0x50, 0x4e, 0x47, 0x00, 0x01])), encoding: 'base64' }, undefined],
    ['a NUL in text', { content: 'a\u0000b' }, undefined],
    ['mostly invalid UTF-8', { content: b64(Buffer.from([0xff, 0xfe, 0xfd, 0x41, 0xc3])), encoding: 'base64' }, undefined],
  ])('%s', (_name, record, expected) => {
    expect(decodeContent(record)).toBe(expected);
  });

  it('tolerates one invalid byte in a long text', () => {
    const bytes = Buffer.concat([Buffer.from(long), Buffer.from([0xff]), Buffer.from(long)]);
    expect(decodeContent({ content: b64(bytes), encoding: 'base64' })).toBe(`${long}\uFFFD${long}`);
  });
});

describe('codeSize', () => {
  it.each<[string, RawRecord, number | undefined]>([
    ['the size field', { size: 1234, content: b64('abc'), encoding: 'base64' }, 1234],
    ['size 0', { size: 0 }, 0],
    ['decoded base64 length', { content: wrapped(long), encoding: 'base64' }, long.length],
    ['binary bytes still count', { content: b64(Buffer.from([0, 1, 2])), encoding: 'base64' }, 3],
    ['UTF-8 byte length of text', { content: 'é✓' }, 5],
    ['a bad size falls back', { size: -3, content: 'ab' }, 2],
    ['nothing to measure', { name: 'x' }, undefined],
  ])('%s', (_name, record, expected) => {
    expect(codeSize(record)).toBe(expected);
  });
});
