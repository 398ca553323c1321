/**
 * SHA-256 (FIPS 180-4) of a short text, written for a cold process: the cache's file names and keys are a handful
 * of digests of texts up to a few hundred bytes, hashed before V8 has compiled anything, so what counts is how
 * little the interpreter runs — one function per 64-byte block over typed arrays, no classes, no generic buffer
 * handling. Its digest is node:crypto's (test/cache/sha256.test.ts compares them).
 */

/** The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = new Int32Array(64);
/** The initial hash value: the same of the square roots of the first 8 primes. */
const H0 = new Int32Array(8);
{
  let found = 0;
  for (let n = 2; found < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) {
      if (n % d === 0) {
        prime = false;
        break;
      }
    }
    if (!prime) continue;
    if (found < 8) H0[found] = fraction32(Math.sqrt(n));
    K[found++] = fraction32(Math.cbrt(n));
  }
}

/** The first 32 bits of the fractional part of `x` (as a signed 32-bit word). */
function fraction32(x: number): number {
  return ((x - Math.floor(x)) * 0x1_0000_0000) | 0;
}

/** The message schedule of the block being compressed (reused: one per process). */
const W = new Int32Array(64);

/** Compress the block in `W[0..16)` into `state` (8 words). */
function compress(state: Int32Array): void {
  const w = W;
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15]!;
    const y = w[t - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let t = 0; t < 64; t++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * SHA-256 of `bytes` as 64 lowercase hex characters.
 * @param bytes the message (any length below 512 MiB: its bit length is kept in 32 bits)
 * @throws RangeError for a longer message
 */
export function sha256BytesHex(bytes: Uint8Array): string {
  const n = bytes.length;
  if (n >= 0x2000_0000) throw new RangeError('message too long for sha256BytesHex');
  const state = H0.slice();
  // Whole blocks, then the padded tail: 0x80, zeros, the bit length (big-endian, its high word 0 here).
  const blocks = ((n + 8) >>> 6) + 1;
  for (let block = 0; block < blocks; block++) {
    const base = block * 64;
    for (let i = 0; i < 16; i++) {
      let word = 0;
      for (let k = 0; k < 4; k++) {
        const at = base + 4 * i + k;
        word = (word << 8) | (at < n ? bytes[at]! : at === n ? 0x80 : 0);
      }
      W[i] = word;
    }
    if (block === blocks - 1) W[15] = n * 8;
    compress(state);
  }
  let hex = '';
  for (let i = 0; i < 8; i++) hex += (state[i]! >>> 0).toString(16).padStart(8, '0');
  return hex;
}
