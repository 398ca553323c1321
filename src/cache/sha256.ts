/**
 * SHA-256 of a text (its UTF-8 bytes) as lowercase hex: the cache's file names and keys, and the checksums of its
 * small JSON files. The same digest as `createHash('sha256').update(text).digest('hex')`.
 * Short texts are hashed by @noble/hashes (plain JavaScript): a cold query hashes a few dozen bytes at a time, and
 * loading node:crypto for that cost more than the hashing. Longer texts go to node:crypto, which the program's
 * CommonJS cold path (bin/search.js) loads only then. A process that uses a digest memo (digest-memo.ts: the CLI)
 * answers the texts it remembers from there.
 */
import { createHash } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { memoisedDigest, rememberDigest } from './digest-memo.js';

/** Texts up to this many UTF-16 code units are hashed in JavaScript; longer ones by node:crypto. */
export const SHORT_TEXT = 4096;

/** SHA-256 hex of `text`'s UTF-8 bytes (64 lowercase hex chars). */
export function sha256Hex(text: string): string {
  const known = memoisedDigest(text);
  if (known !== undefined) return known;
  const digest = text.length <= SHORT_TEXT ? bytesToHex(sha256(utf8ToBytes(text))) : createHash('sha256').update(text).digest('hex');
  rememberDigest(text, digest);
  return digest;
}
