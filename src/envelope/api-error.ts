/**
 * Errors that carry a GitHub HTTP status and the exact GitHub error body.
 * Only the edges (cli/main.ts, server/) turn them into exit codes or HTTP responses.
 */
import type { Span } from '../query/ast.js';

/** One entry of a GitHub `validation-error` body's `errors` array, keys in GitHub's order. */
export interface ValidationErrorEntry {
  message?: string;
  resource: string;
  field: string;
  code: string;
}

/** A GitHub error body: `{message, errors?, documentation_url, status?}` (key order as GitHub sends it). */
export interface ErrorBody {
  message: string;
  errors?: ValidationErrorEntry[] | string;
  documentation_url: string;
  status?: string;
}


/**
 * An error with an HTTP status and a GitHub-shaped body. `status` is a number; the body's `status` a string.
 * `span`, when known, is the part of `q` the error is about (never part of the body: for the interactive view).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly span: Span | undefined;
  constructor(status: number, body: ErrorBody, span?: Span) {
    super(ApiError.describe(body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.span = span;
  }

  /** A one-line description: the first error's message when there is one, else the body's message. */
  static describe(body: ErrorBody): string {
    const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
    if (first?.message) return first.message;
    if (first) return `${body.message}: ${first.field} is ${first.code}`;
    return body.message;
  }
}

/** Documentation URL GitHub puts on search validation errors with code `invalid` (trailing slash, §1.11). */
export const SEARCH_DOCS_INVALID = 'https://docs.github.com/v3/search/';
/** Documentation URL GitHub puts on `missing` errors (no trailing slash, §1.11). */
export const SEARCH_DOCS_MISSING = 'https://docs.github.com/v3/search';

/** 422 with one `invalid` entry on `q` and GitHub's message (reference §1.11); `span`: the offending part. */
export function invalidQuery(message: string, span?: Span): ApiError {
  return new ApiError(
    422,
    {
      message: 'Validation Failed',
      errors: [{ message, resource: 'Search', field: 'q', code: 'invalid' }],
      documentation_url: SEARCH_DOCS_INVALID,
      status: '422',
    },
    span,
  );
}

/** 422 for a missing or blank parameter (`q` by default; `repository_id` on labels). */
export function missingParameter(field = 'q'): ApiError {
  return new ApiError(422, {
    message: 'Validation Failed',
    errors: [{ resource: 'Search', field, code: 'missing' }],
    documentation_url: SEARCH_DOCS_MISSING,
    status: '422',
  });
}

/** GitHub's exact validation messages (reference §1.11), named once. */
export const MESSAGES = {
  tooLong: 'The search is longer than 256 characters.',
  tooManyOperators: 'More than five AND / OR / NOT operators were used.',
  onlyOperators: 'The search contains only logical operators (AND / OR / NOT) without any search terms.',
  cannotSearchResources:
    'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
  cannotSearchUsers:
    'The listed users cannot be searched either because the users do not exist or you do not have permission to view the users.',
  noQualifiersApply: 'None of the search qualifiers apply to this search type.',
  commitsTextRequired:
    'Search text is required when searching commits. Searches that use qualifiers only are not allowed. Were you searching for something else?',
  codeTextRequired:
    'Search text is required when searching source code. Searches that use qualifiers only are not allowed. Were you searching for something else?',
} as const;
