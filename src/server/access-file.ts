/**
 * The access file of `search serve --auth FILE`: who may call the server and which private repositories each
 * caller may read. GitHub's three ways of identifying a caller (basic auth, OAuth token, client id + secret) are
 * all checked against it.
 *
 * Format (JSON, every key but `login`/`client_id`/`client_secret` optional):
 * ```json
 * {
 *   "users": [
 *     { "login": "octocat", "id": 583231, "tokens": ["ghp_secret"], "password": "hunter2",
 *       "read": ["octocat/private-repo", "acme"] }
 *   ],
 *   "apps": [
 *     { "client_id": "Iv1.8a61f9b3a7aba766", "client_secret": "1234abcd", "read": ["acme/tool"] }
 *   ]
 * }
 * ```
 * - `tokens`: accepted as `Authorization: token <t>` / `Bearer <t>`, and as the basic-auth password.
 * - `password`: accepted as the basic-auth password for `login`.
 * - `read`: private repositories (`owner/name`) or whole owners (`owner`, user or organisation) the caller may
 *   read; `"*"` grants every private repository. Public records are readable by everyone regardless.
 * - `id`: the numeric user id GitHub names in the rate-limit message (`API rate limit exceeded for user ID <id>.`).
 * An app (client id + secret, as query parameters or as basic auth) has no login, so `@me` does not resolve for it.
 */
import { readFile } from 'node:fs/promises';

/** One user of the access file. */
export interface AccessUser {
  readonly login: string;
  /** Numeric user id for the rate-limit message; optional. */
  readonly id?: number | undefined;
  /** OAuth / personal access tokens; default none. */
  readonly tokens: readonly string[];
  /** Basic-auth password; undefined: only tokens work. */
  readonly password?: string | undefined;
  /** Private repositories or owners readable; default none. */
  readonly read: readonly string[];
}

/** One OAuth/GitHub app identified by client id + client secret. */
export interface AccessApp {
  readonly client_id: string;
  readonly client_secret: string;
  /** Private repositories or owners readable; default none. */
  readonly read: readonly string[];
}

/** A parsed, validated access file. */
export interface AccessFile {
  readonly users: readonly AccessUser[];
  readonly apps: readonly AccessApp[];
}

/** A malformed access file; the message names the file and the offending JSON path. */
export class AccessFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccessFileError';
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(entry: Json, key: string, where: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value === '') throw new AccessFileError(`${where}.${key} must be a non-empty string`);
  return value;
}

function optionalStrings(entry: Json, key: string, where: string): string[] {
  const value = entry[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string' && v !== '')) {
    throw new AccessFileError(`${where}.${key} must be an array of non-empty strings`);
  }
  return value;
}

function checkKeys(entry: Json, allowed: readonly string[], where: string): void {
  const unknown = Object.keys(entry).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw new AccessFileError(`${where} has an unknown key "${unknown}" (allowed: ${allowed.join(', ')})`);
}

function parseUser(entry: unknown, where: string): AccessUser {
  if (!isObject(entry)) throw new AccessFileError(`${where} must be an object`);
  checkKeys(entry, ['login', 'id', 'tokens', 'password', 'read'], where);
  const id = entry['id'];
  if (id !== undefined && !(typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) {
    throw new AccessFileError(`${where}.id must be a positive integer`);
  }
  const password = entry['password'];
  if (password !== undefined && (typeof password !== 'string' || password === '')) {
    throw new AccessFileError(`${where}.password must be a non-empty string`);
  }
  return {
    login: requireString(entry, 'login', where),
    id,
    tokens: optionalStrings(entry, 'tokens', where),
    password,
    read: optionalStrings(entry, 'read', where),
  };
}

function parseApp(entry: unknown, where: string): AccessApp {
  if (!isObject(entry)) throw new AccessFileError(`${where} must be an object`);
  checkKeys(entry, ['client_id', 'client_secret', 'read'], where);
  return {
    client_id: requireString(entry, 'client_id', where),
    client_secret: requireString(entry, 'client_secret', where),
    read: optionalStrings(entry, 'read', where),
  };
}

/**
 * Validate a parsed access file. Throws {@link AccessFileError} on unknown keys, wrong types, or a token or
 * login claimed twice (an ambiguous identity).
 */
export function parseAccessFile(value: unknown): AccessFile {
  if (!isObject(value)) throw new AccessFileError('the access file must be a JSON object with "users" and/or "apps"');
  checkKeys(value, ['users', 'apps'], 'the access file');
  const users = value['users'] ?? [];
  const apps = value['apps'] ?? [];
  if (!Array.isArray(users)) throw new AccessFileError('users must be an array');
  if (!Array.isArray(apps)) throw new AccessFileError('apps must be an array');
  const file: AccessFile = {
    users: users.map((entry, i) => parseUser(entry, `users[${i}]`)),
    apps: apps.map((entry, i) => parseApp(entry, `apps[${i}]`)),
  };
  const seen = new Set<string>();
  const claim = (what: string, where: string) => {
    if (seen.has(what)) throw new AccessFileError(`${where} repeats an identity already claimed`);
    seen.add(what);
  };
  file.users.forEach((user, i) => {
    claim(`login:${user.login.toLowerCase()}`, `users[${i}].login`);
    user.tokens.forEach((token) => claim(`token:${token}`, `users[${i}].tokens`));
  });
  file.apps.forEach((app, i) => claim(`app:${app.client_id}`, `apps[${i}].client_id`));
  return file;
}

/** Read and validate an access file from disk; errors name the path. */
export async function loadAccessFile(path: string): Promise<AccessFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new AccessFileError(`cannot read access file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AccessFileError(`access file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return parseAccessFile(json);
  } catch (error) {
    if (error instanceof AccessFileError) throw new AccessFileError(`access file ${path}: ${error.message}`);
    throw error;
  }
}
