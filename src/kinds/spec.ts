/**
 * The shape of a per-kind table: text fields, qualifiers, sort keys, item projection. Adding a qualifier or sort
 * key to a kind means adding one entry to `kinds/<kind>.ts`; nothing else in the pipeline switches on the kind.
 */
import type { MediaOptions } from '../request/media-type.js';
import type { Viewer } from '../request/viewer.js';
import type { AnalyzerName } from '../text/analyzer.js';
import type { CollectionView, ColumnType, Getter } from './collection-view.js';
import type { Kind, RawRecord } from './kind.js';

/** A compiled filter over document numbers. */
export type Predicate = (doc: number) => boolean;

/** Everything a qualifier value needs to compile. */
export interface CompileContext {
  readonly c: CollectionView;
  readonly viewer: Viewer;
}

/** How a plain-text kind matches its text (Part B §5); see {@link KindSpec.plainText}. */
export interface PlainTextSpec {
  /** Fields where every word must occur (GitHub: match, operator AND; `name` ×5 for labels). */
  readonly allWords: readonly string[];
  /** Fields where any one word suffices (GitHub: match, operator OR; `description` ×1 for labels). */
  readonly anyWord: readonly string[];
  /** The value matched as a phrase prefix, any case (GitHub: match_phrase_prefix; `name` ×8 for labels). */
  readonly prefix?: Getter<string | undefined>;
  /**
   * The value matched by GitHub's n-gram OR-clauses (labels: `name.ngram` ×2, `name.trigram` ×3): any word of the
   * text that is a word of the value, or any three-character gram of a word of the text that occurs in a word of
   * the value (gram sizes are not in the code read: trigrams, and whole words for the n-grams, are our reading).
   */
  readonly grams?: Getter<string | undefined>;
}

/** One indexed text field of a kind. */
export interface TextFieldSpec {
  /** Field name in the index (also the `in:` target). */
  readonly name: string;
  readonly analyzer: AnalyzerName;
  /** Lunr field boost: matches in this field weigh `boost` times a match in a field of boost 1. */
  readonly boost: number;
  readonly get: Getter<string | undefined>;
  /**
   * Searched only for keywords this accepts (repositories search `name_with_owner` only for text with a `/`, Part A
   * §4.2). @default every keyword
   */
  readonly searchedFor?: (keyword: string) => boolean;
  /** How a hit in this field is reported in `text_matches`; absent: never reported. */
  readonly textMatch?: {
    readonly property: string;
    readonly objectType: string;
    readonly objectUrl: Getter<string>;
    /** Short fields come back whole as the fragment (§3.6). */
    readonly whole?: boolean;
    /**
     * GitHub's highlighter settings for a fragmented field (code reference Part A §3.4, §4.2; Part B §3.3–§5):
     * at most `fragments` fragments of about `length` characters (UTF-16 units). @default 1 × 200
     */
    readonly fragments?: number;
    readonly length?: number;
  };
}

/**
 * How the front half understood one value, before any record is read: `shown` is the normalised value or range the
 * plan prints; `dropped` says why GitHub removes the value without an error (an unknown language, `*..*`).
 */
export type ValueReading = { readonly shown: string } | { readonly dropped: string };

/** One qualifier of a kind (`label:`, `stars:` …). */
export interface QualifierSpec {
  /**
   * Check one value (one item of a comma list) without reading records: how it reads, or why it is dropped.
   * @throws ValueError with GitHub's exact 422 message for a value GitHub refuses (numbers, dates, SHAs)
   * @default the value as written
   */
  read?(value: string): ValueReading;
  /** Compile one value that {@link read} accepted to a predicate; undefined when it selects nothing usable. */
  compile(value: string, ctx: CompileContext): Predicate | undefined;
  /** How repeated occurrences combine; overrides the kind's {@link KindSpec.repeats} (repositories' `topic:` is AND). */
  readonly repeat?: 'and' | 'or';
  /** Keep the comma list as alternatives (`label:bug,crash`, Part A §2.1 "enumerable"); else re-join with commas. */
  readonly list?: boolean;
  /** `-name:` honoured. @default true (a negated `no:` is ignored, Part A §3.1) */
  readonly negatable?: boolean;
  /**
   * Only one value counts (Part B §2.1, §4): the first positive one (`author:` on commits), the last (`is:` on
   * commits), or exactly one (SHA filters build nothing from two or more values).
   */
  readonly only?: 'first' | 'last' | 'one';
  /** Occurrences of qualifiers with the same `joins` name combine as one (`lang:` with `language:`). */
  readonly joins?: string;
  /**
   * The value names users (`@me` is the viewer's login). 'refuse': a 422 when no positive value names a known
   * user (Part A §2.3 "User"); 'drop': an unknown login drops the value silently (commits' `author:`, Part B §2.1).
   */
  readonly users?: 'refuse' | 'drop';
  /**
   * Part of the repository scope (`repo user org owner`, Part A §2.3 "Repository"): all positive values union into
   * one scope. 'repo' values name `owner/name`, 'owner' values a login.
   */
  readonly scope?: 'repo' | 'owner';
  /** The value names a language (linguist's data is loaded before values are read). */
  readonly languages?: boolean;
  /** Set when the data this qualifier needs is not in REST records: the qualifier is refused, never ignored. */
  readonly unsupported?: string;
  /** Getters whose values are precomputed per document as columns (read through `CollectionView.column`). */
  readonly columns?: ReadonlyArray<{ readonly get: Getter<unknown>; readonly type: ColumnType }>;
}

/** A preview media type a kind requires (seed: commits cloak, topics mercy), with GitHub's 415 texts. */
export interface PreviewSpec {
  /** The media-type name (`application/vnd.github.<name>-preview+json`). */
  readonly name: 'cloak' | 'mercy';
  /** The API's name in GitHub's 415 message (`Commit Search`, `Topics`). */
  readonly title: string;
  /** The 415 body's documentation_url. */
  readonly documentationUrl: string;
}

/** The HTTP edge's per-kind facts (src/server/steps/search.ts). */
export interface HttpSpec {
  /** The rate-limit window its searches count against (reference §3.8: code search has its own). @default 'search' */
  readonly rateResource?: 'search' | 'code_search';
  /** `X-GitHub-Api-Version` is checked and echoed as `X-GitHub-Api-Version-Selected` (code search: not). @default true */
  readonly apiVersions?: boolean;
  /** The `Link` header writes the `per_page` applied (code search) or the client's own (§3.3). @default 'requested' */
  readonly linkPerPage?: 'applied' | 'requested';
}

/**
 * When a query without text is refused (Part A §3.2, §4.2, §5; Part B §2.2, §3.2, §4): with `message`, unless a
 * filter that counts survives. `counting`: only these qualifiers count; else every filter except `notCounting`.
 */
export interface WithoutTextRule {
  readonly message: string;
  readonly counting?: readonly string[];
  readonly notCounting?: readonly string[];
}

/** Whether a record is in a private repository, and which (for access checks). */
export interface Visibility {
  readonly private: boolean;
  /** `owner/name` of the repository the record belongs to, when known. */
  readonly repository?: string | undefined;
}

/** A sort key of a kind ({@link KindSpec.sorts}) and its direction: the one shape of "sort plus order". */
export interface Sort {
  readonly key: string;
  readonly order: 'asc' | 'desc';
}

/**
 * A kind's best-match function and default order (code reference Part A §3.2–§3.3, §4.2, §5; Part B §2.3, §3.3,
 * §4, §5). The text score (BM25/Lunr over what the caller may see) is computed underneath; this layer only
 * combines it with per-document signals. See src/rank/.
 */
export interface RankSpec {
  /** Order when neither a `sort` parameter nor a `sort:` qualifier applies and the query has no text. */
  readonly defaultSort?: Sort;
  /** Numeric per-document signals (dates as epoch ms) the function reads; built as columns `rank.<name>`. */
  readonly signals?: Readonly<Record<string, Getter<number | undefined>>>;
  /** Signals whose newest value over the public documents is the clock decay functions measure age from. */
  readonly clock?: readonly string[];
  /**
   * Per-document values of the score that depend only on the document's own signals and the kind's clock, never
   * on the query (a recency decay, say): each is computed at most once per document and collection
   * (src/rank/rank.ts) and read by {@link score} through `signal(name)` like a signal. Same arithmetic as inline.
   */
  readonly priors?: Readonly<Record<string, (signal: (name: string) => number, clock: number) => number>>;
  /**
   * Documents a keyword matches besides its text hits when no `in:` is given (issue numbers, commit SHA prefixes;
   * Part A §3.2, Part B §2.3); undefined when the word is not such a word.
   */
  alsoMatches?(word: string, c: CollectionView): Predicate | undefined;
  /**
   * The best-match score of one matched document (only called when the query has text).
   * @param text the text score underneath (≥ 0)
   * @param signal a signal's or prior's value for this document (NaN when missing)
   * @param ctx the fixed clock (epoch ms) and what the query's words ask for
   */
  score(text: number, signal: (name: string) => number, ctx: RankContext, doc: number): number;
  /**
   * {@link score} as `text × multiplier + addend`, two priors, for the queries where `applies(ctx)` holds (no word
   * of the query adds a per-document boost): the same value in the same floating-point operations, so best match
   * over many documents reads two numbers per document (src/rank/rank.ts; test/rank/linear.test.ts checks the
   * equality). A missing multiplier is 1, a missing addend 0.
   */
  readonly linear?: {
    readonly applies: (ctx: RankContext) => boolean;
    readonly multiplier?: string;
    readonly addend?: string;
  };
}

/** What a rank function knows about the query and the dump besides one document's signals. */
export interface RankContext {
  /** The kind's clock: newest clock signal over the public documents (epoch ms; NaN when there is none). */
  readonly clock: number;
  /** The query's positive free-text words, as typed (phrases split into words). */
  readonly words: readonly string[];
  /** The whole positive free text, words joined by single spaces. */
  readonly text: string;
  /** Issue numbers among the words: positive integers below 2^30 (Part A §3.2). */
  readonly numbers: readonly number[];
  /** Commit SHA prefixes among the words: 7–40 lower-case hex characters (Part B §2.3). */
  readonly shas: readonly string[];
  /** True when no `in:` narrowed the fields (issue numbers and SHA words only count then, Part A §3.2). */
  readonly defaultFields: boolean;
  /** Values of the `user:`, `org:` and `owner:` qualifiers (positive), as typed. */
  readonly owners: readonly string[];
  readonly c: CollectionView;
}

/**
 * Which 1000-result rule an endpoint follows (plan/window.ts): 'whole-page' refuses a page any of whose items lies
 * past 1000, `page*per_page > 1000` (code); 'first-item' a page whose first item does (the others).
 */
export type CapRule = 'whole-page' | 'first-item';

/** The kinds whose records a collection may read besides its own ({@link KindSpec.needs}). */
export type NeighbourKind = Extract<Kind, 'repositories' | 'users' | 'issues'>;

/** The complete table of one kind. */
export interface KindSpec {
  readonly kind: Kind;
  readonly fields: readonly TextFieldSpec[];
  /** Fields keywords search when no `in:` is given (§1.9). */
  readonly defaultFields: readonly string[];
  /** `in:` values → field names (§1.9). Empty: the kind takes no `in:`. */
  readonly inValues: Readonly<Record<string, readonly string[]>>;
  readonly qualifiers: Readonly<Record<string, QualifierSpec>>;
  /** Sort keys (OpenAPI enum) → the value sorted on (numbers; dates as epoch ms). Missing values sort last. */
  readonly sorts: Readonly<Record<string, Getter<number | undefined>>>;
  /** Advanced syntax (parentheses, AND/OR between qualifiers): issues only (Part A §3.6). */
  readonly advancedSyntax: boolean;
  /**
   * How repeated occurrences of one qualifier combine (Part A §2.3, §7): 'or' in the legacy engine (repositories,
   * users, commits, code, topics), 'and' in advanced issue search.
   */
  readonly repeats: 'and' | 'or';
  /**
   * Plain text (labels, code reference Part B §5): the raw text goes into match queries, so `AND`/`OR`/`NOT` (and a
   * leading `-`, and quotes) are ordinary words, and words are not quoted for the 256 rule (the base checks still
   * count `AND`/`OR`/`NOT` as operators and refuse with their messages). A document matches when ANY of these holds
   * (GitHub's should-any): every word in one of `allWords`, any word in one of `anyWord`, or the text as a phrase
   * prefix of `prefix` (the exact-name and phrase clauses imply "every word"). Absent: the legacy boolean language.
   */
  readonly plainText?: PlainTextSpec;
  /**
   * A tighter cap on the query text than the base 256, checked before the base checks (code: 128, Part B §3.2),
   * measured like the base one (after word quoting), with its own message.
   */
  readonly textLimit?: { readonly characters: number; readonly message: string };
  /**
   * Words of a quoted phrase may stand this many position moves apart (Lucene's phrase slop: issues and topics
   * search with `phrase_slop 10`, Part A §3.2, Part B §4). @default 0 (adjacent, in order)
   */
  readonly phraseSlop?: number;
  /** A query without text: refused unless a filter counts; absent: always answered (labels, Part B §5). */
  readonly withoutText?: WithoutTextRule;
  /**
   * A repository scope that resolves to nothing: 'refuse' (422, Part A §2.3), or 'empty' (200, empty,
   * `incomplete_results: true`: code, as measured on GitHub's Blackbird back end, Part B §3.4).
   * @default 'refuse'
   */
  readonly unresolvedScope?: 'refuse' | 'empty';
  /**
   * The 1000-result rule (§3.4): 'whole-page' refuses `page*per_page > 1000` (code), 'first-item'
   * `(page-1)*per_page >= 1000`. @default 'first-item'
   */
  readonly capRule?: CapRule;
  /**
   * `/search/labels`: results are the records of the repository named by `repository_id` (required; the CLI's
   * `--repository-id`); this reads a record's repository full name.
   */
  readonly byRepositoryId?: Getter<string | undefined>;
  /**
   * Kinds whose records this kind's qualifiers or sorts read besides the shared neighbours (repositories and users,
   * catalog.ts `SHARED_NEIGHBOURS`): the store loads them before the kind's collection and keys its columns by them.
   */
  readonly needs?: readonly NeighbourKind[];
  /**
   * A dump part joined to this kind's records when the dump holds it: issues read `pulls` (the `/pulls` objects that
   * give a pull request its merge state, branches and reviewers), matched by repository and number
   * (dump/dump.ts `enrichIssues`). @default none
   */
  readonly joinsPart?: 'pulls';
  /**
   * Its getters detect languages from file names (linguist's data, loaded lazily): the store loads that data
   * before it builds the kind's columns, so they hold what a query would compute.
   */
  readonly detectsLanguages?: boolean;
  /** The preview media type this kind requires (seed: commits cloak, topics mercy), else 415. */
  readonly preview?: PreviewSpec;
  /** What the HTTP edge does differently for this kind (src/server/); absent: the defaults of {@link HttpSpec}. */
  readonly http?: HttpSpec;
  /**
   * Extra filters GitHub applies by default, given the qualifier names present (repositories hide forks and keep
   * the newest recording of each name the viewer may see).
   */
  defaults?(present: ReadonlySet<string>, c: CollectionView, viewer: Viewer): Predicate | undefined;
  readonly visibility: Getter<Visibility>;
  /**
   * Which records are the same resource (the importers keep one version of each, import/record-identity.ts): a
   * prefixed key, or undefined when the record has none (it is then not written). @default `id`, else `url`
   */
  readonly identity?: (record: RawRecord) => string | undefined;
  /** Best match and default order (absent: the plain text score, dump order without text). */
  readonly rank?: RankSpec;
  /**
   * The media options {@link project} reads (absent: none). Items are rendered once per combination of these
   * (src/envelope/item-json.ts); the rendered-items file holds them with none set.
   */
  readonly projectReads?: ReadonlyArray<'cloak' | 'mercy' | 'extended'>;
  /** The GitHub item shape of a record, without `score` and `text_matches`. */
  project(record: RawRecord, doc: number, c: CollectionView, media: MediaOptions): Record<string, unknown>;
  /** `score` goes right after this key, where GitHub puts it (appended when the key is absent). */
  readonly scoreAfter: string;
}
