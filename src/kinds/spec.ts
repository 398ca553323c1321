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

/** One indexed text field of a kind. */
export interface TextFieldSpec {
  /** Field name in the index (also the `in:` target). */
  readonly name: string;
  readonly analyzer: AnalyzerName;
  /** Lunr field boost: matches in this field weigh `boost` times a match in a field of boost 1. */
  readonly boost: number;
  readonly get: Getter<string | undefined>;
  /** How a hit in this field is reported in `text_matches`; absent: never reported. */
  readonly textMatch?: {
    readonly property: string;
    readonly objectType: string;
    readonly objectUrl: Getter<string>;
    /** Short fields come back whole as the fragment (§3.6). */
    readonly whole?: boolean;
  };
}

/** One qualifier of a kind (`label:`, `stars:` …). */
export interface QualifierSpec {
  /**
   * Compile one value (one item of a comma list) to a predicate; undefined when the value is unusable
   * (e.g. `stars:abc`), which GitHub answers by dropping the qualifier (§1.1).
   */
  compile(value: string, ctx: CompileContext): Predicate | undefined;
  /** How repeated occurrences combine (§1.3): `label:a label:b` is AND, `repo:a repo:b` is OR. @default 'and' */
  readonly repeat?: 'and' | 'or';
  /** Split the value at commas into alternatives (`label:bug,crash`). @default false */
  readonly list?: boolean;
  /** `-name:` allowed. @default true (`no:` is the exception, §1.4) */
  readonly negatable?: boolean;
  /** Occurrences with different group keys AND even when `repeat` is 'or' (e.g. `is:open` vs `is:issue`). */
  group?(value: string): string;
  /** The value names users (`@me` allowed and resolved to the viewer's login). */
  readonly userValued?: boolean;
  /**
   * The value names a repository, user or organization that must exist and be visible, else 422 (§1.11).
   * 'repo' expects `owner/name`; 'user' a login.
   */
  readonly scope?: 'repo' | 'user';
  /** Set when the data this qualifier needs is not in REST records: the qualifier is refused, never ignored. */
  readonly unsupported?: string;
  /** Getters whose values are precomputed per document as columns (read through `CollectionView.column`). */
  readonly columns?: ReadonlyArray<{ readonly get: Getter<unknown>; readonly type: ColumnType }>;
}

/** Whether a record is in a private repository, and which (for access checks). */
export interface Visibility {
  readonly private: boolean;
  /** `owner/name` of the repository the record belongs to, when known. */
  readonly repository?: string | undefined;
}

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
  /** Advanced syntax (parentheses, AND/OR between qualifiers): issues only (§1.6). */
  readonly advancedSyntax: boolean;
  /** Message of the 422 for a query with qualifiers but no text, when the kind requires text (§1.11). */
  readonly textRequired?: string;
  /** Qualifiers that stand in for text when `textRequired` is set (code: `filename:`, per GitHub's docs). */
  readonly textOptionalWith?: readonly string[];
  /** The 1000-result rule: code refuses `page*per_page > 1000`, others `(page-1)*per_page >= 1000` (§3.4). */
  readonly capRule?: 'code' | 'default';
  /** `/search/labels`: results are the labels of the repository named by `repository_id` (required). */
  readonly byRepositoryId?: boolean;
  /** Other kinds whose records this kind's qualifiers or sorts read (loaded before planning). */
  readonly needs?: readonly Kind[];
  /**
   * Its getters detect languages from file names (linguist's data, loaded lazily): the store loads that data
   * before it builds the kind's columns, so they hold what a query would compute.
   */
  readonly detectsLanguages?: boolean;
  /** The preview media type this kind requires (seed: commits cloak, topics mercy), else 415. */
  readonly preview?: 'cloak' | 'mercy';
  /** Extra filters GitHub applies by default, given the qualifier names present (repositories hide forks). */
  defaults?(present: ReadonlySet<string>, c: CollectionView): Predicate | undefined;
  readonly visibility: Getter<Visibility>;
  /** The GitHub item shape of a record, without `score` and `text_matches`. */
  project(record: RawRecord, doc: number, c: CollectionView, media: MediaOptions): Record<string, unknown>;
  /** `score` goes right after this key, where GitHub puts it (appended when the key is absent). */
  readonly scoreAfter: string;
}
