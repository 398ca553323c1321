/**
 * The view's only path back to data: runs the search the state asks for (one call per `seq`), forwards index-build
 * progress, and re-runs the query being edited after a pause in typing.
 */
import { useEffect, useRef, useState } from 'react';
import type { SearchFunction } from '../../../search.js';
import type { SearchRequest } from '../../../search-request.js';
import type { BuildProgress } from '../../../store/store.js';
import { toViewError } from './query-error.js';
import { requestFor, type Action, type ViewState } from './use-results-state.js';

/** Subscribe to index-build progress; returns the unsubscribe function. */
export type ProgressSource = (listener: (progress: BuildProgress) => void) => () => void;

/** Options of {@link useSearch}. */
export interface UseSearchOptions {
  readonly state: ViewState;
  readonly dispatch: (action: Action) => void;
  /** The request the view was opened with (labels keep its `repository_id`, everything keeps its `per_page`). */
  readonly base: SearchRequest;
  readonly search: SearchFunction;
  readonly progress?: ProgressSource | undefined;
  /** Pause after the last keystroke before an edited query runs, in ms. @default 250 */
  readonly debounceMs?: number | undefined;
}

/** Keep the shown answer in step with the state. */
export function useSearch({ state, dispatch, base, search, progress, debounceMs = 250 }: UseSearchOptions): void {
  const seq = useRef(state.seq);
  seq.current = state.seq;

  useEffect(() => {
    if (!state.loading) return;
    const wanted = state.seq;
    const request = requestFor(state, base);
    let live = true;
    search(request).then(
      (result) => {
        if (!live) return;
        const { envelope, request: normalized, lastPage } = result;
        const { page, perPage, sort, order } = normalized;
        dispatch({ type: 'loaded', seq: wanted, envelope, page, perPage, lastPage, sort, order });
      },
      (error: unknown) => {
        if (live) dispatch({ type: 'failed', seq: wanted, error: toViewError(error, request.q ?? '') });
      },
    );
    return () => {
      live = false;
    };
    // Only a new seq asks for a search; the state read above is the state of that seq.
  }, [state.seq]);

  useEffect(() => progress?.((p) => dispatch({ type: 'progress', seq: seq.current, progress: p })), [progress, dispatch]);

  const draft = state.edit?.draft;
  useEffect(() => {
    if (draft === undefined) return;
    const timer = setTimeout(() => dispatch({ type: 'editRun' }), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, debounceMs, dispatch]);
}

/** True once `active` has stayed true for `delayMs` (so quick answers never flash a spinner). */
export function useDelayed(active: boolean, delayMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!active || delayMs <= 0) return;
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && (delayMs <= 0 || late);
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A braille spinner frame advancing every `intervalMs` while `active`, and the ms elapsed since it started. */
export function useSpinner(active: boolean, intervalMs = 80): { frame: string; elapsed: number } {
  const [tick, setTick] = useState(0);
  const started = useRef(Date.now());
  useEffect(() => {
    if (!active) return;
    started.current = Date.now();
    setTick(0);
    const timer = setInterval(() => setTick((t) => t + 1), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return { frame: FRAMES[tick % FRAMES.length]!, elapsed: active ? Date.now() - started.current : 0 };
}
