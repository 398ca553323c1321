/**
 * One kind's searchable data: its records, its text index, and the lookups its table reads (repositories by
 * name and id, known users, pulls, private records). Implements the tables' {@link CollectionView}.
 */
import type { Kind, RawRecord } from '../kinds/kind.js';
import { at, repoFromUrl } from '../kinds/qualifiers.js';
import type { CollectionView, KindSpec } from '../kinds/spec.js';
import type { Viewer } from '../request/viewer.js';
import type { TextIndex } from './text-index.js';

/** Records of other kinds a collection may consult (absent kinds are empty). */
export interface Neighbours {
  repositories: readonly RawRecord[];
  users: readonly RawRecord[];
  issues: readonly RawRecord[];
}

const lower = (s: string): string => s.toLowerCase();

export class Collection implements CollectionView {
  readonly kind: Kind;
  private readonly repoByName = new Map<string, RawRecord>();
  private readonly repoById = new Map<number, RawRecord>();
  private known: { repos: Set<string>; users: Set<string> } | undefined;
  private labelCounts: Map<string, number> | undefined;
  /** Documents in private repositories, with the repository's full name (for access checks). */
  readonly privateDocs: ReadonlyArray<{ doc: number; repository: string }>;

  private textIndex: TextIndex | undefined;

  /**
   * @param records the kind's records in dump order
   * @param pulls issues only: document → its `/pulls` record
   * @param neighbours other kinds' records the table reads
   * The text index is attached afterwards ({@link attachIndex}): building it reads field values through this view.
   */
  constructor(
    readonly spec: KindSpec,
    readonly records: readonly RawRecord[],
    private readonly pulls: ReadonlyMap<number, RawRecord>,
    private readonly neighbours: Neighbours,
  ) {
    this.kind = spec.kind;
    for (const repo of neighbours.repositories) {
      if (typeof repo.full_name === 'string') this.repoByName.set(lower(repo.full_name), repo);
      if (typeof repo.id === 'number') this.repoById.set(repo.id, repo);
    }
    const privateDocs: Array<{ doc: number; repository: string }> = [];
    records.forEach((record, doc) => {
      const visibility = spec.visibility(record, doc, this);
      if (visibility.private) privateDocs.push({ doc, repository: visibility.repository ?? '' });
    });
    this.privateDocs = privateDocs;
  }

  /** The kind's text index. Throws if read before {@link attachIndex} (a store bug). */
  get index(): TextIndex {
    if (!this.textIndex) throw new Error(`the ${this.kind} index is not attached yet`);
    return this.textIndex;
  }

  /** Attach the built or loaded index (once). */
  attachIndex(index: TextIndex): void {
    this.textIndex = index;
  }

  pullOf(doc: number): RawRecord | undefined {
    return this.pulls.get(doc);
  }

  repository(fullName: string): RawRecord | undefined {
    return this.repoByName.get(lower(fullName));
  }

  repositoryById(id: number): RawRecord | undefined {
    return this.repoById.get(id);
  }

  knowsRepository(fullName: string): boolean {
    return this.knownNames().repos.has(lower(fullName));
  }

  knowsUser(login: string): boolean {
    return this.knownNames().users.has(lower(login));
  }

  openIssuesWithLabel(fullName: string, label: string): number {
    if (!this.labelCounts) {
      this.labelCounts = new Map();
      for (const issue of this.neighbours.issues) {
        const repo = repoFromUrl(issue.repository_url);
        if (!repo || issue.state !== 'open' || !Array.isArray(issue.labels)) continue;
        for (const l of issue.labels) {
          const key = `${lower(repo)}\u0000${lower(String(at(l, 'name') ?? ''))}`;
          this.labelCounts.set(key, (this.labelCounts.get(key) ?? 0) + 1);
        }
      }
    }
    return this.labelCounts.get(`${lower(fullName)}\u0000${lower(label)}`) ?? 0;
  }

  /**
   * Documents the viewer may not see: those in private repositories it cannot read.
   * @returns a sorted list of document numbers (often empty)
   */
  hiddenFrom(viewer: Viewer): Uint32Array {
    const hidden = this.privateDocs.filter((p) => !viewer.canReadPrivate(p.repository)).map((p) => p.doc);
    return Uint32Array.from(hidden);
  }

  /** True when the repository `fullName` is private and the viewer cannot read it. */
  isHiddenRepository(fullName: string, viewer: Viewer): boolean {
    const repo = this.repository(fullName);
    const isPrivate = repo?.private === true || this.privateDocs.some((p) => lower(p.repository) === lower(fullName));
    return isPrivate && !viewer.canReadPrivate(fullName);
  }

  private knownNames(): { repos: Set<string>; users: Set<string> } {
    if (this.known) return this.known;
    const repos = new Set<string>();
    const users = new Set<string>();
    const addUser = (login: unknown): void => {
      if (typeof login === 'string') users.add(lower(login));
    };
    for (const name of this.repoByName.keys()) {
      repos.add(name);
      users.add(name.split('/')[0]!);
    }
    for (const user of this.neighbours.users) addUser(user.login);
    this.records.forEach((record, doc) => {
      const repo = this.spec.visibility(record, doc, this).repository;
      if (repo) {
        repos.add(lower(repo));
        users.add(lower(repo.split('/')[0]!));
      }
      for (const path of ['login', 'user.login', 'owner.login', 'author.login', 'committer.login']) addUser(at(record, path));
    });
    this.known = { repos, users };
    return this.known;
  }
}
