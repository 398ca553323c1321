/**
 * A small seeded pseudo-random number generator (mulberry32) with the helpers the generator needs.
 * Every random choice in the dump goes through one of these streams, so the output is a pure function
 * of the seed: no Math.random, no clock.
 */

/**
 * Hash a string to a 32-bit unsigned integer (FNV-1a). Used to derive independent seeds per stream.
 * @param {string} text
 * @returns {number}
 */
export function hashString(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * A deterministic random stream.
 */
export class Rng {
  /**
   * @param {number | string} seed a 32-bit integer or any string (hashed)
   */
  constructor(seed) {
    this.state = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0;
  }

  /** Next float in [0, 1) (mulberry32). */
  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /**
   * Integer in [min, max], both inclusive.
   * @param {number} min
   * @param {number} max
   */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /**
   * True with probability p.
   * @param {number} p
   */
  chance(p) {
    return this.next() < p;
  }

  /**
   * One element of a non-empty array.
   * @template T
   * @param {readonly T[]} items
   * @returns {T}
   */
  pick(items) {
    if (items.length === 0) throw new Error('pick: empty array');
    return items[Math.floor(this.next() * items.length)];
  }

  /**
   * `count` distinct elements (or all of them when there are fewer), in random order.
   * @template T
   * @param {readonly T[]} items
   * @param {number} count
   * @returns {T[]}
   */
  sample(items, count) {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /**
   * A shuffled copy (Fisher–Yates).
   * @template T
   * @param {readonly T[]} items
   * @returns {T[]}
   */
  shuffle(items) {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /**
   * Pick by weight: `entries` is a list of `[value, weight]`.
   * @template T
   * @param {ReadonlyArray<readonly [T, number]>} entries
   * @returns {T}
   */
  weighted(entries) {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /**
   * A heavy-tailed non-negative integer: `floor(scale * (u^-shape - 1))`, capped at `max`.
   * Most values are small, a few are large (stars, reactions, comments).
   * @param {number} scale
   * @param {number} shape
   * @param {number} max
   */
  heavyTail(scale, shape, max) {
    const u = Math.max(this.next(), 1e-9);
    return Math.min(max, Math.floor(scale * (Math.pow(u, -shape) - 1)));
  }
}
