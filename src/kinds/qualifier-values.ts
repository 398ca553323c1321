/**
 * Reading qualifier values: numeric ranges, date ranges, SHAs and GitHub's loose booleans (reference Part A §2.3,
 * Part B §2.1). Pure functions of the written value: they never read a record, so the front half of a search can
 * refuse a bad value before any index is loaded. A value GitHub refuses throws {@link ValueError} carrying
 * GitHub's exact message.
 */

/** A value GitHub answers with a 422; `message` is GitHub's text, byte for byte. */
export class ValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValueError';
  }
}

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

/** The half-open extent `[lo, hi)` one written value denotes; a point when `lo === hi` (a number, an instant). */
type Extent = { lo: number; hi: number };

/** Line terminators, which `.` does not match. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const SPACE = /\s/;

/**
 * `a..b` or `a...b` split at the first `..` (either side may be empty): exactly what `/^(.*?)\.\.\.?(.*)$/`
 * matches, in linear time (that regex is quadratic on a value of many `..` and a line terminator, issue #12).
 */
export function splitRange(value: string): [string, string] | undefined {
  if (LINE_TERMINATOR.test(value)) return undefined;
  const at = value.indexOf('..');
  if (at < 0) return undefined;
  return [value.slice(0, at), value.slice(value[at + 2] === '.' ? at + 3 : at + 2)];
}

/**
 * A leading comparison operator and the value after it and any whitespace: exactly what
 * `/^(>=|<=|>|<)\s*(.*)$/` matches, in linear time (that regex is quadratic on spaces and a line terminator).
 */
export function splitOperator(value: string): [string, string] | undefined {
  const op = ['>=', '<=', '>', '<'].find((o) => value.startsWith(o));
  if (op === undefined) return undefined;
  let i = op.length;
  while (i < value.length && SPACE.test(value[i]!)) i++;
  const rest = value.slice(i);
  return LINE_TERMINATOR.test(rest) ? undefined : [op, rest];
}

/**
 * The shared comparison grammar (Part A §2.3 "Range"): `v`, `>v`, `>=v`, `<v`, `<=v`, `a..b`, `a...b`, `*` for an
 * open end, spaces around operators. Returns null for "no filter" (`*`, `*..*`).
 * @throws ValueError from `extent` for an unreadable bound, or GitHub's lower-bound message for `a..b` with a > b
 */
function parseComparison(raw: string, extent: (v: string) => Extent): Interval | null {
  const value = raw.trim();
  const range = splitRange(value);
  if (range) {
    const a = range[0].trim();
    const b = range[1].trim();
    const lo = a === '*' || a === '' ? undefined : extent(a);
    const hi = b === '*' || b === '' ? undefined : extent(b);
    if (!lo && !hi) return null;
    // GitHub's RangeFilter copy raises for any backwards range (Part A §7 "Version skew"): our choice for dates too.
    if (lo && hi && lo.lo > hi.lo) throw new ValueError(`the lower bound of the range (${a} .. ${b}) is greater than the upper bound`);
    return {
      lo: lo ? lo.lo : -Infinity,
      hi: hi ? (hi.hi === hi.lo ? hi.lo : hi.hi) : Infinity,
      loInclusive: true,
      hiInclusive: !hi || hi.hi === hi.lo,
    };
  }
  const op = splitOperator(value);
  const written = op ? op[1].trim() : value;
  if (written === '*') return null;
  const bound = extent(written);
  const point = bound.lo === bound.hi;
  switch (op?.[0]) {
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

/** Ruby's `Integer()` / `Float()` on a decimal string (GitHub's RangeFilter reads a bound with them). */
const NUMBER = /^[+-]?(?:\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;

/**
 * Numbers (Part A §2.3 "Range"): `stars:>=10`, `size:10..50`, `comments:*..5`, `forks:1.5`.
 * @returns the interval, or null when both ends are open (no filter)
 * @throws ValueError `"<v>" is not a numeric value - please provide an integer value`, or the lower-bound message
 */
export function parseNumberRange(raw: string): Interval | null {
  return parseComparison(raw, (v) => {
    if (!NUMBER.test(v)) throw new ValueError(`"${v}" is not a numeric value - please provide an integer value`);
    const n = Number(v);
    return { lo: n, hi: n };
  });
}

/** The date forms GitHub reads by length (Part A §2.3 "Date range"): 4, 7, 10, 13, 16, 19 characters. */
const BY_LENGTH = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2}))?)?)?)?)?$/;
/** Anything else GitHub's lenient parser reads that we accept: an ISO 8601 date-time with fraction and/or zone. */
const WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i;

const MIN_YEAR = 1970;
const MAX_YEAR = 2970;

function unrecognized(v: string): ValueError {
  return new ValueError(`"${v}" is not a recognized date/time format. Please provide an ISO 8601 date/time value, such as YYYY-MM-DD.`);
}

function checkYear(year: number, v: string): void {
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw new ValueError(`The year ${year} in "${v}" is outside the accepted range ${MIN_YEAR} to ${MAX_YEAR}.`);
  }
}

/**
 * One written date as the extent it denotes, in epoch ms, UTC (GitHub has no time-zone handling, Part A §2.3):
 * `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `YYYY-MM-DDTHH` are the whole year, month, day or hour; `…THH:MM` and
 * `…THH:MM:SS` (and any form with a zone) are one instant.
 * @throws ValueError GitHub's "not a recognized date/time format" or "outside the accepted range" message
 */
export function dateExtent(v: string): Extent {
  const m = BY_LENGTH.exec(v);
  if (m) {
    const [year, month, day, hour, minute, second] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
    checkYear(year!, v);
    const lo = Date.UTC(year!, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
    const check = new Date(lo);
    if (
      (month !== undefined && (month < 1 || month > 12 || check.getUTCMonth() !== month - 1)) ||
      (day !== undefined && check.getUTCDate() !== day) ||
      (hour !== undefined && hour > 23) ||
      (minute !== undefined && minute > 59) ||
      (second !== undefined && second > 59)
    ) {
      throw unrecognized(v);
    }
    if (minute !== undefined) return { lo, hi: lo };
    const end =
      hour !== undefined ? lo + 3_600_000
      : day !== undefined ? lo + 86_400_000
      : month !== undefined ? Date.UTC(year!, month, 1)
      : Date.UTC(year! + 1, 0, 1);
    return { lo, hi: end };
  }
  const z = WITH_ZONE.exec(v);
  if (z) {
    checkYear(Number(z[1]), v);
    let zone = z[7]!.toUpperCase();
    if (zone !== 'Z') zone = zone.length === 3 ? `${zone}:00` : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
    const ms = Date.parse(`${z[1]}-${z[2]}-${z[3]}T${z[4]}:${z[5]}:${z[6] ?? '00'}${zone}`);
    if (!Number.isNaN(ms)) return { lo: ms, hi: ms };
  }
  throw unrecognized(v);
}

/**
 * Dates with comparisons and ranges: `created:2020`, `created:>2020-01-01`, `pushed:2024-01..2024-06`. Bounds of a
 * whole period round to it: `>2020` is from 2021, `<=2020-05-01` through the end of that day (Part A §2.3).
 * @returns the interval in epoch ms, or null when both ends are open
 * @throws ValueError GitHub's date messages, or the lower-bound message for a backwards range
 */
export function parseDateRange(raw: string): Interval | null {
  return parseComparison(raw, dateExtent);
}

/** SHAs of `hash:`/`sha:`/`parent:`/`tree:`: 7–40 lower-case hex characters (Part B §2.1). */
const SHA = /^[0-9a-f]{7,40}$/;

/** @throws ValueError `The given commit SHA is not in a recognized format` */
export function parseSha(raw: string): string {
  if (!SHA.test(raw)) throw new ValueError('The given commit SHA is not in a recognized format');
  return raw;
}

/** GitHub's anchored boolean (`/^true$/i`, repositories' mirror/template/archived): anything else is false. */
export function isTrueAnchored(raw: string): boolean {
  return /^true$/i.test(raw.trim());
}

/** GitHub's unanchored boolean (`/true/i`, issues' draft/archived, commits' merge): anything else is false. */
export function containsTrue(raw: string): boolean {
  return /true/i.test(raw);
}

/** Epoch ms of a REST timestamp string, or undefined when absent or unparseable. */
export function toEpochMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** An interval as the plan prints it: `[10 .. 50]`, `(10 .. *]`, dates as ISO instants (UTC). */
export function showInterval(interval: Interval, unit: 'number' | 'date'): string {
  const show = (x: number) => (!Number.isFinite(x) ? '*' : unit === 'date' ? new Date(x).toISOString() : String(x));
  return `${interval.loInclusive ? '[' : '('}${show(interval.lo)} .. ${show(interval.hi)}${interval.hiInclusive ? ']' : ')'}`;
}
