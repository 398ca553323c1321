/**
 * The digests of the cache's keys, remembered across processes. A cold query names its cache files by eight
 * SHA-256 digests of short texts (the dump files' identities, the index key, the columns', items', segment's and
 * names' ids, the same texts every run on the same dump); hashing them in JavaScript is ≈ 1.5 ms of its CPU.
 * Once a process {@link useDigestMemo}s a file, {@link memoisedDigest} answers from it and {@link saveDigestMemo}
 * writes back what the process hashed that the file lacked.
 *
 * The file (`digests-<format>.json` in the cache directory, named by file-names.ts) is
 * `{"crc": <the framing's CRC-32 of the entries' JSON>, "entries": [[text, hex digest], …]}`, the most recently written first,
 * at most {@link DIGEST_MEMO_ENTRIES}. It is a cache of a pure function: a missing, unreadable or damaged file (its
 * CRC, its shape, a digest that is not 64 hex characters) is read as empty, silently, and rewritten by the next
 * process that hashes something. Only texts up to {@link DIGEST_MEMO_TEXT} UTF-16 units are kept (keys, not the
 * checksums of whole files).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { contentChecksum } from './framing.js';
import { readRegularSync } from './regular-file.js';
import { writeAtomicallySync } from './temp-file.js';

/** The most entries the file keeps (a few dumps' keys: eight to ten each). */
export const DIGEST_MEMO_ENTRIES = 64;
/** The longest text remembered (UTF-16 code units). */
export const DIGEST_MEMO_TEXT = 1024;

const HEX_DIGEST = /^[0-9a-f]{64}$/;

/** The framing's checksum (CRC-32) of a text's UTF-8 bytes. */
const crcOf = (text: string): number => contentChecksum(Buffer.from(text, 'utf8'));

interface Memo {
  readonly file: string;
  /** Text → digest, as read (undefined until first asked). */
  known: Map<string, string> | undefined;
  /** Digests this process computed that the file lacked, in the order computed. */
  readonly added: Map<string, string>;
}

let memo: Memo | undefined;

/**
 * Remember digests in `file` from now on (read on first use). `undefined` stops remembering; either forgets what
 * was read and added before (nothing is written).
 */
export function useDigestMemo(file: string | undefined): void {
  memo = file === undefined ? undefined : { file, known: undefined, added: new Map() };
}

/** The entries of the file's text, or an empty map when it is not a well-formed memo. */
export function parseDigestMemo(text: string): Map<string, string> {
  const known = new Map<string, string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return known;
  }
  const { crc, entries } = (parsed ?? {}) as { crc?: unknown; entries?: unknown };
  if (!Array.isArray(entries) || crc !== crcOf(JSON.stringify(entries))) return known;
  for (const entry of entries as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2) return new Map();
    const [key, digest] = entry as unknown[];
    if (typeof key !== 'string' || key.length > DIGEST_MEMO_TEXT || typeof digest !== 'string' || !HEX_DIGEST.test(digest)) return new Map();
    known.set(key, digest);
  }
  return known;
}

/** The file's text for `entries` (most recent first, at most {@link DIGEST_MEMO_ENTRIES}). */
export function formatDigestMemo(entries: ReadonlyArray<readonly [string, string]>): string {
  const kept = entries.slice(0, DIGEST_MEMO_ENTRIES);
  return JSON.stringify({ crc: crcOf(JSON.stringify(kept)), entries: kept });
}

/** The remembered digest of `text`, or undefined (not remembered, or no memo in use). */
export function memoisedDigest(text: string): string | undefined {
  if (memo === undefined || text.length > DIGEST_MEMO_TEXT) return undefined;
  if (memo.known === undefined) {
    try {
      memo.known = parseDigestMemo(readRegularSync(memo.file).toString('utf8'));
    } catch {
      memo.known = new Map(); // missing or unreadable: hashed, and written back by saveDigestMemo
    }
  }
  return memo.known.get(text) ?? memo.added.get(text);
}

/** Note the digest of `text` just computed, for {@link saveDigestMemo} (ignored without a memo in use). */
export function rememberDigest(text: string, digest: string): void {
  if (memo === undefined || text.length > DIGEST_MEMO_TEXT || memo.known?.has(text)) return;
  memo.added.set(text, digest);
}

/**
 * Write the file when this process computed digests it lacked: those first, then the ones read, atomically. Only
 * into an existing directory (a run that wrote no cache file creates none); any failure is silent.
 */
export function saveDigestMemo(): void {
  if (memo === undefined || memo.added.size === 0) return;
  try {
    if (!statSync(path.dirname(memo.file)).isDirectory()) return;
  } catch {
    return;
  }
  const entries = [...memo.added, ...[...(memo.known ?? [])].filter(([text]) => !memo!.added.has(text))];
  writeAtomicallySync(memo.file, formatDigestMemo(entries));
  memo.known = new Map(entries.slice(0, DIGEST_MEMO_ENTRIES));
  memo.added.clear();
}
