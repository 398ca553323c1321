/**
 * One result row per kind, with the fields a person scans on GitHub's search page, each title linking to the
 * item's `html_url` (topics: the topic's page). Rows read only the API's items (the same objects `/search/<kind>`
 * returns), one renderer per kind in {@link ROWS}.
 */
import type { ReactNode } from 'react';
import type { Kind } from '../kinds/kind.js';
import { Marked, MarkedField, matchesFor } from './highlight.js';
import { relativeTime } from './relative-time.js';

type Item = Record<string, unknown>;

/** What a row needs besides its item. */
export interface RowContext {
  /** The server's clock (epoch ms) for relative times. */
  readonly now: number;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
const obj = (value: unknown): Item => (value !== null && typeof value === 'object' ? (value as Item) : {});

/** An issue's repository: `repository_url` (`…/repos/o/r` → `o/r`), else its `html_url` (`github.com/o/r/…`). */
function repoOf(item: Item): string {
  const api = /\/repos\/([^/]+\/[^/]+)$/.exec(str(item.repository_url));
  if (api) return api[1]!;
  return /^https?:\/\/[^/]+\/([^/]+\/[^/]+)\//.exec(str(item.html_url))?.[1] ?? '';
}

/** A relative time in a `<relative-time>` element that carries the absolute one. */
function Time({ iso, now, prefix }: { iso: unknown; now: number; prefix?: string }): ReactNode {
  const text = relativeTime(iso, now);
  if (!text) return null;
  return (
    <span className="muted">
      {prefix ?? ''}
      <time dateTime={str(iso)} title={str(iso)}>
        {text}
      </time>
    </span>
  );
}

/** An item's title: a link to its `html_url`, or plain text when the record has none (git-history commits). */
function TitleLink({ href, className, children }: { href: unknown; className: string; children: ReactNode }): ReactNode {
  return typeof href === 'string' && href !== '' ? (
    <a href={href} className={className}>
      {children}
    </a>
  ) : (
    <span className={className}>{children}</span>
  );
}

/** Black or white text, whichever reads on the label's background (`rrggbb`). */
function labelTextColor(color: string): string {
  const n = parseInt(color, 16);
  if (!/^[0-9a-f]{6}$/i.test(color) || Number.isNaN(n)) return '#1f2328';
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1f2328' : '#ffffff';
}

/** Text-match fragments of one property as excerpts. */
function Excerpts({ item, property, className = 'excerpt', limit = 3 }: { item: Item; property: string; className?: string; limit?: number }): ReactNode {
  const entries = matchesFor(item, property).slice(0, limit);
  if (entries.length === 0) return null;
  return (
    <>
      {entries.map((entry, i) => (
        <div className={className} key={i}>
          <Marked entry={entry} />
        </div>
      ))}
    </>
  );
}

function IssueRow({ item, ctx }: { item: Item; ctx: RowContext }): ReactNode {
  const pull = item.pull_request !== undefined && item.pull_request !== null;
  const state = str(item.state);
  const merged = pull && obj(item.pull_request).merged_at;
  const stateName = merged ? 'merged' : state === 'open' ? 'open' : 'closed';
  const labels = Array.isArray(item.labels) ? (item.labels as Item[]) : [];
  const comments = typeof item.comments === 'number' ? item.comments : 0;
  return (
    <>
      <div className="repo muted">
        {repoOf(item)} <span className={`state state-${stateName}`}>{pull ? `${stateName} pull request` : `${stateName} issue`}</span>
      </div>
      <h3>
        <TitleLink href={item.html_url} className="title">
          <MarkedField item={item} property="title" text={str(item.title)} />
        </TitleLink>{' '}
        <span className="muted">#{str(item.number)}</span>
      </h3>
      {labels.length > 0 && (
        <div className="labels">
          {labels.map((label, i) => {
            const color = str(label.color) || 'ededed';
            return (
              <span className="label" key={i} title={str(label.description)} style={{ backgroundColor: `#${color}`, color: labelTextColor(color) }}>
                {str(label.name)}
              </span>
            );
          })}
        </div>
      )}
      <Excerpts item={item} property="body" limit={1} />
      <div className="meta">
        <span className="muted">{str(obj(item.user).login)}</span>
        <span className="muted">
          {comments} {comments === 1 ? 'comment' : 'comments'}
        </span>
        <Time iso={item.updated_at} now={ctx.now} prefix="updated " />
      </div>
    </>
  );
}

function RepositoryRow({ item, ctx }: { item: Item; ctx: RowContext }): ReactNode {
  const topics = Array.isArray(item.topics) ? (item.topics as unknown[]).map(str) : [];
  const owner = str(obj(item.owner).login);
  const description = matchesFor(item, 'description')[0];
  return (
    <>
      <h3>
        <TitleLink href={item.html_url} className="title">
          {owner ? `${owner}/` : ''}
          <MarkedField item={item} property="name" text={str(item.name)} />
        </TitleLink>
      </h3>
      {(description || item.description) && <div className="description">{description ? <Marked entry={description} /> : str(item.description)}</div>}
      {topics.length > 0 && (
        <div className="labels">
          {topics.map((topic) => (
            <span className="topic" key={topic}>
              {topic}
            </span>
          ))}
        </div>
      )}
      <div className="meta">
        {typeof item.language === 'string' && <span className="muted language">{item.language}</span>}
        <span className="muted" title="stars">
          ★ {str(item.stargazers_count ?? 0)}
        </span>
        <Time iso={item.updated_at} now={ctx.now} prefix="Updated " />
      </div>
    </>
  );
}

function CodeRow({ item }: { item: Item }): ReactNode {
  const repository = obj(item.repository);
  return (
    <>
      <div className="repo muted">{str(repository.full_name)}</div>
      <h3>
        <TitleLink href={item.html_url} className="title mono">
          <MarkedField item={item} property="path" text={str(item.path)} />
        </TitleLink>
      </h3>
      <Excerpts item={item} property="content" className="excerpt code" />
    </>
  );
}

function CommitRow({ item, ctx }: { item: Item; ctx: RowContext }): ReactNode {
  const commit = obj(item.commit);
  const message = str(commit.message);
  const entry = matchesFor(item, 'message')[0];
  const author = str(obj(item.author).login) || str(obj(commit.author).name);
  return (
    <>
      <div className="repo muted">{str(obj(item.repository).full_name)}</div>
      <h3>
        <TitleLink href={item.html_url} className="title">
          {entry ? <Marked entry={entry} /> : message.split('\n')[0]}
        </TitleLink>
      </h3>
      <div className="meta">
        <span className="muted">{author}</span>
        <Time iso={obj(commit.committer).date ?? obj(commit.author).date} now={ctx.now} prefix="committed " />
        <span className="muted mono">{str(item.sha).slice(0, 7)}</span>
      </div>
    </>
  );
}

function UserRow({ item }: { item: Item }): ReactNode {
  return (
    <>
      <h3>
        <TitleLink href={item.html_url} className="title">
          <MarkedField item={item} property="login" text={str(item.login)} />
        </TitleLink>
      </h3>
      {typeof item.name === 'string' && (
        <div className="description">
          <MarkedField item={item} property="name" text={item.name} />
        </div>
      )}
      <div className="meta">
        <span className="muted">{str(item.type)}</span>
      </div>
    </>
  );
}

function TopicRow({ item }: { item: Item }): ReactNode {
  const name = str(item.name);
  const display = str(item.display_name) || name;
  return (
    <>
      <h3>
        <a href={`https://github.com/topics/${encodeURIComponent(name)}`} className="title">
          <MarkedField item={item} property={item.display_name ? 'display_name' : 'name'} text={display} />
        </a>{' '}
        {display !== name && <span className="muted">#{name}</span>}
      </h3>
      {(item.short_description || item.description) && (
        <div className="description">
          <MarkedField item={item} property="short_description" text={str(item.short_description ?? item.description)} />
        </div>
      )}
      <div className="meta">
        {item.featured === true && <span className="muted">Featured</span>}
        {item.curated === true && <span className="muted">Curated</span>}
      </div>
    </>
  );
}

/** The row renderer of each kind (labels have no page type). */
export const ROWS: Readonly<Record<Kind, (props: { item: Item; ctx: RowContext }) => ReactNode>> = {
  issues: IssueRow,
  repositories: RepositoryRow,
  code: CodeRow,
  commits: CommitRow,
  users: UserRow,
  topics: TopicRow,
  labels: ({ item }) => <h3 className="title">{str(item.name)}</h3>,
};
