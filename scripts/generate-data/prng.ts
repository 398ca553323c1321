/**
 * A small seeded pseudo-random number generator (mulberry32) with the helpers the generator needs.
 * Every random choice in the dump goes through one of these streams, so the output is a pure function
 * of the seed: no Math.random, no clock.
 */

/** Hash a string to a 32-bit unsigned integer (FNV-1a). Used to derive independent seeds per stream. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A deterministic random stream. */
export class Rng {
  private state: number;

  /** @param seed a 32-bit integer or any string (hashed) */
  constructor(seed: number | string) {
    this.state = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0;
  }

  /** Next float in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /**
   * One element of a non-empty array.
   * @throws Error when `items` is empty.
   */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick: empty array');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct elements (or all of them when there are fewer), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /**
   * Pick by weight: `entries` is a non-empty list of `[value, weight]`.
   * @throws Error when `entries` is empty.
   */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted: empty list');
    return last[0];
  }

  /**
   * A heavy-tailed non-negative integer: `floor(scale * (u^-shape - 1))`, capped at `max`.
   * Most values are small, a few are large (stars, reactions, comments).
   */
  heavyTail(scale: number, shape: number, max: number): number {
    const u = Math.max(this.next(), 1e-9);
    return Math.min(max, Math.floor(scale * (Math.pow(u, -shape) - 1)));
  }
}
