/**
 * Which rules `search serve` applies (issue #25, item 5). On a loopback address it is a local developer server:
 * no rate limit and previews optional, which is what local clients (curl, gh, Octokit) need. On any other address
 * GitHub's rules: per-caller rate limits and the preview media types required. Explicit flags always win:
 * `--rate-limit on`, any quota flag (`--search-rate N`, …) or `--previews required` bring GitHub's rules back on
 * loopback, as test suites of GitHub clients need.
 */

/** Is `host` (a bind address or name) a loopback interface: `localhost`, `127.0.0.0/8`, `::1`? */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** The flags that decide the rules, as given (undefined: not on the command line nor in the environment). */
export interface RuleFlags {
  readonly host: string;
  readonly rateLimit?: 'on' | 'off' | undefined;
  readonly previews?: 'required' | 'optional' | undefined;
  /** A quota flag was given (`--search-rate`, `--search-rate-anonymous`, `--code-search-rate`, `--rate-window`). */
  readonly quotaGiven?: boolean | undefined;
}

/** Where a rule came from. */
export type RuleSource = 'flag' | 'loopback' | 'github';

/** The rules that apply, each with where it came from. */
export interface ServeRules {
  readonly rateLimit: 'on' | 'off';
  readonly rateLimitFrom: RuleSource;
  readonly previews: 'required' | 'optional';
  readonly previewsFrom: RuleSource;
}

/** Resolve the rules: flags first, then the address's defaults. */
export function serveRules(flags: RuleFlags): ServeRules {
  const loopback = isLoopbackHost(flags.host);
  const defaultFrom: RuleSource = loopback ? 'loopback' : 'github';
  const rateLimit = flags.rateLimit ?? (flags.quotaGiven ? 'on' : loopback ? 'off' : 'on');
  const previews = flags.previews ?? (loopback ? 'optional' : 'required');
  return {
    rateLimit,
    rateLimitFrom: flags.rateLimit !== undefined || flags.quotaGiven ? 'flag' : defaultFrom,
    previews,
    previewsFrom: flags.previews !== undefined ? 'flag' : defaultFrom,
  };
}

/**
 * The rules as the start-up line states them, e.g. `rate limit off, previews optional (loopback defaults;
 * --rate-limit on --previews required for GitHub's rules)`.
 */
export function describeRules(rules: ServeRules): string {
  const stated = `rate limit ${rules.rateLimit}, previews ${rules.previews}`;
  const back = [
    rules.rateLimitFrom === 'loopback' ? '--rate-limit on' : undefined,
    rules.previewsFrom === 'loopback' ? '--previews required' : undefined,
  ].filter((flag) => flag !== undefined);
  if (back.length > 0) {
    const which = back.length === 2 ? 'loopback defaults' : 'loopback default';
    return `${stated} (${which}; ${back.join(' ')} for GitHub's rules)`;
  }
  const github = rules.rateLimit === 'on' && rules.previews === 'required';
  return `${stated} (${github ? "GitHub's rules" : 'as given'})`;
}
