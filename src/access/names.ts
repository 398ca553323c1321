/**
 * Which repository names and logins a viewer may know exist. A name seen only in private records (or only as a
 * private repository or its owner) is known to readers of that repository alone: for everyone else `repo:`,
 * `user:` and `org:` answer exactly as for a name the dump does not hold (issue #12, defects 5 and 9).
 */
import type { RawRecord } from '../kinds/kind.js';
import { at } from '../kinds/qualifiers.js';
import type { KindSpec, Visibility } from '../kinds/spec.js';
import type { CollectionView } from '../kinds/collection-view.js';
import type { Viewer } from '../request/viewer.js';

/**
 * The names a collection knows, lower-cased: `repos`/`users` are public (seen in a public record); `private`
 * lists each private repository with the logins seen only in its records (the repository's owner included).
 * A private record whose repository is unknown is filed under `''`, readable by no one but a `*` reader.
 */
export interface KnownNames {
  readonly repos: readonly string[];
  readonly users: readonly string[];
  readonly private: ReadonlyArray<readonly [repository: string, users: readonly string[]]>;
}

const lower = (s: string): string => s.toLowerCase();

/** The record paths whose logins count as known users. */
const LOGIN_PATHS = ['login', 'user.login', 'owner.login', 'author.login', 'committer.login'];

/** Collects {@link KnownNames} record by record (a consumer of a streaming pass, or a loop over the records). */
export class NameCollector {
  readonly repos = new Set<string>();
  readonly users = new Set<string>();
  /** Private repository → logins of its records. */
  readonly privateNames = new Map<string, Set<string>>();

  constructor(private readonly spec?: KindSpec) {}

  add(record: RawRecord, doc: number, view: CollectionView): void {
    if (!this.spec) throw new Error('NameCollector.add needs the kind spec');
    this.addSeen(record, this.spec.visibility(record, doc, view));
  }

  /** {@link add} when the record's visibility is already known. */
  addSeen(record: RawRecord, visibility: Visibility): void {
    const repo = visibility.repository === undefined ? undefined : lower(visibility.repository);
    const users = visibility.private ? this.privateSet(repo ?? '') : this.users;
    if (repo) {
      if (!visibility.private) this.repos.add(repo);
      users.add(repo.split('/')[0]!);
    }
    for (const path of LOGIN_PATHS) {
      const login = at(record, path);
      if (typeof login === 'string') users.add(lower(login));
    }
  }

  /** A repository record of the dump (a neighbour): its name and owner, public or filed under the private name. */
  addRepository(repo: RawRecord): void {
    if (typeof repo.full_name !== 'string') return;
    const name = lower(repo.full_name);
    const owner = name.split('/')[0]!;
    if (repo.private === true) this.privateSet(name).add(owner);
    else {
      this.repos.add(name);
      this.users.add(owner);
    }
  }

  /** A user record of the dump (users are public). */
  addUser(user: RawRecord): void {
    if (typeof user.login === 'string') this.users.add(lower(user.login));
  }

  private privateSet(repo: string): Set<string> {
    let set = this.privateNames.get(repo);
    if (!set) this.privateNames.set(repo, (set = new Set()));
    return set;
  }

  /** The collected names (private logins that are also public are left out: they are public). */
  finish(): KnownNames {
    return {
      repos: [...this.repos],
      users: [...this.users],
      private: [...this.privateNames].map(([repo, users]) => [repo, [...users].filter((u) => !this.users.has(u))] as const),
    };
  }
}

/** Answers "may this viewer know this name exists?" over {@link KnownNames}. */
export class VisibleNames {
  private readonly repos: ReadonlySet<string>;
  private readonly users: ReadonlySet<string>;
  /** Private repository names. */
  private readonly privateRepos: Set<string>;
  /** Login → the private repositories whose records alone mention it. */
  private readonly privateUsers = new Map<string, string[]>();

  constructor(known: KnownNames) {
    this.repos = new Set(known.repos);
    this.users = new Set(known.users);
    this.privateRepos = new Set(known.private.map(([repo]) => repo));
    for (const [repo, users] of known.private) {
      for (const user of users) {
        const list = this.privateUsers.get(user) ?? [];
        list.push(repo);
        this.privateUsers.set(user, list);
      }
    }
  }

  /** Every private repository name known (sorted), for keys of what a viewer may see. */
  get privateRepositories(): readonly string[] {
    return (this.sortedPrivate ??= [...this.privateRepos].sort());
  }
  private sortedPrivate: string[] | undefined;

  /** Add private repositories known from the private documents (a document's repository is a name it mentions). */
  addPrivateRepositories(repos: Iterable<string>): void {
    for (const repo of repos) this.privateRepos.add(repo.toLowerCase());
    this.sortedPrivate = undefined;
  }

  /** True when `owner/name` has a public record, or is a private repository the viewer may read. */
  knowsRepository(fullName: string, viewer: Viewer): boolean {
    const name = lower(fullName);
    if (this.repos.has(name)) return true;
    return this.privateRepos.has(name) && viewer.canReadPrivate(name);
  }

  /** True when `login` appears in a public record, or in a private repository the viewer may read. */
  knowsUser(login: string, viewer: Viewer): boolean {
    const name = lower(login);
    if (this.users.has(name)) return true;
    return (this.privateUsers.get(name) ?? []).some((repo) => viewer.canReadPrivate(repo));
  }
}
