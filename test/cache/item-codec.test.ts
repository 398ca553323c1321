/** The items' compact encoding (src/cache/item-codec.ts): exact round trips, sharing, plain fallback, damage. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeItem, ItemCodecError, ItemEncoder, STORED_CODED, STORED_PLAIN } from '../../src/cache/item-codec.js';
import { itemJson } from '../../src/kinds/item-text.js';

const text = (item: Record<string, unknown>) => Buffer.from(itemJson(item), 'utf8');

const user = (login: string) => ({
  login,
  id: login.length,
  url: `https://api.github.com/users/${login}`,
  html_url: `https://github.com/${login}`,
  followers_url: `https://api.github.com/users/${login}/followers`,
  type: 'User',
  site_admin: false,
});
const issue = (n: number, login: string) => ({
  url: `https://api.github.com/repos/o/r/issues/${n}`,
  repository_url: 'https://api.github.com/repos/o/r',
  labels_url: `https://api.github.com/repos/o/r/issues/${n}/labels{/name}`,
  number: n,
  title: `Issue “${n}” with \\ and "quotes"\n`,
  user: user(login),
  labels: [{ name: 'bug', color: 'd73a4a', description: 'Something isn\'t working', url: 'https://api.github.com/repos/o/r/labels/bug' }],
  assignees: [user(login), user('other')],
  milestone: null,
  reactions: {},
  score: 1,
  body: 'ünïcödé ✓ \u0001 \t'.repeat(n % 5),
});

describe('item codec', () => {
  it.each([false, true])('decodes every item to exactly the text given, and shares repeated objects (key lines: %s)', (keyLines) => {
    const encoder = new ItemEncoder({ keyLines });
    const texts = Array.from({ length: 40 }, (_, n) => text(issue(n, n % 3 === 0 ? 'alice' : 'bob')));
    const stored = texts.map((t) => encoder.encode(t));
    stored.forEach((s, n) => {
      expect(s[0]).toBe(STORED_CODED);
      expect(decodeItem(s, encoder).equals(texts[n]!)).toBe(true);
    });
    expect(encoder.fragments.length).toBeGreaterThan(0);
    expect(encoder.keyLines.length > 0).toBe(keyLines);
    const storedBytes = stored.reduce((n, s) => n + s.length, 0);
    expect(storedBytes * 2).toBeLessThan(texts.reduce((n, t) => n + t.length, 0));
  });

  it.each([false, true])('round-trips any JSON object as an envelope writes it (property; key lines: %s)', (keyLines) => {
    const encoder = new ItemEncoder({ keyLines });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })), (item) => {
        const t = text(item as Record<string, unknown>);
        // twice: the second time, nested objects come back as fragments
        for (let i = 0; i < 2; i++) expect(decodeItem(encoder.encode(t), encoder).equals(t)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('stores text that is not an envelope item plain', () => {
    const encoder = new ItemEncoder();
    for (const t of ['', 'x', '[1, 2]', '{"a":1}', '{\n  "a": 1\n} trailing'].map((s) => Buffer.from(s))) {
      const s = encoder.encode(t);
      expect(s[0]).toBe(STORED_PLAIN);
      expect(decodeItem(s, encoder).equals(t)).toBe(true);
    }
  });

  it('refuses a reference the dictionary cannot resolve, or a stored item it cannot read', () => {
    const encoder = new ItemEncoder({ keyLines: true });
    const t = text(issue(7, 'alice'));
    encoder.encode(t);
    const s = encoder.encode(t); // the user is a fragment now
    const empty = { keyLine: () => undefined, fragment: () => undefined };
    expect(() => decodeItem(s, empty)).toThrow(ItemCodecError);
    expect(() => decodeItem(Buffer.from([9, 1, 2]), encoder)).toThrow(ItemCodecError);
    expect(() => decodeItem(Buffer.from([STORED_CODED, 200]), encoder)).toThrow(ItemCodecError);
  });
});
