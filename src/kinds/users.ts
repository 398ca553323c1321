/** `/search/users` (reference §2.5): keywords match login and public e-mail. */
import { MESSAGES } from '../api-error.js';
import { dateQ, enumQ, num, numberQ, str, textQ, time, unsupportedQ } from './qualifiers.js';
import type { KindSpec } from './spec.js';

const objectUrl = (r: Record<string, unknown>): string => String(r.url ?? '');

export const users: KindSpec = {
  kind: 'users',
  fields: [
    { name: 'login', analyzer: 'code', boost: 2, get: str('login'), textMatch: { property: 'login', objectType: 'User', objectUrl, whole: true } },
    { name: 'email', analyzer: 'exact', boost: 1, get: str('email'), textMatch: { property: 'email', objectType: 'User', objectUrl, whole: true } },
    { name: 'name', analyzer: 'exact', boost: 1, get: str('name'), textMatch: { property: 'name', objectType: 'User', objectUrl, whole: true } },
  ],
  defaultFields: ['login', 'email'],
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
    user: textQ(str('login'), 'exact', { users: 'refuse', list: false, joins: 'user' }),
    org: textQ(str('login'), 'exact', { users: 'refuse', list: false, joins: 'user' }),
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
  advancedSyntax: false,
  repeats: 'or',
  withoutText: { message: MESSAGES.noQualifiersApply },
  visibility: () => ({ private: false }),
  project: (record) => ({ ...record }),
  scoreAfter: 'type',
};
