import { describe, expect, it } from 'vitest';
import { checkUrl } from '../../src/render/safe-url.js';
import { HOSTILE_URLS } from '../hostile/records.js';

describe('checkUrl: what o opens and y copies', () => {
  it.each([
    'https://github.com/o/r/issues/1',
    'http://localhost:3000/o/r/pull/2#issuecomment-3',
    'HTTPS://GITHUB.COM/o/r',
    'https://github.com/o/r/blob/main/src/%F0%9F%90%9B.ts?plain=1',
    'https://例え.jp/パス',
  ])('accepts %s unchanged', (url) => {
    expect(checkUrl(url)).toEqual({ ok: true, url });
  });

  it.each<[string]>([
    ...HOSTILE_URLS.map((url): [string] => [url]),
    [''],
    ['ftp://example.com/x'],
    ['https://'],
    ['https:/github.com'],
    ['//github.com/o/r'],
    ['data:text/html,<script>alert(1)</script>'],
    ['https://github.com/\u202eevil'],
    ['https://github.com/\u009b2J'],
    ['https://github.com/a\u00a0b'],
    [`https://github.com/${'a'.repeat(9000)}`],
  ])('refuses %j with a reason', (url) => {
    const check = checkUrl(url);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(/^(the|only)/);
  });
});
