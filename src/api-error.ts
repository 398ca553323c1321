/**
 * Errors that carry a GitHub HTTP status and the exact GitHub error body, and every constructor of one: the
 * search's own (422 validation, the 1000-result window, 415 previews, 404 labels scope) and the HTTP edge's
 * (routing, credentials, rate limits, overload, API versions, transport). Only the edges (cli/main.ts, server/)
 * turn them into exit codes or HTTP responses.
 */
import type { Span } from './query/ast.js';

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

/** 415 when a kind's preview media type is missing (seed; the message is GitHub's preview-era pattern, §3.5). */
export function previewRequired(apiName: string, documentationUrl: string): ApiError {
  return new ApiError(415, {
    message: `If you would like to help us test the ${apiName} API during its preview period, you must specify a custom media type in the 'Accept' header. Please see the docs for full details.`,
    documentation_url: documentationUrl,
  });
}

/** 404 for `/search/labels` when `repository_id` names no repository the viewer can see. */
export function labelsRepositoryNotFound(): ApiError {
  return new ApiError(404, {
    message: 'Not Found',
    documentation_url: 'https://docs.github.com/rest/search/search#search-labels',
    status: '404',
  });
}

/** 422 for a code page reaching past the first 1000 results, `page*per_page > 1000` (§3.4); no `errors` array. */
export function beyondCodeWindow(): ApiError {
  return new ApiError(422, {
    message: 'Cannot access beyond the first 1000 results',
    documentation_url: 'https://docs.github.com/rest/search/search#search-code',
    status: '422',
  });
}

/** 422 for a non-code page starting past the first 1000 results, `(page-1)*per_page >= 1000` (§3.4). */
export function beyondResultWindow(): ApiError {
  return new ApiError(422, {
    message: 'Only the first 1000 search results are available',
    documentation_url: SEARCH_DOCS_INVALID,
    status: '422',
  });
}

/** GitHub's exact validation messages (reference §1.11), named once. */
export const MESSAGES = {
  tooLong: 'The search is longer than 256 characters.',
  codeTooLong: 'The search is longer than 128 characters.',
  tooManyOperators: 'More than five AND / OR / NOT operators were used.',
  onlyOperators: 'The search contains only logical operators (AND / OR / NOT) without any search terms.',
  cannotSearchResources:
    'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
  cannotSearchUsers:
    'The listed users cannot be searched either because the users do not exist or you do not have permission to view the users.',
  noQualifiersApply: 'None of the search qualifiers apply to this search type.',
  ownershipLimit: 'Ownership filters limit of 16 exceeded',
  // Advanced issue search marks the query invalid without a message (code reference Part A §3.6, §7): our words.
  topLevelAnd: 'The same repo, user, org, owner or sort qualifier cannot be used on both sides of an AND.',
  commitsTextRequired:
    'Search text is required when searching commits. Searches that use qualifiers only are not allowed. Were you searching for something else?',
  codeTextRequired:
    'Search text is required when searching source code. Searches that use qualifiers only are not allowed. Were you searching for something else?',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The HTTP edge's own errors (server/): routing (404/405), credentials (401), rate limits (403), overload (503),
// API versions (400), transport (400/413) and unexpected failures (500).

/** The generic REST documentation URL GitHub puts on routing and credential errors. */
export const REST_DOCS = 'https://docs.github.com/rest';
/** Documentation URL of the anonymous rate-limit body (reference §3.9). */
export const RATE_LIMIT_DOCS_ANONYMOUS = 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting';
/** Documentation URL of the authenticated rate-limit body (reference §3.9, 2025 capture). */
export const RATE_LIMIT_DOCS = 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api';
/** API versions GitHub accepts in `X-GitHub-Api-Version` (reference header notes, §0). */
export const SUPPORTED_API_VERSIONS = ['2022-11-28', '2026-03-10'] as const;

/** 404 for any path that is not a search endpoint: `{"message":"Not Found",…,"status":"404"}`. */
export function notFound(): ApiError {
  return new ApiError(404, { message: 'Not Found', documentation_url: REST_DOCS, status: '404' });
}

/** 405 for a method other than GET/HEAD on a search path (the response also carries `Allow`). */
export function methodNotAllowed(): ApiError {
  return new ApiError(405, { message: 'Method Not Allowed', documentation_url: REST_DOCS, status: '405' });
}

/** 401 for credentials that match nothing in the access file (GitHub's "Bad credentials"). */
export function badCredentials(): ApiError {
  return new ApiError(401, { message: 'Bad credentials', documentation_url: REST_DOCS, status: '401' });
}

/**
 * 403 when the caller's search quota is used up (reference §3.9). Anonymous callers get the message naming their
 * address and no `status` key, as GitHub sends it; identified callers get the per-user message.
 * @param who the client address for anonymous callers, else the user id (or login/client id when no id is known)
 */
export function rateLimitExceeded(identified: boolean, who: string): ApiError {
  if (!identified) {
    return new ApiError(403, {
      message:
        `API rate limit exceeded for ${who}. (But here's the good news: Authenticated requests get a higher rate ` +
        'limit. Check out the documentation for more details.)',
      documentation_url: RATE_LIMIT_DOCS_ANONYMOUS,
    });
  }
  return new ApiError(403, {
    message: `API rate limit exceeded for user ID ${who}.`,
    documentation_url: RATE_LIMIT_DOCS,
    status: '403',
  });
}

/**
 * 503 when more queries are in flight than the server allows: GitHub's "no server is available" answer, so
 * clients retry instead of waiting on an unbounded queue.
 */
export function overloaded(): ApiError {
  return new ApiError(503, {
    message:
      'No server is currently available to service your request. Sorry about that. Please try resubmitting your ' +
      'request and contact us if the problem persists.',
    documentation_url: REST_DOCS,
    status: '503',
  });
}

/** 400 for an `X-GitHub-Api-Version` GitHub does not support; `errors` is a string here (reference §3.11). */
export function unsupportedApiVersion(version: string): ApiError {
  return new ApiError(400, {
    message: 'Bad Request',
    errors:
      `The version you specified in the "X-GitHub-API-Version" request header, "${version}", is not a supported ` +
      `version. The following versions are currently supported: "2026-03-10" (most recent) and "2022-11-28".`,
    documentation_url: REST_DOCS,
    status: '400',
  });
}

/** 500 for anything unexpected (the cause goes to the server log, never to the client). */
export function serverError(): ApiError {
  return new ApiError(500, { message: 'Server Error', documentation_url: REST_DOCS, status: '500' });
}

/** 400 for a request target that is not a URL at all (transport level, before routing). */
export function badRequest(): ApiError {
  return new ApiError(400, { message: 'Bad Request', documentation_url: REST_DOCS, status: '400' });
}

/** 413 for a request body over the server's limit (only `POST /graphql` reads bodies). */
export function payloadTooLarge(): ApiError {
  return new ApiError(413, { message: 'Payload Too Large', documentation_url: REST_DOCS, status: '413' });
}

/**
 * 500 for a page too large to send (a few huge records times `per_page`): said plainly, with the limit and the way
 * out, instead of the generic "Server Error" (issue #21, item 12). Never a crash and never a partial body.
 * @param limitBytes the server's response size limit
 */
export function responseTooLarge(limitBytes: number): ApiError {
  return new ApiError(500, {
    message: `The response is too large: this page of results is over the server's limit of ${limitBytes} bytes. Ask for fewer results per page (per_page).`,
    documentation_url: REST_DOCS,
    status: '500',
  });
}
