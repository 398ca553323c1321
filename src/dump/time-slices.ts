/**
 * Long synchronous work on the main thread, cut into slices: between slices the event loop runs, so a key press
 * (the interactive view's Ctrl-C), a signal handler or a worker's message is handled within one slice instead of
 * after the whole job (a kind's build pass runs for seconds).
 */

/** How long (ms) a slice runs before the event loop gets a turn: about one frame. */
export const SLICE_MS = 16;

/** Set once the process is ending (an interrupt): slices then never resume. */
let halted = false;

/**
 * The process is ending (Ctrl-C, SIGTERM): from now on every slice boundary waits forever, so sliced work (a
 * build's pass) stops taking the main thread from the clean-up and the exit that follow. Irreversible.
 */
export function haltSlices(): void {
  halted = true;
}

/**
 * A checkpoint to call between units of work (records): undefined while the current slice is younger than
 * `sliceMs`, else a promise that resolves on the event loop's next check phase (`setImmediate`: pending I/O,
 * such as stdin, is polled first), which starts a new slice; after {@link haltSlices}, a promise that never
 * resolves. Costs one `performance.now()` per call.
 * @param sliceMs the slice length in ms @default SLICE_MS
 */
export function timeSlices(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let started = performance.now();
  const next = (resolve: () => void) => {
    started = performance.now();
    resolve();
  };
  const never = new Promise<void>(() => undefined);
  return () => {
    if (halted) return never;
    return performance.now() - started < sliceMs ? undefined : new Promise<void>((resolve) => setImmediate(next, resolve));
  };
}

/**
 * One turn of the event loop between two long synchronous steps (`setImmediate`), or, after {@link haltSlices}, a
 * promise that never resolves (the work stops there).
 */
export function nextTurn(): Promise<void> {
  return halted ? new Promise<void>(() => undefined) : new Promise<void>((resolve) => setImmediate(resolve));
}
