/**
 * gh's search commands as this CLI's commands: their names (`repos`, `prs`) and the qualifier flags gh 2.23 defines
 * for each (`gh search <commits|issues|prs|repos> --help`). A flag is written into the query as the qualifier gh
 * writes for it (gh's pkg/search/query.go: keywords first, then the qualifiers sorted by name, a name's values
 * sorted, a value with a space or a quote quoted), so `--explain` shows it and the core validates it as typed text.
 * gh 2.23 has no `search code`, labels, topics or users command: those kinds get no qualifier flags.
 */
import { Option, type Command } from 'commander';
import { CATALOG } from '../kinds/catalog.js';
import { KINDS, type Kind } from '../kinds/kind.js';
import { UsageError } from './cli-errors.js';

/** One gh qualifier flag. */
export interface GhFlag {
  /** The long name without dashes (`author-date`). */
  readonly name: string;
  /** gh's one-letter form, when it has one (`R` for `--repo`). */
  readonly short?: string;
  /** The value's placeholder (`date`, `number`, `user`); absent for a switch. */
  readonly arg?: string;
  /** gh's `strings`: comma-separated values, and the flag may be repeated; one qualifier per value. */
  readonly list?: boolean;
  /** The values gh accepts, when it restricts them. */
  readonly choices?: readonly string[];
  /** The qualifier written (`user` for `--owner`, `in` for `--match`). */
  readonly qualifier: string;
  /** A switch's value (`--locked` → `is:locked`), or the prefix of a given value (`--app x` → `author:app/x`). */
  readonly value?: string;
  readonly prefix?: string;
  readonly description: string;
}

const text = (name: string, qualifier: string, description: string, arg = 'string'): GhFlag => ({ name, arg, qualifier, description });
const list = (name: string, qualifier: string, description: string, choices?: readonly string[]): GhFlag => ({
  name,
  arg: 'strings',
  list: true,
  qualifier,
  description,
  ...(choices ? { choices } : {}),
});
const toggle = (name: string, qualifier: string, value: string, description: string): GhFlag => ({ name, qualifier, value, description });

const VISIBILITY = ['public', 'private', 'internal'] as const;

/** `gh search issues` and `gh search prs` share these. */
const ISSUE_FLAGS: readonly GhFlag[] = [
  { name: 'app', arg: 'login', qualifier: 'author', prefix: 'app/', description: 'opened by this GitHub App (its slug)' },
  toggle('archived', 'archived', 'true', 'only in archived repositories (true) or not (false)'),
  text('assignee', 'assignee', 'assigned to this login'),
  text('author', 'author', 'written by this login'),
  text('closed', 'closed', 'closed on a date or in a date range', 'date'),
  text('commenter', 'commenter', 'commented on by this login', 'user'),
  text('comments', 'comments', 'comment count, a number or range', 'number'),
  text('created', 'created', 'created on a date or in a date range', 'date'),
  text('interactions', 'interactions', 'reactions plus comments, a number or range', 'number'),
  text('involves', 'involves', 'involving this login in any role', 'user'),
  list('label', 'label', 'carrying these labels'),
  text('language', 'language', 'in repositories of this language'),
  toggle('locked', 'is', 'locked', 'only locked conversations'),
  list('match', 'in', 'search the text in these fields only', ['title', 'body', 'comments']),
  text('mentions', 'mentions', 'mentioning this login', 'user'),
  text('milestone', 'milestone', 'in the milestone with this title', 'title'),
  toggle('no-assignee', 'no', 'assignee', 'with nobody assigned'),
  toggle('no-label', 'no', 'label', 'with no label'),
  toggle('no-milestone', 'no', 'milestone', 'in no milestone'),
  toggle('no-project', 'no', 'project', 'in no project board'),
  text('owner', 'user', 'in repositories of this user or organization'),
  text('project', 'project', 'on this project board (number)', 'number'),
  text('reactions', 'reactions', 'reaction count, a number or range', 'number'),
  { ...list('repo', 'repo', 'in these repositories (owner/name)'), short: 'R' },
  { ...text('state', 'state', 'open or closed'), choices: ['open', 'closed'] },
  text('team-mentions', 'team', 'mentioning this team'),
  text('updated', 'updated', 'last updated on a date or in a date range', 'date'),
  list('visibility', 'is', 'in repositories of this visibility', VISIBILITY),
];

/** `gh search prs` adds these. */
const PULL_FLAGS: readonly GhFlag[] = [
  { ...text('base', 'base', 'merging into this branch'), short: 'B' },
  { ...text('checks', 'status', 'whose checks are in this state'), choices: ['pending', 'success', 'failure'] },
  toggle('draft', 'draft', 'true', 'only drafts'),
  { ...text('head', 'head', 'merging from this branch'), short: 'H' },
  toggle('merged', 'is', 'merged', 'only merged pull requests'),
  text('merged-at', 'merged', 'merged on a date or in a date range', 'date'),
  { ...text('review', 'review', 'in this review state'), choices: ['none', 'required', 'approved', 'changes_requested'] },
  text('review-requested', 'review-requested', 'with a review requested from this login or team', 'user'),
  text('reviewed-by', 'reviewed-by', 'reviewed by this login', 'user'),
];

const COMMIT_FLAGS: readonly GhFlag[] = [
  text('author', 'author', 'written by this login'),
  text('author-date', 'author-date', 'authored on a date or in a date range', 'date'),
  text('author-email', 'author-email', 'the author\'s email address'),
  text('author-name', 'author-name', 'the author\'s name'),
  text('committer', 'committer', 'committed by this login'),
  text('committer-date', 'committer-date', 'committed on a date or in a date range', 'date'),
  text('committer-email', 'committer-email', 'the committer\'s email address'),
  text('committer-name', 'committer-name', 'the committer\'s name'),
  text('hash', 'hash', 'this commit SHA (or a prefix)'),
  toggle('merge', 'merge', 'true', 'only merge commits'),
  text('owner', 'user', 'in repositories of this user or organization'),
  text('parent', 'parent', 'with this parent SHA'),
  { ...list('repo', 'repo', 'in these repositories (owner/name)'), short: 'R' },
  text('tree', 'tree', 'with this tree SHA'),
  list('visibility', 'is', 'in repositories of this visibility', VISIBILITY),
];

const REPOSITORY_FLAGS: readonly GhFlag[] = [
  toggle('archived', 'archived', 'true', 'archived (true) or not (false)'),
  text('created', 'created', 'created on a date or in a date range', 'date'),
  text('followers', 'followers', 'follower count, a number or range', 'number'),
  text('forks', 'forks', 'fork count, a number or range', 'number'),
  text('good-first-issues', 'good-first-issues', 'open issues labelled good first issue, a number or range', 'number'),
  text('help-wanted-issues', 'help-wanted-issues', 'open issues labelled help wanted, a number or range', 'number'),
  { ...text('include-forks', 'fork', 'forks too (true), only forks (only) or none (false)'), choices: ['false', 'true', 'only'] },
  text('language', 'language', 'in repositories of this language'),
  list('license', 'license', 'under this license (its key, e.g. mit)'),
  list('match', 'in', 'search the text in these fields only', ['name', 'description', 'readme']),
  text('number-topics', 'topics', 'topic count, a number or range', 'number'),
  text('owner', 'user', 'owned by this user or organization'),
  text('size', 'size', 'size in kilobytes, a number or range'),
  text('stars', 'stars', 'star count, a number or range', 'number'),
  list('topic', 'topic', 'tagged with these topics'),
  text('updated', 'pushed', 'last updated on a date or in a date range', 'date'),
  list('visibility', 'is', 'of this visibility', VISIBILITY),
];

/** A command that searches one kind: the kind's own name, or gh's name for it. */
export interface KindCommandSpec {
  /** The command's name (`issues`, `prs`). */
  readonly name: string;
  readonly kind: Kind;
  /** Other names it answers to (`repos` for `repositories`, as gh calls it). */
  readonly aliases: readonly string[];
  /** Qualifiers always added (`prs`: `is:pr`). */
  readonly implied: readonly string[];
  /** gh 2.23's qualifier flags of the command gh has for it (none when gh has no such command). */
  readonly ghFlags: readonly GhFlag[];
}

/** Every kind command, kind commands first (in KINDS order), then gh's `prs`. */
export const KIND_COMMANDS: readonly KindCommandSpec[] = [
  ...KINDS.map((kind): KindCommandSpec => {
    const gh: Partial<Record<Kind, { aliases: string[]; flags: readonly GhFlag[] }>> = {
      commits: { aliases: [], flags: COMMIT_FLAGS },
      issues: { aliases: [], flags: ISSUE_FLAGS },
      repositories: { aliases: ['repos'], flags: REPOSITORY_FLAGS },
    };
    return { name: kind, kind, aliases: gh[kind]?.aliases ?? [], implied: [], ghFlags: gh[kind]?.flags ?? [] };
  }),
  { name: 'prs', kind: 'issues', aliases: [], implied: ['is:pr'], ghFlags: [...ISSUE_FLAGS, ...PULL_FLAGS] },
];

/** The kind command a name or alias (the first argument) means, or undefined. */
export function kindCommandOf(name: string | undefined): KindCommandSpec | undefined {
  return KIND_COMMANDS.find((c) => c.name === name || c.aliases.includes(name ?? ''));
}

/** The heading the gh flags are listed under in `search <kind> --help`. */
export const GH_FLAGS_HEADING = 'gh flags (each becomes a qualifier of the query, as gh writes it):';

/** The commander attribute a gh flag's value is stored under (kept apart from the CLI's own options). */
function attribute(flag: GhFlag): string {
  return `gh:${flag.name}`;
}

/** Add `spec`'s gh flags to `command`, listed under {@link GH_FLAGS_HEADING}. */
export function addGhFlags(command: Command, spec: KindCommandSpec): void {
  for (const flag of spec.ghFlags) {
    const flags = `${flag.short ? `-${flag.short}, ` : ''}--${flag.name}${flag.arg ? ` <${flag.arg}>` : ''}`;
    const written = `${flag.qualifier}:${flag.value ?? `${flag.prefix ?? ''}<${flag.arg}>`}`;
    const unsupported = CATALOG[spec.kind].qualifiers[flag.qualifier]?.unsupported ? ', not supported here (422)' : '';
    const choices = flag.list && flag.choices ? ` {${flag.choices.join('|')}}` : '';
    const option = new Option(flags, `${flag.description}${choices} → ${written}${unsupported}`).helpGroup(GH_FLAGS_HEADING);
    // `--no-label` is gh's own switch, not commander's negation of `--label`.
    option.negate = false;
    option.attributeName = () => attribute(flag);
    if (flag.list) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), ...value.split(',').map((v) => v.trim()).filter((v) => v !== '')]);
    if (flag.choices && !flag.list) option.choices(flag.choices);
    command.addOption(option);
  }
}

/**
 * The qualifiers the gh flags given in `options` stand for, formatted as gh does: sorted by qualifier name, each
 * name's values sorted, `implied` qualifiers (`is:pr`) among them.
 * @throws UsageError with gh's wording when a list flag has a value outside its choices
 */
export function ghQualifiers(spec: KindCommandSpec, options: object): string[] {
  const byName = new Map<string, string[]>();
  const add = (name: string, value: string) => byName.set(name, [...(byName.get(name) ?? []), value]);
  for (const implied of spec.implied) {
    const colon = implied.indexOf(':');
    add(implied.slice(0, colon), implied.slice(colon + 1));
  }
  for (const flag of spec.ghFlags) {
    const given = (options as Record<string, unknown>)[attribute(flag)];
    if (given === undefined || given === false) continue;
    if (flag.arg === undefined) add(flag.qualifier, flag.value!);
    else for (const value of Array.isArray(given) ? (given as string[]) : [String(given)]) {
      if (flag.list && flag.choices && !flag.choices.includes(value)) {
        throw new UsageError(`invalid argument "${value}" for "--${flag.name}" flag: valid values are {${flag.choices.join('|')}}`);
      }
      add(flag.qualifier, `${flag.prefix ?? ''}${value}`);
    }
  }
  return [...byName.keys()].sort().flatMap((name) => byName.get(name)!.map((value) => `${name}:${quote(value)}`).sort());
}

/** gh's quoting of a qualifier value: in double quotes when it holds a space, a tab, a newline or a quote. */
function quote(value: string): string {
  return /[\s"]/.test(value) ? `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : value;
}

/**
 * A hint for an option this CLI does not have but a gh user may type (`--format`, `--template`, `--include-prs`,
 * another command's gh flag), or undefined to let commander's own message stand.
 */
export function unknownOptionHint(flag: string, spec: KindCommandSpec): string | undefined {
  const name = flag.replace(/^-+/, '').replace(/=.*$/, '');
  if (name === 'format' || name === 'template' || flag === '-t') {
    return 'no Go templates here: --json FIELDS picks fields and -q/--jq EXPR shapes the output';
  }
  if (name === 'include-prs') return 'search issues always includes pull requests, as GET /search/issues does: add is:issue to the query to leave them out';
  if (spec.ghFlags.some((f) => f.name === name)) return undefined;
  const others = KIND_COMMANDS.filter((c) => c.ghFlags.some((f) => f.name === name)).map((c) => `search ${c.name}`);
  if (others.length > 0) {
    return `--${name} is a flag of ${others.join(', ')}; for ${spec.name}, write the qualifier in the query (search ${spec.name} --help lists them)`;
  }
  return undefined;
}
