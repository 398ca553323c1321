/**
 * Per-caller rate limits (reference §3.8, §3.9): fixed windows opened by a caller's first request, one per
 * (caller, resource). Search allows 30 requests a minute to identified callers and 10 to anonymous ones; code
 * search 10; everything else counts against `core`. Pure bookkeeping with an injectable clock.
 */

import type { CarriedQuestion } from './shared-answers.js';

/** The resource a request counts against (`X-RateLimit-Resource`). */
export type RateResource = 'search' | 'code_search' | 'core';

/** The quota of one resource. */
export interface RateQuota {
  /** Requests per window for identified callers. */
  readonly identified: number;
  /** Requests per window for anonymous callers. */
  readonly anonymous: number;
  /** Window length in ms. */
  readonly windowMs: number;
}

/** Quotas per resource. */
export type RateLimits = Readonly<Record<RateResource, RateQuota>>;

/** GitHub's quotas: search 30/10 a minute, code search 10 a minute, core 5000/60 an hour. */
export const DEFAULT_RATE_LIMITS: RateLimits = Object.freeze({
  search: { identified: 30, anonymous: 10, windowMs: 60_000 },
  code_search: { identified: 10, anonymous: 10, windowMs: 60_000 },
  core: { identified: 5000, anonymous: 60, windowMs: 3_600_000 },
});

/**
 * The quotas of `--rate-limit off`: a limit nobody reaches (the largest 32-bit integer, which every client's
 * decoder takes), so the `X-RateLimit-*` headers are still sent (reference §3.8) and never refuse.
 */
export const UNLIMITED = 2 ** 31 - 1;

/** {@link UNLIMITED} for every resource, with GitHub's windows. */
export const UNLIMITED_RATE_LIMITS: RateLimits = Object.freeze({
  search: { identified: UNLIMITED, anonymous: UNLIMITED, windowMs: DEFAULT_RATE_LIMITS.search.windowMs },
  code_search: { identified: UNLIMITED, anonymous: UNLIMITED, windowMs: DEFAULT_RATE_LIMITS.code_search.windowMs },
  core: { identified: UNLIMITED, anonymous: UNLIMITED, windowMs: DEFAULT_RATE_LIMITS.core.windowMs },
});

/** The answer to counting one request. */
export interface RateTake {
  /** False when the window's quota was already used up (nothing was counted then). */
  readonly allowed: boolean;
  readonly state: RateState;
  /**
   * Whether the question for another worker's answer that the take carried was relayed (`serve --workers N`,
   * shared-rate-limiter.ts); absent when it carried none or the counter relays nothing.
   */
  readonly relayed?: boolean | undefined;
}

/**
 * Where a handler counts requests: a {@link RateLimiter} in this process, or one shared by every worker of
 * `serve --workers N` (shared-rate-limiter.ts: the primary keeps the count). Answers may be promises.
 */
export interface RateCounter {
  /**
   * Count one request against `key`'s window of `resource`; refused (and not counted) past the quota.
   * @param answer a question for another worker's answer to carry along (a counter shared by workers relays it and
   *   says so in {@link RateTake.relayed}; any other ignores it)
   */
  take(key: string, resource: RateResource, identified: boolean, answer?: CarriedQuestion): RateTake | Promise<RateTake>;
  /** Give one request back (a 304 answered without a search, reference §3.10). */
  refund(key: string, resource: RateResource, identified: boolean): RateState | Promise<RateState>;
  /** The window's state without counting (`GET /rate_limit`). */
  peek(key: string, resource: RateResource, identified: boolean): RateState | Promise<RateState>;
}

/** The quota state reported in the `X-RateLimit-*` headers. */
export interface RateState {
  readonly limit: number;
  /** `limit - used`, never below 0. */
  readonly remaining: number;
  /** Requests counted in the window, capped at `limit` once exhausted. */
  readonly used: number;
  /** UTC epoch seconds when the window ends (or would end, for a caller with no open window). */
  readonly reset: number;
  readonly resource: RateResource;
}

interface Window {
  readonly start: number;
  used: number;
}

/** Open windows beyond which expired ones are swept (bounds memory under many distinct callers). */
const SWEEP_AT = 10_000;

/** Fixed-window counters per caller and resource. */
export class RateLimiter implements RateCounter {
  private readonly windows = new Map<string, Window>();

  /**
   * @param limits quotas per resource; default {@link DEFAULT_RATE_LIMITS}
   * @param now clock in ms since the epoch; default `Date.now`
   */
  constructor(
    readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one request. `allowed` is false (and nothing is counted) when the window's quota is used up. */
  take(key: string, resource: RateResource, identified: boolean): RateTake {
    const quota = this.limits[resource];
    const limit = identified ? quota.identified : quota.anonymous;
    const window = this.open(key, resource);
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    return { allowed, state: this.state(window, resource, limit) };
  }

  /** Give back one request (a 304 answered without a search does not count, reference §3.10). */
  refund(key: string, resource: RateResource, identified: boolean): RateState {
    const window = this.open(key, resource);
    if (window.used > 0) window.used -= 1;
    const quota = this.limits[resource];
    return this.state(window, resource, identified ? quota.identified : quota.anonymous);
  }

  /** The current state without counting anything (`GET /rate_limit`). */
  peek(key: string, resource: RateResource, identified: boolean): RateState {
    const quota = this.limits[resource];
    const limit = identified ? quota.identified : quota.anonymous;
    const existing = this.windows.get(`${resource}|${key}`);
    const window = existing && this.now() < existing.start + quota.windowMs ? existing : { start: this.now(), used: 0 };
    return this.state(window, resource, limit);
  }

  private open(key: string, resource: RateResource): Window {
    const id = `${resource}|${key}`;
    const now = this.now();
    const windowMs = this.limits[resource].windowMs;
    let window = this.windows.get(id);
    if (window === undefined || now >= window.start + windowMs) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { start: now, used: 0 };
      this.windows.set(id, window);
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [id, window] of this.windows) {
      const resource = id.slice(0, id.indexOf('|')) as RateResource;
      if (now >= window.start + this.limits[resource].windowMs) this.windows.delete(id);
    }
  }

  private state(window: Window, resource: RateResource, limit: number): RateState {
    const used = Math.min(window.used, limit);
    return {
      limit,
      remaining: Math.max(0, limit - used),
      used,
      reset: Math.ceil((window.start + this.limits[resource].windowMs) / 1000),
      resource,
    };
  }
}

/** The five `X-RateLimit-*` headers of a state (reference §3.8). */
export function rateLimitHeaders(state: RateState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.reset),
    'x-ratelimit-used': String(state.used),
    'x-ratelimit-resource': state.resource,
  };
}
