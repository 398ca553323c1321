/**
 * `/search/users` (code reference Part A §5): keywords match the login (weighed ×10), the public e-mail, the name
 * (×1.2) and the bio. GitHub multiplies by an index-time `rank` REST records lack (missing → 1): best match is the
 * text score. Without text: most followers first.
 */
import { MESSAGES } from '../api-error.js';
import { completeUser } from './links.js';
import { newestRecordingOnly, recordedAt } from './recordings.js';
import { dateQ, enumQ, num, numberQ, str, textQ, time, unsupportedQ } from './qualifiers.js';
import type { KindSpec } from './spec.js';
import type { Getter } from './collection-view.js';
import { userIdentity } from './identity.js';

const objectUrl = (r: Record<string, unknown>): string => String(r.url ?? '');
const login = str('login');
const recorded: Getter<number | undefined> = (r) => recordedAt(r);

/** Builds the table of `/search/users` (called once, on the kind's first use: catalog.ts). */
export const users = (): KindSpec => ({
  kind: 'users',
  fields: [
    { name: 'login', analyzer: 'code', boost: 10, get: str('login'), textMatch: { property: 'login', objectType: 'User', objectUrl, whole: true } },
    { name: 'email', analyzer: 'exact', boost: 1, get: str('email'), textMatch: { property: 'email', objectType: 'User', objectUrl, whole: true } },
    { name: 'name', analyzer: 'prose', boost: 1.2, get: str('name'), textMatch: { property: 'name', objectType: 'User', objectUrl, whole: true } },
    // `profile_bio`: searched, never reported (not a text-match property of users).
    { name: 'bio', analyzer: 'prose', boost: 1, get: str('bio') },
  ],
  defaultFields: ['login', 'email', 'name', 'bio'],
  // `fullname` and `bio` are not in: values (Part A §5): they fall back to the default fields.
  inValues: { login: ['login'], email: ['email'], name: ['name'] },
  qualifiers: {
    // user → personal accounts, org/organization → organizations; other values are ignored (Part A §5).
    type: enumQ({
      user: (r) => String(r.type ?? 'User').toLowerCase() === 'user',
      org: (r) => String(r.type ?? '').toLowerCase() === 'organization',
      organization: (r) => String(r.type ?? '').toLowerCase() === 'organization',
    }),
    // One user filter on the login, any of the values of `user:` and `org:` (Part A §5).
    user: textQ(login, 'exact', { users: 'refuse', list: false, joins: 'user' }),
    org: textQ(login, 'exact', { users: 'refuse', list: false, joins: 'user' }),
    fullname: textQ(str('name'), 'words', { list: false }),
    repos: numberQ(num('public_repos')),
    location: textQ(str('location'), 'words', { list: false }),
    language: unsupportedQ("user records do not carry their repositories' languages"),
    lang: unsupportedQ("user records do not carry their repositories' languages"),
    created: dateQ(time('created_at')),
    followers: numberQ(num('followers')),
    is: enumQ({}),
  },
  sorts: { followers: num('followers'), repositories: num('public_repos'), joined: time('created_at') },
  rank: { defaultSort: { key: 'followers', order: 'desc' }, score: (text) => text },
  // One account per login: of several recordings of a login (e.g. a v2-era legacy search record and a REST one),
  // the newest wins, as for repository names (recordings.ts).
  defaults: (_present, c) => newestRecordingOnly(c, login, recorded, () => true),
  advancedSyntax: false,
  repeats: 'or',
  withoutText: { message: MESSAGES.noQualifiersApply },
  visibility: () => ({ private: false }),
  identity: userIdentity,
  project: (record) => completeUser(record),
  scoreAfter: 'type',
});
