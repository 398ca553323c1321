/**
 * The best `capacity` (document, score) pairs offered, in best-match order: score descending, then document number
 * ascending (src/order/order.ts's tie-break). A binary heap with the worst kept pair on top, so an offer that cannot
 * enter costs one comparison. Used by top-k at query time (src/order/top-k.ts) and by the build's champion lists
 * (champions.ts).
 */
export class BestPairs {
  private readonly docs: Uint32Array;
  private readonly scores: Float64Array;
  private size = 0;

  /** @param capacity how many pairs to keep (0 keeps none) */
  constructor(private readonly capacity: number) {
    this.docs = new Uint32Array(capacity);
    this.scores = new Float64Array(capacity);
  }

  /** True once `capacity` pairs are kept. */
  get full(): boolean {
    return this.size === this.capacity;
  }

  /** The score of the worst pair kept (only meaningful when {@link full}). */
  get worstScore(): number {
    return this.scores[0]!;
  }

  /** The document of the worst pair kept (only meaningful when {@link full}). */
  get worstDoc(): number {
    return this.docs[0]!;
  }

  /** Keep (`doc`, `score`) if it ranks above the worst pair kept, or while fewer than `capacity` are kept. */
  offer(doc: number, score: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let i = this.size++;
      this.docs[i] = doc;
      this.scores[i] = score;
      while (i > 0) {
        const parent = (i - 1) >>> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const worst = this.scores[0]!;
    if (score < worst || (score === worst && doc > this.docs[0]!)) return;
    this.docs[0] = doc;
    this.scores[0] = score;
    this.sink(0, this.size);
  }

  /** The pairs kept, best first, as new arrays (empties the heap). */
  sorted(): { docs: Uint32Array; scores: Float64Array } {
    const n = this.size;
    // Heap sort: the worst goes to the end each time.
    for (let end = n - 1; end > 0; end--) {
      this.swap(0, end);
      this.sink(0, end);
    }
    this.size = 0;
    return { docs: this.docs.slice(0, n), scores: this.scores.slice(0, n) };
  }

  /** True when pair `i` ranks below pair `j` (lower score, or the same score and a later document). */
  private worse(i: number, j: number): boolean {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a < b || (a === b && this.docs[i]! > this.docs[j]!);
  }

  private swap(i: number, j: number): void {
    const d = this.docs[i]!;
    this.docs[i] = this.docs[j]!;
    this.docs[j] = d;
    const s = this.scores[i]!;
    this.scores[i] = this.scores[j]!;
    this.scores[j] = s;
  }

  private sink(from: number, size: number): void {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) return;
      const right = left + 1;
      const child = right < size && this.worse(right, left) ? right : left;
      if (!this.worse(child, i)) return;
      this.swap(i, child);
      i = child;
    }
  }
}
