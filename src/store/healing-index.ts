/**
 * A text index that heals: the cached index's posting blocks are checked against their CRCs only when a query
 * first reads them, so damage can surface mid-search (in a server, hours after the cache was opened). Then the
 * index is rebuilt from the kind's records in-process, the damage noticed once on stderr, and the read answered
 * from the rebuilt index — the same answer a fresh cache gives, instead of an internal error on every search
 * that touches the block until a restart.
 */
import { cacheNotice, unrecoverable } from '../cache/notice.js';
import { IndexFileError } from '../cache/compact-index-file.js';
import type { DocList, FieldImpacts, TextIndex } from '../index/text-index.js';

export class HealingTextIndex implements TextIndex {
  readonly docCount: number;
  private healed = false;

  /**
   * @param current the index read lazily from `file`
   * @param rebuild builds the same index from the records (synchronously; it may also save a new cache file)
   * @param file the cache file `current` is read from (named in the notice and in a refusal)
   */
  constructor(
    private current: TextIndex,
    private readonly rebuild: () => TextIndex,
    private readonly file: string,
  ) {
    this.docCount = current.docCount;
  }

  /**
   * `read` over the current index; on a corrupt block, over the rebuilt one.
   * @throws DataError naming the cache file when the index cannot be rebuilt (the records are unreadable)
   */
  private run<T>(read: (index: TextIndex) => T): T {
    try {
      return read(this.current);
    } catch (error) {
      if (!(error instanceof IndexFileError) || this.healed) throw error;
      this.healed = true;
      cacheNotice(this.file, error.message);
      try {
        this.current = this.rebuild();
      } catch (cause) {
        throw unrecoverable(this.file, error.message, cause);
      }
      return read(this.current);
    }
  }

  postings(field: string, term: string): DocList {
    return this.run((index) => index.postings(field, term));
  }

  score(docs: DocList, terms: ReadonlyMap<string, readonly string[]>, hidden?: DocList): Float64Array {
    return this.run((index) => index.score(docs, terms, hidden));
  }

  queryImpacts(terms: ReadonlyMap<string, readonly string[]>, hidden?: DocList): FieldImpacts[] | undefined {
    return this.run((index) => index.queryImpacts?.(terms, hidden));
  }
}
