/** Value formatting for cells and the detail view: relative times, dates and counts. Pure and locale-independent. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Parse an ISO 8601 timestamp; undefined when absent or invalid. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * A fuzzy age in gh's style: `less than a minute ago`, `about 1 hour ago`, `3 days ago`, `about 2 months ago`,
 * `about 4 years ago`. Timestamps in the future read `in …`. Empty for missing or invalid values.
 * @param now the current time in ms since the epoch (injected so views render deterministically)
 */
export function relativeTime(value: unknown, now: number): string {
  const ms = parseTime(value);
  if (ms === undefined) return '';
  const diff = now - ms;
  const ago = Math.abs(diff);
  const phrase = (text: string) => (diff >= 0 ? `${text} ago` : `in ${text}`);
  if (ago < MINUTE) return diff >= 0 ? 'less than a minute ago' : 'in less than a minute';
  if (ago < HOUR) return phrase(plural(Math.floor(ago / MINUTE), 'minute', true));
  if (ago < DAY) return phrase(plural(Math.floor(ago / HOUR), 'hour', true));
  if (ago < 30 * DAY) return phrase(plural(Math.floor(ago / DAY), 'day', false));
  if (ago < 365 * DAY) return phrase(plural(Math.floor(ago / (30 * DAY)), 'month', true));
  return phrase(plural(Math.floor(ago / (365 * DAY)), 'year', true));
}

function plural(n: number, unit: string, about: boolean): string {
  return `${about ? 'about ' : ''}${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** A compact age for table columns: `just now`, `5m ago`, `3h ago`, `2d ago`, `4mo ago`, `2y ago` (`in 3d` ahead). */
export function shortAgo(value: unknown, now: number): string {
  const ms = parseTime(value);
  if (ms === undefined) return '';
  const diff = now - ms;
  const ago = Math.abs(diff);
  const units: [number, string][] = [[365 * DAY, 'y'], [30 * DAY, 'mo'], [DAY, 'd'], [HOUR, 'h'], [MINUTE, 'm']];
  const unit = units.find(([size]) => ago >= size);
  if (!unit) return 'just now';
  const text = `${Math.floor(ago / unit[0])}${unit[1]}`;
  return diff >= 0 ? `${text} ago` : `in ${text}`;
}

/** `YYYY-MM-DD` in UTC; empty for missing or invalid values. */
export function shortDate(value: unknown): string {
  const ms = parseTime(value);
  return ms === undefined ? '' : new Date(ms).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:MM UTC (about 2 months ago)`; empty for missing or invalid values. */
export function longDate(value: unknown, now: number): string {
  const ms = parseTime(value);
  if (ms === undefined) return '';
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC (${relativeTime(value, now)})`;
}

/** `1,234,567`. */
export function groupDigits(n: number): string {
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.trunc(Math.abs(n)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A short count for narrow columns: `999`, `1.2k`, `12k`, `3.4m`. Empty for non-numbers. */
export function compactNumber(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const abs = Math.abs(value);
  const scaled = (n: number, suffix: string) => {
    const text = n < 10 ? (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, '') : String(Math.floor(n));
    return `${value < 0 ? '-' : ''}${text}${suffix}`;
  };
  if (abs < 1000) return String(value);
  if (abs < 1_000_000) return scaled(abs / 1000, 'k');
  if (abs < 1_000_000_000) return scaled(abs / 1_000_000, 'm');
  return scaled(abs / 1_000_000_000, 'b');
}
