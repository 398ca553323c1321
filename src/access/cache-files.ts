/**
 * The names a kind's build knows, left in the cache directory (`<kind>-<id>.names.json`; the private documents are
 * among the segment facts, src/segment/segment.ts, as columns: private-docs.ts). The file is checksummed: it is
 * `<sha256 of the JSON text, hex>\n<JSON text>`, and a file whose checksum, format, kind, id or shape does not
 * match is deleted and rebuilt from the records, never trusted (issue #12, defect 3: one changed digit in an
 * unchecked file showed a private repository to anonymous callers).
 */
import { rmSync } from 'node:fs';
import { writeAtomically } from '../cache/temp-file.js';
import { readRegularSync } from '../cache/regular-file.js';
import { sha256Hex as sha256 } from '../cache/sha256.js';
import { knownNamesFileName, knownNamesId } from '../cache/file-names.js';
import type { KnownNames } from './names.js';

/** Bumped whenever these files change meaning (2: checksummed; names split into public and private; 3: visibility is one fact per repository name). */
export const ACCESS_FORMAT = 3;

/** Where a visibility file lives, and the id written inside it (binds it to the dump hashes it was built from). */
export interface AccessFileLocation {
  readonly file: string;
  readonly id: string;
}


/** Remove an unverifiable file; what cannot be removed (a directory in its place) is left: it is never read. */
function remove(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // not removable: ignored, and rewritten (or not) by the next build
  }
}

/**
 * The parsed JSON of a checksummed file, or undefined (and the file deleted) when it is absent, not a regular
 * file (a FIFO would block a plain read) or its checksum does not match.
 */
function readChecked(file: string): unknown {
  let text: string;
  try {
    text = readRegularSync(file).toString('utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  const json = text.slice(newline + 1);
  if (newline === 64 && sha256(json) === text.slice(0, 64)) {
    try {
      return JSON.parse(json);
    } catch {
      // fall through: corrupt
    }
  }
  remove(file);
  return undefined;
}

function writeChecked(file: string, value: unknown): Promise<number | undefined> {
  const json = JSON.stringify(value);
  return writeAtomically(file, `${sha256(json)}\n${json}`);
}

/** The known-names file of a kind: keyed by the kind's key and the repositories' and users' dump hashes. */
export function knownNamesFile(dir: string, kind: string, key: string, reposHash: string, usersHash: string): AccessFileLocation {
  const id = knownNamesId(ACCESS_FORMAT, key, reposHash, usersHash);
  return { file: knownNamesFileName(dir, kind, id), id };
}

const strings = (list: unknown): list is string[] => Array.isArray(list) && list.every((s) => typeof s === 'string');

/**
 * Read the cached known names synchronously (they are needed only by queries naming a repository or user), or
 * undefined when absent or unverifiable; such a file is deleted so the next build rewrites it.
 */
export function loadKnownNamesSync(where: AccessFileLocation, kind: string): KnownNames | undefined {
  const value = readChecked(where.file) as { format?: unknown; kind?: unknown; id?: unknown; repos?: unknown; users?: unknown; private?: unknown } | undefined;
  if (value === undefined) return undefined;
  const privateOk =
    Array.isArray(value.private) &&
    value.private.every((entry: unknown) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && strings(entry[1]));
  if (value.format === ACCESS_FORMAT && value.kind === kind && value.id === where.id && strings(value.repos) && strings(value.users) && privateOk) {
    return { repos: value.repos, users: value.users, private: value.private as KnownNames['private'] };
  }
  remove(where.file);
  return undefined;
}

/** Save the known names of a kind (atomically, checksummed; failures ignored). */
export async function saveKnownNames(where: AccessFileLocation, kind: string, names: KnownNames): Promise<void> {
  await writeChecked(where.file, { format: ACCESS_FORMAT, kind, id: where.id, ...names });
}
