/**
 * Handing the champion lists' linear form (segment/facts.ts: the priors the main thread derives from the columns,
 * after the build pass) to the index worker, which needs it while it merges (index/champion-maker.ts) — by then it is
 * inside one synchronous merge and reads no message. So the arrays live in shared memory: the main thread fills
 * them and flips a state word ({@link providePriors}); the worker, at its first long term, waits on that word
 * ({@link awaitPriors}, `Atomics.wait`, which a worker may call) for at most a bound, and makes no lists when
 * none come (the main thread then computes them from the index, as before: the same lists).
 */
import type { ChampionPriors } from '../index/champion-maker.js';

/** State word: the priors are not known yet. */
const PENDING = 0;
/** State word: the arrays hold the priors. */
const READY = 1;
/** State word: no priors will come (no lists). */
const NONE = 2;

/** The shared arrays (posted to the worker with its `finish` message; shared, not copied). */
export interface SharedPriors {
  /** One Int32 state word. */
  readonly state: SharedArrayBuffer;
  /** The multiplier per document (f64), when the form has one. */
  readonly multiplier?: SharedArrayBuffer | undefined;
  /** The addend per document (f64), when the form has one. */
  readonly addend?: SharedArrayBuffer | undefined;
}

/** How long the worker waits for the priors at most (ms) before it gives up on the lists. */
export const PRIORS_WAIT_MS = 600_000;

/**
 * Fresh shared arrays for `count` documents and the form's parts.
 * @param parts which of the linear form's arrays will be handed over
 */
export function sharedPriors(count: number, parts: { readonly multiplier: boolean; readonly addend: boolean }): SharedPriors {
  return {
    state: new SharedArrayBuffer(4),
    ...(parts.multiplier ? { multiplier: new SharedArrayBuffer(count * 8) } : {}),
    ...(parts.addend ? { addend: new SharedArrayBuffer(count * 8) } : {}),
  };
}

/**
 * Main thread: hand over the priors (each exactly as long as the shared array it fills, and present exactly where
 * one was shared), or `undefined`: none will come. Only the first call counts.
 */
export function providePriors(shared: SharedPriors, priors: ChampionPriors | undefined): void {
  const state = new Int32Array(shared.state);
  if (Atomics.load(state, 0) !== PENDING) return;
  let ok = priors !== undefined;
  for (const part of ['multiplier', 'addend'] as const) {
    const target = shared[part];
    const values = priors?.[part];
    if (!ok) break;
    if (!target !== !values || (target && values!.length * 8 !== target.byteLength)) ok = false;
    else if (target) new Float64Array(target).set(values!);
  }
  Atomics.store(state, 0, ok ? READY : NONE);
  Atomics.notify(state, 0);
}

/**
 * Worker: the priors once the main thread has handed them over, waiting up to `limitMs`; undefined when none will
 * come or the wait ran out. Blocks the calling thread (not for the main thread: Atomics.wait is refused there).
 */
export function awaitPriors(shared: SharedPriors, limitMs = PRIORS_WAIT_MS): ChampionPriors | undefined {
  const state = new Int32Array(shared.state);
  const until = Date.now() + limitMs;
  for (;;) {
    const now = Atomics.load(state, 0);
    if (now === NONE) return undefined;
    if (now === READY) break;
    const left = until - Date.now();
    if (left <= 0) return undefined;
    Atomics.wait(state, 0, PENDING, Math.min(left, 1000));
  }
  return {
    ...(shared.multiplier ? { multiplier: new Float64Array(shared.multiplier) } : {}),
    ...(shared.addend ? { addend: new Float64Array(shared.addend) } : {}),
  };
}
