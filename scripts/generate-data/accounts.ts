/**
 * User and organization records (the `/users/{login}` shape that user search returns), built from the catalog.
 * `public_repos` is filled in later by the world builder, once repositories exist.
 */
import { BOTS, ORGS, PEOPLE } from './catalog-accounts.js';
import { DAY, HOUR, NOW, day, isoZ, nodeId } from './ids.js';
import { USER_IDS, allocateIds } from './id-curves.js';
import { must, type Account, type Bot } from './model.js';
import { Rng } from './prng.js';
import { botSummary, userSummary } from './urls.js';
import type { SimpleUser } from '../../src/import/github-shapes.js';

/** The accounts of the world: all of them sorted by id, by login, and the bots by login. */
export interface Accounts {
  accounts: Account[];
  byLogin: Map<string, Account>;
  bots: Map<string, Bot>;
}

/**
 * Build every account (working objects: the REST record is {@link userRecord}; the summary is `account.summary`).
 * `publicRepos` is 0 until the world builder counts the repositories.
 */
export function buildAccounts(): Accounts {
  const rng = new Rng('accounts');
  const entries = [
    ...ORGS.map((o) => ({ ...o, type: 'Organization' as const, company: null, hireable: null, following: 0, gists: 0, tz: 0, orgs: [], site_admin: false })),
    ...PEOPLE.map((p) => ({ site_admin: false, ...p, type: 'User' as const })),
  ];
  const drafts = entries.map((entry) => ({ entry, createdMs: day(entry.since[0], entry.since[1], rng.int(1, 28)) + rng.int(0, 23) * HOUR + rng.int(0, 3599) * 1000 }));
  const ids = new Map<(typeof drafts)[number], number>();
  allocateIds(drafts, USER_IDS, (d) => d.createdMs, rng, (d, id) => ids.set(d, id));
  const accounts = drafts.map((draft): Account => {
    const { entry, createdMs } = draft;
    const id = must(ids.get(draft), `id of ${entry.login}`);
    const node_id = nodeId(entry.type, id);
    const summary = userSummary({ login: entry.login, id, node_id, type: entry.type, site_admin: entry.site_admin });
    const lastSeen = NOW - rng.int(1, 400) * DAY - rng.int(0, 86399) * 1000;
    return { ...entry, createdMs, id, node_id, summary, updatedMs: Math.max(createdMs + DAY, lastSeen), publicRepos: 0 };
  });
  accounts.sort((x, y) => x.id - y.id);
  const byLogin = new Map(accounts.map((a) => [a.login, a]));

  const bots = new Map<string, Bot>();
  for (const b of BOTS) {
    const createdMs = day(b.since[0], b.since[1], 9);
    const id = allocateBotId(createdMs, rng);
    const node_id = nodeId('Bot', id);
    bots.set(b.login, { ...b, id, node_id, type: 'Bot', createdMs, summary: botSummary({ ...b, id, node_id }) });
  }
  return { accounts, byLogin, bots };
}

/** A bot id from the user id curve (bots share the user id space). */
function allocateBotId(createdMs: number, rng: Rng): number {
  const span = USER_IDS;
  let i = 0;
  const year = new Date(createdMs).getUTCFullYear();
  while (i < span.length - 1 && span[i + 1]![0] <= year) i++;
  return span[i]![1] + rng.int(100_000, 9_000_000);
}

/** The `/users/{login}` record user search returns: the summary, then the profile fields. */
export type UserRecord = SimpleUser & {
  name: string | null;
  company: string | null;
  blog: string;
  location: string | null;
  email: string | null;
  hireable: boolean | null;
  bio: string | null;
  public_repos: number;
  public_gists: number;
  followers: number;
  following: number;
  created_at: string;
  updated_at: string;
};

/** The REST user record of an account: summary fields, then profile fields, in GitHub's key order. */
export function userRecord(a: Account): UserRecord {  return {
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
