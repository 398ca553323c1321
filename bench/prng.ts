/**
 * The bench corpus's seeded random stream: the data generator's mulberry32 stream (scripts/generate-data/prng.ts,
 * FNV-1a for string seeds) plus a Zipf-like draw, so a corpus is a pure function of its seed and size. No
 * Math.random, no clock.
 */
import { Rng } from '../scripts/generate-data/prng.js';

/** {@link Rng} with the skewed draw the bench's word and repository choices use. */
export class Prng extends Rng {
  /** An index in [0, n) drawn with a Zipf-like skew (rank r has weight ~ 1/(r+1)); `n` ≥ 1. */
  zipf(n: number): number {
    // Inverse of the continuous approximation of the harmonic CDF: ln(r+1)/ln(n+1).
    return Math.min(n - 1, Math.floor(Math.exp(this.next() * Math.log(n + 1)) - 1));
  }
}
