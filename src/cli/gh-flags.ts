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
  { name: 'app', arg: 'login', qualifier: 'author', prefix: 'app/', description: 'Filter by GitHub App author' },
  toggle('archived', 'archived', 'true', 'Restrict search to archived repositories'),
  text('assignee', 'assignee', 'Filter by assignee'),
  text('author', 'author', 'Filter by author'),
  text('closed', 'closed', 'Filter on closed at date', 'date'),
  text('commenter', 'commenter', 'Filter based on comments by user', 'user'),
  text('comments', 'comments', 'Filter on number of comments', 'number'),
  text('created', 'created', 'Filter based on created at date', 'date'),
  text('interactions', 'interactions', 'Filter on number of reactions and comments', 'number'),
  text('involves', 'involves', 'Filter based on involvement of user', 'user'),
  list('label', 'label', 'Filter on label'),
  text('language', 'language', 'Filter based on the coding language'),
  toggle('locked', 'is', 'locked', 'Filter on locked conversation status'),
  list('match', 'in', 'Restrict search to specific field of issue', ['title', 'body', 'comments']),
  text('mentions', 'mentions', 'Filter based on user mentions', 'user'),
  text('milestone', 'milestone', 'Filter by milestone title', 'title'),
  toggle('no-assignee', 'no', 'assignee', 'Filter on missing assignee'),
  toggle('no-label', 'no', 'label', 'Filter on missing label'),
  toggle('no-milestone', 'no', 'milestone', 'Filter on missing milestone'),
  toggle('no-project', 'no', 'project', 'Filter on missing project'),
  text('owner', 'user', 'Filter on repository owner'),
  text('project', 'project', 'Filter on project board number', 'number'),
  text('reactions', 'reactions', 'Filter on number of reactions', 'number'),
  { ...list('repo', 'repo', 'Filter on repository'), short: 'R' },
  { ...text('state', 'state', 'Filter based on state'), choices: ['open', 'closed'] },
  text('team-mentions', 'team', 'Filter based on team mentions'),
  text('updated', 'updated', 'Filter on last updated at date', 'date'),
  list('visibility', 'is', 'Filter based on repository visibility', VISIBILITY),
];

/** `gh search prs` adds these. */
const PULL_FLAGS: readonly GhFlag[] = [
  { ...text('base', 'base', 'Filter on base branch name'), short: 'B' },
  { ...text('checks', 'status', 'Filter based on status of the checks'), choices: ['pending', 'success', 'failure'] },
  toggle('draft', 'draft', 'true', 'Filter based on draft state'),
  { ...text('head', 'head', 'Filter on head branch name'), short: 'H' },
  toggle('merged', 'is', 'merged', 'Filter based on merged state'),
  text('merged-at', 'merged', 'Filter on merged at date', 'date'),
  { ...text('review', 'review', 'Filter based on review status'), choices: ['none', 'required', 'approved', 'changes_requested'] },
  text('review-requested', 'review-requested', 'Filter on user or team requested to review', 'user'),
  text('reviewed-by', 'reviewed-by', 'Filter on user who reviewed', 'user'),
];

const COMMIT_FLAGS: readonly GhFlag[] = [
  text('author', 'author', 'Filter by author'),
  text('author-date', 'author-date', 'Filter based on authored date', 'date'),
  text('author-email', 'author-email', 'Filter on author email'),
  text('author-name', 'author-name', 'Filter on author name'),
  text('committer', 'committer', 'Filter by committer'),
  text('committer-date', 'committer-date', 'Filter based on committed date', 'date'),
  text('committer-email', 'committer-email', 'Filter on committer email'),
  text('committer-name', 'committer-name', 'Filter on committer name'),
  text('hash', 'hash', 'Filter by commit hash'),
  toggle('merge', 'merge', 'true', 'Filter on merge commits'),
  text('owner', 'user', 'Filter on repository owner'),
  text('parent', 'parent', 'Filter by parent hash'),
  { ...list('repo', 'repo', 'Filter on repository'), short: 'R' },
  text('tree', 'tree', 'Filter by tree hash'),
  list('visibility', 'is', 'Filter based on repository visibility', VISIBILITY),
];

const REPOSITORY_FLAGS: readonly GhFlag[] = [
  toggle('archived', 'archived', 'true', 'Filter based on archive state'),
  text('created', 'created', 'Filter based on created at date', 'date'),
  text('followers', 'followers', 'Filter based on number of followers', 'number'),
  text('forks', 'forks', 'Filter on number of forks', 'number'),
  text('good-first-issues', 'good-first-issues', "Filter on number of issues with the 'good first issue' label", 'number'),
  text('help-wanted-issues', 'help-wanted-issues', "Filter on number of issues with the 'help wanted' label", 'number'),
  { ...text('include-forks', 'fork', 'Include forks in fetched repositories'), choices: ['false', 'true', 'only'] },
  text('language', 'language', 'Filter based on the coding language'),
  list('license', 'license', 'Filter based on license type'),
  list('match', 'in', 'Restrict search to specific field of repository', ['name', 'description', 'readme']),
  text('number-topics', 'topics', 'Filter on number of topics', 'number'),
  text('owner', 'user', 'Filter on owner'),
  text('size', 'size', 'Filter on a size range, in kilobytes'),
  text('stars', 'stars', 'Filter on number of stars', 'number'),
  list('topic', 'topic', 'Filter on topic'),
  text('updated', 'pushed', 'Filter on last updated at date', 'date'),
  list('visibility', 'is', 'Filter based on visibility', VISIBILITY),
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
