/**
 * A seeded pseudo-random stream (mulberry32) for the bench corpus: every random choice goes through one, so a
 * corpus is a pure function of its seed and size. No Math.random, no clock.
 */
export class Prng {
  private state: number;

  /** @param seed any 32-bit integer or a string (hashed with FNV-1a) */
  constructor(seed: number | string) {
    this.state = (typeof seed === 'string' ? fnv1a(seed) : seed) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** An index in [0, n) drawn with a Zipf-like skew (rank r has weight ~ 1/(r+1)); `n` ≥ 1. */
  zipf(n: number): number {
    // Inverse of the continuous approximation of the harmonic CDF: ln(r+1)/ln(n+1).
    return Math.min(n - 1, Math.floor(Math.exp(this.next() * Math.log(n + 1)) - 1));
  }
}

/** FNV-1a hash of a string to a 32-bit unsigned integer. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
