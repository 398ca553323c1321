/**
 * SHA-256 (FIPS 180-4) of a short byte string in plain JavaScript, written for a cold process: V8 runs it in its
 * interpreter, where every call costs as much as dozens of arithmetic steps, so the rounds are one loop with no
 * calls (the rotations written out) over a reused message schedule. A cold query hashes eight cache keys of
 * 70–210 bytes; a library with a call per rotation took ≈ 2.5 ms of CPU for them, this ≈ 0.5 ms. Long inputs belong
 * to node:crypto (sha256.ts decides).
 */

/** The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = Int32Array.of(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);

/** The message schedule of the block being hashed (reused: the function never re-enters). */
const W = new Int32Array(64);

/**
 * SHA-256 of `bytes` as 64 lowercase hex characters. Any length works (the bit length is written as 64 bits);
 * it is meant for inputs of a few KB at most. Never throws.
 */
export function sha256BytesHex(bytes: Uint8Array): string {
  const length = bytes.length;
  const blocks = (length + 72) >>> 6; // the data, the 0x80 byte and the 8-byte length, rounded up to 64
  const message = new Uint8Array(blocks * 64);
  message.set(bytes);
  message[length] = 0x80;
  const end = blocks * 64;
  const highBits = Math.floor(length / 0x20000000); // length × 8 above 2^32
  message[end - 8] = highBits >>> 24;
  message[end - 7] = highBits >>> 16;
  message[end - 6] = highBits >>> 8;
  message[end - 5] = highBits;
  const lowBits = (length << 3) >>> 0;
  message[end - 4] = lowBits >>> 24;
  message[end - 3] = lowBits >>> 16;
  message[end - 2] = lowBits >>> 8;
  message[end - 1] = lowBits;

  let h0 = 0x6a09e667 | 0;
  let h1 = 0xbb67ae85 | 0;
  let h2 = 0x3c6ef372 | 0;
  let h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f | 0;
  let h5 = 0x9b05688c | 0;
  let h6 = 0x1f83d9ab | 0;
  let h7 = 0x5be0cd19 | 0;
  for (let at = 0; at < end; at += 64) {
    for (let i = 0, p = at; i < 16; i++, p += 4) {
      W[i] = (message[p]! << 24) | (message[p + 1]! << 16) | (message[p + 2]! << 8) | message[p + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const x = W[i - 15]!;
      const y = W[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let h = h7;
    for (let i = 0; i < 64; i++) {
      const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const choice = (e & f) ^ (~e & g);
      const t1 = (h + sum1 + choice + K[i]! + W[i]!) | 0;
      const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const majority = (a & b) ^ (a & c) ^ (b & c);
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + sum0 + majority) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  return hex8(h0) + hex8(h1) + hex8(h2) + hex8(h3) + hex8(h4) + hex8(h5) + hex8(h6) + hex8(h7);
}

/** A 32-bit word as 8 lowercase hex characters. */
function hex8(word: number): string {
  return (word >>> 0).toString(16).padStart(8, '0');
}
