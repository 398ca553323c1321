/**
 * Reading and rewriting the raw bytes of a framed cache file (src/cache/framing.ts) in tests: where each region
 * is (prefix, sections, block-CRC table, footer, trailer), and a footer rewritten with valid checksums so a test can
 * reach the checks behind them.
 */
import { crc32 } from 'node:zlib';

/** The footer as stored (see framing.ts). */
export interface RawFooter {
  meta: unknown;
  blockBytes: number;
  /** [offset, length, first block CRC] and, when it differs from `blockBytes`, the section's own block size. */
  sections: Record<string, [number, number, number] | [number, number, number, number]>;
  crcs: [number, number];
  pages: number[];
}

const TRAILER_BYTES = 24;

/** The footer of framed `bytes`, and where it sits. */
export function footerOf(bytes: Buffer): { footer: RawFooter; at: number; length: number } {
  const trailer = bytes.subarray(bytes.length - TRAILER_BYTES);
  const at = Number(trailer.readBigUInt64LE(0));
  const length = trailer.readUInt32LE(8);
  return { footer: JSON.parse(bytes.toString('utf8', at, at + length)) as RawFooter, at, length };
}

/** [byte offset, byte length] of section `name`. */
export function sectionAt(bytes: Buffer, name: string): [number, number] {
  const entry = footerOf(bytes).footer.sections[name];
  if (!entry) throw new Error(`no section ${name}`);
  return [entry[0], entry[1]];
}

/** A region of a framed file and its byte range [start, end). */
export interface Region {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Every region of framed `bytes`: magic, layout version, framing version, each non-empty section, the block-CRC
 * table, the footer, the trailer's fields.
 */
export function regionsOf(bytes: Buffer): Region[] {
  const { footer, at, length } = footerOf(bytes);
  const regions: Region[] = [
    { name: 'magic', start: 0, end: 8 },
    { name: 'layout version', start: 8, end: 12 },
    { name: 'framing version', start: 12, end: 16 },
  ];
  for (const [name, [offset, size]] of Object.entries(footer.sections)) {
    if (size > 0) regions.push({ name: `section ${name}`, start: offset, end: offset + size });
  }
  if (footer.crcs[1] > 0) regions.push({ name: 'block CRCs', start: footer.crcs[0], end: footer.crcs[0] + 4 * footer.crcs[1] });
  const t = at + length;
  regions.push(
    { name: 'footer', start: at, end: at + length },
    { name: 'trailer footer offset', start: t, end: t + 8 },
    { name: 'trailer footer length', start: t + 8, end: t + 12 },
    { name: 'trailer footer CRC', start: t + 12, end: t + 16 },
    { name: 'trailer magic', start: t + 16, end: t + 24 },
  );
  return regions;
}

/** `bytes` with the footer rewritten by `change` (checksums and trailer made valid again). */
export function withFooter(bytes: Buffer, change: (footer: RawFooter) => void): Buffer {
  const { footer, at } = footerOf(bytes);
  change(footer);
  const json = Buffer.from(JSON.stringify(footer), 'utf8');
  const trailer = Buffer.alloc(TRAILER_BYTES);
  trailer.writeBigUInt64LE(BigInt(at), 0);
  trailer.writeUInt32LE(json.length, 8);
  trailer.writeUInt32LE(crc32(json) >>> 0, 12);
  bytes.copy(trailer, 16, 0, 8);
  return Buffer.concat([bytes.subarray(0, at), json, trailer]);
}

/**
 * `bytes` with section `name`'s bytes changed by `change` and their block CRCs (and the CRC pages and footer)
 * recomputed: what passes every checksum but breaks a reader's own rules.
 */
export function withSection(bytes: Buffer, name: string, change: (section: Buffer) => void): Buffer {
  const out = Buffer.from(bytes);
  const { footer } = footerOf(out);
  const [offset, size, firstCrc, own] = footer.sections[name]!;
  change(out.subarray(offset, offset + size));
  const B = own ?? footer.blockBytes;
  for (let b = 0; b * B < size; b++) {
    const crc = crc32(out.subarray(offset + b * B, offset + Math.min(size, (b + 1) * B))) >>> 0;
    out.writeUInt32LE(crc, footer.crcs[0] + 4 * (firstCrc + b));
  }
  return withFooter(out, (f) => {
    f.pages = f.pages.map((_, p) => {
      const start = f.crcs[0] + 4 * p * 1024;
      return crc32(out.subarray(start, Math.min(f.crcs[0] + 4 * f.crcs[1], start + 4 * 1024))) >>> 0;
    });
  });
}

/** Ways of damaging a region of a file: a flipped byte at its start, middle or end. */
export const FLIPS: ReadonlyArray<readonly [string, (region: Region) => number]> = [
  ['first byte', (r) => r.start],
  ['middle byte', (r) => r.start + Math.floor((r.end - r.start) / 2)],
  ['last byte', (r) => r.end - 1],
];
