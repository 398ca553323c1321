/**
 * Who is asking. The core never reveals a record of a private repository to a viewer that may not read it:
 * not in items, counts, text matches, pages or error messages.
 */
export interface Viewer {
  /** Login of the authenticated caller; resolves `@me`. Undefined for anonymous callers. */
  readonly login?: string;
  /** True when the caller is identified (basic auth, token or client id + secret): the higher rate limit. */
  readonly identified: boolean;
  /**
   * May this viewer read records of the private repository `fullName` (`owner/name`, compared case-insensitively)?
   * Only asked for private repositories; public ones are readable by everyone.
   */
  canReadPrivate(fullName: string): boolean;
}

/** The anonymous viewer: public records only, no `@me`. */
export const ANONYMOUS: Viewer = Object.freeze({
  identified: false,
  canReadPrivate: () => false,
});

/**
 * A viewer with a login that may read the given private repositories or whole owners.
 * @param login the caller's login (for `@me`)
 * @param readable entries `owner/name` (one repository) or `owner` (every repository of that user or org);
 *                 `*` grants every private repository (the local owner of a dump).
 * @param identified whether the caller authenticated; default: when a login is given. An app (client id and
 *                 secret) or a token with no user behind it is identified without a login.
 */
export function viewerFor(login: string | undefined, readable: readonly string[] = [], identified = login !== undefined): Viewer {
  const entries = new Set(readable.map((r) => r.toLowerCase()));
  const all = entries.has('*');
  return Object.freeze({
    login,
    identified,
    canReadPrivate(fullName: string): boolean {
      if (all) return true;
      const lower = fullName.toLowerCase();
      const owner = lower.split('/')[0] ?? '';
      return entries.has(lower) || entries.has(owner);
    },
  });
}
