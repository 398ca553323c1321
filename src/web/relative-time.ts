/**
 * "3 days ago" as GitHub's pages write times (the `<relative-time>` element's English text), from an ISO 8601
 * timestamp and the server's clock.
 */

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * The time from `now` to `iso` in words (`2 years ago`, `yesterday`, `now`); undefined when `iso` is not a date.
 * @param now epoch ms
 */
export function relativeTime(iso: unknown, now: number): string | undefined {
  if (typeof iso !== 'string') return undefined;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return undefined;
  const delta = at - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(delta) >= ms) return format.format(Math.trunc(delta / ms), unit);
  }
  return 'now';
}
