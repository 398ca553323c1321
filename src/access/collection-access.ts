/**
 * The one owner of visibility for a collection: which of its documents a viewer may see, which repository names
 * and logins it may know, and a key that identifies everything about the viewer its answers may depend on.
 * Planner (scopes), executor (the documents searched), scoring (statistics over the visible documents), the
 * result cache and the labels scope all ask here.
 */
import type { RawRecord } from '../kinds/kind.js';
import type { KindSpec } from '../kinds/spec.js';
import type { CollectionView, MemoryBudget } from '../kinds/collection-view.js';
import { BoundedLru } from '../results/bounded-lru.js';
import { PrivateDocsBuilder, type PrivateDocs } from './private-docs.js';
import type { NameCollector, VisibleNames } from './names.js';
import { ANONYMOUS, type Viewer } from '../request/viewer.js';

/** How many per-viewer hidden sets a collection remembers (a few readers at a time is the norm). */
const HIDDEN_MEMO = 64;
/** The key of the hidden set of a viewer who reads none of the private repositories: the stored list itself. */
const READS_NONE = '';
/**
 * How many per-viewer visible sets a collection remembers: each is a list of nearly every document (4 bytes a
 * document), so fewer than the hidden sets; the anonymous viewer's is the one most requests ask for.
 */
const VISIBLE_MEMO = 4;
/** The hidden set of a collection without private documents (one array, so its visible set is remembered too). */
const NOTHING_HIDDEN = new Uint32Array(0);

export class CollectionAccess {
  /** Private repository names (lower-cased) that have documents here. */
  private readonly privateRepos: readonly string[];
  /** Hidden sets of viewers who read some private repositories, by the readable repositories (joined by ','). */
  private readonly hiddenMemo: BoundedLru<Uint32Array>;
  /** Visible sets by `<count>|<hidden set's key>`. */
  private readonly visibleMemo: BoundedLru<Uint32Array>;
  private visibleNames: VisibleNames | undefined;

  /**
   * @param privateDocs the collection's private documents, ascending, with their repositories (columns: no object
   *   per document)
   * @param names the names the collection knows, read on first use (a scope or `@me` lookup)
   * @param budget the collection reader's memory budget, which the remembered hidden and visible sets share (4 bytes
   *   a document each); none: the counts alone bound them
   */
  constructor(
    readonly privateDocs: PrivateDocs,
    private readonly names: () => VisibleNames,
    budget?: MemoryBudget,
  ) {
    // Per repository, not per document: a collection has few private repositories and many private documents.
    this.privateRepos = [...new Set(privateDocs.repositories.map((name) => name.toLowerCase()))].sort();
    const share = budget && { budget, bytes: (set: Uint32Array) => set.byteLength };
    this.hiddenMemo = new BoundedLru<Uint32Array>(HIDDEN_MEMO, Infinity, () => 0, share);
    this.visibleMemo = new BoundedLru<Uint32Array>(VISIBLE_MEMO, Infinity, () => 0, share);
  }

  /** True when some documents are private (else every viewer sees the same documents). */
  get hasPrivate(): boolean {
    return this.privateDocs.length > 0;
  }

  /** The private repositories of this collection the viewer may read (sorted, lower-cased). */
  readable(viewer: Viewer): string[] {
    return this.privateRepos.filter((repo) => viewer.canReadPrivate(repo));
  }

  /**
   * Everything about the viewer an answer may depend on: its login (`@me`) and every private repository it may
   * read that this dump knows. Two viewers with the same key get the same answers, so caches key on it.
   */
  key(viewer: Viewer): string {
    // The anonymous viewer reads no private repository: its key needs no names (a cold query then never reads them).
    if (viewer === ANONYMOUS) return '\u0000';
    // Repositories known by name only (a private repository record without documents here) decide scopes too.
    const readable = this.loadedNames().privateRepositories.filter((repo) => viewer.canReadPrivate(repo));
    return `${viewer.login ?? ''}\u0000${readable.join(',')}`;
  }

  /**
   * The documents the viewer may not see, ascending (often empty). A viewer who reads none of the private
   * repositories (the anonymous viewer, most logins) gets {@link PrivateDocs.docs} itself, as stored by the build:
   * nothing is derived per process. Never modify the array.
   */
  hidden(viewer: Viewer): Uint32Array {
    return this.hiddenWithKey(viewer).hidden;
  }

  /** {@link hidden} and a key that names that set among this collection's hidden sets. */
  private hiddenWithKey(viewer: Viewer): { readonly hidden: Uint32Array; readonly key: string } {
    if (!this.hasPrivate) return { hidden: NOTHING_HIDDEN, key: READS_NONE };
    const readable = this.readable(viewer);
    if (readable.length === 0) return { hidden: this.privateDocs.docs, key: READS_NONE };
    const key = readable.join(',');
    let hidden = this.hiddenMemo.get(key);
    if (!hidden) {
      hidden = this.hiddenOf(new Set(readable));
      this.hiddenMemo.set(key, hidden);
    }
    return { hidden, key };
  }

  /** The private documents whose repository (lower-cased) is not in `readable`, ascending. */
  private hiddenOf(readable: ReadonlySet<string>): Uint32Array {
    const { docs, repos, repositories } = this.privateDocs;
    const hides = Uint8Array.from(repositories, (name) => (readable.has(name.toLowerCase()) ? 0 : 1));
    let n = 0;
    for (let i = 0; i < docs.length; i++) n += hides[repos[i]!]!;
    const hidden = new Uint32Array(n);
    for (let i = 0, j = 0; i < docs.length; i++) if (hides[repos[i]!] === 1) hidden[j++] = docs[i]!;
    return hidden;
  }

  /**
   * The documents of `0..count-1` the viewer may see, ascending: every document but {@link hidden}'s. Remembered
   * for the last few viewers (under the reader's memory budget), so a query does not walk every document to derive
   * it (it did: a tenth of a busy server's time). Never modify the array.
   * @param count the collection's document count
   */
  visible(viewer: Viewer, count: number): Uint32Array {
    const { hidden, key } = this.hiddenWithKey(viewer);
    const memoKey = `${count}|${key}`;
    let visible = this.visibleMemo.get(memoKey);
    if (!visible) {
      visible = complement(hidden, count);
      this.visibleMemo.set(memoKey, visible);
    }
    return visible;
  }

  /** True when the viewer may know that repository `owner/name` exists (a public record, or readable). */
  knowsRepository(fullName: string, viewer: Viewer): boolean {
    return this.loadedNames().knowsRepository(fullName, viewer);
  }

  /** True when the viewer may know that `login` exists (seen in a public record, or in a readable one). */
  knowsUser(login: string, viewer: Viewer): boolean {
    return this.loadedNames().knowsUser(login, viewer);
  }

  /** True when the viewer may see this repository record (public, or private and readable). */
  seesRepository(repo: RawRecord | undefined, viewer: Viewer): boolean {
    if (!repo || typeof repo.full_name !== 'string') return false;
    return repo.private !== true || viewer.canReadPrivate(repo.full_name);
  }

  private loadedNames(): VisibleNames {
    if (!this.visibleNames) {
      this.visibleNames = this.names();
      this.visibleNames.addPrivateRepositories(this.privateRepos);
    }
    return this.visibleNames;
  }
}

/** The documents of `0..count-1` not in `hidden` (ascending, duplicate-free), ascending. */
function complement(hidden: Uint32Array, count: number): Uint32Array {
  const out = new Uint32Array(count);
  let n = 0;
  let j = 0;
  for (let doc = 0; doc < count; doc++) {
    while (j < hidden.length && hidden[j]! < doc) j++;
    if (!(j < hidden.length && hidden[j] === doc)) out[n++] = doc;
  }
  return n === count ? out : out.subarray(0, n);
}

/**
 * Collects the private documents (with their repository) record by record, as columns; also feeds `names` when
 * given, so a streaming pass computes each record's visibility once.
 */
export class PrivateCollector {
  private readonly builder = new PrivateDocsBuilder();
  constructor(
    private readonly spec: KindSpec,
    private readonly names?: NameCollector,
  ) {}
  add(record: RawRecord, doc: number, view: CollectionView): void {
    const visibility = this.spec.visibility(record, doc, view);
    this.names?.addSeen(record, visibility);
    if (visibility.private) this.builder.add(doc, visibility.repository ?? '');
  }
  /** The private documents collected so far. */
  get docs(): PrivateDocs {
    return this.builder.finish();
  }
}
