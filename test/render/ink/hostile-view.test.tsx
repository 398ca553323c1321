/**
 * The hostile-records corpus in the interactive view (ink-testing-library): no frame holds anything a terminal would
 * act on (escape sequences other than Ink's own colour and attribute codes, C1 controls, bidi overrides), the
 * attacks are shown as visible characters, a 200k-character title draws, and `o`/`y` refuse hostile URLs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { invalidQuery } from '../../../src/api-error.js';
import type { Item } from '../../../src/envelope/envelope.js';
import { ATTACKS, hostileIssues } from '../../hostile/records.js';
import { fakeSearch } from './fixtures/fake-search.js';
import { KEYS } from './helpers/frames.js';
import { mount } from './helpers/mount.js';

const ITEMS = hostileIssues() as Item[];

/** The frame without Ink's own SGR codes (`ESC [ … m`), which are the only escapes the view may write. */
const withoutSgr = (frame: string) => frame.replace(/\u001b\[[0-9;]*m/g, '');
const drivesTerminal = (frame: string) => /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(withoutSgr(frame));

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function open(items: Item[] = ITEMS, errors = {}) {
  const { search } = fakeSearch({ byQuery: { zebra: items }, errors });
  const app = mount({ kind: 'issues', q: 'zebra', per_page: '30' }, search, { columns: 120, rows: 20 });
  unmount = app.unmount;
  return app;
}

describe('hostile records in the view', () => {
  it('the table shows the attacks as visible characters and writes none of them', async () => {
    const app = open();
    const frame = await app.until('Showing 1–10 of 10');
    expect(frame).toContain('zebra ␛]52;c;');
    expect(drivesTerminal(frame)).toBe(false);
    for (const frame of app.frames) expect(drivesTerminal(frame)).toBe(false);
  });

  it('the detail view of the worst record (title, body, labels, login, milestone, URL) writes none of them', async () => {
    const app = open();
    await app.until('Showing 1–10 of 10');
    app.press(KEYS.enter);
    const frame = await app.until('Milestone');
    expect(frame).toContain('mallory␛[5m␛P1$r␛\\');
    expect(frame).toContain('m ok␍overwrittenabc␈␈␈xyz'.slice(2));
    expect(frame).toContain('--remote-debugging-port=9222');
    expect(drivesTerminal(frame)).toBe(false);
    app.press('j', 'j', 'j', 'j', 'j', 'j');
    for (const frame of app.frames) expect(drivesTerminal(frame)).toBe(false);
  });

  it('a 200k-character title and a 300k body draw in the table and the detail', async () => {
    const app = open([ITEMS[6]!]);
    const frame = await app.until('Showing 1–1 of 1');
    expect(frame).toMatch(/zebra huge 👍🏽 wide 漢字.*…/);
    app.press(KEYS.enter);
    expect(await app.until(/lines 1–\d+ of \d+/.test.bind(/lines 1–\d+ of \d+/))).toContain('zebra huge');
  });

  it('o and y refuse a URL that is not http(s) or holds controls or whitespace, and say why', async () => {
    const app = open();
    await app.until('Showing 1–10 of 10');
    for (let row = 0; row < 6; row++) {
      app.press('o');
      expect(await app.until('Not opened: ')).toMatch(/Not opened: (only http|the URL holds)/);
      app.press('y');
      expect(await app.until('Not copied: ')).toMatch(/Not copied: (only http|the URL holds)/);
      app.press('j');
    }
    expect(app.opened).toEqual([]);
    expect(app.copies).toEqual([]);
    for (const frame of app.frames) expect(drivesTerminal(frame)).toBe(false);
  });

  it('o and y pass a plain https URL', async () => {
    const app = open([ITEMS[9]!]);
    await app.until('Showing 1–1 of 1');
    app.press('o');
    await app.until('Opened https://github.com/o/r/issues/10 in the browser');
    app.press('y');
    await app.until('Copied https://github.com/o/r/issues/10');
    expect(app.opened).toEqual(['https://github.com/o/r/issues/10']);
    expect(app.copies).toEqual(['https://github.com/o/r/issues/10']);
  });

  it('a refusal quoting hostile text is visible, and the footer names the refusal instead of the previous answer', async () => {
    const app = open(ITEMS, { bad: invalidQuery(`The record key k${ATTACKS.title}${ATTACKS.csi8bit} is refused`) });
    await app.until('Showing 1–10 of 10');
    app.press('/', KEYS.ctrlU, 'bad', KEYS.enter);
    const frame = await app.until('Refused (HTTP 422)');
    expect(frame).toContain('The record key k␛]0;pwned␇\uFFFD2J is refused');
    expect(frame).not.toContain('Showing 1–10');
    expect(drivesTerminal(frame)).toBe(false);
  });
});
