/**
 * Identifiers and timestamps: legacy-style GraphQL node ids, git object ids, and ISO 8601 time helpers.
 * Everything is derived from our own inputs; nothing depends on the clock.
 */
import { createHash } from 'node:crypto';

/** The fixed "now" of the generated world. No record is dated after it. */
export const NOW = Date.UTC(2026, 10, 1, 0, 0, 0);

/**
 * A legacy (v1) GraphQL node id: base64 of `0<len>:<Type><id>`, the format older REST records carry.
 * @param type e.g. `User`, `Organization`, `Repository`, `Issue`, `PullRequest`, `Label`, `Milestone`
 * @param id the database id (or `repoId:sha` for commits)
 */
export function nodeId(type: string, id: number | string): string {
  return Buffer.from(`0${type.length}:${type}${id}`, 'utf8').toString('base64');
}

/** A commit's node id (`06:Commit<repoId>:<sha>`). */
export function commitNodeId(repoId: number, sha: string): string {
  return nodeId('Commit', `${repoId}:${sha}`);
}

/** A 40-hex SHA-1 of the given text: a stable pseudo object id. */
export function sha1(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** The git blob id of a file's content (UTF-8), exactly as `git hash-object` computes it. */
export function gitBlobSha(content: string): string {
  const body = Buffer.from(content, 'utf8');
  return createHash('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');
}

/** Milliseconds since the epoch → `YYYY-MM-DDTHH:MM:SSZ` (second precision, as GitHub writes it). */
export function isoZ(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * The same instant written in a local time with a UTC offset, e.g. `2024-03-05T14:22:01+02:00`.
 * An offset of 0 gives `Z`.
 * @param ms instant (ms since the epoch)
 * @param offsetMinutes e.g. 120, -420, 330
 */
export function isoWithOffset(ms: number, offsetMinutes: number): string {
  if (offsetMinutes === 0) return isoZ(ms);
  const local = isoZ(ms + offsetMinutes * 60000).slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** `Date.UTC` for a calendar day (month 1..12), in ms since the epoch. */
export function day(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day);
}

/** One hour, one day in milliseconds. */
export const HOUR = 3600000;
export const DAY = 86400000;
