/**
 * Commit records from `git log`, streamed: one `commit-search-result-item` per commit reachable from the tip of
 * the default branch, newest first (git's default order), in GitHub's field order (as recorded commit search
 * items from `hub4j/github-api` show).
 *
 * What git cannot know is left as GitHub sends it for an unlinked author: `author`/`committer` (GitHub accounts)
 * are null and `comment_count` is 0. Dates keep their UTC offset in the search API's form,
 * `2018-11-06T08:42:18.000-08:00`, and `…​.000Z` for +00:00.
 */
import type { RawRecord } from '../kinds/kind.js';
import { DataError } from '../dump/data-error.js';
import { ByteReader } from './byte-reader.js';
import { startGit, type GitContext } from './git-process.js';
import { legacyNodeId, type UrlBases } from './github-shapes.js';
import { checkInterrupted } from './interrupt.js';

/** What the repository record needs from the history, filled while the commits stream. */
export interface HistoryStats {
  /** Commits read. */
  commits: number;
  /** Earliest committer date among root commits (no parents), as UTC `YYYY-MM-DDTHH:MM:SSZ`. */
  created?: string;
  /** Committer date of the tip commit (the first one read), as UTC `YYYY-MM-DDTHH:MM:SSZ`. */
  pushed?: string;
}

/**
 * The fields of one commit, each ended by NUL (`%x00` between them, `-z` after the last): NUL is the one byte a
 * name, an email or a message cannot hold, so no text of the commit can move a field (a U+001F separator let an
 * author name forge the email and date, issue #21 item 6). {@link checkFields} refuses a commit whose fixed-form
 * fields do not look as git writes them, should a hand-made object hold a NUL anyway.
 */
const FIELDS = ['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'];
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const PARENTS = /^(?:(?:[0-9a-f]{40}|[0-9a-f]{64})(?: (?:[0-9a-f]{40}|[0-9a-f]{64}))*)?$/;
const GIT_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:Z|[+-]\d\d:\d\d)$/;

/**
 * Checks the fixed-form fields of one parsed commit (sha, tree, parents, both dates).
 * @throws DataError naming the repository and the commit (or the field) that does not parse.
 */
export function checkFields(fields: readonly string[], repo: string): void {
  const [sha = '', tree = '', parents = '', , , ad = '', , , cd = ''] = fields;
  const bad =
    !OBJECT_ID.test(sha) ? 'sha' : !OBJECT_ID.test(tree) ? 'tree' : !PARENTS.test(parents) ? 'parents' : !GIT_DATE.test(ad) ? 'author date' : !GIT_DATE.test(cd) ? 'committer date' : undefined;
  if (bad !== undefined) {
    const which = OBJECT_ID.test(sha) ? `commit ${sha}` : 'a commit';
    throw new DataError(`git log gave ${which} whose ${bad} does not parse (a NUL byte inside a name or message?)`, { file: repo });
  }
}

/** `2014-02-04T14:38:36-08:00` (git `%aI`) → `2014-02-04T14:38:36.000-08:00`; a zero offset becomes `.000Z`. */
export function searchDate(iso: string): string {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(Z|[+-]\d\d:\d\d)$/.exec(iso);
  if (!match) return iso;
  const offset = match[2] === 'Z' || match[2] === '+00:00' || match[2] === '-00:00' ? 'Z' : match[2]!;
  return `${match[1]}.000${offset}`;
}

/** Any ISO date with offset → UTC `YYYY-MM-DDTHH:MM:SSZ` (the form of repository timestamps). */
export function utcDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The repository a commit belongs to: names its URLs and node_id; `embed` is the `repository` to embed, if any. */
export interface CommitRepository {
  fullName: string;
  id: number | string;
  embed: RawRecord | undefined;
}

/**
 * The commit-search-result-item for one parsed `git log` entry (`repository` only when `repo.embed` is given;
 * the store otherwise joins it from repositories.json by the `html_url`).
 */
export function commitRecord(fields: readonly string[], repo: CommitRepository, bases: UrlBases): RawRecord {
  const [sha = '', tree = '', parents = '', an = '', ae = '', ad = '', cn = '', ce = '', cd = '', ...rest] = fields;
  const { fullName } = repo;
  const api = `${bases.api}/repos/${fullName}`;
  const html = `${bases.html}/${fullName}`;
  return {
    url: `${api}/commits/${sha}`,
    sha,
    node_id: legacyNodeId('Commit', `${String(repo.id)}:${sha}`),
    html_url: `${html}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    commit: {
      url: `${api}/git/commits/${sha}`,
      author: { date: searchDate(ad), name: an, email: ae },
      committer: { date: searchDate(cd), name: cn, email: ce },
      message: rest.join('\0').replace(/\n+$/, ''),
      tree: { url: `${api}/git/trees/${tree}`, sha: tree },
      comment_count: 0,
    },
    author: null,
    committer: null,
    parents: parents
      .split(' ')
      .filter((p) => p !== '')
      .map((p) => ({ url: `${api}/commits/${p}`, html_url: `${html}/commit/${p}`, sha: p })),
    ...(repo.embed ? { repository: repo.embed } : {}),
  };
}

/**
 * Streams the commit records of everything reachable from `tip`.
 * @param stats updated as commits are read (count, created/pushed dates).
 * @throws Error when git fails; ImportInterrupted when the context's signal aborts.
 */
export async function* gitCommits(
  context: GitContext,
  tip: string,
  repository: CommitRepository,
  bases: UrlBases,
  stats: HistoryStats,
): AsyncGenerator<RawRecord> {
  const { child, done } = startGit(context, [
    'log', '-z', '--no-color', '--no-textconv', '--no-ext-diff', `--format=${FIELDS.join('%x00')}`, tip, '--',
  ]);
  child.stdin.end();
  done.catch(() => undefined); // observed below; avoid an unhandled rejection while the generator is paused
  const reader = new ByteReader(child.stdout);
  try {
    for (;;) {
      const first = await reader.readUntil(0);
      if (first === undefined) break;
      const fields = [first.toString('utf8')];
      while (fields.length < FIELDS.length) {
        const next = await reader.readUntil(0);
        if (next === undefined) break;
        fields.push(next.toString('utf8'));
      }
      if (fields.length < FIELDS.length) {
        await done; // git failed mid-entry: its error explains the truncation
        throw new DataError('git log ended in the middle of a commit', { file: context.repo });
      }
      checkFields(fields, context.repo);
      const record = commitRecord(fields, repository, bases);
      const committed = utcDate(fields[8] ?? '');
      if (stats.commits === 0) stats.pushed = committed;
      if (fields[2] === '' && (stats.created === undefined || committed < stats.created)) stats.created = committed;
      stats.commits++;
      if ((stats.commits & 1023) === 0) checkInterrupted(context.signal);
      yield record;
    }
    await done;
  } catch (error) {
    checkInterrupted(context.signal); // a killed git truncates its output: report the interrupt, not the symptom
    throw error;
  } finally {
    if (child.exitCode === null) child.kill();
  }
}
