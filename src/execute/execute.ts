/**
 * Evaluate a plan against a collection: keyword and phrase lookups on posting lists, qualifier predicates only
 * over the documents still in play (text first, so filters test the survivors of the postings), then Lunr
 * scoring of the survivors alone.
 */
import type { Collection } from '../store/collection.js';
import { analyzeQueryWord, type AnalyzerName } from '../text/analyzer.js';
import { containsPhrase, phraseShape } from '../text/phrase.js';
import type { Expr, Keyword } from '../plan/expr.js';
import { Budget } from '../budget.js';
import type { DocList } from '../index/text-index.js';
import { difference, intersect, union, unionExcept, universe } from './doc-set.js';
import { keepByBit, withoutMarked } from '../doc-bits.js';
import { u32, U32 } from '../scratch.js';
import { textMatchCacheOf } from './score-cache.js';
import { bitsFilterOf, columnConjunctionDocs, columnExceptDocs, columnFilterDocs, filterShare, keepByBits, type BitsFilter, type VisibleDocs } from './column-filter.js';
import type { Predicate } from '../kinds/spec.js';
import { scanDocs } from './scan-docs.js';
import { intersectUnions } from './conjunction.js';
import { denseChunksOf } from './kept-chunks.js';
import type { ReaderSlot } from '../kinds/collection-view.js';
import { columnFilterOf } from '../kinds/qualifier-columns.js';

export { Budget, YIELD_EVERY_MS } from '../budget.js';
import { CHECK_EVERY_MS } from '../budget.js';

/** Documents scored per slice of the scoring phase, at first (then sized to the measured rate). */
const FIRST_SCORE_SLICE = 1024;


/** Keywords a collection reader remembers having matched once (their union is remembered the second time). */
const SIGHTINGS = 4096;

/** A collection reader's keys of keywords matched once ({@link SIGHTINGS} most recent). */
const SIGHTED: ReaderSlot<Set<string>> = { name: 'keywords seen', make: () => new Set<string>() };

/** The keywords matched once by this collection's reader. */
function sightingsOf(c: Collection): Set<string> {
  return c.memo(SIGHTED);
}

/** Analysed query terms of `text` for one analyzer, and whether they must be adjacent (a phrase). */
export function queryTerms(text: string, phrase: boolean, analyzer: AnalyzerName): { terms: string[]; adjacent: boolean } {
  if (phrase) {
    const terms = phraseShape(text, analyzer).map((p) => p.term);
    return { terms, adjacent: terms.length > 1 };
  }
  const terms = analyzeQueryWord(text, analyzer);
  return { terms, adjacent: terms.length > 1 };
}

/** A keyword's matches across its fields, and whether the hidden documents are already out of them. */
interface FieldMatches {
  readonly docs: DocList;
  readonly visible: boolean;
}

export class Executor {
  private visible: DocList | undefined;
  /**
   * @param hidden the documents the viewer may not see (ascending): never matched; default none
   * @param visibleOf every document the viewer may see (the complement of `hidden`), as the access layer keeps it per
   *   viewer (src/access); default: computed here from `hidden`
   */
  constructor(
    private readonly c: Collection,
    private readonly budget: Budget,
    private readonly hidden: DocList = new Uint32Array(0),
    private readonly visibleOf?: () => DocList,
  ) {}

  /**
   * The documents the viewer may see, described for the column filters (column-filter.ts `VisibleDocs`): the hidden
   * ones (as the segment's stored bitmap when they are the private documents, read only when a filter run over the
   * visible documents asks for it) and every visible one on demand.
   */
  private visibleDocs(): VisibleDocs {
    const { c, hidden } = this;
    return {
      hidden,
      every: () => this.everyVisible(),
      count: c.records.length,
      get hiddenBits() {
        return c.storedHiddenBits(hidden);
      },
    };
  }

  /** Every document the viewer may see, made only when a part of the query must visit them all. */
  private everyVisible(): DocList {
    return (this.visible ??= this.visibleOf?.() ?? difference(universe(this.c.records.length), this.hidden));
  }

  /**
   * Documents matching `expr`, restricted to `within` (every document the viewer may see when undefined: a keyword
   * then costs its postings, not the collection). Past the budget's deadline it stops early and returns what
   * matched so far.
   */
  async evaluate(expr: Expr, within?: DocList): Promise<DocList> {
    if (!this.budget.check()) return new Uint32Array(0);
    switch (expr.type) {
      case 'all':
        return within ?? this.everyVisible();
      case 'none':
        return new Uint32Array(0);
      case 'filter':
        return (
          columnFilterDocs(within, expr.test, this.budget, this.visibleDocs()) ??
          scanDocs(within ?? this.everyVisible(), expr.test, this.budget)
        );
      case 'text': {
        const { docs: found, visible } = await this.text(expr.text, expr.phrase, expr.fields, within);
        return within ? intersect(within, found) : visible ? found : difference(found, this.hidden);
      }
      case 'not': {
        const from = within ?? this.everyVisible();
        // A filter over an inverted form: its strings' documents taken out of the list at once.
        const except = expr.child.type === 'filter' ? columnExceptDocs(from, expr.child.test, this.budget) : undefined;
        return except ?? difference(from, await this.evaluate(expr.child, within));
      }
      case 'and': {
        // Cheapest first: posting lookups shrink the set before predicates scan it.
        const costs = new Map(expr.children.map((child) => [child, cost(child, this.c.records.length)]));
        let ordered = [...expr.children].sort((a, b) => costs.get(a)! - costs.get(b)!);
        let current = within;
        for (let i = 0; i < ordered.length; ) {
          if (current?.length === 0) break;
          // Keywords matched from their postings alone: their conjunction in one pass (./conjunction.ts).
          const keywords = this.keywordRun(ordered, i, current);
          if (keywords) {
            current = keywords.docs;
            i += keywords.count;
            continue;
          }
          // A keyword whose union the conjunction's bit-set filters narrow as it is made: those filters are done.
          const narrowed = this.filteredKeyword(ordered, i);
          if (narrowed) {
            current = current ? intersect(current, narrowed.docs) : narrowed.docs;
            const done = narrowed.used;
            ordered = ordered.filter((_child, j) => j <= i || !done.has(j));
            i++;
            continue;
          }
          // (Without a list yet, filters of a document's own value start from every visible document either way.)
          const fused = this.filterRun(ordered, i, current);
          if (fused) {
            current = await fused.docs;
            i += fused.count;
          } else current = await this.evaluate(ordered[i++]!, current);
        }
        return current ?? this.everyVisible();
      }
      case 'or': {
        let out: DocList = new Uint32Array(0);
        for (const child of expr.children) out = union(out, await this.evaluate(child, within));
        return out;
      }
    }
  }

  /**
   * The longest run of two or more filters at `ordered[from..]` that column-filter.ts tests in one pass over
   * `within` (every visible document when undefined; {@link columnConjunctionDocs}): the documents they all accept,
   * and how many filters that was; undefined when the next two cannot be tested so.
   */
  private filterRun(ordered: readonly Expr[], from: number, within: DocList | undefined): { docs: Promise<DocList>; count: number } | undefined {
    if (ordered[from]?.type !== 'filter' || ordered[from + 1]?.type !== 'filter') return undefined;
    const tests: Predicate[] = [];
    for (let i = from; i < ordered.length; i++) {
      const expr = ordered[i]!;
      if (expr.type !== 'filter') break;
      tests.push(expr.test);
    }
    for (let count = tests.length; count > 1; count--) {
      const docs = columnConjunctionDocs(within ?? this.visibleDocs(), tests.slice(0, count), this.budget);
      if (docs) return { docs, count };
    }
    return undefined;
  }

  /**
   * The longest run of two or more keywords at `ordered[from..]` whose matches are their fields' postings alone (no
   * phrase, no position check, nothing the kind's rank adds): the documents they all match within `within` (every
   * visible document when undefined), by {@link intersectUnions} without writing any keyword's union, and how many
   * keywords that was; undefined when the next two are not such keywords. A keyword whose union is remembered
   * (or is seen a second time by this collection reader: then it is made and remembered, as {@link fieldText} does)
   * enters as that union.
   */
  private keywordRun(ordered: readonly Expr[], from: number, within: DocList | undefined): { docs: DocList; count: number } | undefined {
    const found: { key: string; lists: DocList[]; known?: DocList }[] = [];
    for (let i = from; i < ordered.length; i++) {
      const postings = this.keywordPostings(ordered[i]!);
      if (!postings) break;
      found.push(postings);
    }
    // (A keyword alone is not seen here: it is matched on its own, by filteredKeyword or fieldText.)
    if (found.length < 2) return undefined;
    const groups = found.map((f) => this.postingLists(f));
    // A keyword's remembered union (postingLists gave no field postings) dense enough for bitmaps has a chunk form
    // the bit sets or in a chunk at a time (./kept-chunks.ts). A first sight of a word makes none.
    const forms = found.map((f, i) => (groups[i] !== f.lists ? denseChunksOf(this.c, f.key, groups[i]![0]!) : undefined));
    return { docs: intersectUnions(groups, this.hidden, within, forms), count: groups.length };
  }

  /**
   * The postings whose union is what a keyword matches (before the hidden documents are taken out), one per field
   * that can match it, from its {@link keywordPostings}; the remembered union alone when there is one, or made and
   * remembered when this reader has seen the keyword before. `found.lists` itself exactly when no union is
   * remembered.
   */
  private postingLists(found: { key: string; lists: DocList[]; known?: DocList }): DocList[] {
    if (found.known) return [found.known];
    // Seen before by this reader (a server's queries share their words): its union is made once and remembered.
    return this.sighted(found.key) ? [this.unionOf(found.lists, found.key)] : found.lists;
  }

  /**
   * The keyword `expr`'s key in the text-match cache and its fields' postings, or its remembered union (`known`,
   * then no postings); undefined when `expr` is not a keyword matched by its postings alone (a phrase, words that
   * must be adjacent, a keyword the kind's rank also matches otherwise). Nothing is remembered.
   */
  private keywordPostings(expr: Expr): { key: string; lists: DocList[]; known?: DocList } | undefined {
    if (expr.type !== 'text' || expr.phrase) return undefined;
    const { text, fields } = expr;
    if (fields === this.c.spec.defaultFields && this.c.spec.rank?.alsoMatches?.(text, this.c)) return undefined;
    const key = this.matchKey(text, false, fields);
    const known = textMatchCacheOf(this.c).get(key);
    if (known) return { key, lists: [], known };
    const lists: DocList[] = [];
    for (const name of fields) {
      const field = this.c.spec.fields.find((f) => f.name === name);
      if (!field || (field.searchedFor && !field.searchedFor(text))) continue;
      const { terms, adjacent } = queryTerms(text, false, field.analyzer);
      if (adjacent) return undefined;
      if (terms.length > 0) lists.push(this.c.index.postings(name, terms[0]!));
    }
    return { key, lists };
  }

  /** Whether this collection reader has matched the keyword `key` before; it is remembered as seen from now on. */
  private sighted(key: string): boolean {
    const seen = sightingsOf(this.c);
    if (seen.has(key)) return true;
    if (seen.size >= SIGHTINGS) seen.delete(seen.values().next().value!);
    seen.add(key);
    return false;
  }

  /**
   * The keyword at `ordered[at]` with the conjunction's filters over one bit set each among `ordered[at + 1..]`
   * (column-filter.ts {@link bitsFilterOf}: flags, dense strings, either negated) applied while its field union is
   * made (see {@link unionOf}): the union writes only the documents every such filter accepts, and the filters are
   * not run again over it. Undefined — the keyword then matched on its own and the filters after — when the keyword
   * is not matched by its postings alone, its union is remembered or it was seen before by this reader (its union is
   * then made and remembered, as {@link postingLists} does), or no such filter follows.
   * @returns the documents (visible to the viewer, ascending) and the positions in `ordered` of the filters applied
   */
  private filteredKeyword(ordered: readonly Expr[], at: number): { docs: DocList; used: Set<number> } | undefined {
    const found = this.keywordPostings(ordered[at]!);
    if (!found || found.known) return undefined;
    const filters: BitsFilter[] = [];
    const used = new Set<number>();
    for (let j = at + 1; j < ordered.length; j++) {
      const child = ordered[j]!;
      const filter =
        child.type === 'filter' ? bitsFilterOf(child.test) : child.type === 'not' && child.child.type === 'filter' ? bitsFilterOf(child.child.test, true) : undefined;
      if (!filter) continue;
      filters.push(filter);
      used.add(j);
    }
    if (filters.length === 0) return undefined;
    if (this.sighted(found.key)) return undefined;
    let postings = 0;
    for (const list of found.lists) postings += list.length;
    // The anonymous viewer's hidden documents (the private ones) leave with the filters, as one more clear bit.
    const bits = this.hidesAllPrivate() ? this.c.access.privateDocs.bits : undefined;
    if (bits) filters.push({ type: 'bits', bits, wanted: false });
    if (!this.budget.spend(postings)) return { docs: new Uint32Array(0), used };
    const docs = this.unionOf(found.lists, undefined, filters);
    return { docs: bits || this.hidden.length === 0 ? docs : difference(docs, this.hidden), used };
  }

  /** The key a keyword's union is remembered under (the viewer's form of it: with or without the private documents). */
  private matchKey(text: string, phrase: boolean, fields: readonly string[]): string {
    return `${phrase ? 1 : 0}\u0000${fields.join(',')}\u0000${text}${this.hidesAllPrivate() ? '\u0000public' : ''}`;
  }

  /**
   * Documents where the keyword/phrase occurs in any of `fields`, plus those the kind's rank says the keyword also
   * matches (an issue number, a commit SHA prefix; only without `in:`).
   */
  private async text(text: string, phrase: boolean, fields: readonly string[], within: DocList | undefined): Promise<FieldMatches> {
    const also = !phrase && fields === this.c.spec.defaultFields ? this.c.spec.rank?.alsoMatches?.(text, this.c) : undefined;
    const found = await this.fieldText(text, phrase, fields, within);
    // (What `also` adds is visible: it scans only visible documents.)
    return also ? { docs: union(found.docs, await scanDocs(within ?? this.everyVisible(), also, this.budget)), visible: found.visible } : found;
  }

  /**
   * Whether the hidden documents can be left out of a keyword's union as it is merged, and remembered so: when the
   * viewer hides exactly the collection's private documents (the anonymous viewer; a hidden list is always a subset
   * of them, so the same length means the same set) — one list per keyword for every such viewer. (A viewer hiding
   * none needs no difference; other viewers take the hidden documents out of the remembered union.)
   */
  private hidesAllPrivate(): boolean {
    return this.hidden.length > 0 && this.hidden.length === this.c.access.privateDocs.length;
  }

  private async fieldText(text: string, phrase: boolean, fields: readonly string[], within: DocList | undefined): Promise<FieldMatches> {
    // Without a phrase check the answer is the postings' union alone (not restricted to `within`): remembered, with
    // or without the private documents.
    const except = this.hidesAllPrivate();
    const key = this.matchKey(text, phrase, fields);
    const matches = textMatchCacheOf(this.c);
    const known = matches.get(key);
    if (known) return { docs: known, visible: except || this.hidden.length === 0 };
    let positional = false;
    const lists: DocList[] = [];
    for (const name of fields) {
      const field = this.c.spec.fields.find((f) => f.name === name);
      if (!field || (field.searchedFor && !field.searchedFor(text))) continue;
      const { terms, adjacent } = queryTerms(text, phrase, field.analyzer);
      // No term in this field (its analyzer drops the text): the field cannot match. Text no field gives a term is
      // settled by the plan (src/text/query-text.ts): left out, or matching nothing.
      if (terms.length === 0) continue;
      let docs = this.c.index.postings(name, terms[0]!);
      for (const term of terms.slice(1)) docs = intersect(docs, this.c.index.postings(name, term));
      if (adjacent) {
        positional = true;
        const shape = phrase ? phraseShape(text, field.analyzer) : terms.map((term, offset) => ({ offset, term }));
        const candidates = within ? intersect(docs, within) : difference(docs, this.hidden);
        docs = await scanDocs(
          candidates,
          (doc) => {
            const value = field.get(this.c.records[doc]!, doc, this.c);
            if (value === undefined) return false;
            this.budget.spend(value.length >>> 6); // a phrase check costs in proportion to the text
            return containsPhrase(value, shape, field.analyzer, phrase ? (this.c.spec.phraseSlop ?? 0) : 0);
          },
          this.budget,
        );
      }
      lists.push(docs);
    }
    // Phrase candidates are visible already; taking the hidden ones out again changes nothing.
    if (positional) return { docs: this.unionOf(lists), visible: except || this.hidden.length === 0 };
    return { docs: this.unionOf(lists, key), visible: except || this.hidden.length === 0 };
  }

  /**
   * The union of a keyword's field `lists`, without the hidden documents when the viewer hides exactly the private
   * ones (the last merge leaves them out); remembered under `key` when given (a copy then, sized to the union: it
   * may be a view into a posting block the index's block cache would otherwise keep alive). The merges are written
   * into the process's working arrays (src/scratch.ts), taking turns, and the hidden documents taken out in place:
   * the one array made is the answer (a common keyword's union at 1M is megabytes, made for each query naming it).
   * With `filters` (never with `key`): only the documents whose bits each filter accepts, each list narrowed to them
   * (column-filter.ts `keepByBits`) before it is merged (the hidden documents are then the caller's to take out),
   * and the answer a copy sized to them.
   */
  private unionOf(lists: readonly DocList[], key?: string, filters?: readonly BitsFilter[]): DocList {
    const except = !filters && this.hidesAllPrivate();
    // The segment's bitmap of the private documents (exactly the hidden ones here) tests a match in one bit.
    const bits = except ? this.c.access.privateDocs.bits : undefined;
    let out: DocList = lists.length > 0 ? lists[0]! : new Uint32Array(0);
    let slot: number = U32.unionA;
    if (filters) {
      const into = u32(U32.unionA, out.length);
      out = into.subarray(0, keepByBits(filters, out, into));
      slot = U32.unionB;
    }
    for (let i = 1; i < lists.length; i++) {
      let list = lists[i]!;
      if (filters) {
        const picked = u32(U32.picked, list.length);
        list = picked.subarray(0, keepByBits(filters, list, picked));
      }
      const into = u32(slot, out.length + list.length);
      const last = i === lists.length - 1;
      out = except && !bits && last ? unionExcept(out, list, this.hidden, into) : union(out, list, into);
      // The narrowed list itself (nothing before it survived): moved out of the slot the next list is narrowed into.
      if (filters && out === list && list.length > 0) out = copyInto(list, into);
      if (out.buffer === into.buffer) slot = slot === U32.unionA ? U32.unionB : U32.unionA;
    }
    if (filters) return out.slice();
    const working = out.buffer === u32(U32.unionA, 0).buffer || out.buffer === u32(U32.unionB, 0).buffer;
    if (bits) {
      // In place when the union is working memory (keepByBit writes no further than it has read).
      out = working ? out.subarray(0, keepByBit(bits, false, out, 0, out.length, out as Uint32Array, 0)) : withoutMarked(out, bits);
    } else if (except && lists.length === 1) out = difference(out, this.hidden);
    if (key === undefined) return working ? out.slice() : out;
    out = out.slice();
    textMatchCacheOf(this.c).set(key, out);
    return out;
  }

  /**
   * The analysed query terms per field of the positive keywords (phrases split into words), as the text index
   * scores them: a keyword counts in each of its fields that it may search.
   */
  queryTerms(keywords: readonly Keyword[]): Map<string, string[]> {
    const byField = new Map<string, string[]>();
    for (const { text, fields } of keywords) {
      for (const name of fields) {
        const field = this.c.spec.fields.find((f) => f.name === name);
        if (!field || (field.searchedFor && !field.searchedFor(text))) continue;
        const list = byField.get(name) ?? [];
        for (const word of text.split(/\s+/)) list.push(...analyzeQueryWord(word, field.analyzer));
        byField.set(name, list);
      }
    }
    return byField;
  }

  /**
   * Lunr relevance of each document for the query terms `byField` ({@link queryTerms}; same order as `docs`), with
   * the statistics of the documents the viewer may see (`hidden`: those it may not, from src/access), scored in
   * slices that spend on the budget: past the deadline the rest is left unscored (score 0).
   * @returns the scores and how many of `docs` (a prefix) were scored
   */
  score(byField: ReadonlyMap<string, readonly string[]>, docs: DocList, hidden?: DocList): { scores: Float64Array; count: number } {
    // Without a deadline there is nothing to stop for: one pass (slices re-read each term's postings).
    if (!this.budget.limited) return { scores: this.c.index.score(docs, byField, hidden), count: docs.length };
    const scores = new Float64Array(docs.length);
    let slice = FIRST_SCORE_SLICE;
    let count = 0;
    while (count < docs.length) {
      if (!this.budget.check()) break;
      const end = Math.min(docs.length, count + slice);
      const started = performance.now();
      scores.set(this.c.index.score(docs.subarray(count, end), byField, hidden), count);
      const took = performance.now() - started;
      const scored = end - count;
      count = end;
      // About one check interval per slice at the rate just measured (at least 64 documents, at most double).
      const fits = took > 0 ? Math.floor((scored * CHECK_EVERY_MS) / took) : slice * 2;
      slice = Math.max(64, Math.min(slice * 2, fits));
    }
    return { scores, count };
  }
}

/** `list` written into `into` from 0 (room for it), as a view of `into`. */
function copyInto(list: DocList, into: Uint32Array): DocList {
  into.set(list);
  return into.subarray(0, list.length);
}

/**
 * The order a conjunction evaluates its children in (ascending): postings before predicates; filters over an
 * inverted form (their own lists) before the others; among each, those estimated to keep the smallest share of the
 * collection first (column-filter.ts `filterShare`; an unknown share counts as half), a negated filter by the share
 * it leaves.
 */
function cost(expr: Expr, count: number): number {
  switch (expr.type) {
    case 'none':
      return 0;
    case 'text':
      return expr.phrase ? 2 : 1;
    case 'and':
    case 'or':
      return 3;
    case 'filter':
      // A filter over an inverted form reads its own documents (no list to test, nor every visible document): first.
      return columnFilterOf(expr.test)?.type === 'sets' ? 3.5 + (filterShare(expr.test, count) ?? 1) / 2 : 4 + (filterShare(expr.test, count) ?? 0.5);
    case 'not':
      return 4 + (expr.child.type === 'filter' ? 1 - (filterShare(expr.child.test, count) ?? 0.5) : 0.5);
    default:
      return 4.5;
  }
}
