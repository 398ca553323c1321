/**
 * Identifiers and timestamps: legacy-style GraphQL node ids, git object ids, and ISO 8601 time helpers.
 * Everything is derived from our own inputs; nothing depends on the clock.
 */
import { createHash } from 'node:crypto';

/** The fixed "now" of the generated world. No record is dated after it. */
export const NOW = Date.UTC(2026, 10, 1, 0, 0, 0);

/**
 * A legacy (v1) GraphQL node id: base64 of `0<len>:<Type><id>`, the format older REST records carry.
 * @param {string} type e.g. `User`, `Organization`, `Repository`, `Issue`, `PullRequest`, `Label`, `Milestone`
 * @param {number | string} id the database id (or `repoId:sha` for commits)
 */
export function nodeId(type, id) {
  return Buffer.from(`0${type.length}:${type}${id}`, 'utf8').toString('base64');
}

/**
 * A commit's node id (`06:Commit<repoId>:<sha>`).
 * @param {number} repoId
 * @param {string} sha
 */
export function commitNodeId(repoId, sha) {
  return nodeId('Commit', `${repoId}:${sha}`);
}

/**
 * A 40-hex SHA-1 of the given text: a stable pseudo object id.
 * @param {string} text
 */
export function sha1(text) {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/**
 * The git blob id of a file's content, exactly as `git hash-object` computes it.
 * @param {string} content UTF-8 file content
 */
export function gitBlobSha(content) {
  const body = Buffer.from(content, 'utf8');
  return createHash('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');
}

/**
 * Milliseconds since the epoch → `YYYY-MM-DDTHH:MM:SSZ` (second precision, as GitHub writes it).
 * @param {number} ms
 */
export function isoZ(ms) {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * The same instant written in a local time with a UTC offset, e.g. `2024-03-05T14:22:01+02:00`.
 * An offset of 0 gives `Z`.
 * @param {number} ms instant
 * @param {number} offsetMinutes e.g. 120, -420, 330
 */
export function isoWithOffset(ms, offsetMinutes) {
  if (offsetMinutes === 0) return isoZ(ms);
  const local = isoZ(ms + offsetMinutes * 60000).slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/**
 * `Date.UTC` for a calendar day (month 1-based).
 * @param {number} year
 * @param {number} month 1..12
 * @param {number} day
 */
export function day(year, month, day) {
  return Date.UTC(year, month - 1, day);
}

/** One hour, one day in milliseconds. */
export const HOUR = 3600000;
export const DAY = 86400000;
