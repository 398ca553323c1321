/**
 * The GitHub error bodies only the HTTP edge produces: routing (404/405), credentials (401), rate limits (403),
 * overload (503), API versions (400) and unexpected failures (500). Search validation errors (422, 415, …) come
 * from the core as {@link ApiError}s; these use the same class so one mapping turns both into responses.
 */
import { ApiError } from '../envelope/api-error.js';

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
