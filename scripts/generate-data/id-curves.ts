/**
 * Database ids grow with time on GitHub. These invented curves map a creation instant to a plausible id so
 * that older records get smaller ids. Each curve is a list of `[year, id]` points, linearly interpolated.
 */
import { day } from './ids.js';
import type { Rng } from './prng.js';

/** A growth curve: `[year, id]` points, linearly interpolated. */
export type IdCurve = ReadonlyArray<readonly [number, number]>;

export const USER_IDS: IdCurve = [[2008, 1_000], [2012, 1_400_000], [2014, 5_900_000], [2016, 16_800_000], [2018, 38_500_000], [2020, 61_000_000], [2022, 98_000_000], [2024, 151_000_000], [2027, 240_000_000]];
export const REPO_IDS: IdCurve = [[2012, 3_100_000], [2014, 15_200_000], [2016, 49_800_000], [2018, 118_000_000], [2020, 247_000_000], [2022, 449_000_000], [2024, 741_000_000], [2027, 1_130_000_000]];
export const ISSUE_IDS: IdCurve = [[2012, 5_200_000], [2016, 148_000_000], [2018, 352_000_000], [2020, 604_000_000], [2022, 1_095_000_000], [2024, 2_180_000_000], [2027, 3_900_000_000]];
export const PULL_IDS: IdCurve = [[2012, 1_900_000], [2016, 61_000_000], [2018, 197_000_000], [2020, 498_000_000], [2022, 1_020_000_000], [2024, 1_840_000_000], [2027, 3_050_000_000]];
export const LABEL_IDS: IdCurve = [[2012, 20_000_000], [2016, 410_000_000], [2018, 905_000_000], [2020, 2_010_000_000], [2022, 3_790_000_000], [2024, 6_480_000_000], [2027, 9_100_000_000]];
export const MILESTONE_IDS: IdCurve = [[2012, 190_000], [2016, 2_050_000], [2018, 3_600_000], [2020, 5_900_000], [2022, 8_100_000], [2024, 10_900_000], [2027, 14_300_000]];

/**
 * The id a record created at `ms` would get on `curve` (at least two points), plus a small offset to keep ids unique.
 * @param ms creation instant (ms since the epoch)
 * @param jitter an integer added to spread records created at nearly the same time
 * @throws Error when the curve has fewer than two points.
 */
export function idAt(curve: IdCurve, ms: number, jitter = 0): number {
  const points = curve.map(([year, id]): readonly [number, number] => [day(year, 1, 1), id]);
  const at = (k: number): readonly [number, number] => {
    const point = points[k];
    if (!point) throw new Error(`idAt: a curve needs two points, got ${points.length}`);
    return point;
  };
  let i = 0;
  while (i < points.length - 2 && ms > at(i + 1)[0]) i++;
  const [t0, v0] = at(i);
  const [t1, v1] = at(i + 1);
  const f = (ms - t0) / (t1 - t0);
  return Math.max(1, Math.round(v0 + f * (v1 - v0))) + jitter;
}

/**
 * Give each item a unique id that increases with its creation instant: `assign(item, id)` in creation order.
 * @param createdMs the item's creation instant (ms)
 */
export function allocateIds<T>(items: readonly T[], curve: IdCurve, createdMs: (item: T) => number, rng: Rng, assign: (item: T, id: number) => void): void {
  const order = items.slice().sort((a, b) => createdMs(a) - createdMs(b));
  let previous = 0;
  for (const item of order) {
    const id = Math.max(idAt(curve, createdMs(item), rng.int(0, 9999)), previous + rng.int(1, 97));
    assign(item, id);
    previous = id;
  }
}
