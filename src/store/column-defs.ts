/**
 * Which columns a kind has: every getter its qualifiers declare (`QualifierSpec.columns`), every sort key and
 * every rank signal, each under a stable name, plus a fingerprint of their code so a column file written by other
 * getters is never read. Also the consumer that fills them during a build.
 */
import { createHash } from 'node:crypto';
import type { RawRecord } from '../kinds/kind.js';
import type { KindSpec } from '../kinds/spec.js';
import type { CollectionView, Column, ColumnType, Getter } from '../kinds/collection-view.js';
import { ColumnBuilder, COLUMNS_FORMAT } from '../cache/columns.js';

/** One column of a kind. */
export interface ColumnDef {
  /** `q.<qualifier>.<i>`, `sort.<key>` or `rank.<signal>`. */
  readonly name: string;
  readonly type: ColumnType;
  readonly get: Getter<unknown>;
}

/** A kind's columns, in a fixed order, with a lookup by getter. */
export interface ColumnDefs {
  readonly list: readonly ColumnDef[];
  readonly byGetter: ReadonlyMap<Getter<unknown>, ColumnDef>;
  /**
   * sha256 hex over the format, names, types and the getters' source text: a changed getter changes it (a
   * helper the getter calls is not covered; such changes bump COLUMNS_FORMAT). Bundled, the text is dist/'s
   * (see BUNDLED_FINGERPRINTS), so every way of running the program reads the same column files.
   */
  readonly fingerprint: string;
}

const memo = new WeakMap<KindSpec, ColumnDefs>();

/**
 * The fingerprints of dist/'s getters, computed by scripts/bundle.mjs and defined in dist/bundle/*: a bundle's
 * getter text is not dist/'s (minified, renamed apart differently in the ES module bundle and in cold.cjs), yet
 * all three must name the same column files. Keyed by {@link fingerprintKey}; absent when running unbundled.
 */
declare const __COLUMN_FINGERPRINTS__: Readonly<Record<string, string>> | undefined;
const BUNDLED_FINGERPRINTS = typeof __COLUMN_FINGERPRINTS__ === 'undefined' ? undefined : __COLUMN_FINGERPRINTS__;

/** What a bundled fingerprint is looked up by: the kind and its columns' names and types, in order. */
export function fingerprintKey(kind: string, list: readonly ColumnDef[]): string {
  return `${kind}|${list.map((def) => `${def.name}:${def.type}`).join(',')}`;
}

/** sha256 hex over the columns format and each column's name, type and getter source text. */
function sourceFingerprint(list: readonly ColumnDef[]): string {
  const hash = createHash('sha256').update(`columns ${COLUMNS_FORMAT}\n`);
  for (const def of list) hash.update(`${def.name}|${def.type}|${def.get.toString()}\n`);
  return hash.digest('hex');
}

/** The columns of `spec` (computed once per spec). A getter used twice is one column (its first name). */
export function columnDefs(spec: KindSpec): ColumnDefs {
  const known = memo.get(spec);
  if (known) return known;
  const list: ColumnDef[] = [];
  const byGetter = new Map<Getter<unknown>, ColumnDef>();
  const add = (name: string, type: ColumnType, get: Getter<unknown>): void => {
    if (byGetter.has(get)) return;
    const def = { name, type, get };
    list.push(def);
    byGetter.set(get, def);
  };
  for (const name of Object.keys(spec.qualifiers).sort()) {
    spec.qualifiers[name]!.columns?.forEach((column, i) => add(`q.${name}.${i}`, column.type, column.get));
  }
  for (const key of Object.keys(spec.sorts).sort()) add(`sort.${key}`, 'number', spec.sorts[key]!);
  const signals = spec.rank?.signals ?? {};
  for (const name of Object.keys(signals).sort()) add(`rank.${name}`, 'number', signals[name]!);
  const fingerprint = BUNDLED_FINGERPRINTS?.[fingerprintKey(spec.kind, list)] ?? sourceFingerprint(list);
  const defs = { list, byGetter, fingerprint };
  memo.set(spec, defs);
  return defs;
}

/** A value no column accepts: a getter that threw makes its column unusable (queries then read records). */
const UNUSABLE = Symbol('unusable');

/** Fills every column of a kind record by record (a consumer of a build pass, or a loop over the records). */
export class ColumnsCollector {
  private readonly builders: ColumnBuilder[];
  constructor(private readonly defs: ColumnDefs) {
    this.builders = defs.list.map((def) => new ColumnBuilder(def.type));
  }

  add(record: RawRecord, doc: number, view: CollectionView): void {
    const { list } = this.defs;
    for (let i = 0; i < list.length; i++) {
      let value: unknown;
      try {
        value = list[i]!.get(record, doc, view);
      } catch {
        value = UNUSABLE;
      }
      this.builders[i]!.add(value);
    }
  }

  /** The finished columns by name (unusable ones left out): trimmed copies of what the builders hold. */
  finish(): Map<string, Column> {
    return this.columns((builder) => builder.finish());
  }

  /**
   * The columns as {@link finish} gives them, as views of the builders' arrays (no copy): for a collector that is
   * done, whose columns are written out and read back from the file (at 1M issues the copies were 270 MB more at
   * the build's peak).
   */
  views(): Map<string, Column> {
    return this.columns((builder) => builder.view());
  }

  private columns(finish: (builder: ColumnBuilder) => Column | undefined): Map<string, Column> {
    const out = new Map<string, Column>();
    this.defs.list.forEach((def, i) => {
      const column = finish(this.builders[i]!);
      if (column) out.set(def.name, column);
    });
    return out;
  }
}
