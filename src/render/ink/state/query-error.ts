/**
 * Errors as the view shows them: GitHub's message (and status), plus the part of the query it is about, so the
 * view can underline it. The pointing is a presentation aid over whitespace-separated terms of the query; the
 * error itself always comes from the core.
 */
import { ApiError, MESSAGES, type ErrorBody } from '../../../api-error.js';
import type { Range } from '../lines/highlight.js';

/** An error ready to render. */
export interface ViewError {
  /** HTTP status for API errors (422, 415…); undefined for other failures (e.g. an unreadable dump). */
  readonly status: number | undefined;
  /** The body's top-level message (`Validation Failed`) or the error's message. */
  readonly title: string;
  /** Each `errors[].message` (or `field is code`), in order. */
  readonly details: readonly string[];
  readonly documentationUrl: string | undefined;
  /** The query the error is about, and the offending ranges in it (possibly none). */
  readonly query: string;
  readonly ranges: readonly Range[];
}

/** A term of the query with its position: quoted phrases stay whole, `name:"a b"` too. */
export interface Term {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Split a query into terms with positions (whitespace outside quotes separates them). */
export function queryTerms(query: string): Term[] {
  return Array.from(query.matchAll(/(?:[^\s"]|"[^"]*"?)+/g), (m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

const OPERATOR = /^(AND|OR|NOT)$/;
const qualifierName = (term: Term) => /^-?([A-Za-z][\w-]*):./.exec(term.text)?.[1]?.toLowerCase();

/** Terms a GitHub validation message is about (empty when it is about none in particular). */
export function offendingRanges(query: string, message: string): Range[] {
  const terms = queryTerms(query);
  const spans = (list: Term[]): Range[] => list.map((term) => [term.start, term.end]);
  const qualifiers = terms.filter((term) => qualifierName(term) !== undefined);
  if (message === MESSAGES.cannotSearchResources || message === MESSAGES.cannotSearchUsers) {
    return spans(qualifiers.filter((term) => ['repo', 'user', 'org'].includes(qualifierName(term)!)));
  }
  if (message === MESSAGES.noQualifiersApply || message === MESSAGES.commitsTextRequired || message === MESSAGES.codeTextRequired) {
    return spans(qualifiers);
  }
  if (message === MESSAGES.tooManyOperators) return spans(terms.filter((term) => OPERATOR.test(term.text)).slice(5));
  if (message === MESSAGES.onlyOperators) return spans(terms.filter((term) => OPERATOR.test(term.text)));
  if (message === MESSAGES.tooLong) {
    // The limit counts free text only: point from the term that crosses 256 characters onwards.
    let used = 0;
    const words = terms.filter((term) => qualifierName(term) === undefined && !OPERATOR.test(term.text));
    const over = words.filter((term) => (used += term.text.length + (used > 0 ? 1 : 0)) > 256);
    return spans(over);
  }
  return [];
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
    // The core names the offending span when it knows it; otherwise point from the message.
    const span = (error as { span?: { start: number; end: number } }).span;
    const ranges: Range[] = span
      ? [[span.start, span.end]]
      : entries.flatMap((entry) => (entry.message && entry.field === 'q' ? offendingRanges(query, entry.message) : []));
    return { status: error.status, title: body.message, details, documentationUrl: body.documentation_url, query, ranges };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: undefined, title: message, details: [], documentationUrl: undefined, query, ranges: [] };
}
