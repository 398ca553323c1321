/**
 * One file framing (issue #24 item 2): src/cache/framing.ts alone writes and checks the framing of cache files —
 * their magic, layout version, per-block CRCs, footer and trailer. No other file under src/ computes a CRC, spells a
 * file magic (an 8-character Latin-1 constant, or a `…MAGIC` constant not taken from framing's `FILE_MAGIC` table)
 * or declares a trailer of its own. Every file holds the rule (the list of files still carrying their own framing,
 * with their reason, is empty since the rendered-items file moved onto framing.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** The one framing. */
const FRAMING = 'cache/framing.ts';

/** Files (relative to src/) that still frame their own file, and why. */
const ALLOWED: Readonly<Record<string, string>> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The source without comments (a docstring may name a CRC or a magic). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** What framing owns, each with a pattern that finds it in a file's code. */
const RULES: ReadonlyArray<readonly [string, RegExp]> = [
  ['computes a CRC', /\bcrc32\b|\bcrc32c\b|\bcreateHash\(\s*['"]crc/i],
  ['spells a file magic', /Buffer\.from\(\s*(['"`])[^'"`]{8}\1\s*,\s*['"](?:latin1|ascii|binary)['"]\s*\)/],
  ['declares its own magic', /\b(?:const|let|var)\s+\w*MAGIC\w*\s*(?::[^=]+)?=(?!\s*FILE_MAGIC\b)/],
  ['declares a trailer', /\b(?:const|let|var)\s+\w*TRAILER\w*\s*(?::[^=]+)?=/],
];

/** The rules `text` (a source file's code) breaks. */
export function framingBreaches(text: string): string[] {
  const body = code(text);
  return RULES.filter(([, pattern]) => pattern.test(body)).map(([what]) => what);
}

describe('one file framing', () => {
  const files = sourceFiles(SRC).map((file) => ({
    name: path.relative(SRC, file).split(path.sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }));

  it('framing.ts is the only file that computes CRCs or defines file magics and trailers', () => {
    const offenders = files
      .filter(({ name }) => name !== FRAMING && !Object.hasOwn(ALLOWED, name))
      .flatMap(({ name, text }) => framingBreaches(text).map((what) => `${name} ${what}`));
    expect(offenders).toEqual([]);
  });

  it('lists only files that exist and still frame their own file (the list only shrinks)', () => {
    for (const name of Object.keys(ALLOWED)) {
      const file = files.find((f) => f.name === name);
      expect(file, `${name} is allowed but missing`).toBeDefined();
      expect(framingBreaches(file!.text), `${name} is allowed but no longer frames its own file: remove it from the list`).not.toEqual([]);
    }
  });

  it.each([
    ['a crc32 call', "import { crc32 } from 'node:zlib';\nconst c = crc32(bytes) >>> 0;", ['computes a CRC']],
    ['a magic literal', "const TYPE = Buffer.from('OGSOTHER', 'latin1');", ['spells a file magic']],
    ['a magic constant of its own', "const MAGIC = Buffer.alloc(8, 'x');", ['declares its own magic']],
    ['a trailer', 'const TRAILER_BYTES = 16;', ['declares a trailer']],
    ['a magic from the table', 'const MAGIC = FILE_MAGIC.segment;', []],
    ['a CRC named in a comment only', '/** the framing checks each crc32 */\nconst x = 1; // MAGIC = no', []],
  ])('finds %s', (_label, text, expected) => {
    expect(framingBreaches(text)).toEqual(expected);
  });
});
