/**
 * One kind's searchable data and the one reader of it: its records, its text index, columns, segment and rendered
 * items, the lookups its table reads (repositories by name and id, known users, pulls, private records), and every
 * cache derived from it ({@link Collection.memo}: results, scores, keyword matches, block maxima, rendered items,
 * rank readers …) under one memory budget (store/memory-budget.ts), all dropped by one {@link Collection.close}.
 * Implements the tables' {@link CollectionView}.
 */
import type { Kind, RawRecord } from '../kinds/kind.js';
import { newerRecording, recordedAt } from '../kinds/recordings.js';
import type { KindSpec } from '../kinds/spec.js';
import type { CollectionView, Column, ColumnSets, Getter, NarrowNumbers, ReaderSlot } from '../kinds/collection-view.js';
import { CollectionBudget } from './memory-budget.js';
import { deriveClock } from '../segment/facts.js';
import { PrivateDocs, reposAgainst, type PrivateDoc } from '../access/private-docs.js';
import { CollectionAccess, PrivateCollector } from '../access/collection-access.js';
import { NameCollector, VisibleNames, type KnownNames } from '../access/names.js';
import type { Viewer } from '../request/viewer.js';
import { columnDefs } from './column-defs.js';
import { ColumnBuilder } from '../cache/columns.js';
import { forEachRecord } from '../cache/record-snapshot.js';
import { OpenLabelCounter } from './open-labels.js';
import type { PullLookup } from '../dump/dump.js';
import type { DocList, TextIndex } from '../index/text-index.js';
import type { Segment } from '../segment/segment.js';
import type { ItemFile } from '../cache/item-file.js';

export { NameCollector } from '../access/names.js';
export { PrivateCollector } from '../access/collection-access.js';

/** Where a collection's columns come from: a column file (cache/columns.ts) or columns built in memory. */
interface ColumnSource {
  get(name: string): Column | undefined;
  sets?(name: string): ColumnSets | undefined;
  codes?(name: string): NarrowNumbers | undefined;
  bits?(name: string): Uint32Array | undefined;
}

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
  private known: KnownNames | undefined;
  private labelCounts: OpenLabelCounter | undefined;
  /** Documents in private repositories, with the repository's full name (for access checks), as columns. */
  readonly privateDocs: PrivateDocs;
  /** Who may see what of this collection (the one owner of visibility, src/access). */
  readonly access: CollectionAccess;

  private textIndex: TextIndex | undefined;
  private facts: Segment | undefined;
  private items: ItemFile | undefined;
  /** Opens {@link items} on first use (then cleared): set by {@link attachItems}, dropped by {@link close}. */
  private openItems: (() => ItemFile | undefined) | undefined;
  private ownNames: OwnNames | undefined;
  private columnSource: ColumnSource | undefined;
  /** Columns built from the records on first use (null: the values did not fit the column's type). */
  private readonly builtColumns = new Map<string, Column | null>();
  /** The reader's state other modules declare ({@link memo}), by slot. */
  private readonly slots = new Map<ReaderSlot<unknown, Collection>, unknown>();
  private rankClock: number | undefined;

  /**
   * @param records the kind's records in dump order
   * @param pulls issues only: document → its `/pulls` record
   * @param neighbours other kinds' records the table reads (may be lazily parsed: read only when needed)
   * @param privateDocs the private documents when already known (the segment's columns, or a list); computed when
   *   absent
   * @param cachedNames reads the known names when cached (called once, on first use); computed when it gives none
   * @param budget the memory budget of this reader's caches (default: `SEARCH_MEMORY_BUDGET`, store/memory-budget.ts)
   * The text index is attached afterwards ({@link attachIndex}): building it reads field values through this view.
   */
  constructor(
    readonly spec: KindSpec,
    readonly records: readonly RawRecord[],
    private readonly pulls: PullLookup,
    private readonly neighbours: Neighbours,
    privateDocs?: PrivateDocs | readonly PrivateDoc[],
    private readonly cachedNames?: () => KnownNames | undefined,
    readonly budget: CollectionBudget = new CollectionBudget(),
  ) {
    this.kind = spec.kind;
    if (privateDocs) {
      this.privateDocs = privateDocs instanceof PrivateDocs ? privateDocs : PrivateDocs.from(privateDocs);
      // A stored list's repositories are read on first use; should they turn out damaged, derived from the records.
      const known = this.privateDocs;
      known.deriveReposWith(() => {
        const collector = new PrivateCollector(spec);
        records.forEach((record, doc) => collector.add(record, doc, this));
        return reposAgainst(known.docs, known.repositories, collector.docs);
      });
    } else {
      const collector = new PrivateCollector(spec);
      records.forEach((record, doc) => collector.add(record, doc, this));
      this.privateDocs = collector.docs;
    }
    this.access = new CollectionAccess(this.privateDocs, () => new VisibleNames(this.knownNames()), budget);
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
  attachColumns(columns: ColumnSource): void {
    this.columnSource = columns;
  }

  /** The stored inverted form of a strings getter's column (a column file's, cache/columns.ts); else undefined. */
  columnSets(get: Getter<unknown>): ColumnSets | undefined {
    const def = columnDefs(this.spec).byGetter.get(get);
    return def?.type === 'strings' ? this.columnSource?.sets?.(def.name) : undefined;
  }

  /** The stored narrow form of a number getter's column (a column file's, cache/narrow-numbers.ts); else undefined. */
  columnCodes(get: Getter<unknown>): NarrowNumbers | undefined {
    const def = columnDefs(this.spec).byGetter.get(get);
    return def?.type === 'number' ? this.columnSource?.codes?.(def.name) : undefined;
  }

  /** The stored bit set of a boolean getter's true documents (a column file's, cache/column-bits.ts); else undefined. */
  columnBits(get: Getter<unknown>): Uint32Array | undefined {
    const def = columnDefs(this.spec).byGetter.get(get);
    return def?.type === 'boolean' ? this.columnSource?.bits?.(def.name) : undefined;
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

  /** The stored segment facts (clock, priors, private documents), when the build left them. */
  get segment(): Segment | undefined {
    return this.facts;
  }

  /** The rendered-items file (cache/item-file.ts), when one is attached (opened now if attached as an opener). */
  get itemFile(): ItemFile | undefined {
    const open = this.openItems;
    if (open) {
      this.openItems = undefined;
      this.items = open();
    }
    return this.items;
  }

  /**
   * Attach the rendered-items file, or the way to open it on first use ({@link itemFile}; undefined from it: no
   * file), closing one attached before.
   */
  attachItems(file: ItemFile | (() => ItemFile | undefined)): void {
    this.openItems = undefined;
    if (this.items !== file) this.items?.close();
    if (typeof file === 'function') {
      this.items = undefined;
      this.openItems = file;
    } else this.items = file;
  }

  /**
   * This reader's value of `slot`, made by `slot.make` on first use (with this reader's budget, which its caches
   * join) and kept until {@link close}.
   */
  memo<T>(slot: ReaderSlot<T, Collection>): T {
    if (this.slots.has(slot)) return this.slots.get(slot) as T;
    const value = slot.make(this, this.budget);
    this.slots.set(slot, value);
    return value;
  }

  /**
   * The kind's rank clock (epoch ms): the newest value of its clock signals over the documents outside private
   * repositories, NaN when the kind has none. Stored by the build (src/segment); derived once, visiting every
   * document, only when no segment was stored.
   */
  get clock(): number {
    return (this.rankClock ??= this.facts?.clock ?? deriveClock(this));
  }

  /**
   * Close what this reader holds: its caches and memos are dropped (their memory released), its segment,
   * rendered-items file and columns closed (the index descriptors are closed when it is garbage-collected). Later
   * reads fall back to the records or fail; later memos are made again.
   */
  close(): void {
    this.slots.clear();
    this.budget.clear();
    this.openItems = undefined;
    this.items?.close();
    this.facts?.close();
    (this.columnSource as { close?: () => void } | undefined)?.close?.();
  }

  /**
   * The field-length sums the build stored for `hidden` (field name → Σ length), when `hidden` is the stored list
   * of private documents itself (the anonymous viewer's hidden list, CollectionAccess.hidden) and the segment
   * holds them; else undefined (the index sums them). For the text index's visible statistics.
   */
  storedHiddenLengths(hidden: DocList): ReadonlyMap<string, number> | undefined {
    const facts = this.facts;
    return facts && hidden === this.privateDocs.docs && facts.privateDocs === this.privateDocs ? facts.privateLengths : undefined;
  }

  /**
   * The bitmap the segment stored of `hidden` (src/doc-bits.ts `markedBits`), when `hidden` is the stored list
   * of private documents itself (as for {@link storedHiddenLengths}); else undefined (the index counts by the list).
   */
  storedHiddenBits(hidden: DocList): Uint32Array | undefined {
    return hidden === this.privateDocs.docs ? this.privateDocs.bits : undefined;
  }

  /** Attach the segment facts (once). */
  attachSegment(segment: Segment): void {
    this.facts = segment;
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

  knowsRepository(fullName: string, viewer: Viewer): boolean {
    return this.access.knowsRepository(fullName, viewer);
  }

  knowsUser(login: string, viewer: Viewer): boolean {
    return this.access.knowsUser(login, viewer);
  }

  openIssuesWithLabel(fullName: string, label: string, isPrivate: boolean): number {
    if (!this.labelCounts) {
      const counter = new OpenLabelCounter();
      // One pass that keeps no issue (1M snapshot records would not fit the default heap if each stayed parsed).
      forEachRecord(this.neighbours.issues, (issue, doc) => counter.add(issue, doc, this));
      this.labelCounts = counter;
    }
    return this.labelCounts.count(fullName, label, isPrivate);
  }

  /**
   * Use these counts of open issues per label (made while the issues streamed through their build pass, over the
   * same records as this collection's issues and the same repositories) instead of reading every issue again.
   */
  seedOpenLabels(counter: OpenLabelCounter): void {
    this.labelCounts = counter;
  }

  /** The known repository names and logins (lower-cased, public and private apart), for caching. */
  knownNameLists(): KnownNames {
    return this.knownNames();
  }

  /**
   * Use these names (collected from the kind's own records while they streamed, see {@link NameCollector}) instead
   * of reading every record again; the neighbours' names are still added on first use.
   */
  seedOwnNames(names: NameCollector): void {
    this.ownNames = names;
  }

  private knownNames(): KnownNames {
    if (this.known) return this.known;
    const cached = this.cachedNames?.();
    if (cached) return (this.known = cached);
    let own = this.ownNames;
    if (!own) {
      own = new NameCollector(this.spec);
      this.records.forEach((record, doc) => own!.add(record, doc, this));
    }
    // One fact per repository name: each recording is filed as its name's newest recording says (kinds/common.ts).
    for (const repo of this.neighbours.repositories) own.addRepository(typeof repo.full_name === 'string' ? (this.repository(repo.full_name) ?? repo) : repo);
    for (const user of this.neighbours.users) own.addUser(user);
    return (this.known = own.finish());
  }
}

/** Repository names and logins a kind's own records mention (a {@link NameCollector}). */
export type OwnNames = NameCollector;
