/**
 * `search <kind> [query...]`: one subcommand per kind, its help generated from the kind's table (sort keys,
 * qualifiers, unsupported ones). Builds a SearchRequest, calls the core once, and writes JSON or opens the
 * interactive view (chosen here, once).
 */
import { Command, Option } from 'commander';
import { CATALOG, defaultAccept, sortKeys } from '../kinds/catalog.js';
import { isKind, type Kind } from '../kinds/kind.js';
import type { SearchRequest } from '../search-request.js';
import { viewerFor } from '../request/viewer.js';
import { UsageError } from './cli-errors.js';
import { addGhFlags, ghQualifiers, GH_FLAGS_HEADING, kindCommandOf, unknownOptionHint, type KindCommandSpec } from './gh-flags.js';
import { JsonFieldError, jsonFieldNames, parseJsonFields } from './json-fields.js';
import { limitArg, nonNegativeInt } from './option-parsers.js';

/** Parsed options of a kind subcommand. */
export interface KindOptions {
  data: string;
  sort?: string;
  order?: string;
  page?: string;
  perPage?: string;
  repositoryId?: number;
  accept?: string;
  textMatch?: boolean;
  /** `true` for a bare `--json` (the envelope); a string for `--json FIELDS`. */
  json?: boolean | string;
  jq?: string;
  limit?: number;
  select?: boolean;
  timeout?: number;
  user?: string;
  color: boolean;
  quiet?: boolean;
  explain?: boolean;
  web?: boolean;
  /** gh's qualifier flags, under `gh:<name>` (gh-flags.ts). */
  [ghFlag: `gh:${string}`]: unknown;
}

/** What a kind subcommand hands to the runner: the request and how to write it. */
export interface KindInvocation {
  readonly request: SearchRequest;
  readonly data: string;
  /** JSON forced: bare `--json`, `--json FIELDS`, `--jq` or `--limit`. */
  readonly json: boolean;
  /** gh's field export (`--json FIELDS`), validated against the kind's fields. */
  readonly fields?: readonly string[] | undefined;
  /** `--jq EXPR`, applied to what would be printed. */
  readonly jq?: string | undefined;
  /** `--limit N`: items to collect across pages (1..1000). */
  readonly limit?: number | undefined;
  /** `--select`: Enter prints the chosen item (its URL, or its `--json` fields) and exits, as fzf does. */
  readonly select: boolean;
  readonly noColor: boolean;
  readonly quiet: boolean;
  /** Print how the query was understood instead of searching. */
  readonly explain: boolean;
  /** `--web`: open the first result's page in the browser instead of printing. */
  readonly web: boolean;
}

const EXAMPLES: Record<Kind, string> = {
  code: 'search code "readFile language:typescript path:src"',
  commits: 'search commits "fix typo author-date:>2020-01-01" --sort author-date',
  issues: 'search issues "crash label:bug state:open comments:>3" --sort comments',
  labels: 'search labels "bug" --repository-id 9216647',
  repositories: 'search repositories "cli stars:>100 language:go" --sort stars',
  topics: 'search topics "machine learning is:featured"',
  users: 'search users "type:org followers:>10" --sort followers',
};

/** The help epilogue of a kind: qualifiers (with unsupported ones marked), sort keys, an example. */
export function kindHelp(kind: Kind, command: KindCommandSpec = kindCommandOf(kind)!): string {
  const spec = CATALOG[kind];
  const names = Object.keys(spec.qualifiers).sort();
  const supported = names.filter((n) => !spec.qualifiers[n]!.unsupported);
  const unsupported = names.filter((n) => spec.qualifiers[n]!.unsupported);
  const lines = [''];
  const ins = Object.keys(spec.inValues);
  if (ins.length) supported.push(`in:${ins.join('|')}`);
  lines.push(supported.length ? `Qualifiers: ${supported.sort().join(', ')}` : 'Qualifiers: none (keywords only)');
  for (const n of unsupported) lines.push(`Not supported (answered 422): ${n}: — ${spec.qualifiers[n]!.unsupported}`);
  lines.push(sortKeys(kind).length ? `Sort keys: ${sortKeys(kind).join(', ')}` : 'Sort: best match only');
  lines.push(`JSON fields (--json f1,f2): ${jsonFieldNames(kind).join(', ')}`);
  if (command.implied.length > 0) lines.push(`search ${command.name} is search ${kind} with ${command.implied.join(' ')} added, as gh's \`search ${command.name}\` is.`);
  if (command.ghFlags.length === 0) lines.push(`gh flags: none (gh 2.23 has no \`gh search ${kind}\`): write qualifiers in the query`);
  lines.push(`Example: ${command.implied.length > 0 ? EXAMPLES[kind].replace(`search ${kind} "`, `search ${command.name} "`).replace(/" --sort.*/, '" --state open') : EXAMPLES[kind]}`);
  return lines.join('\n');
}

/** Build the request a kind subcommand describes (pure: tests assert it without running a search). */
export function toInvocation(command: Kind | KindCommandSpec, words: readonly string[], options: KindOptions, env: NodeJS.ProcessEnv): KindInvocation {
  const spec = typeof command === 'string' ? kindCommandOf(command)! : command;
  const kind = spec.kind;
  const textMatch = options.textMatch === true;
  const request: SearchRequest = {
    kind,
    // gh's order: the keywords as typed, then the flags' qualifiers.
    q: [words.join(' '), ...ghQualifiers(spec, options)].filter((part) => part !== '').join(' '),
    sort: options.sort,
    order: options.order,
    page: options.page,
    per_page: options.perPage,
    repository_id: options.repositoryId === undefined ? undefined : String(options.repositoryId),
    // A well-behaved client: sends the preview commits/topics require unless --accept says otherwise.
    accept: options.accept ?? defaultAccept(kind, textMatch),
    viewer: options.user ? viewerFor(options.user) : undefined,
    timeoutMs: options.timeout,
  };
  const fields = typeof options.json === 'string' ? parseFields(kind, options.json) : undefined;
  return {
    request,
    data: options.data,
    json: (options.json !== undefined && options.select !== true) || options.jq !== undefined || options.limit !== undefined,
    fields,
    jq: options.jq,
    limit: options.limit,
    select: options.select === true,
    noColor: !options.color || env.NO_COLOR !== undefined,
    quiet: options.quiet === true,
    explain: options.explain === true,
    web: options.web === true,
  };
}

/** `--json FIELDS` checked against the kind's fields; an unknown one is a usage error listing them. */
function parseFields(kind: Kind, value: string): string[] {
  try {
    return parseJsonFields(kind, value);
  } catch (error) {
    if (!(error instanceof JsonFieldError)) throw error;
    throw new UsageError(error.message, `\`--json\` alone (no fields) writes the whole envelope; the query goes before --json`);
  }
}

/**
 * One kind subcommand: a kind (`issues`) or gh's name for a search (`prs`, with `repos` as an alias of
 * `repositories`), with gh 2.23's qualifier flags of that search.
 * @param run called with the invocation; its promise is the action's
 * @param args the arguments it will parse, when known: if every one of them that starts with `-` is one of the
 *   command's own options (`--data`, `--json`, `--page`…, spelled exactly), the gh flags are not added — such a run
 *   parses and answers the same without them (≈ 0.3 ms of a cold query's CPU). `--help`, a gh flag, `--x=y`, `--`
 *   or an unknown option (whose error may name the nearest gh flag) gets the whole command, as does an unknown `args`.
 */
export function createKindCommand(
  kindOrSpec: Kind | KindCommandSpec,
  defaultData: string,
  run: (invocation: KindInvocation) => Promise<void>,
  args?: readonly string[],
): Command {
  const spec = isKindName(kindOrSpec) ? kindCommandOf(kindOrSpec)! : kindOrSpec;
  const kind = spec.kind;
  const what = spec.implied.length > 0 ? `search ${kind} with ${spec.implied.join(' ')}` : `search ${kind}`;
  const command = new Command(spec.name)
    .description(`${what} (GET /search/${kind})`)
    .aliases(spec.aliases)
    .argument('[query...]', 'keywords and qualifiers, e.g. bug label:crash (quote the whole query to keep it one argument)')
    .addOption(new Option('--data <path>', 'dump: directory of <kind>.json[.gz] or one JSON file').env('SEARCH_DATA').default(defaultData))
    // Passed through as given: GitHub absorbs malformed paging values and clamps per_page (reference §3.2).
    .option('--page <n>', 'page number (default 1)')
    .option('--per-page <n>', 'results per page, 1-100 (default 30)')
    .option('--accept <media-type>', 'Accept header to send (e.g. application/vnd.github.v3.text-match+json)')
    .option('--text-match', 'ask for text_matches (the text-match media type)')
    .option('--json [fields]', 'without fields: the exact JSON envelope, even on a terminal; with fields (gh\'s names, comma-separated): those fields of each item')
    .option('-q, --jq <expression>', 'filter the JSON output with a jq expression (strings print raw)')
    .addOption(new Option('-L, --limit <n>', 'collect up to n items across pages (1-1000)').argParser(limitArg).conflicts(['page', 'perPage']))
    .addOption(new Option('-w, --web', "open the first result's page in the browser").conflicts(['select', 'explain']))
    .option('--select', 'pick one item in the interactive view: Enter prints its URL (or its --json fields) and exits')
    .option('--timeout <ms>', 'time limit; past it, partial results with incomplete_results: true', nonNegativeInt)
    .addOption(new Option('--user <login>', 'who @me is').env('SEARCH_USER'))
    .option('--no-color', 'no colours in the interactive view (NO_COLOR is honoured too)')
    .option('--quiet', 'no progress output on stderr')
    .option('--explain', 'print how the query is understood (qualifiers, text, scope, sort, what is dropped) without searching');
  if (sortKeys(kind).length > 0) {
    command.addOption(new Option('--sort <key>', 'sort key (default: best match)').choices(sortKeys(kind)));
    command.addOption(new Option('--order <order>', 'with --sort: desc (default) or asc').choices(['asc', 'desc']));
  }
  if (CATALOG[kind].byRepositoryId) command.option('--repository-id <id>', 'the repository whose labels are searched (required)', nonNegativeInt);
  if (args === undefined || !onlyOwnOptions(command, args)) addGhFlags(command, spec);
  // A function: the epilogue is put together only when help is shown, not on every search.
  command.addHelpText('after', () => kindHelp(kind, spec));
  // A gh habit this CLI spells differently gets a pointer, never a far-fetched "Did you mean" (--format → --sort).
  const unknownOption = (command as unknown as { unknownOption(flag: string): never }).unknownOption.bind(command);
  Object.assign(command, {
    unknownOption(flag: string): never {
      const hint = unknownOptionHint(flag, spec);
      if (hint !== undefined) throw new UsageError(`unknown option '${flag}'`, hint);
      return unknownOption(flag);
    },
  });
  command.action(async (words: string[], options: KindOptions) => {
    await run(toInvocation(spec, words, options, process.env));
  });
  return command;
}

/** True when every argument that starts with `-` is the exact short or long name of one of `command`'s options. */
function onlyOwnOptions(command: Command, args: readonly string[]): boolean {
  const names = new Set<string>();
  for (const option of command.options) {
    if (option.short) names.add(option.short);
    if (option.long) names.add(option.long);
  }
  return args.every((arg) => !arg.startsWith('-') || names.has(arg));
}

function isKindName(value: Kind | KindCommandSpec): value is Kind {
  return typeof value === 'string' && isKind(value);
}

export { GH_FLAGS_HEADING };
