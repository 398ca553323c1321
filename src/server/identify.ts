/**
 * Who is calling: turns the request's credentials into a {@link Viewer} plus the key its rate-limit window is
 * kept under. The three ways GitHub accepts (reference seed "Authentication"):
 * - basic auth `Authorization: Basic base64(login:password-or-token)` (also `client_id:client_secret`);
 * - an OAuth token, `Authorization: token <t>` or `Authorization: Bearer <t>`;
 * - `client_id` + `client_secret` query parameters.
 * With an access file every credential must match an entry (else 401 "Bad credentials"); without one any
 * credential identifies the caller (the higher rate limit) but grants no private repository.
 */
import { createHash } from 'node:crypto';
import { ANONYMOUS, viewerFor, type Viewer } from '../request/viewer.js';
import type { AccessFile } from './access-file.js';
import type { RequestHead } from './request-head.js';
import { badCredentials } from '../api-error.js';

/** An identified or anonymous caller. */
export interface Caller {
  readonly viewer: Viewer;
  /** Rate-limit key: `user:<login>`, `app:<client_id>` (access file), `open:<address>` (any credential, no access file) or `ip:<address>` (anonymous). */
  readonly key: string;
  /** What the rate-limit message names: the client address (anonymous) or the user id / login / client id. */
  readonly who: string;
}

type Credential =
  | { readonly type: 'token'; readonly token: string }
  | { readonly type: 'basic'; readonly user: string; readonly password: string }
  | { readonly type: 'client'; readonly id: string; readonly secret: string };

/** A viewer that counts as identified even without a login (apps, tokens without an access file). */
function identifiedViewer(login: string | undefined, read: readonly string[]): Viewer {
  return viewerFor(login, read, true);
}

/** A short, stable pseudonymous id for a secret, so rate-limit keys and messages never echo it. */
function fingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16);
}

/**
 * Extract the credential of a request; undefined for anonymous ones. Throws 401 for a malformed basic header.
 * Unknown `Authorization` schemes are ignored, as are `client_id` without `client_secret`.
 * @param url the request's URL when the caller has it parsed already (default: parsed from `request.url`)
 */
export function readCredential(request: RequestHead, url?: URL): Credential | undefined {
  const header = request.headers.get('authorization')?.trim();
  if (header) {
    const space = header.indexOf(' ');
    const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
    const value = space < 0 ? '' : header.slice(space + 1).trim();
    if (scheme === 'token' || scheme === 'bearer') {
      if (value === '') throw badCredentials();
      return { type: 'token', token: value };
    }
    if (scheme === 'basic') {
      const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(value) ? Buffer.from(value, 'base64').toString('utf8') : '';
      const colon = decoded.indexOf(':');
      if (colon <= 0) throw badCredentials();
      return { type: 'basic', user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
    }
  }
  const params = (url ?? new URL(request.url)).searchParams;
  const id = params.get('client_id');
  const secret = params.get('client_secret');
  if (id && secret) return { type: 'client', id, secret };
  return undefined;
}

/** Identify against an access file; throws 401 when the credential matches no entry. */
function identifyWithFile(credential: Credential, access: AccessFile): Caller {
  const userCaller = (user: AccessFile['users'][number]): Caller => ({
    viewer: identifiedViewer(user.login, user.read),
    key: `user:${user.login.toLowerCase()}`,
    who: String(user.id ?? user.login),
  });
  const appCaller = (app: AccessFile['apps'][number]): Caller => ({
    viewer: identifiedViewer(undefined, app.read),
    key: `app:${app.client_id}`,
    who: app.client_id,
  });
  switch (credential.type) {
    case 'token': {
      const user = access.users.find((u) => u.tokens.includes(credential.token));
      if (user) return userCaller(user);
      break;
    }
    case 'basic': {
      const login = credential.user.toLowerCase();
      const user = access.users.find((u) => u.login.toLowerCase() === login);
      if (user && (user.password === credential.password || user.tokens.includes(credential.password))) {
        return userCaller(user);
      }
      const app = access.apps.find((a) => a.client_id === credential.user);
      if (app && app.client_secret === credential.password) return appCaller(app);
      break;
    }
    case 'client': {
      const app = access.apps.find((a) => a.client_id === credential.id);
      if (app && app.client_secret === credential.secret) return appCaller(app);
      break;
    }
  }
  throw badCredentials();
}

/**
 * Identify without an access file: any credential is accepted and grants nothing private. Nothing can verify
 * it, so its window is the client address's (`open:<address>`, apart from the anonymous `ip:<address>`): made-up
 * credentials rotated from one address share one identified quota (issue #12, defect 8).
 */
function identifyOpen(credential: Credential, remoteAddress: string): Caller {
  const key = `open:${remoteAddress}`;
  switch (credential.type) {
    case 'basic':
      return { viewer: identifiedViewer(credential.user, []), key, who: credential.user };
    case 'client':
      return { viewer: identifiedViewer(undefined, []), key, who: credential.id };
    case 'token': {
      const hash = fingerprint(credential.token);
      return { viewer: identifiedViewer(undefined, []), key, who: String(parseInt(hash.slice(0, 8), 16)) };
    }
  }
}

/** The anonymous caller at `remoteAddress`: public records only, the lower rate limit, keyed by address. */
export function anonymousCaller(remoteAddress: string): Caller {
  return { viewer: ANONYMOUS, key: `ip:${remoteAddress}`, who: remoteAddress };
}

/**
 * Identify the caller of `request`.
 * @param access the access file, or undefined when the server runs without one
 * @param remoteAddress the client address (names anonymous callers in rate-limit messages); default `127.0.0.1`
 * @param url the request's URL when parsed already (default: parsed from `request.url`)
 * @throws ApiError 401 "Bad credentials" for credentials that are malformed or unknown to the access file
 */
export function identifyCaller(request: RequestHead, access: AccessFile | undefined, remoteAddress = '127.0.0.1', url?: URL): Caller {
  const credential = readCredential(request, url);
  if (credential === undefined) return anonymousCaller(remoteAddress);
  return access ? identifyWithFile(credential, access) : identifyOpen(credential, remoteAddress);
}
