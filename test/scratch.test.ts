/**
 * The top-k collector's working arrays (src/scratch.ts): each slot is its own array (two borrowers within one
 * call never share memory), kept between calls, and grown when a call needs more.
 */
import { describe, expect, it } from 'vitest';
import { f64, F64, i32, I32, u32, U32 } from '../src/scratch.js';

describe('scratch slots', () => {
  it.each([
    ['F64', F64, (slot: number, n: number) => f64(slot, n)],
    ['U32', U32, (slot: number, n: number) => u32(slot, n)],
    ['I32', I32, (slot: number, n: number) => i32(slot, n)],
  ] as const)('%s: numbered 0..n-1 once each, and no two slots share memory', (_name, slots, take) => {
    const numbers = Object.values(slots).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i));
    const arrays = numbers.map((slot) => take(slot, 1000));
    for (const a of arrays) expect(a.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(arrays.map((a) => a.buffer)).size).toBe(arrays.length);
  });

  it('keeps a slot\'s array between calls and grows it when a call needs more', () => {
    const first = f64(F64.subTexts, 300);
    expect(f64(F64.subTexts, 100)).toBe(first);
    const grown = f64(F64.subTexts, first.length + 1);
    expect(grown.length).toBeGreaterThan(first.length);
    expect(f64(F64.subTexts, 10)).toBe(grown);
  });
});
