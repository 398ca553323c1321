/**
 * A collection's private documents as columns: their document numbers (ascending) and, parallel to them, the index
 * of each one's repository in a short table of repository full names. No object per document: a cold process
 * opens a million-document collection's ~125k private documents as a typed array read from the segment
 * (src/segment/segment.ts), their repositories' column only when a viewer who reads some private repository first
 * needs it, their bitmap only when a filter first tests it, and the anonymous viewer's hidden list is
 * {@link PrivateDocs.docs} itself.
 */

/** One private document and its repository's full name (as the record spells it), for tests and diagnostics. */
export interface PrivateDoc {
  readonly doc: number;
  readonly repository: string;
}

const NO_DOCS = new Uint32Array(0);

/** The private documents of one collection as two parallel typed arrays (see the module comment). */
export class PrivateDocs {
  /** A collection without private documents. */
  static readonly NONE = new PrivateDocs(NO_DOCS, NO_DOCS, []);

  /** The repositories' column once known. */
  private known: Uint32Array | undefined;
  /** What gives it when first asked for (a stored list's reader), until then. */
  private reader: (() => Uint32Array | undefined) | undefined;
  /** What derives it when the reader gives none (a damaged stored column: {@link deriveReposWith}). */
  private derive: (() => Uint32Array) | undefined;
  /** The bitmap once read (or given). */
  private knownBits: Uint32Array | undefined;
  /** What reads the bitmap when first asked for, until then. */
  private bitsReader: (() => Uint32Array | undefined) | undefined;

  /**
   * @param docs the private documents, ascending, duplicate-free (never modified: it is also the hidden list of
   *   every viewer who reads none of the private repositories)
   * @param repos parallel to `docs`: the index in `repositories` of each document's repository — or what reads it
   *   on first use (a stored column only a viewer who reads some private repository needs), giving undefined when
   *   it cannot (then {@link deriveReposWith}'s function derives it)
   * @param repositories the repositories' full names, each once, as the records spell them
   * @throws RangeError when `repos` is not parallel to `docs` (the checks of a stored list are its reader's)
   */
  constructor(
    readonly docs: Uint32Array,
    repos: Uint32Array | (() => Uint32Array | undefined),
    readonly repositories: readonly string[],
    /**
     * The same documents as a bitmap over the collection (src/doc-bits.ts `markedBits`: bit `doc & 31` of word
     * `doc >>> 5`), when the segment stored one — or what reads it on first use, giving undefined when it cannot;
     * undefined otherwise (a collection built in process, a list from the records)
     */
    bits?: Uint32Array | (() => Uint32Array | undefined),
  ) {
    if (typeof repos === 'function') this.reader = repos;
    else this.known = checkedRepos(docs, repos);
    if (typeof bits === 'function') this.bitsReader = bits;
    else this.knownBits = bits;
  }

  /**
   * {@link docs} as a bitmap (see the constructor), read on first use when given as a reader; undefined when there
   * is none or it could not be read (callers then test the list itself: the same answers).
   */
  get bits(): Uint32Array | undefined {
    if (this.bitsReader) {
      this.knownBits = this.bitsReader();
      this.bitsReader = undefined;
    }
    return this.knownBits;
  }

  /**
   * Parallel to {@link docs}: the index in {@link repositories} of each document's repository (read on first use
   * when given as a reader).
   * @throws Error when the reader gives none and no function derives it
   */
  get repos(): Uint32Array {
    if (this.known) return this.known;
    const read = this.reader?.();
    this.reader = undefined;
    const repos = read ?? this.derive?.();
    if (!repos) throw new Error('the private documents\' repositories cannot be read');
    return (this.known = checkedRepos(this.docs, repos));
  }

  /**
   * Derive the repositories' column with `derive` should its reader give none (the collection's own records: the
   * same column, slower); no effect once it is known.
   */
  deriveReposWith(derive: () => Uint32Array): void {
    if (!this.known) this.derive = derive;
  }

  /** A list of private documents (ascending) as columns. */
  static from(list: ReadonlyArray<PrivateDoc>): PrivateDocs {
    const builder = new PrivateDocsBuilder();
    for (const { doc, repository } of list) builder.add(doc, repository);
    return builder.finish();
  }

  /** Number of private documents. */
  get length(): number {
    return this.docs.length;
  }

  /** The full name of the repository of the `i`-th private document. */
  repository(i: number): string {
    return this.repositories[this.repos[i]!]!;
  }

  /** One object per private document (allocates: tests and diagnostics, never the query path). */
  list(): PrivateDoc[] {
    return Array.from(this.docs, (doc, i) => ({ doc, repository: this.repository(i) }));
  }
}

/**
 * The repositories' column of `docs` against the table `repositories`, from `derived` (the same documents with
 * their repositories, derived again from the records, in any table order).
 * @throws Error when `derived` holds other documents or a repository the table lacks
 */
export function reposAgainst(docs: Uint32Array, repositories: readonly string[], derived: PrivateDocs): Uint32Array {
  if (derived.length !== docs.length || derived.docs.some((doc, i) => doc !== docs[i])) throw new Error('the private documents differ from the records');
  const at = new Map(repositories.map((name, r) => [name, r]));
  return Uint32Array.from(derived.docs, (_, i) => {
    const r = at.get(derived.repository(i));
    if (r === undefined) throw new Error('a private repository is missing from the table');
    return r;
  });
}

function checkedRepos(docs: Uint32Array, repos: Uint32Array): Uint32Array {
  if (docs.length !== repos.length) throw new RangeError('private documents and their repositories differ in length');
  return repos;
}

/** Collects private documents in ascending document order into {@link PrivateDocs} (arrays grow by doubling). */
export class PrivateDocsBuilder {
  private docs = new Uint32Array(64);
  private repos = new Uint32Array(64);
  private count = 0;
  private readonly repositories: string[] = [];
  private readonly repoIndex = new Map<string, number>();

  /** Add document `doc` (greater than every one added before) of repository `repository`. */
  add(doc: number, repository: string): void {
    let r = this.repoIndex.get(repository);
    if (r === undefined) {
      r = this.repositories.length;
      this.repositories.push(repository);
      this.repoIndex.set(repository, r);
    }
    if (this.count === this.docs.length) {
      const docs = new Uint32Array(this.count * 2);
      docs.set(this.docs);
      this.docs = docs;
      const repos = new Uint32Array(this.count * 2);
      repos.set(this.repos);
      this.repos = repos;
    }
    this.docs[this.count] = doc;
    this.repos[this.count++] = r;
  }

  /** Number of documents added. */
  get length(): number {
    return this.count;
  }

  /** The documents added so far (trimmed copies). */
  finish(): PrivateDocs {
    if (this.count === 0) return PrivateDocs.NONE;
    return new PrivateDocs(this.docs.slice(0, this.count), this.repos.slice(0, this.count), this.repositories.slice());
  }
}
