/**
 * Errors as the view shows them: GitHub's message (and status), plus the part of the query it is about, so the
 * view can underline it. The part comes from the core (every 422 about `q` carries its span); the view never
 * re-reads the query.
 */
import { ApiError, type ErrorBody } from '../../../api-error.js';
import type { Range } from './range.js';

/** An error ready to render. */
export interface ViewError {
  /** HTTP status for API errors (422, 415…); undefined for other failures (e.g. an unreadable dump). */
  readonly status: number | undefined;
  /** The body's top-level message (`Validation Failed`) or the error's message. */
  readonly title: string;
  /** One line, as the CLI prints it on stderr: the first error's message, else the title. */
  readonly summary: string;
  /** Each `errors[].message` (or `field is code`), in order. */
  readonly details: readonly string[];
  readonly documentationUrl: string | undefined;
  /** The query the error is about, and the offending ranges in it (possibly none). */
  readonly query: string;
  readonly ranges: readonly Range[];
}

function isApiError(error: unknown): error is Pick<ApiError, 'status' | 'body' | 'message'> {
  if (error instanceof ApiError) return true;
  const candidate = error as { status?: unknown; body?: { message?: unknown } } | null;
  return typeof candidate?.status === 'number' && typeof candidate.body?.message === 'string';
}

/** Turn whatever the core threw into a {@link ViewError} for `query`. */
export function toViewError(error: unknown, query: string): ViewError {
  if (isApiError(error)) {
    const body: ErrorBody = error.body;
    const entries = Array.isArray(body.errors) ? body.errors : [];
    const details = entries.map((entry) => entry.message ?? `${entry.field} is ${entry.code}`);
    if (typeof body.errors === 'string') details.push(body.errors);
    const span = (error as { span?: { start: number; end: number } }).span;
    const ranges: Range[] = span ? [[span.start, span.end]] : [];
    const summary = error.message || body.message;
    return { status: error.status, title: body.message, summary, details, documentationUrl: body.documentation_url, query, ranges };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: undefined, title: message, summary: message, details: [], documentationUrl: undefined, query, ranges: [] };
}
