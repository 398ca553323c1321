/**
 * Parsing qualifier values: numeric comparisons and ranges (§1.7), dates and date-times (§1.8), booleans.
 * Every parser returns undefined for a value it cannot read; the planner turns that into GitHub's
 * "None of the search qualifiers apply" when nothing usable is left.
 */

/** A closed/open interval over numbers (counts, or epoch ms for dates). Missing bounds are infinite. */
export interface Interval {
  readonly lo: number;
  readonly hi: number;
  readonly loInclusive: boolean;
  readonly hiInclusive: boolean;
}

/** True when `x` lies inside `interval`. */
export function inInterval(interval: Interval, x: number): boolean {
  if (x < interval.lo || (x === interval.lo && !interval.loInclusive)) return false;
  if (x > interval.hi || (x === interval.hi && !interval.hiInclusive)) return false;
  return true;
}

type Bound = { lo: number; hi: number }; // the [lo, hi) extent of one written value

/** Line terminators, which `.` does not match: a value holding one is not a comparison. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * `a..b` split at its first `..` after the first character, both sides non-empty and free of line terminators;
 * undefined otherwise. What `/^(.+?)\.\.(.+)$/` matches, in linear time (that regex is quadratic on `..` runs).
 */
export function splitRange(value: string): [string, string] | undefined {
  if (LINE_TERMINATOR.test(value)) return undefined;
  const at = value.indexOf('..', 1);
  if (at < 0 || at + 2 >= value.length) return undefined;
  return [value.slice(0, at), value.slice(at + 2)];
}

/**
 * Shared comparison grammar: `v`, `>v`, `>=v`, `<v`, `<=v`, `a..b`, `a..*`, `*..b`.
 * `extent` maps one written value to the half-open extent it denotes (a number is a point; a day is 24 h).
 */
function parseComparison(raw: string, extent: (v: string) => Bound | undefined): Interval | undefined {
  const value = raw.trim();
  const range = splitRange(value);
  if (range) {
    const [a, b] = range;
    const lo = a === '*' ? { lo: -Infinity, hi: -Infinity } : extent(a);
    const hi = b === '*' ? { lo: Infinity, hi: Infinity } : extent(b);
    if (!lo || !hi) return undefined;
    return { lo: lo.lo, hi: hi.hi, loInclusive: true, hiInclusive: b === '*' || hi.hi === hi.lo };
  }
  const op = /^(>=|<=|>|<)?(.+)$/.exec(value);
  if (!op) return undefined;
  const bound = extent(op[2]!);
  if (!bound) return undefined;
  const point = bound.lo === bound.hi;
  switch (op[1]) {
    case '>':
      return { lo: bound.hi, hi: Infinity, loInclusive: !point, hiInclusive: true };
    case '>=':
      return { lo: bound.lo, hi: Infinity, loInclusive: true, hiInclusive: true };
    case '<':
      return { lo: -Infinity, hi: bound.lo, loInclusive: true, hiInclusive: false };
    case '<=':
      return { lo: -Infinity, hi: bound.hi, loInclusive: true, hiInclusive: point };
    default:
      return { lo: bound.lo, hi: bound.hi, loInclusive: true, hiInclusive: point };
  }
}

/** Numbers: integers or decimals, optionally negative. `stars:>=10`, `size:10..50`, `comments:*..5`. */
export function parseNumberRange(raw: string): Interval | undefined {
  return parseComparison(raw, (v) => {
    if (!/^-?\d+(\.\d+)?$/.test(v)) return undefined;
    const n = Number(v);
    return { lo: n, hi: n };
  });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * One written date as the extent it denotes, in epoch ms: a date is that whole UTC day (GitHub does not document
 * the zone of date-only values, §1.8 — UTC is our choice); a date-time is that second (minute when seconds are
 * omitted), in its offset or UTC when none is given.
 */
export function dateExtent(v: string): { lo: number; hi: number } | undefined {
  const d = DATE.exec(v);
  if (d) {
    const lo = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]));
    const check = new Date(lo);
    if (check.getUTCMonth() !== Number(d[2]) - 1 || check.getUTCDate() !== Number(d[3])) return undefined;
    return { lo, hi: lo + 86_400_000 };
  }
  const t = DATE_TIME.exec(v);
  if (t) {
    const zone = t[7] === undefined ? 'Z' : t[7].length === 5 ? `${t[7].slice(0, 3)}:${t[7].slice(3)}` : t[7];
    const iso = `${t[1]}-${t[2]}-${t[3]}T${t[4]}:${t[5]}:${t[6] ?? '00'}${zone}`;
    const lo = Date.parse(iso);
    if (Number.isNaN(lo)) return undefined;
    return { lo, hi: lo + (t[6] === undefined ? 60_000 : 1_000) };
  }
  return undefined;
}

/** Dates and date-times with comparisons and ranges: `created:>2020-01-01`, `pushed:2024-01-01..2024-06-30`. */
export function parseDateRange(raw: string): Interval | undefined {
  return parseComparison(raw, dateExtent);
}

/** `true` / `false` (case-insensitive). */
export function parseBoolean(raw: string): boolean | undefined {
  const v = raw.trim().toLowerCase();
  return v === 'true' ? true : v === 'false' ? false : undefined;
}

/** Epoch ms of a REST timestamp string, or undefined when absent or unparseable. */
export function toEpochMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
