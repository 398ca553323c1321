/**
 * One kind's searchable data: its records, its text index, and the lookups its table reads (repositories by
 * name and id, known users, pulls, private records). Implements the tables' {@link CollectionView}.
 */
import type { Kind, RawRecord } from '../kinds/kind.js';
import { at, repoFromUrl } from '../kinds/qualifiers.js';
import { newerRecording, recordedAt } from '../kinds/recordings.js';
import type { KindSpec, Visibility } from '../kinds/spec.js';
import type { CollectionView, Column, Getter } from '../kinds/collection-view.js';
import { columnDefs } from './column-defs.js';
import { ColumnBuilder } from '../cache/columns.js';
import type { Viewer } from '../request/viewer.js';
import { forEachRecord, type KnownNames, type PullLookup } from '../cache/record-snapshot.js';
import type { TextIndex } from '../index/text-index.js';

/** Records of other kinds a collection may consult (absent kinds are empty). */
export interface Neighbours {
  repositories: readonly RawRecord[];
  users: readonly RawRecord[];
  issues: readonly RawRecord[];
}

const lower = (s: string): string => s.toLowerCase();

export class Collection implements CollectionView {
  readonly kind: Kind;
  private repoMaps: { byName: Map<string, RawRecord>; byId: Map<number, RawRecord> } | undefined;
  private known: { repos: Set<string>; users: Set<string> } | undefined;
  private labelCounts: Map<string, number> | undefined;
  /** Documents in private repositories, with the repository's full name (for access checks). */
  readonly privateDocs: ReadonlyArray<{ doc: number; repository: string }>;

  private textIndex: TextIndex | undefined;
  private ownNames: OwnNames | undefined;
  private columnSource: { get(name: string): Column | undefined } | undefined;
  /** Columns built from the records on first use (null: the values did not fit the column's type). */
  private readonly builtColumns = new Map<string, Column | null>();

  /**
   * @param records the kind's records in dump order
   * @param pulls issues only: document → its `/pulls` record
   * @param neighbours other kinds' records the table reads (may be lazily parsed: read only when needed)
   * @param privateDocs the private documents when already known (a cached snapshot); computed when absent
   * @param cachedNames reads the known names when cached (called once, on first use); computed when it gives none
   * The text index is attached afterwards ({@link attachIndex}): building it reads field values through this view.
   */
  constructor(
    readonly spec: KindSpec,
    readonly records: readonly RawRecord[],
    private readonly pulls: PullLookup,
    private readonly neighbours: Neighbours,
    privateDocs?: ReadonlyArray<{ doc: number; repository: string }>,
    private readonly cachedNames?: () => KnownNames | undefined,
  ) {
    this.kind = spec.kind;
    if (privateDocs) {
      this.privateDocs = privateDocs;
      return;
    }
    const collector = new PrivateCollector(spec);
    records.forEach((record, doc) => collector.add(record, doc, this));
    this.privateDocs = collector.docs;
  }

  /** The repositories by lower-cased full name and by id, built on first use. */
  private repos(): { byName: Map<string, RawRecord>; byId: Map<number, RawRecord> } {
    if (this.repoMaps) return this.repoMaps;
    const byName = new Map<string, RawRecord>();
    const byId = new Map<number, RawRecord>();
    const times = new Map<RawRecord, number>();
    this.neighbours.repositories.forEach((repo, i) => {
      // Several recordings of one name: the newest wins (kinds/recordings.ts).
      if (typeof repo.full_name === 'string') {
        const name = lower(repo.full_name);
        const held = byName.get(name);
        const time = recordedAt(repo);
        if (!held || newerRecording(time, i, times.get(held)!, -1)) {
          byName.set(name, repo);
          times.set(repo, time);
        }
      }
      if (typeof repo.id === 'number') byId.set(repo.id, repo);
    });
    this.repoMaps = { byName, byId };
    return this.repoMaps;
  }

  /** The kind's text index. Throws if read before {@link attachIndex} (a store bug). */
  get index(): TextIndex {
    if (!this.textIndex) throw new Error(`the ${this.kind} index is not attached yet`);
    return this.textIndex;
  }

  /**
   * Attach the kind's columns: a lazily read column file, or columns built in memory (by name, see
   * column-defs.ts). Without them, {@link column} builds a column from the records on first use.
   */
  attachColumns(columns: { get(name: string): Column | undefined }): void {
    this.columnSource = columns;
  }

  column(get: Getter<unknown>): Column | undefined {
    const def = columnDefs(this.spec).byGetter.get(get);
    if (!def) return undefined;
    const stored = this.columnSource?.get(def.name);
    if (stored) return stored;
    let built = this.builtColumns.get(def.name);
    if (built === undefined) {
      const builder = new ColumnBuilder(def.type);
      this.records.forEach((record, doc) => {
        let value: unknown;
        try {
          value = def.get(record, doc, this);
        } catch {
          value = Symbol('unusable');
        }
        builder.add(value);
      });
      built = builder.finish() ?? null;
      this.builtColumns.set(def.name, built);
    }
    return built ?? undefined;
  }

  /** Attach the built or loaded index (once). */
  attachIndex(index: TextIndex): void {
    this.textIndex = index;
  }

  pullOf(doc: number): RawRecord | undefined {
    return this.pulls.get(doc);
  }

  repository(fullName: string): RawRecord | undefined {
    return this.repos().byName.get(lower(fullName));
  }

  repositoryById(id: number): RawRecord | undefined {
    return this.repos().byId.get(id);
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
      const counts = this.labelCounts;
      // One pass that keeps no issue (1M snapshot records would not fit the default heap if each stayed parsed).
      forEachRecord(this.neighbours.issues, (issue) => {
        const repo = repoFromUrl(issue.repository_url);
        if (!repo || issue.state !== 'open' || !Array.isArray(issue.labels)) return;
        for (const l of issue.labels) {
          const key = `${lower(repo)}\u0000${lower(String(at(l, 'name') ?? ''))}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      });
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

  /** The known repository names and logins (lower-cased), for caching. */
  knownNameLists(): KnownNames {
    const known = this.knownNames();
    return { repos: [...known.repos], users: [...known.users] };
  }

  /**
   * Use these names (collected from the kind's own records while they streamed, see {@link NameCollector}) instead
   * of reading every record again; the neighbours' names are still added on first use.
   */
  seedOwnNames(names: OwnNames): void {
    this.ownNames = names;
  }

  private knownNames(): { repos: Set<string>; users: Set<string> } {
    if (this.known) return this.known;
    const cached = this.cachedNames?.();
    if (cached) {
      this.known = { repos: new Set(cached.repos), users: new Set(cached.users) };
      return this.known;
    }
    let own = this.ownNames;
    if (!own) {
      const collector = new NameCollector(this.spec);
      this.records.forEach((record, doc) => collector.add(record, doc, this));
      own = collector;
    }
    const repos = new Set(own.repos);
    const users = new Set(own.users);
    for (const name of this.repos().byName.keys()) {
      repos.add(name);
      users.add(name.split('/')[0]!);
    }
    for (const user of this.neighbours.users) if (typeof user.login === 'string') users.add(lower(user.login));
    this.known = { repos, users };
    return this.known;
  }
}

/** Repository names and logins (lower-cased) a kind's own records mention. */
export interface OwnNames {
  readonly repos: ReadonlySet<string>;
  readonly users: ReadonlySet<string>;
}

/** Collects {@link OwnNames} record by record (a consumer of a streaming pass, or a loop over the records). */
export class NameCollector implements OwnNames {
  readonly repos = new Set<string>();
  readonly users = new Set<string>();
  constructor(private readonly spec: KindSpec) {}
  add(record: RawRecord, doc: number, view: CollectionView): void {
    this.addSeen(record, this.spec.visibility(record, doc, view));
  }

  /** {@link add} when the record's visibility is already known. */
  addSeen(record: RawRecord, visibility: Visibility): void {
    const repo = visibility.repository;
    if (repo) {
      this.repos.add(lower(repo));
      this.users.add(lower(repo.split('/')[0]!));
    }
    for (const path of ['login', 'user.login', 'owner.login', 'author.login', 'committer.login']) {
      const login = at(record, path);
      if (typeof login === 'string') this.users.add(lower(login));
    }
  }
}

/**
 * Collects the private documents (with their repository) record by record; also feeds `names` when given, so a
 * streaming pass computes each record's visibility once.
 */
export class PrivateCollector {
  readonly docs: Array<{ doc: number; repository: string }> = [];
  constructor(
    private readonly spec: KindSpec,
    private readonly names?: NameCollector,
  ) {}
  add(record: RawRecord, doc: number, view: CollectionView): void {
    const visibility = this.spec.visibility(record, doc, view);
    this.names?.addSeen(record, visibility);
    if (visibility.private) this.docs.push({ doc, repository: visibility.repository ?? '' });
  }
}
