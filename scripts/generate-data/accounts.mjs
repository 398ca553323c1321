/**
 * User and organization records (the `/users/{login}` shape that user search returns), built from the catalog.
 * `public_repos` is filled in later by the world builder, once repositories exist.
 */
import { BOTS, ORGS, PEOPLE } from './catalog-accounts.mjs';
import { DAY, HOUR, NOW, day, isoZ, nodeId } from './ids.mjs';
import { USER_IDS, allocateIds } from './id-curves.mjs';
import { Rng } from './prng.mjs';
import { botSummary, userSummary } from './urls.mjs';

/**
 * Build every account.
 * @returns {{ accounts: Array<Record<string, any>>, byLogin: Map<string, Record<string, any>>, bots: Map<string, Record<string, any>> }}
 *   `accounts` are working objects: the REST record is `account.record`; the summary is `account.summary`.
 */
export function buildAccounts() {
  const rng = new Rng('accounts');
  const accounts = [
    ...ORGS.map((o) => ({ ...o, type: 'Organization', company: null, hireable: null, following: 0, gists: 0, tz: 0, orgs: [], site_admin: false })),
    ...PEOPLE.map((p) => ({ site_admin: false, ...p, type: 'User' })),
  ];
  for (const a of accounts) {
    a.createdMs = day(a.since[0], a.since[1], rng.int(1, 28)) + rng.int(0, 23) * HOUR + rng.int(0, 3599) * 1000;
  }
  allocateIds(accounts, USER_IDS, (a) => a.createdMs, rng, (a, id) => (a.id = id));
  for (const a of accounts) {
    a.node_id = nodeId(a.type, a.id);
    a.summary = userSummary(a);
    const lastSeen = NOW - rng.int(1, 400) * DAY - rng.int(0, 86399) * 1000;
    a.updatedMs = Math.max(a.createdMs + DAY, lastSeen);
  }
  accounts.sort((x, y) => x.id - y.id);
  const byLogin = new Map(accounts.map((a) => [a.login, a]));

  const bots = new Map();
  for (const b of BOTS) {
    const createdMs = day(b.since[0], b.since[1], 9);
    const id = allocateBotId(createdMs, rng);
    const bot = { ...b, id, node_id: nodeId('Bot', id), type: 'Bot', createdMs };
    bot.summary = botSummary(bot);
    bots.set(b.login, bot);
  }
  return { accounts, byLogin, bots };
}

/** A bot id from the user id curve (bots share the user id space). */
function allocateBotId(createdMs, rng) {
  const span = USER_IDS;
  let i = 0;
  const year = new Date(createdMs).getUTCFullYear();
  while (i < span.length - 1 && span[i + 1][0] <= year) i++;
  return span[i][1] + rng.int(100_000, 9_000_000);
}

/**
 * The REST user record of an account: summary fields, then profile fields, in GitHub's key order.
 * @param {Record<string, any>} a working account (with `publicRepos` set)
 */
export function userRecord(a) {
  return {
    ...a.summary,
    name: a.name ?? null,
    company: a.company ?? null,
    blog: a.blog ?? '',
    location: a.location ?? null,
    email: a.email ?? null,
    hireable: a.hireable ?? null,
    bio: a.bio ?? null,
    public_repos: a.publicRepos,
    public_gists: a.gists,
    followers: a.followers,
    following: a.following,
    created_at: isoZ(a.createdMs),
    updated_at: isoZ(a.updatedMs),
  };
}
