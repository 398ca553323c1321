/**
 * The view an item is rendered through away from its collection (the index worker of a build pass,
 * store/index-worker.ts): the kind and each document's `/pulls` record, nothing else. Anything else a table reads —
 * a neighbour, a column, the reader's state — throws {@link DetachedViewError}, so a projection that needs more is
 * never rendered wrong there: the caller renders it with the collection instead.
 */
import type { Kind, RawRecord } from '../kinds/kind.js';
import type { CollectionView } from '../kinds/collection-view.js';

/** Thrown by a {@link DetachedView} for whatever it does not hold. */
export class DetachedViewError extends Error {}

const missing = (what: string) => (): never => {
  throw new DetachedViewError(`a detached view holds no ${what}`);
};

/** A {@link CollectionView} holding only the kind and the pulls of some documents. */
export class DetachedView implements CollectionView {
  get records(): readonly RawRecord[] {
    return missing('records')();
  }
  readonly repository = missing('repositories');
  readonly knowsRepository = missing('names');
  readonly knowsUser = missing('names');
  readonly repositoryById = missing('repositories');
  readonly openIssuesWithLabel = missing('issues');
  readonly column = missing('columns');
  readonly memo = missing('reader state');

  /** @param pulls document → its `/pulls` record (absent: none) */
  constructor(
    readonly kind: Kind,
    private readonly pulls: ReadonlyMap<number, RawRecord>,
  ) {}

  pullOf(doc: number): RawRecord | undefined {
    return this.pulls.get(doc);
  }
}
