/**
 * The time budget of one search (`--timeout MS`, seed "Limits"): every phase — reading records, filters, phrase
 * checks, scoring, ordering and text matches — spends units of work on it, and the clock is read by elapsed
 * work, not by a fixed count of documents: after each read the budget measures how long a unit took and sets
 * the next read about {@link CHECK_EVERY_MS} of work later. So an expensive unit (a phrase check over a long
 * body) reads the clock often and a cheap one (a column test) rarely, and a deadline is overshot by about one
 * check interval, far within one {@link YIELD_EVERY_MS}-sized slice.
 */

/** Longest stretch of synchronous work before a scan yields to the event loop, in ms (server fairness). */
export const YIELD_EVERY_MS = 10;
/** Work between two clock reads, in ms (estimated from the work measured so far). */
export const CHECK_EVERY_MS = 1;
/**
 * The most units between two clock reads, whatever they seem to cost: units a caller cannot weigh (a record
 * parsed on first access costs ~50 µs, a column test ~20 ns) still leave at most ~13 ms between reads.
 */
const MAX_STRIDE = 256;

/** What a phase needs of a budget. */
export interface Spender {
  /**
   * Record `units` of work done (default 1; for work proportional to text, about one unit per 64 characters).
   * @returns true while time remains
   */
  spend(units?: number): boolean;
}

/**
 * A time limit for one search: past the deadline `spend` and `check` return false and `expired` is set, so the
 * answer carries what was found with `incomplete_results: true` (seed, Limits). Without a deadline it never
 * expires and only paces yields to the event loop.
 */
export class Budget implements Spender {
  expired = false;
  /** Clock reads so far (tests observe how the budget paces them). */
  reads = 0;
  private readonly deadline: number | undefined;
  /** Units spent so far, and the total at which the clock is read next. */
  private work = 0;
  private nextRead = 1;
  private lastReadAt: number;
  private lastReadWork = 0;
  private sliceStart: number;
  /** A slice has run for {@link YIELD_EVERY_MS}: the scan should yield before going on. */
  yieldDue = false;

  /**
   * @param deadline epoch ms (Date.now() scale), or undefined for no limit
   * @param clock a monotonic clock in ms (tests pass a fake one)
   */
  constructor(
    deadline: number | undefined,
    private readonly clock: () => number = () => performance.now(),
  ) {
    const now = clock();
    this.deadline = deadline === undefined ? undefined : now + (deadline - Date.now());
    this.lastReadAt = now;
    this.sliceStart = now;
  }

  /** True when there is a deadline. */
  get limited(): boolean {
    return this.deadline !== undefined;
  }

  spend(units = 1): boolean {
    if (this.expired) return false;
    this.work += units;
    if (this.work < this.nextRead) return true;
    return this.read();
  }

  /** Read the clock now (between phases). @returns true while time remains */
  check(): boolean {
    if (this.expired) return false;
    return this.read();
  }

  /** The scan yielded to the event loop: a new slice starts. */
  yielded(): void {
    this.yieldDue = false;
    this.sliceStart = this.clock();
    this.lastReadAt = this.sliceStart;
    this.lastReadWork = this.work;
  }

  private read(): boolean {
    const now = this.clock();
    this.reads++;
    const elapsed = now - this.lastReadAt;
    const done = this.work - this.lastReadWork;
    const previous = Math.max(1, this.nextRead - this.lastReadWork);
    // Units per CHECK_EVERY_MS at the rate just measured; at most double the last stride (costs may rise).
    const stride = elapsed > 0 ? Math.floor((done * CHECK_EVERY_MS) / elapsed) : previous * 2;
    this.nextRead = this.work + Math.max(1, Math.min(stride, previous * 2, MAX_STRIDE));
    this.lastReadAt = now;
    this.lastReadWork = this.work;
    if (now - this.sliceStart >= YIELD_EVERY_MS) this.yieldDue = true;
    if (this.deadline !== undefined && now >= this.deadline) this.expired = true;
    return !this.expired;
  }
}
